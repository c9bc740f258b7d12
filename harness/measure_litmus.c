/* The litmus family: see measure_litmus.h. Each launch runs P instances of
 * one test at once: 2P work-groups, each hosting one testing thread (at a
 * random local id) of a randomly paired instance; every other work-item
 * stresses a scratch buffer. Launches repeat until the time budget or the
 * run cap is reached. A handshake bounded by a spin count tells whether the
 * two threads of an instance ran at once; a device where none ever did
 * (Oclgrind runs groups one after another) gets `skip`, never a hang.
 *
 * The kernels come from the probe's `source` (docs/measurements.md); this
 * file only knows their names, arguments and the layout it defines. */
#include "measure_litmus.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "build_options.h"
#include "clerr.h"
#include "measure_memo.h"
#include "report_json.h"

/* Layout, passed to the kernels as -D options: x and y of instance i on
 * lines of their own, 128-byte lines apart and apart from the next. */
#define LITMUS_STRIDE 96
#define LITMUS_X 0
#define LITMUS_Y 64
#define LITMUS_HS_STRIDE 32
#define LITMUS_SCRATCH 4096
/* Work-items per group (clamped to the device and kernel): the testing one
 * and stressing ones. */
#define LITMUS_WG 32
/* Groups per launch: two per compute unit, so the pairs spread over the
 * units, within these bounds. */
#define LITMUS_GROUPS_MIN 2
#define LITMUS_GROUPS_MAX 256
/* Atomic read-modify-writes per stressing work-item per launch. */
#define LITMUS_STRESS_OPS 32
/* The handshake's spin bound, in reads: starts small (a waiting side costs
 * it whenever its partner is not co-scheduled) and grows by 8x after this
 * many launches in which no instance ran concurrently, up to a bound below
 * llvmpipe's cap on a loop's iterations (65535); this many launches at the
 * largest bound without one concurrent instance end the probe. */
#define LITMUS_SPIN_START 1024
#define LITMUS_SPIN_MAX 65536
#define LITMUS_SPIN_GROWTH 8
#define LITMUS_TRIES_PER_SPIN 8
/* Time budget per probe (launches stop after it), capped at this share of
 * the probe's timeout; and a cap on runs for fast devices. */
#define LITMUS_BUDGET_S 0.5 /* 15 probes at 1.2 s were 19 s of every PoCL 5 run, warm or cold */
/* ...and where earlier runs of this clconform, driver and probe left their
 * totals (measure_memo.h): each later run adds this much to them. The
 * verdict is the totals': evidence of a rare outcome grows with every
 * nightly run, and a night costs 15 x 0.1 s instead of 15 x 0.5 s. */
#define LITMUS_BUDGET_AGAIN_S 0.1
#define LITMUS_BUDGET_SHARE 0.4
#define LITMUS_MAX_RUNS 2000000L

typedef struct {
    const clc_clenv *env;
    cJSON *rec;
    cl_program program;
    cl_kernel kernel;
    cl_mem mem, hs, res, scratch, place;
    size_t wg, groups, instances;
    cl_int *host_res, *host_mem, *host_place;
} litmus_state;

typedef struct {
    litmus_tally t;
    long launches;
    cl_int spin;
} litmus_counts;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void set_detail(cJSON *rec, const char *detail)
{
    cJSON_DeleteItemFromObject(rec, "detail");
    cJSON_AddStringToObject(rec, "detail", detail);
}

