/* The litmus family: see measure_litmus.h. One probe builds its test's
 * kernels (harness/kernels/litmus.cl, in the probe's `source`): its own
 * flavour and, for a judged flavour, the allowed-weak mutants that measure
 * the environment's power. Each launch runs thousands of instances in a
 * stressed environment (litmus_env.h) placed anew from a per-launch seed.
 * A first run on a driver searches a few environments for the one that
 * kills most mutants (or shows the probe's own weak outcome most, for an
 * information probe); the totals remember it for later runs. */
#include "measure_litmus.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "build_options.h"
#include "clerr.h"
#include "record.h"
#include "litmus_env.h"
#include "litmus_record.h"
#include "measure_memo.h"
#include "proc.h"
#include "timestamp.h"

/* The kernel contract's layout (harness/kernels/litmus.cl). */
#define LITMUS_SCRATCH 8192 /* ints of the stress buffer */
#define LITMUS_LINE 32      /* ints a stressed line spans (128 bytes) */
#define LITMUS_RES 16       /* ints of res per instance */
#define LITMUS_CTL 32
#define LITMUS_PRM 16
/* Time per probe: a first run (which also tunes) and a later one, capped at
 * a share of the probe's timeout; the search takes at most this share of a
 * first run. Runs cap fast devices. */
#define LITMUS_BUDGET_S 0.3
#define LITMUS_BUDGET_AGAIN_S 0.04 /* 31 probes at 0.1 s were 1.7 s of NVIDIA's 3.9 s warm run (its launches go one at a time) */
#define LITMUS_BUDGET_SHARE 0.4
#define LITMUS_SEARCH_SHARE 0.4
#define LITMUS_CANDIDATES 6
#define LITMUS_MAX_RUNS 50000000L

enum { N_KERNELS = 1 + LITMUS_MAX_MUTANTS };

typedef struct {
    const clc_clenv *env;
    clc_record *rec;
    litmus_plan plan;
    int threads, nk;
    litmus_flavour flavour[N_KERNELS];
    int present[N_KERNELS]; /* compiled in: -1 not known yet, 0 no (the device lacks its features), 1 yes */
    cl_program program;
    cl_kernel kernel;
    cl_mem mem, res, ctl, scratch, prm;
    long mem_ints, res_ints; /* allocated */
    cl_int *host_res, *host_mem, host_prm[LITMUS_PRM];
    int max_wg;
} litmus_state;

/* xorshift64*: launch seeds, seeded per probe so a run can be repeated. */
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
        record_put_text(s->rec, "build_log", log);
    }
    free(log);
}

/* The program's build options: the probe's, every test's and every
 * flavour's number (the same for every probe of the family built with the
 * same options, so drivers that cache programs build it once), the layout. */
static int program_options(const litmus_state *s, const clc_probe *p, char *opts, size_t len)
{
    char layout[1536], def[64];
    int at = snprintf(layout, sizeof layout, "%s -DLITMUS_SCRATCH=%d -DLITMUS_LINE=%d -DLITMUS_RES=%d",
                      p->options ? p->options : "", LITMUS_SCRATCH, LITMUS_LINE, LITMUS_RES);
    for (int t = 0; t < LITMUS_N_TESTS && at > 0 && (size_t)at < sizeof layout; t++)
        at += snprintf(layout + at, sizeof layout - (size_t)at, " %s",
                       litmus_test_define((litmus_test)t, def, sizeof def));
    for (int f = 0; f < LITMUS_N_FLAVOURS && at > 0 && (size_t)at < sizeof layout; f++)
        at += snprintf(layout + at, sizeof layout - (size_t)at, " %s",
                       litmus_flavour_define((litmus_flavour)f, def, sizeof def));
    return at > 0 && (size_t)at < sizeof layout ? build_options_compose(s->env->base_options, layout, opts, len)
                                                : -1;
}

/* Builds the family's program and creates its kernel; the probe runs its
 * flavour and its mutants (litmus_mutants). */
