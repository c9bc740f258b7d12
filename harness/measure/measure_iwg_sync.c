/* The sync methods (see measure_iwg_sync.h). The kernels are in
 * probes/execution-model/iwg.probe; their contract: arguments (ctl,
 * data, res, groups, iters, spin), ctl and data zeroed, res[4g + 0..3] =
 * group g's completed steps, wrong values seen, waits given up, and 1 when
 * g was the counter's last or left the barrier because another gave up. */
#include "measure_iwg_sync.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clerr.h"
#include "proc.h"
#include "record.h"

/* ctl's ints: the kernels' control words sit at 0, 32 and 64. */
#define SYNC_CTL_INTS 96
/* Ints a group of the counter writes (SYNC_WORDS in the source). */
#define SYNC_WORDS 8
/* Ints the lock protects (SYNC_LOCKED in the source). */
#define SYNC_LOCKED 4
/* Samples, not properties of the driver: measured every run, so short.
 * Launches go on until this long after the first timed one, at least
 * SYNC_MIN_LAUNCHES and at most SYNC_MAX_LAUNCHES. */
#define SYNC_BUDGET_S 0.05
#define SYNC_MIN_LAUNCHES 3
#define SYNC_MAX_LAUNCHES 32
/* Work per launch: at most about this many critical sections or barrier
 * passes in all, whatever the groups (2 on a CPU driver, 4,224 on an H100),
 * at most 256 a group; launches start with the least (1, or 4 barrier
 * rounds: fewer checks little) and double it while a launch takes less than
 * SYNC_LAUNCH_TARGET_S. A fixed 256 rounds took Oclgrind, a simulator,
 * 0.7 s a launch alone and past the 6 s watchdog beside the other
 * devices' compilers. */
#define SYNC_LOCK_TOTAL 4096
#define SYNC_BARRIER_TOTAL 1024
#define SYNC_ITERS_MAX 256
#define SYNC_BARRIER_ROUNDS_MIN 4
#define SYNC_LAUNCH_TARGET_S 0.01

void measure_iwg_sync_kernel_name(const measure_plan *plan, char *name, size_t len)
{
    snprintf(name, len, "iwg_sync_%s_%s", measure_plan_method_name(plan->method), plan->acq_rel ? "acq_rel" : "cl12");
}

/* The least and the most steps a group is asked for in one launch. */
static cl_int iters_least(const measure_plan *plan)
{
    return plan->method == MEASURE_SYNC_BARRIER ? SYNC_BARRIER_ROUNDS_MIN : 1;
}

static cl_int iters_most(const measure_plan *plan, size_t groups)
{
    size_t total = plan->method == MEASURE_SYNC_LOCK      ? SYNC_LOCK_TOTAL
                   : plan->method == MEASURE_SYNC_BARRIER ? SYNC_BARRIER_TOTAL
                                                          : 1;
    size_t least = (size_t)iters_least(plan), n = total / (groups ? groups : 1);
    return (cl_int)(n < least ? least : n > SYNC_ITERS_MAX ? SYNC_ITERS_MAX : n);
}

static size_t data_ints(const measure_plan *plan, size_t groups)
{
    switch (plan->method) {
    case MEASURE_SYNC_COUNTER: return groups * SYNC_WORDS;
    case MEASURE_SYNC_BARRIER: return 2 * groups;
    default: return SYNC_LOCKED;
    }
}

typedef struct {
    const iwg_sync_setup *s;
    cl_mem ctl, data, res;
    cl_int *host_res, *host_data;
} sync_buffers;

static int fill_zero(const iwg_sync_setup *s, cl_mem m, size_t ints)
{
    cl_int zero = 0;
    cl_int err = clEnqueueFillBuffer(s->env->queue, m, &zero, sizeof zero, 0, ints * sizeof zero, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        record_set_cl_error(s->rec, "clEnqueueFillBuffer", err);
    return err == CL_SUCCESS ? 0 : -1;
}

/* One launch of `groups` groups, `iters` steps each; adds to c. */
static int sync_launch(const measure_plan *plan, sync_buffers *b, size_t groups, cl_int iters, measure_sync_counts *c)
{
    const iwg_sync_setup *s = b->s;
    size_t nd = data_ints(plan, groups);
    if (fill_zero(s, b->ctl, SYNC_CTL_INTS) != 0 || fill_zero(s, b->data, nd) != 0 ||
        fill_zero(s, b->res, 4 * groups) != 0)
        return -1;
    cl_int g = (cl_int)groups;
    cl_int err = clSetKernelArg(s->kernel, 0, sizeof b->ctl, &b->ctl);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 1, sizeof b->data, &b->data);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 2, sizeof b->res, &b->res);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 3, sizeof g, &g);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 4, sizeof iters, &iters);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(s->kernel, 5, sizeof s->spin, &s->spin);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clSetKernelArg", err);
        return -1;
    }
    size_t global = groups * s->wg, local = s->wg;
    err = clEnqueueNDRangeKernel(s->env->queue, s->kernel, 1, NULL, &global, &local, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clEnqueueNDRangeKernel", err);
        return -1;
    }
    err = clEnqueueReadBuffer(s->env->queue, b->res, CL_TRUE, 0, 4 * groups * sizeof(cl_int), b->host_res, 0, NULL,
                              NULL);
    if (err == CL_SUCCESS && plan->method == MEASURE_SYNC_LOCK)
        err = clEnqueueReadBuffer(s->env->queue, b->data, CL_TRUE, 0, SYNC_LOCKED * sizeof(cl_int), b->host_data, 0,
                                  NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clEnqueueReadBuffer", err);
        return -1;
    }
    size_t steps = 0, lasts = 0, cut = 0;
    for (size_t k = 0; k < groups; k++) {
        /* A negative count is a value the kernel never writes: wrong. */
        const cl_int *r = &b->host_res[4 * k];
        steps += r[0] > 0 ? (size_t)r[0] : 0;
        c->wrong += r[1] > 0 ? (size_t)r[1] : (size_t)(r[1] < 0);
        c->gave_up += r[2] > 0 ? (size_t)r[2] : 0;
        lasts += r[3] != 0;
        cut += plan->method != MEASURE_SYNC_COUNTER && r[0] < iters && r[2] == 0 && r[3] == 0;
    }
    c->cut_short += cut;
    int bad = 0; /* loops the driver ended (cut) leave the end state unknown: not judged */
    if (!cut && plan->method == MEASURE_SYNC_COUNTER)
        bad = lasts != 1; /* the arrivals' count reached groups - 1 exactly once */
    else if (!cut && plan->method == MEASURE_SYNC_LOCK)
        for (size_t k = 0; k < SYNC_LOCKED; k++)
            bad |= b->host_data[k] < 0 || (size_t)b->host_data[k] != steps; /* one increment per critical section */
    c->steps += steps;
    c->bad_launches += (size_t)bad;
    c->launches++;
    return 0;
}