/* xorshift64*: the placement's randomness, seeded per probe so a run can
 * be repeated. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static uint64_t seed_of(const char *name)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 1099511628211ULL;
    return h ? h : 1;
}

static void add_build_log(litmus_state *s)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(s->program, s->env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        size == 0)
        return;
    char *log = malloc(size + 1);
    if (log && clGetProgramBuildInfo(s->program, s->env->device, CL_PROGRAM_BUILD_LOG, size, log, NULL) ==
                   CL_SUCCESS) {
        log[size] = '\0';
        cJSON_AddStringToObject(s->rec, "build_log", log);
    }
    free(log);
}

static int build(litmus_state *s, const clc_probe *p, const char *kernel_name)
{
    char opts[2048], layout[256];
    cl_int err;
    snprintf(layout, sizeof layout,
             "%s -DLITMUS_STRIDE=%d -DLITMUS_X=%d -DLITMUS_Y=%d -DLITMUS_HS_STRIDE=%d -DLITMUS_SCRATCH=%d",
             p->options ? p->options : "", LITMUS_STRIDE, LITMUS_X, LITMUS_Y, LITMUS_HS_STRIDE, LITMUS_SCRATCH);
    if (build_options_compose(s->env->base_options, layout, opts, sizeof opts) != 0) {
        set_detail(s->rec, "build options too long");
        return -1;
    }
    const char *src = p->source ? p->source : "";
    s->program = clCreateProgramWithSource(s->env->context, 1, &src, NULL, &err);
    if (err != CL_SUCCESS) {
        clerr_record(s->rec, "clCreateProgramWithSource", err);
        return -1;
    }
    err = clBuildProgram(s->program, 1, &s->env->device, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        clerr_record(s->rec, "clBuildProgram", err);
        add_build_log(s);
        return -1;
    }
    s->kernel = clCreateKernel(s->program, kernel_name, &err);
    if (err != CL_SUCCESS) {
        clerr_record(s->rec, "clCreateKernel", err);
        return -1;
    }
    return 0;
}

static cl_mem make_buffer(litmus_state *s, size_t ints, int *failed)
{
    cl_int err;
    cl_mem m = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE, ints * sizeof(cl_int), NULL, &err);
    if (err != CL_SUCCESS && !*failed) {
        clerr_record(s->rec, "clCreateBuffer", err);
        *failed = 1;
    }
    return err == CL_SUCCESS ? m : NULL;
}

/* Picks the sizes and makes the buffers and host copies. */
static int prepare(litmus_state *s)
{
    size_t kwg = 0;
    cl_int err = clGetKernelWorkGroupInfo(s->kernel, s->env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg,
                                          NULL);
    if (err != CL_SUCCESS) {
        clerr_record(s->rec, "clGetKernelWorkGroupInfo", err);
        return -1;
    }
    s->wg = LITMUS_WG;
    if (s->env->max_work_group_size && s->env->max_work_group_size < s->wg)
        s->wg = s->env->max_work_group_size;
    if (kwg && kwg < s->wg)
        s->wg = kwg;
    s->groups = 2 * (size_t)(s->env->max_compute_units ? s->env->max_compute_units : 1);
    if (s->groups < LITMUS_GROUPS_MIN)
        s->groups = LITMUS_GROUPS_MIN;
    if (s->groups > LITMUS_GROUPS_MAX)
        s->groups = LITMUS_GROUPS_MAX;
    s->instances = s->groups / 2;
    int failed = 0;
    s->mem = make_buffer(s, s->instances * LITMUS_STRIDE, &failed);
    s->hs = make_buffer(s, s->instances * LITMUS_HS_STRIDE, &failed);
    s->res = make_buffer(s, s->instances * 4, &failed);
    s->scratch = make_buffer(s, LITMUS_SCRATCH, &failed);
    s->place = make_buffer(s, s->groups * 2, &failed);
    s->host_res = calloc(s->instances * 4, sizeof(cl_int));
    s->host_mem = calloc(s->instances * LITMUS_STRIDE, sizeof(cl_int));
    s->host_place = calloc(s->groups * 2, sizeof(cl_int));
    if (!failed && (!s->host_res || !s->host_mem || !s->host_place)) {
        set_detail(s->rec, "out of memory");
        failed = 1;
    }
    cl_mem bufs[5] = {s->mem, s->hs, s->res, s->scratch, s->place};
    for (cl_uint i = 0; i < 5 && !failed; i++) {
        err = clSetKernelArg(s->kernel, i, sizeof(cl_mem), &bufs[i]);
        if (err != CL_SUCCESS) {
            clerr_record(s->rec, "clSetKernelArg", err);
            failed = 1;
        }
    }
    cl_int stress = LITMUS_STRESS_OPS;
    if (!failed && (err = clSetKernelArg(s->kernel, 6, sizeof stress, &stress)) != CL_SUCCESS) {
        clerr_record(s->rec, "clSetKernelArg", err);
        failed = 1;
    }
    return failed ? -1 : 0;
}