static int build(litmus_state *s, const clc_probe *p)
{
    char opts[2048];
    cl_int err;
    s->flavour[0] = s->plan.flavour;
    s->nk = 1 + litmus_mutants(&s->plan, s->flavour + 1);
    for (int k = 0; k < s->nk; k++)
        s->present[k] = -1;
    if (program_options(s, p, opts, sizeof opts) != 0) {
        record_set_detail(s->rec, "build options too long");
        return -1;
    }
    const char *src = p->source ? p->source : "";
    s->program = clCreateProgramWithSource(s->env->context, 1, &src, NULL, &err);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clCreateProgramWithSource", err);
        return -1;
    }
    err = clBuildProgram(s->program, 1, &s->env->device, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clBuildProgram", err);
        add_build_log(s);
        return -1;
    }
    s->kernel = clCreateKernel(s->program, "litmus", &err);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clCreateKernel", err);
        return -1;
    }
    size_t kwg = 0;
    err = clGetKernelWorkGroupInfo(s->kernel, s->env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clGetKernelWorkGroupInfo", err);
        return -1;
    }
    s->max_wg = s->env->max_work_group_size ? (int)s->env->max_work_group_size : 1;
    if (kwg && (long)kwg < s->max_wg)
        s->max_wg = (int)kwg;
    return 0;
}

static cl_mem make_buffer(litmus_state *s, long ints, int *failed)
{
    cl_int err;
    cl_mem m = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE, (size_t)ints * sizeof(cl_int), NULL, &err);
    if (err != CL_SUCCESS && !*failed) {
        record_set_cl_error(s->rec, "clCreateBuffer", err);
        *failed = 1;
    }
    return err == CL_SUCCESS ? m : NULL;
}

/* Buffers large enough for environment e (grown as the search needs). */
static int ensure_buffers(litmus_state *s, const litmus_env *e)
{
    int failed = 0;
    long mem = litmus_env_mem_ints(e, s->threads), res = litmus_env_instances(e, s->threads) * LITMUS_RES;
    if (!s->ctl) {
        s->ctl = make_buffer(s, LITMUS_CTL, &failed);
        s->scratch = make_buffer(s, LITMUS_SCRATCH, &failed);
        s->prm = make_buffer(s, LITMUS_PRM, &failed);
    }
    if (mem > s->mem_ints) {
        if (s->mem)
            clReleaseMemObject(s->mem);
        free(s->host_mem);
        s->mem = make_buffer(s, mem, &failed);
        s->host_mem = malloc((size_t)mem * sizeof(cl_int));
        s->mem_ints = mem;
    }
    if (res > s->res_ints) {
        if (s->res)
            clReleaseMemObject(s->res);
        free(s->host_res);
        s->res = make_buffer(s, res, &failed);
        s->host_res = malloc((size_t)res * sizeof(cl_int));
        s->res_ints = res;
    }
    if (!failed && (!s->host_mem || !s->host_res)) {
        record_set_detail(s->rec, "out of memory");
        failed = 1;
    }
    return failed ? -1 : 0;
}

static void release(litmus_state *s)
{
    cl_mem bufs[5] = {s->mem, s->res, s->ctl, s->scratch, s->prm};
    for (int i = 0; i < 5; i++)
        if (bufs[i])
            clReleaseMemObject(bufs[i]);
    if (s->kernel)
        clReleaseKernel(s->kernel);
    if (s->program)
        clReleaseProgram(s->program);
    free(s->host_res);
    free(s->host_mem);
}

/* Counts one launch's instances into t. */
static void count(const litmus_state *s, long instances, litmus_tally *t)
{
    int slots[LITMUS_MAX_OBS], vals[LITMUS_MAX_OBS];
    int nobs = litmus_observed(s->plan.test, slots);
    for (long i = 0; i < instances; i++) {
        const cl_int *r = &s->host_res[i * LITMUS_RES];
        for (int o = 0; o < nobs; o++) {
            vals[o] = -1;
            if (slots[o] < LITMUS_FX)
                vals[o] = r[slots[o]];
            else {
                cl_int at = r[slots[o] == LITMUS_FX ? 4 : 5];
                vals[o] = at >= 0 && at < s->mem_ints ? s->host_mem[at] : -1;
            }
        }
        int idx = litmus_outcome_index(s->plan.test, vals);
        if (idx < 0)
            t->other++;
        else
            t->outcomes[idx]++;
        /* All threads ran at once: every start ticket precedes every end. */
        cl_int last_start = 0, first_end = 0x7fffffff;
        for (int k = 0; k < s->threads; k++) {
            cl_int st = r[8 + 2 * k], en = r[9 + 2 * k];
            last_start = st > last_start ? st : last_start;
            first_end = en < first_end ? en : first_end;
            if (st <= 0 || en <= 0)
                last_start = 0x7fffffff;
        }
        t->concurrent += last_start < first_end;
        t->runs++;
    }
}