static cl_mem make_buffer(const iwg_sync_setup *s, size_t ints)
{
    cl_int err;
    cl_mem m = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE, ints * sizeof(cl_int), NULL, &err);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clCreateBuffer", err);
        return NULL;
    }
    return m;
}

clc_verdict measure_iwg_sync_run(const measure_plan *plan, const iwg_sync_setup *s, cJSON *obj)
{
    clc_verdict verdict = CLC_VERDICT_ERROR;
    sync_buffers b = {s, NULL, NULL, NULL, NULL, NULL};
    size_t groups = s->groups ? s->groups : 1, asked = 0;
    cl_int iters = iters_least(plan), most = iters_most(plan, groups), used = iters;
    measure_sync_counts c = {0, groups, 0, 0, 0, 0, 0}, warm = c;
    b.host_res = calloc(4 * groups, sizeof(cl_int));
    b.host_data = calloc(SYNC_LOCKED, sizeof(cl_int));
    if (!b.host_res || !b.host_data)
        goto out;
    if (!(b.ctl = make_buffer(s, SYNC_CTL_INTS)) || !(b.data = make_buffer(s, data_ints(plan, groups))) ||
        !(b.res = make_buffer(s, 4 * groups)))
        goto out;
    /* A first launch of one group generates the kernel's code on some
     * drivers (under the build watchdog, not counted); a lone group never
     * waits for another. */
    if (sync_launch(plan, &b, 1, 1, &warm) != 0)
        goto out;
    if (s->env->measure_started)
        s->env->measure_started(s->env->measure_ctx);
    double t0 = proc_now();
    /* A launch in which a wait gave up ends the sampling: the groups did
     * not all run at once, and each such launch costs a whole bound. */
    while (c.launches < SYNC_MAX_LAUNCHES && c.gave_up == 0 &&
           (c.launches < SYNC_MIN_LAUNCHES || proc_now() - t0 < SYNC_BUDGET_S)) {
        double t = proc_now();
        if (sync_launch(plan, &b, groups, iters, &c) != 0)
            goto out;
        asked += plan->method == MEASURE_SYNC_COUNTER ? 1 : groups * (size_t)iters;
        used = iters;
        if (proc_now() - t < SYNC_LAUNCH_TARGET_S && iters < most)
            iters = iters * 2 < most ? iters * 2 : most;
    }
    double secs = proc_now() - t0;

    char detail[400];
    verdict = verdict_parse(measure_sync_judge(plan, &c, detail, sizeof detail));
    record_set_detail(s->rec, detail);
    cJSON_AddStringToObject(obj, "method", measure_plan_method_name(plan->method));
    cJSON_AddStringToObject(obj, "flavour", plan->acq_rel ? "acq_rel" : "cl12");
    cJSON_AddNumberToObject(obj, "groups", (double)groups);
    cJSON_AddNumberToObject(obj, "iters_per_group_last", used);
    cJSON_AddNumberToObject(obj, "steps_asked", (double)asked);
    cJSON_AddNumberToObject(obj, "spin_reads", s->spin);
    cJSON_AddNumberToObject(obj, "launches", (double)c.launches);
    cJSON_AddNumberToObject(obj, "steps", (double)c.steps);
    cJSON_AddNumberToObject(obj, "wrong_values", (double)c.wrong);
    cJSON_AddNumberToObject(obj, "wrong_end_states", (double)c.bad_launches);
    cJSON_AddNumberToObject(obj, "waits_gave_up", (double)c.gave_up);
    cJSON_AddNumberToObject(obj, "loops_cut_short", (double)c.cut_short);
    cJSON_AddNumberToObject(obj, "launches_ms", secs * 1e3);
out:
    if (b.res)
        clReleaseMemObject(b.res);
    if (b.data)
        clReleaseMemObject(b.data);
    if (b.ctl)
        clReleaseMemObject(b.ctl);
    free(b.host_res);
    free(b.host_data);
    return verdict;
}