static void release(litmus_state *s)
{
    cl_mem bufs[5] = {s->mem, s->hs, s->res, s->scratch, s->place};
    for (int i = 0; i < 5; i++)
        if (bufs[i])
            clReleaseMemObject(bufs[i]);
    if (s->kernel)
        clReleaseKernel(s->kernel);
    if (s->program)
        clReleaseProgram(s->program);
    free(s->host_res);
    free(s->host_mem);
    free(s->host_place);
}

/* Random placement: a random permutation of the groups gives each its
 * instance and side; a random local id tests in each. */
static void place_threads(litmus_state *s, uint64_t *rng)
{
    for (size_t g = 0; g < s->groups; g++)
        s->host_place[2 * g] = (cl_int)g;
    for (size_t g = s->groups - 1; g > 0; g--) {
        size_t j = (size_t)(next_random(rng) % (g + 1));
        cl_int t = s->host_place[2 * g];
        s->host_place[2 * g] = s->host_place[2 * j];
        s->host_place[2 * j] = t;
    }
    for (size_t g = 0; g < s->groups; g++)
        s->host_place[2 * g + 1] = (cl_int)(next_random(rng) % s->wg);
}

/* One launch: reset, place, run, read back, count. */
static int launch_once(litmus_state *s, litmus_test t, uint64_t *rng, litmus_counts *c)
{
    const cl_int zero = 0;
    const char *call = "clEnqueueFillBuffer";
    cl_int err = clEnqueueFillBuffer(s->env->queue, s->mem, &zero, sizeof zero, 0,
                                     s->instances * LITMUS_STRIDE * sizeof(cl_int), 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueFillBuffer(s->env->queue, s->hs, &zero, sizeof zero, 0,
                                  s->instances * LITMUS_HS_STRIDE * sizeof(cl_int), 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueFillBuffer(s->env->queue, s->res, &zero, sizeof zero, 0, s->instances * 4 * sizeof(cl_int),
                                  0, NULL, NULL);
    place_threads(s, rng);
    if (err == CL_SUCCESS && (call = "clEnqueueWriteBuffer"))
        err = clEnqueueWriteBuffer(s->env->queue, s->place, CL_FALSE, 0, s->groups * 2 * sizeof(cl_int),
                                   s->host_place, 0, NULL, NULL);
    if (err == CL_SUCCESS && (call = "clSetKernelArg"))
        err = clSetKernelArg(s->kernel, 5, sizeof c->spin, &c->spin);
    size_t global = s->groups * s->wg, local = s->wg;
    if (err == CL_SUCCESS && (call = "clEnqueueNDRangeKernel"))
        err = clEnqueueNDRangeKernel(s->env->queue, s->kernel, 1, NULL, &global, &local, 0, NULL, NULL);
    if (err == CL_SUCCESS && (call = "clEnqueueReadBuffer"))
        err = clEnqueueReadBuffer(s->env->queue, s->res, CL_TRUE, 0, s->instances * 4 * sizeof(cl_int),
                                  s->host_res, 0, NULL, NULL);
    if (err == CL_SUCCESS && litmus_outcome_in_memory(t))
        err = clEnqueueReadBuffer(s->env->queue, s->mem, CL_TRUE, 0, s->instances * LITMUS_STRIDE * sizeof(cl_int),
                                  s->host_mem, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        clerr_record(s->rec, call, err);
        return -1;
    }
    for (size_t i = 0; i < s->instances; i++) {
        const cl_int *r = &s->host_res[4 * i];
        const cl_int *m = &s->host_mem[i * LITMUS_STRIDE];
        int idx = litmus_outcome_in_memory(t) ? litmus_outcome_index(t, m[LITMUS_X], m[LITMUS_Y])
                                              : litmus_outcome_index(t, r[0], r[1]);
        if (idx < 0)
            c->t.other++;
        else
            c->t.outcomes[idx]++;
        c->t.concurrent += r[2] == 1 && r[3] == 1;
        c->t.runs++;
    }
    c->launches++;
    return 0;
}

static void record_counts(cJSON *obj, const litmus_plan *plan, const litmus_state *s, const litmus_counts *c,
                          uint64_t seed, double budget)
{
    char label[32];
    int weak = litmus_weak_outcome(plan->test);
    cJSON_AddStringToObject(obj, "test", litmus_test_name(plan->test));
    cJSON_AddStringToObject(obj, "flavour", litmus_flavour_name(plan->flavour));
    cJSON_AddStringToObject(obj, "weak_outcome", litmus_outcome_label(plan->test, weak, label, sizeof label));
    cJSON_AddBoolToObject(obj, "weak_forbidden", litmus_weak_forbidden(plan));
    cJSON_AddNumberToObject(obj, "weak", (double)c->t.outcomes[weak]);
    cJSON_AddNumberToObject(obj, "runs", (double)c->t.runs);
    cJSON_AddNumberToObject(obj, "concurrent_runs", (double)c->t.concurrent);
    cJSON *o = cJSON_AddObjectToObject(obj, "outcomes");
    for (int i = 0; o && i < LITMUS_OUTCOMES; i++)
        cJSON_AddNumberToObject(o, litmus_outcome_label(plan->test, i, label, sizeof label), (double)c->t.outcomes[i]);
    if (o)
        cJSON_AddNumberToObject(o, "other", (double)c->t.other);
    cJSON_AddNumberToObject(obj, "launches", (double)c->launches);
    cJSON_AddNumberToObject(obj, "instances_per_launch", (double)s->instances);
    cJSON_AddNumberToObject(obj, "work_groups", (double)s->groups);
    cJSON_AddNumberToObject(obj, "work_group_size", (double)s->wg);
    cJSON_AddNumberToObject(obj, "stress_ops", LITMUS_STRESS_OPS);
    cJSON_AddNumberToObject(obj, "spin_reads", (double)c->spin);
    cJSON_AddNumberToObject(obj, "budget_s", budget);
    char seedtxt[24];
    snprintf(seedtxt, sizeof seedtxt, "%016llx", (unsigned long long)seed);
    cJSON_AddStringToObject(obj, "seed", seedtxt);
}

/* The earlier runs' totals (measure_memo_litmus_totals). Returns 0 with
 * them in *t, or -1 when there are none or they do not read as totals. */
typedef struct {
    litmus_tally t;
    long launches, clconform_runs;
    char since[32];
} litmus_history;

static int read_history(const cJSON *totals, const litmus_plan *plan, litmus_history *h)
{
    memset(h, 0, sizeof *h);
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(totals, "outcomes");
    const char *names[] = {"runs", "concurrent", "other", "launches", "clconform_runs"};
    long *dst[] = {&h->t.runs, &h->t.concurrent, &h->t.other, &h->launches, &h->clconform_runs};
    for (size_t i = 0; i < 5; i++) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(totals, names[i]);
        if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 9e15)
            return -1;
        *dst[i] = (long)n->valuedouble;
    }
    long sum = h->t.other;
    char label[32];
    for (int i = 0; i < LITMUS_OUTCOMES; i++) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, litmus_outcome_label(plan->test, i, label, sizeof label));
        if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 9e15)
            return -1;
        h->t.outcomes[i] = (long)n->valuedouble;
        sum += h->t.outcomes[i];
    }
    const cJSON *since = cJSON_GetObjectItemCaseSensitive(totals, "since");
    snprintf(h->since, sizeof h->since, "%s", cJSON_IsString(since) ? since->valuestring : "?");
    /* Outcomes add up to the runs, and no more ran at once than ran. */
    return sum == h->t.runs && h->t.concurrent <= h->t.runs && h->clconform_runs >= 1 ? 0 : -1;
}