static void fill_prm(litmus_state *s, const litmus_env *e, litmus_flavour flavour, uint32_t seed)
{
    memset(s->host_prm, 0, sizeof s->host_prm);
    s->host_prm[0] = (cl_int)(seed & 0x7fffffff);
    s->host_prm[1] = e->testing_groups;
    s->host_prm[2] = e->stride;
    s->host_prm[3] = e->stress_lines;
    s->host_prm[4] = e->stress_iters;
    s->host_prm[5] = e->stress_pattern;
    s->host_prm[6] = e->pre_iters;
    s->host_prm[7] = e->pre_pattern;
    s->host_prm[8] = e->spin;
    s->host_prm[9] = e->permute;
    s->host_prm[10] = (cl_int)flavour;
    s->host_prm[11] = (cl_int)s->plan.test;
    s->host_prm[12] = s->threads;
}

/* One launch of kernel k under e: reset, run, read back, count into t. */
static int launch_once(litmus_state *s, int k, const litmus_env *e, uint32_t seed, litmus_tally *t)
{
    const cl_int zero = 0;
    long n = litmus_env_instances(e, s->threads), mem = litmus_env_mem_ints(e, s->threads);
    const char *call = "clEnqueueFillBuffer";
    if (ensure_buffers(s, e) != 0)
        return -1;
    fill_prm(s, e, s->flavour[k], seed);
    cl_int err = clEnqueueFillBuffer(s->env->queue, s->mem, &zero, sizeof zero, 0, (size_t)mem * sizeof(cl_int), 0,
                                     NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueFillBuffer(s->env->queue, s->res, &zero, sizeof zero, 0,
                                  (size_t)n * LITMUS_RES * sizeof(cl_int), 0, NULL, NULL);
    if (err == CL_SUCCESS)
        err = clEnqueueFillBuffer(s->env->queue, s->ctl, &zero, sizeof zero, 0, LITMUS_CTL * sizeof(cl_int), 0,
                                  NULL, NULL);
    if (err == CL_SUCCESS && (call = "clEnqueueWriteBuffer"))
        err = clEnqueueWriteBuffer(s->env->queue, s->prm, CL_FALSE, 0, sizeof s->host_prm, s->host_prm, 0, NULL,
                                   NULL);
    cl_mem args[6] = {s->mem, s->mem, s->res, s->ctl, s->scratch, s->prm};
    for (cl_uint a = 0; a < 6 && err == CL_SUCCESS; a++)
        if ((call = "clSetKernelArg"))
            err = clSetKernelArg(s->kernel, a, sizeof(cl_mem), &args[a]);
    size_t local = (size_t)e->wg, global = local * (size_t)(e->testing_groups + e->stress_groups);
    if (err == CL_SUCCESS && (call = "clEnqueueNDRangeKernel"))
        err = clEnqueueNDRangeKernel(s->env->queue, s->kernel, 1, NULL, &global, &local, 0, NULL, NULL);
    cl_int ctl[2] = {0, 1};
    if (err == CL_SUCCESS && s->present[k] < 0 && (call = "clEnqueueReadBuffer"))
        err = clEnqueueReadBuffer(s->env->queue, s->ctl, CL_TRUE, 0, sizeof ctl, ctl, 0, NULL, NULL);
    if (err == CL_SUCCESS && (call = "clEnqueueReadBuffer"))
        err = clEnqueueReadBuffer(s->env->queue, s->res, CL_TRUE, 0, (size_t)n * LITMUS_RES * sizeof(cl_int),
                                  s->host_res, 0, NULL, NULL);
    if (err == CL_SUCCESS && litmus_outcome_in_memory(s->plan.test))
        err = clEnqueueReadBuffer(s->env->queue, s->mem, CL_TRUE, 0, (size_t)mem * sizeof(cl_int), s->host_mem, 0,
                                  NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, call, err);
        return -1;
    }
    if (s->present[k] < 0)
        s->present[k] = ctl[1] != 0; /* the flavour's code ran: it was compiled in */
    if (s->present[k])
        count(s, n, t);
    return 0;
}

/* One launch of kernel k into the counts (k = 0: the probe's own). */
static int launch_counted(litmus_state *s, int k, const litmus_env *e, uint64_t *rng, litmus_counts *c)
{
    c->launches++;
    return launch_once(s, k, e, (uint32_t)next_random(rng), k == 0 ? &c->t : &c->m[k - 1]);
}

/* The kernels whose weak outcomes score an environment: the mutants of a
 * judged probe, else the probe's own (allowed-weak) kernel. */
static int scoring_kernels(const litmus_state *s, int out[N_KERNELS])
{
    int n = 0;
    for (int k = 1; k < s->nk; k++)
        if (s->present[k])
            out[n++] = k;
    if (!litmus_weak_forbidden(&s->plan))
        out[n++] = 0;
    return n;
}

/* The tuning search: each candidate environment runs each scoring kernel
 * once per round until its share of the time is spent; the best kills most
 * (sum over scoring kernels of weak / runs), ties going to more concurrent
 * runs per second. Every launch also counts. */
static int search(litmus_state *s, const litmus_limits *lim, double seconds, uint64_t *rng, litmus_counts *c,
                  litmus_env *best, cJSON *log)
{
    int sk[N_KERNELS], ns = scoring_kernels(s, sk);
    double best_score = -1, best_rate = -1;
    double stop = proc_now() + seconds, per_work = 0;
    for (int cand = 0; cand < LITMUS_CANDIDATES && (cand == 0 || proc_now() < stop); cand++) {
        litmus_env e;
        litmus_env_candidate(cand, lim, rng, &e);
        /* A candidate whose launches would overrun the search is left out. */
        if (cand > 0 && per_work * litmus_env_work(&e) * ns > stop - proc_now())
            continue;
        double end = proc_now() + seconds / LITMUS_CANDIDATES, t0 = proc_now();
        litmus_tally t[N_KERNELS];
        memset(t, 0, sizeof t);
        do {
            for (int i = 0; i < ns; i++) {
                litmus_counts one = {0};
                if (launch_counted(s, sk[i], &e, rng, &one) != 0)
                    return -1;
                litmus_counts_add(c, &one);
                litmus_tally *src = sk[i] == 0 ? &one.t : &one.m[sk[i] - 1];
                for (int o = 0; o < LITMUS_MAX_OUTCOMES; o++)
                    t[i].outcomes[o] += src->outcomes[o];
                t[i].runs += src->runs;
                t[i].concurrent += src->concurrent;
            }
        } while (proc_now() < end && ns > 0);
        double score = 0, conc = 0, took = proc_now() - t0;
        long launches = 0;
        for (int i = 0; i < ns; i++)
            launches += t[i].runs / (litmus_env_instances(&e, s->threads) > 0 ? litmus_env_instances(&e, s->threads)
                                                                               : 1);
        if (cand == 0 && launches > 0)
            per_work = took / (double)launches / litmus_env_work(&e);
        for (int i = 0; i < ns; i++) {
            score += t[i].runs ? (double)litmus_tally_weak(s->plan.test, &t[i]) / (double)t[i].runs : 0;
            conc += (double)t[i].concurrent;
        }
        double rate = took > 0 ? conc / took : conc;
        cJSON *j = litmus_env_to_json(&e);
        if (j) {
            cJSON_AddNumberToObject(j, "score", score);
            cJSON_AddNumberToObject(j, "concurrent_per_s", rate);
            cJSON_AddItemToArray(log, j);
        }
        if (score > best_score || (score == best_score && rate > best_rate)) {
            best_score = score;
            best_rate = rate;
            *best = e;
        }
    }
    return 0;
}

/* Co-resident groups measured by iwg.resident.wgN on this driver (its
 * remembered record), 0 when none is known. */