/* "all_runs": the totals with this run's counts added. */
static void record_totals(cJSON *obj, const litmus_plan *plan, const litmus_tally *t, long launches,
                          long clconform_runs, const char *since)
{
    char label[32];
    cJSON *a = cJSON_AddObjectToObject(obj, "all_runs");
    if (!a)
        return;
    cJSON_AddNumberToObject(a, "clconform_runs", (double)clconform_runs);
    cJSON_AddStringToObject(a, "since", since);
    cJSON_AddNumberToObject(a, "weak", (double)t->outcomes[litmus_weak_outcome(plan->test)]);
    cJSON_AddNumberToObject(a, "runs", (double)t->runs);
    cJSON_AddNumberToObject(a, "concurrent", (double)t->concurrent);
    cJSON *o = cJSON_AddObjectToObject(a, "outcomes");
    for (int i = 0; o && i < LITMUS_OUTCOMES; i++)
        cJSON_AddNumberToObject(o, litmus_outcome_label(plan->test, i, label, sizeof label), (double)t->outcomes[i]);
    cJSON_AddNumberToObject(a, "other", (double)t->other);
    cJSON_AddNumberToObject(a, "launches", (double)launches);
}

const char *measure_litmus_run(const litmus_plan *plan, const clc_probe *p, const clc_clenv *env, cJSON *obj,
                               cJSON *rec)
{
    litmus_state s = {.env = env, .rec = rec};
    litmus_counts c = {.spin = LITMUS_SPIN_START};
    char kname[64];
    const char *verdict = "error";
    litmus_history h;
    const cJSON *totals = env->measure_history ? measure_memo_litmus_totals(env->measure_history, p) : NULL;
    int have_history = totals && read_history(totals, plan, &h) == 0;
    /* Each run of a series places its threads anew (and says its seed). */
    uint64_t seed = seed_of(p->measure ? p->measure : "");
    if (have_history)
        seed = (seed ^ (uint64_t)h.clconform_runs * 0x9e3779b97f4a7c15ULL) | 1;
    uint64_t rng = seed;
    double budget = have_history ? LITMUS_BUDGET_AGAIN_S : LITMUS_BUDGET_S;
    if (p->timeout_s > 0 && p->timeout_s * LITMUS_BUDGET_SHARE < budget)
        budget = p->timeout_s * LITMUS_BUDGET_SHARE;

    if (build(&s, p, litmus_kernel_name(plan, kname, sizeof kname)) != 0 || prepare(&s) != 0)
        goto out;
    /* The first launch generates code on some drivers (PoCL, rusticl): it
     * belongs to the build watchdog, and its runs count. */
    if (launch_once(&s, plan->test, &rng, &c) != 0)
        goto out;
    if (env->measure_started)
        env->measure_started(env->measure_ctx);
    double deadline = now_s() + budget;
    int tries = 1; /* launches at this spin bound */
    while (now_s() < deadline && c.t.runs < LITMUS_MAX_RUNS) {
        if (c.t.concurrent == 0 && tries >= LITMUS_TRIES_PER_SPIN) {
            /* Not one instance ran at once yet: wait longer, and give up
             * at the bound (a device that runs groups one by one). */
            if (c.spin >= LITMUS_SPIN_MAX)
                break;
            c.spin *= LITMUS_SPIN_GROWTH;
            tries = 0;
        }
        if (launch_once(&s, plan->test, &rng, &c) != 0)
            goto out;
        tries++;
    }
    record_counts(obj, plan, &s, &c, seed, budget);
    char detail[640];
    if (!have_history) {
        char now[32];
        report_now_iso(now, sizeof now);
        record_totals(obj, plan, &c.t, c.launches, 1, now);
        verdict = litmus_verdict(plan, &c.t, c.spin, detail, sizeof detail);
    } else {
        litmus_tally all = h.t;
        for (int i = 0; i < LITMUS_OUTCOMES; i++)
            all.outcomes[i] += c.t.outcomes[i];
        all.other += c.t.other;
        all.runs += c.t.runs;
        all.concurrent += c.t.concurrent;
        record_totals(obj, plan, &all, h.launches + c.launches, h.clconform_runs + 1, h.since);
        char why[320];
        verdict = litmus_verdict(plan, &all, c.spin, why, sizeof why);
        snprintf(detail, sizeof detail, "%s (over %ld runs of clconform with this driver since %s; this run: "
                 "%ld runs, %ld concurrent, weak outcome %ld times)", why, h.clconform_runs + 1, h.since, c.t.runs,
                 c.t.concurrent, c.t.outcomes[litmus_weak_outcome(plan->test)]);
    }
    set_detail(rec, detail);
out:
    release(&s);
    return verdict;
}