static long resident_measured(const clc_clenv *env, const char *id)
{
    const cJSON *e = env->measure_history ? cJSON_GetObjectItemCaseSensitive(env->measure_history, id) : NULL;
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(e, "record"), "measure");
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(m, "resident_limit");
    return cJSON_IsNumber(n) && n->valuedouble >= 1 ? (long)n->valuedouble : 0;
}

static int device_is_cpu(const clc_clenv *env)
{
    cl_device_type type = 0;
    return clGetDeviceInfo(env->device, CL_DEVICE_TYPE, sizeof type, &type, NULL) == CL_SUCCESS &&
           (type & CL_DEVICE_TYPE_CPU);
}

static void record_run(cJSON *obj, const litmus_state *s, const litmus_counts *c, const litmus_env *e,
                       const char *tuned, uint64_t seed, double budget)
{
    char label[48];
    cJSON_AddStringToObject(obj, "test", litmus_test_name(s->plan.test));
    cJSON_AddStringToObject(obj, "flavour", litmus_flavour_name(s->plan.flavour));
    cJSON *w = cJSON_AddArrayToObject(obj, "weak_outcomes");
    for (int i = 0; w && i < litmus_outcome_count(s->plan.test); i++)
        if (litmus_outcome_weak(s->plan.test, i))
            cJSON_AddItemToArray(w, cJSON_CreateString(litmus_outcome_label(s->plan.test, i, label, sizeof label)));
    cJSON_AddBoolToObject(obj, "weak_forbidden", litmus_weak_forbidden(&s->plan));
    litmus_record_counts(obj, &s->plan, c);
    cJSON_AddNumberToObject(obj, "launches", (double)c->launches);
    cJSON_AddNumberToObject(obj, "instances_per_launch", (double)litmus_env_instances(e, s->threads));
    cJSON *ej = litmus_env_to_json(e);
    if (ej)
        cJSON_AddItemToObject(obj, "environment", ej);
    cJSON_AddStringToObject(obj, "environment_from", tuned);
    cJSON_AddNumberToObject(obj, "budget_s", budget);
    char seedtxt[24];
    snprintf(seedtxt, sizeof seedtxt, "%016llx", (unsigned long long)seed);
    cJSON_AddStringToObject(obj, "seed", seedtxt);
}

/* The measuring loop: the probe's kernel every other launch, its mutants
 * in turn between (a probe without mutants runs its own only). */
static int measure_loop(litmus_state *s, const litmus_env *e, double deadline, uint64_t *rng, litmus_counts *c)
{
    /* The probe's own kernel runs at least once after the search. */
    for (long turn = 0; (proc_now() < deadline || turn < 1) && c->t.runs < LITMUS_MAX_RUNS; turn++) {
        int k = s->nk > 1 && (turn & 1) ? 1 + (int)(turn / 2) % (s->nk - 1) : 0;
        if (s->present[k] && launch_counted(s, k, e, rng, c) != 0)
            return -1;
    }
    return 0;
}

/* Verdict and detail from the totals (this run's added to the history). */
static clc_verdict judge(const litmus_state *s, const litmus_counts *all, const litmus_counts *c,
                         const litmus_history *h, int have_history, const litmus_env *e, cJSON *obj)
{
    char detail[768], why[400], now[32];
    int ran = 0, killed = litmus_counts_killed(&s->plan, all, &ran);
    timestamp_now_iso(now, sizeof now);
    long runs = have_history ? h->clconform_runs + 1 : 1;
    litmus_record_totals(obj, &s->plan, all, runs, have_history ? h->since : now, e);
    clc_verdict verdict = verdict_parse(litmus_verdict(&s->plan, &all->t, killed, ran, why, sizeof why));
    if (!have_history)
        snprintf(detail, sizeof detail, "%s", why);
    else
        snprintf(detail, sizeof detail, "%s (over %ld runs of clconform with this driver since %s; this run: %ld "
                 "runs, %ld concurrent, weak outcome %ld times)", why, runs, h->since, c->t.runs, c->t.concurrent,
                 litmus_tally_weak(s->plan.test, &c->t));
    record_set_detail(s->rec, detail);
    return verdict;
}

clc_verdict measure_litmus_run(const litmus_plan *plan, const clc_probe *p, const clc_clenv *env, cJSON *obj,
                               clc_record *rec)
{
    litmus_state s = {.env = env, .rec = rec, .plan = *plan, .threads = litmus_threads(plan->test)};
    litmus_counts c = {0};
    clc_verdict verdict = CLC_VERDICT_ERROR;
    litmus_history h = {0};
    const cJSON *totals = env->measure_history ? measure_memo_litmus_totals(env->measure_history, p) : NULL;
    int have_history = totals && litmus_history_read(totals, plan, &h) == 0;
    /* Each run of a series places its threads anew (and says its seed). */
    uint64_t seed = seed_of(p->measure ? p->measure : "");
    if (have_history)
        seed = (seed ^ (uint64_t)h.clconform_runs * 0x9e3779b97f4a7c15ULL) | 1;
    uint64_t rng = seed;
    double budget = have_history ? LITMUS_BUDGET_AGAIN_S : LITMUS_BUDGET_S;
    if (p->timeout_s > 0 && p->timeout_s * LITMUS_BUDGET_SHARE < budget)
        budget = p->timeout_s * LITMUS_BUDGET_SHARE;

    if (build(&s, p) != 0)
        goto out;
    litmus_limits lim = {.threads = s.threads, .max_wg = s.max_wg, .resident64 = resident_measured(env,
                         "iwg.resident.wg64"), .resident256 = resident_measured(env, "iwg.resident.wg256"),
                         .compute_units = (int)env->max_compute_units};
    lim.lockstep_first = device_is_cpu(env) || (lim.resident64 > 0 && lim.resident64 <= 2L * lim.compute_units);
    /* An instance needs its threads' groups at once; where the device was
     * measured to run fewer (iwg.resident.*), none would; with nothing
     * measured, a device is taken to run at most two groups a compute unit
     * (Oclgrind, one unit, runs two). */
    long groups = lim.resident64 > lim.resident256 ? lim.resident64 : lim.resident256;
    if ((groups > 0 ? groups : 2L * lim.compute_units) < s.threads) {
        char why[200];
        snprintf(why, sizeof why, "could not run its threads concurrently: the test needs %d work-groups at once, "
                 "the device runs %ld (%s)", s.threads, groups > 0 ? groups : 2L * lim.compute_units,
                 groups > 0 ? "measured by iwg.resident.*" : "two a compute unit; nothing measured more");
        record_set_detail(rec, why);
        verdict = CLC_VERDICT_SKIP;
        goto out;
    }
    litmus_env e;
    litmus_env_candidate(0, &lim, &rng, &e);
    /* The first launch of each kernel generates code on some drivers (PoCL,
     * rusticl): it belongs to the build watchdog, and its runs count. It
     * waits for no partner, so it costs little. */
    litmus_env first = e;
    first.spin = first.pre_iters = first.stress_iters = 0;
    for (int k = 0; k < s.nk; k++)
        if (launch_counted(&s, k, &first, &rng, &c) != 0)
            goto out;
    if (!s.present[0]) {
        record_set_detail(rec, "the program was built without the probe's flavour: the device lacks a feature it uses");
        goto out;
    }
    if (env->measure_started)
        env->measure_started(env->measure_ctx);
    double start = proc_now();
    const char *tuned = "default";
    if (have_history && h.have_env) {
        e = h.env;
        litmus_env_clamp(&lim, &e);
        tuned = "remembered";
    } else {
        cJSON *log = cJSON_AddArrayToObject(obj, "search");
        if (search(&s, &lim, budget * LITMUS_SEARCH_SHARE, &rng, &c, &e, log) != 0)
            goto out;
        tuned = "searched";
    }
    if (measure_loop(&s, &e, start + budget, &rng, &c) != 0)
        goto out;
    record_run(obj, &s, &c, &e, tuned, seed, budget);
    litmus_counts all = c;
    if (have_history)
        litmus_counts_add(&all, &h.c);
    verdict = judge(&s, &all, &c, &h, have_history, &e, obj);
out:
    release(&s);
    return verdict;
}
