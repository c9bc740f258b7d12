/* The inter-work-group family. OpenCL 1.2 promises nothing about forward
 * progress between work-groups, so a kernel in which one group waits for
 * another may hang. Here we measure how many groups are resident at once
 * without ever hanging (every wait is bounded), then run the classic
 * unbounded pattern at chosen counts; when that hangs, the supervisor's
 * watchdog ends the worker and measure_on_timeout records the deadlock.
 *
 * The kernels come from the probe's `source` (see docs/measurements.md);
 * this file only knows their names and parameters. */
#include "measure_iwg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "build_options.h"
#include "clerr.h"
#include "record.h"
#include "host_load.h"
#include "json_num.h"
#include "measure_iwg_cache.h"
#include "measure_iwg_sync.h"
#include "proc.h"
#include "trace.h"

#define IWG_KERNEL_RESIDENT "iwg_resident"
#define IWG_KERNEL_SPIN_FLAG "iwg_spin_flag"
#define IWG_KERNEL_SPIN_FLAG_BOUNDED "iwg_spin_flag_bounded"
/* A bounded spinner waits this many calibrated waits (about a second) before
 * it gives up: far longer than any resident group takes to set the flag.
 * Completing runs took up to 199 ms on Oclgrind (256-wide groups at the
 * limit), so the bound cannot simply be shorter everywhere; but where this
 * worker has seen the pattern complete at this size, the bound is
 * IWG_SPIN_BOUND_MARGIN times that run's length, at least
 * IWG_SPIN_BOUND_MIN_WAITS waits: PoCL 5's eight bounded runs above its 16
 * resident groups each waited out a second, 8 of its cold run's 15 s of
 * measurements alone. One wait is what a resident search trusts to say
 * "not resident" (iwg_resident_launch). Every wait is stretched by the
 * host's load (iwg_host_load). */
#define IWG_SPIN_BOUND_WAITS 40
#define IWG_SPIN_BOUND_MIN_WAITS 1
#define IWG_SPIN_BOUND_MARGIN 10

/* A bounded wait lasts about this long on an idle host when the groups it
 * waits for never come (IWG_SCHED_SLICE_MS stretches it on a busy one):
 * long enough for every resident group to start, short enough that the
 * family's dozen "not resident" answers and the bounded spin-flag runs
 * that give up stay within its 2 s a device. On the 2-core test bed beside
 * three busy processes, at the same priority, PoCL 3.1's searches found
 * its 2 resident groups in all of 96 runs with 10, 25 and 100 ms waits;
 * beside eight, 10 ms found 1 in 82 of 96 and 25 ms none (host_load.h).
 * At 0.1 s, twelve such answers cost a device 1.2 s. */
#define IWG_SPIN_TARGET_S 0.025
/* A runnable thread may wait about this long for each thread runnable on
 * its core (host_load.h). With it, 25 ms waits found PoCL 3.1's 2 resident
 * groups in all of 72 runs beside sixteen busy processes (57 of 72 came out
 * 1 without it), and Oclgrind's in all of 48. */
#define IWG_SCHED_SLICE_MS 10.0
/* The last wait this worker calibrated, in rounds: the next size's guess. */
#define IWG_LAST_ROUNDS_KEY "iwg_wait_rounds_last"
/* Calibration grows the round count until one lone wait takes this long, so
 * launch overhead does not dominate the first estimate; then it times
 * IWG_CALIBRATE_SAMPLES waits of about the target's length (after at most
 * IWG_CALIBRATE_RESCALES that came out too short). */
#define IWG_CALIBRATE_MIN_S 0.005
#define IWG_CALIBRATE_SAMPLES 3
#define IWG_CALIBRATE_RESCALES 3
/* A round is one iteration of the kernel's wait loop (32 atomic reads). */
#define IWG_ROUNDS_MIN 1
#define IWG_ROUNDS_MAX (1 << 22)
/* A calibrated wait this much shorter than the target means the driver cut
 * the loop short (llvmpipe caps loop iterations). */
#define IWG_SHORT_WAIT_SHARE 0.25
/* Search cap per compute unit: no device keeps more than a few dozen groups
 * resident per unit (NVIDIA: 32 blocks per SM, AMD: 32-40 waves per CU). */
#define IWG_CAP_PER_CU 64
#define IWG_CAP_MIN 4
/* Share of the probe's timeout the limit search may use; without a probe
 * timeout, this many seconds. */
#define IWG_BUDGET_SHARE 0.5
#define IWG_BUDGET_DEFAULT_S 5.0
/* Counters the kernels use: [0] arrivals or flag, [1] groups that saw all
 * arrive or groups started, [2] spinners that saw the flag, [3] spinners
 * that gave up, [4] spinners that started after one gave up (no wait). */
#define IWG_COUNTERS 5
/* iwg_resident's per-group release flags: int c[IWG_FLAG_BASE + g *
 * IWG_FLAG_STRIDE] is group g's (FLAG_BASE and FLAG_STRIDE in the source;
 * docs/measurements.md states this contract). */
#define IWG_FLAG_BASE 64
#define IWG_FLAG_STRIDE 32
/* Above this many groups, a launch's wait bound shrinks as 1/groups: a GPU
 * serves thousands of waiting groups' reads through a few shared units, so
 * per-read time grows with the groups and a fixed bound would make one
 * failing launch last tens of seconds (seen on an H200, when every group
 * waited on one address). Since each group waits on its own flag line the
 * growth is small (the H100: a bound meant for 0.38 ms at 4,225 groups
 * lasted 1.1 ms), and 64 with 25 ms waits found 3,859 groups of 1 resident
 * where 3,860 completed the spin-flag pattern and 4,224 are (32 blocks a
 * multiprocessor). From 1,024, a wait at 4,225 groups is 4 times the 1.5
 * ms that found 4,224 with 0.1 s waits scaled from 64. */
#define IWG_WAIT_SCALE_FROM 1024

typedef struct {
    const clc_clenv *env;
    clc_record *rec;           /* where OpenCL failures are recorded */
    cl_program program;
    iwg_cached *cached;   /* where program and kernels are kept (NULL: the probe owns them) */
    cl_kernel resident;
    cl_kernel spin_flag;  /* NULL for the resident measurement */
    cl_kernel spin_bounded; /* the same with bounded waits; NULL when the source lacks it */
    char sync_name[64];   /* a sync method's kernel ("" for the other measurements) */
    cl_kernel sync;
    cl_mem counters;      /* IWG_FLAG_BASE + cap * IWG_FLAG_STRIDE ints */
    size_t counters_ints;
    size_t wg;            /* work-group size used for every launch */
    cl_int rounds;        /* bound of one wait, in loop iterations */
    double load;          /* how much longer waits must be on the host's load now (iwg_host_load) */
    double load_max;      /* the largest of those this probe used, and the load it was for */
    double load_max_per_core;
    int calibrating;      /* timing a wait: no stretching by the load */
    double deadline;      /* monotonic time after which the search stops */
} iwg_state;

/* A problem that is not an OpenCL call failing (the probe file is wrong). */
static clc_verdict record_problem(clc_record *rec, const char *detail)
{
    record_set_detail(rec, detail);
    return CLC_VERDICT_ERROR;
}

/* Joins the harness's options and the probe's own (build_options_compose:
 * a probe's own -cl-std= replaces the harness's); with wg > 0, defines
 * IWG_WG, which the probe's kernels turn into reqd_work_group_size(wg,1,1).
 * Caller frees. */
static char *build_options(const clc_clenv *env, const clc_probe *p, size_t wg, const char *more)
{
    const char *extra = p->options ? p->options : "";
    size_t len = strlen(env->base_options ? env->base_options : "") + strlen(extra) + (more ? strlen(more) : 0) + 64;
    char *own = malloc(len), *opts = malloc(len);
    if (own && opts) {
        int n = snprintf(own, len, "%s%s%s", extra, more ? " " : "", more ? more : "");
        if (wg && n >= 0)
            snprintf(own + n, len - (size_t)n, " -DIWG_WG=%zu", wg);
        if (build_options_compose(env->base_options, own, opts, len) != 0) {
            free(opts);
            opts = NULL;
        }
    }
    free(own);
    return opts;
}

static void add_build_log(iwg_state *s)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(s->program, s->env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS ||
        size == 0)
        return;
    char *log = malloc(size + 1);
    if (!log)
        return;
    if (clGetProgramBuildInfo(s->program, s->env->device, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS) {
        log[size] = '\0';
        record_put_text(s->rec, "build_log", log);
    }
    free(log);
}

/* The most groups the limit search tries. */
static size_t iwg_cap(const clc_clenv *env)
{
    size_t cap = (size_t)env->max_compute_units * IWG_CAP_PER_CU;
    return cap < IWG_CAP_MIN ? IWG_CAP_MIN : cap;
}

/* Kernel `name` of the probe's program: the cache's, or the probe's
 * own when the program is not kept. */
static cl_kernel iwg_kernel(iwg_state *s, const char *name, cl_int *err)
{
    return s->cached ? iwg_cache_kernel(s->cached, name, err) : clCreateKernel(s->program, name, err);
}

/* Builds the probe's source and creates the kernels the plan needs; with
 * wg > 0, the kernels require that work-group size (see iwg_prepare). */
static int iwg_build(iwg_state *s, const clc_probe *p, int want_spin_flag, size_t wg, const char *more)
{
    const char *src = p->source;
    cl_int err;
    int rc = -1;
    /* The sync kernels compile only where asked for (IWG_SYNC). */
    char with_sync[128];
    if (s->sync_name[0]) {
        snprintf(with_sync, sizeof with_sync, "-DIWG_SYNC%s%s", more ? " " : "", more ? more : "");
        more = with_sync;
    }
    char *opts = build_options(s->env, p, wg, more);
    if (!opts)
        goto out;

    s->cached = iwg_cache_find(s->env->context, src, opts);
    if (s->cached) {
        s->program = iwg_cache_program(s->cached);
    } else {
        s->program = clCreateProgramWithSource(s->env->context, 1, &src, NULL, &err);
        if (err != CL_SUCCESS) {
            record_set_cl_error(s->rec, "clCreateProgramWithSource", err);
            goto out;
        }
        double t_build = proc_now();
        err = clBuildProgram(s->program, 1, &s->env->device, opts, NULL, NULL);
        trace_span("iwg build", "measure_step", t_build, proc_now(), opts);
        if (err != CL_SUCCESS) {
            record_set_cl_error(s->rec, "clBuildProgram", err);
            add_build_log(s);
            goto out;
        }
        s->cached = iwg_cache_keep(s->env->context, src, opts, s->program);
    }
    s->resident = iwg_kernel(s, IWG_KERNEL_RESIDENT, &err);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clCreateKernel", err);
        goto out;
    }
    if (want_spin_flag) {
        s->spin_flag = iwg_kernel(s, IWG_KERNEL_SPIN_FLAG, &err);
        if (err != CL_SUCCESS) {
            record_set_cl_error(s->rec, "clCreateKernel", err);
            goto out;
        }
        /* Optional: a source without it runs every rule unbounded. */
        s->spin_bounded = iwg_kernel(s, IWG_KERNEL_SPIN_FLAG_BOUNDED, &err);
        if (err != CL_SUCCESS)
            s->spin_bounded = NULL;
    }
    if (s->sync_name[0]) {
        s->sync = iwg_kernel(s, s->sync_name, &err);
        if (err != CL_SUCCESS) {
            record_set_cl_error(s->rec, "clCreateKernel", err);
            goto out;
        }
    }
    s->counters_ints = IWG_FLAG_BASE + iwg_cap(s->env) * IWG_FLAG_STRIDE;
    s->counters = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE, s->counters_ints * sizeof(cl_int), NULL, &err);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clCreateBuffer", err);
        goto out;
    }
    rc = 0;
out:
    free(opts);
    return rc;
}

static void iwg_release(iwg_state *s)
{
    if (s->counters)
        clReleaseMemObject(s->counters);
    if (s->cached) {
        s->cached = NULL; /* the program and kernels stay in the cache */
        return;
    }
    if (s->spin_flag)
        clReleaseKernel(s->spin_flag);
    if (s->spin_bounded)
        clReleaseKernel(s->spin_bounded);
    if (s->sync)
        clReleaseKernel(s->sync);
    if (s->resident)
        clReleaseKernel(s->resident);
    if (s->program)
        clReleaseProgram(s->program);
}

static int kernel_wg_size(iwg_state *s, cl_kernel k, size_t *out)
{
    cl_int err = clGetKernelWorkGroupInfo(k, s->env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof *out, out, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clGetKernelWorkGroupInfo", err);
        return -1;
    }
    return 0;
}

/* The work-group size: the request (0: the device maximum), clamped to what
 * the device and every kernel of the plan accept. Records the choice. */
static int iwg_pick_wg(iwg_state *s, size_t request, cJSON *obj)
{
    size_t item_sizes[16] = {0}, k_res = 0, k_flag = 0, k_sync = 0;
    cl_int err = clGetDeviceInfo(s->env->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof item_sizes, item_sizes, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clGetDeviceInfo", err);
        return -1;
    }
    if (kernel_wg_size(s, s->resident, &k_res) != 0)
        return -1;
    if (s->spin_flag && kernel_wg_size(s, s->spin_flag, &k_flag) != 0)
        return -1;
    if (s->sync && kernel_wg_size(s, s->sync, &k_sync) != 0)
        return -1;
    if (k_sync && (!k_flag || k_sync < k_flag))
        k_flag = k_sync; /* the smaller of the other kernels' limits */

    size_t limit = s->env->max_work_group_size;
    if (item_sizes[0] && item_sizes[0] < limit)
        limit = item_sizes[0];
    size_t kernel_limit = k_flag && k_flag < k_res ? k_flag : k_res;
    if (kernel_limit && kernel_limit < limit)
        limit = kernel_limit;
    if (limit == 0)
        limit = 1;
    s->wg = request && request < limit ? request : limit;

    if (request)
        cJSON_AddNumberToObject(obj, "work_group_size_requested", (double)request);
    else
        cJSON_AddStringToObject(obj, "work_group_size_requested", "max");
    cJSON_AddNumberToObject(obj, "work_group_size", (double)s->wg);
    cJSON_AddBoolToObject(obj, "work_group_size_clamped",
                          request ? s->wg < request : s->wg < s->env->max_work_group_size);
    cJSON_AddNumberToObject(obj, "device_max_work_group_size", (double)s->env->max_work_group_size);
    cJSON_AddNumberToObject(obj, "device_max_work_item_size_0", (double)item_sizes[0]);
    cJSON_AddNumberToObject(obj, "kernel_work_group_size", (double)kernel_limit);
    cJSON_AddNumberToObject(obj, "max_compute_units", (double)s->env->max_compute_units);
    return 0;
}

/* The largest 1-D work-group the device takes, whatever the kernel. */
static size_t device_wg_limit(iwg_state *s)
{
    size_t item_sizes[16] = {0};
    size_t limit = s->env->max_work_group_size;
    if (clGetDeviceInfo(s->env->device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof item_sizes, item_sizes, NULL) ==
            CL_SUCCESS &&
        item_sizes[0] && item_sizes[0] < limit)
        limit = item_sizes[0];
    return limit ? limit : 1;
}

/* Builds the kernels and picks the work-group size. A kernel's own limit
 * (CL_KERNEL_WORK_GROUP_SIZE) can be below the device's when the compiler
 * gives each work-item many registers (NVIDIA: 1024 per group needs at
 * most 64 per thread); reqd_work_group_size tells it the size in advance,
 * so it fits the kernel to it. So the kernels are first built for the size
 * wanted; only if the kernel still cannot take it are they built without
 * the attribute and the size clamped to the kernel's limit (recorded as
 * work_group_size_clamped). */
static int iwg_prepare(iwg_state *s, const clc_probe *p, int spin_flag, size_t request, cJSON *obj)
{
    size_t dev = device_wg_limit(s);
    size_t want = request && request < dev ? request : dev;
    clc_record tmp_rec; /* failures of the attempt are not the probe's */
    record_init(&tmp_rec);
    clc_record *real_rec = s->rec;
    s->rec = &tmp_rec;
    /* NVIDIA reports 256 for these kernels even with the attribute: their
     * registers do not fit 1,024 threads. Its compiler takes a register cap
     * (cl_nv_compiler_options); a second attempt with the cap that lets the
     * size fit (65,536 registers per multiprocessor / size) is recorded as
     * register_cap. A driver that rejects the option just fails this try. */
    char cap[64] = "";
    int fits = 0;
    for (int attempt = 0; attempt < 2 && !fits; attempt++) {
        if (attempt == 1) {
            if (want <= 256)
                break;
            iwg_release(s);
            s->program = NULL;
            s->resident = s->spin_flag = s->spin_bounded = s->sync = NULL;
            s->counters = NULL;
            snprintf(cap, sizeof cap, "-cl-nv-maxrregcount=%zu", 65536 / want < 16 ? (size_t)16 : 65536 / want);
        }
        fits = iwg_build(s, p, spin_flag, want, cap[0] ? cap : NULL) == 0;
        if (fits) {
            size_t k_res = 0, k_flag = 0;
            size_t k_sync = 0;
            fits = kernel_wg_size(s, s->resident, &k_res) == 0 && k_res >= want &&
                   (!s->spin_flag || (kernel_wg_size(s, s->spin_flag, &k_flag) == 0 && k_flag >= want)) &&
                   (!s->sync || (kernel_wg_size(s, s->sync, &k_sync) == 0 && k_sync >= want));
        }
    }
    s->rec = real_rec;
    record_clear(&tmp_rec);
    if (!fits) {
        iwg_release(s);
        s->program = NULL;
        s->resident = s->spin_flag = s->spin_bounded = s->sync = NULL;
        s->counters = NULL;
        cap[0] = '\0';
        if (iwg_build(s, p, spin_flag, 0, NULL) != 0)
            return -1;
    }
    cJSON_AddBoolToObject(obj, "reqd_work_group_size", fits);
    if (cap[0])
        cJSON_AddStringToObject(obj, "register_cap", cap);
    return iwg_pick_wg(s, request, obj);
}

/* Stretches the probe's waits to the host's load now (host_load.h): a
 * wait that says a group is not running must outlast the time a runnable
 * thread of the driver may wait for a core, IWG_SCHED_SLICE_MS for each
 * thread runnable on a core. */
static void iwg_host_load(iwg_state *s)
{
    double per_core = host_load_runnable_per_core();
    s->load = host_load_wait_factor(per_core, IWG_SCHED_SLICE_MS, IWG_SPIN_TARGET_S * 1e3);
    if (s->load > s->load_max || s->load_max == 0) {
        s->load_max = s->load;
        s->load_max_per_core = per_core;
    }
}

/* One launch of k over `groups` work-groups: counters zeroed, arguments
 * (counters, args...) set, run to completion, counters read back. */
static int iwg_launch(iwg_state *s, cl_kernel k, size_t groups, const cl_int *args, cl_uint n_args,
                      cl_int counters[IWG_COUNTERS], double *secs)
{
    cl_int zero = 0;
    size_t ints = IWG_FLAG_BASE + groups * IWG_FLAG_STRIDE;
    if (ints > s->counters_ints)
        ints = s->counters_ints;
    cl_int err = clEnqueueFillBuffer(s->env->queue, s->counters, &zero, sizeof zero, 0, ints * sizeof zero, 0, NULL,
                                     NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clEnqueueFillBuffer", err);
        return -1;
    }
    err = clSetKernelArg(k, 0, sizeof s->counters, &s->counters);
    for (cl_uint i = 0; err == CL_SUCCESS && i < n_args; i++)
        err = clSetKernelArg(k, i + 1, sizeof args[i], &args[i]);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clSetKernelArg", err);
        return -1;
    }
    size_t global = groups * s->wg, local = s->wg;
    double t0 = proc_now();
    err = clEnqueueNDRangeKernel(s->env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clEnqueueNDRangeKernel", err);
        return -1;
    }
    err = clFinish(s->env->queue);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clFinish", err);
        return -1;
    }
    *secs = proc_now() - t0;
    err = clEnqueueReadBuffer(s->env->queue, s->counters, CL_TRUE, 0, IWG_COUNTERS * sizeof(cl_int), counters, 0,
                              NULL, NULL);
    if (err != CL_SUCCESS) {
        record_set_cl_error(s->rec, "clEnqueueReadBuffer", err);
        return -1;
    }
    return 0;
}

static cl_int clamp_rounds(double want)
{
    if (want < IWG_ROUNDS_MIN)
        return IWG_ROUNDS_MIN;
    if (want > IWG_ROUNDS_MAX)
        return IWG_ROUNDS_MAX;
    return (cl_int)want;
}

/* Whether k has not yet run with `groups` groups at this probe's
 * work-group size in this worker: its first launch is the one that may
 * generate code (or set up the driver's threads). */
static int iwg_first_use(iwg_state *s, cl_kernel k, size_t groups)
{
    return !s->cached || iwg_cache_first_use(s->cached, k, s->wg, groups);
}

/* One launch of the bounded-wait kernel: `groups` groups each announce
 * themselves and wait (at most s->rounds iterations) for `target` arrivals.
 * *all_saw: every group saw the target reached while it waited. */
static int iwg_resident_launch(iwg_state *s, size_t groups, size_t target, int *all_saw, double *secs)
{
    if (!s->calibrating)
        iwg_host_load(s);
    double rounds = (double)s->rounds * (s->calibrating ? 1 : s->load);
    if (groups > IWG_WAIT_SCALE_FROM)
        rounds = rounds * IWG_WAIT_SCALE_FROM / (double)groups;
    cl_int args[2] = {(cl_int)target, clamp_rounds(rounds)}, c[IWG_COUNTERS];
    if (iwg_launch(s, s->resident, groups, args, 2, c, secs) != 0)
        return -1;
    *all_saw = c[1] == (cl_int)groups;
    return 0;
}

/* How long one fruitless wait of `rounds` lasts: a lone group waits for a
 * second one that never comes. */
static int iwg_time_wait(iwg_state *s, cl_int rounds, double *secs)
{
    int saw;
    s->rounds = rounds;
    s->calibrating = 1; /* the rounds asked for, not stretched by the load */
    int rc = iwg_resident_launch(s, 1, 2, &saw, secs);
    s->calibrating = 0;
    return rc;
}


/* Records the calibrated wait (iwg_calibrate) in obj. */
static void iwg_record_wait(const iwg_state *s, cJSON *obj, double t, const char *source)
{
    cJSON_AddNumberToObject(obj, "wait_rounds", s->rounds);
    cJSON_AddNumberToObject(obj, "wait_target_ms", IWG_SPIN_TARGET_S * 1e3);
    cJSON_AddNumberToObject(obj, "wait_ms", t * 1e3);
    cJSON_AddNumberToObject(obj, "wait_scaled_above_groups", IWG_WAIT_SCALE_FROM);
    cJSON_AddBoolToObject(obj, "wait_cut_short", t < IWG_SPIN_TARGET_S * IWG_SHORT_WAIT_SHARE);
    if (source)
        cJSON_AddStringToObject(obj, "wait_source", source);
}

/* What this worker remembers of `what` at this work-group size (the key
 * "iwg_WHAT_wgN" of its memo, written into key): the item, or NULL. */
static const cJSON *memo_at(const iwg_state *s, const char *what, char *key, size_t len)
{
    snprintf(key, len, "iwg_%s_wg%zu", what, s->wg);
    return s->env->memo ? cJSON_GetObjectItemCaseSensitive(s->env->memo, key) : NULL;
}

/* Chooses s->rounds so that one fruitless wait lasts about IWG_SPIN_TARGET_S
 * on this device (before the host's load stretches it), and records it. */
static int iwg_calibrate_steps(iwg_state *s, cJSON *obj)
{
    int saw;
    double t = 0;
    /* A wait this worker calibrated for this size already is reused: the
     * same source and options give the same kernel, and a calibration times
     * several waits of the target's length. */
    char key_r[64], key_t[64];
    const cJSON *mr = memo_at(s, "wait_rounds", key_r, sizeof key_r), *mt = memo_at(s, "wait_ms", key_t, sizeof key_t);
    size_t memo_rounds;
    if (json_num_size(mr, key_r, 1, IWG_ROUNDS_MAX, &memo_rounds, NULL, 0) == 0 && cJSON_IsNumber(mt)) {
        s->rounds = (cl_int)memo_rounds;
        iwg_record_wait(s, obj, mt->valuedouble / 1e3, "calibrated by an earlier probe in this worker");
        return 0;
    }
    /* The first launch generates the kernel's code on some drivers: done
     * here, outside every timed wait. */
    s->rounds = 1;
    if (iwg_first_use(s, s->resident, 1) && iwg_resident_launch(s, 1, 1, &saw, &t) != 0)
        return -1;
    /* The loop's speed: the fastest of a few timed waits of about the
     * target's length (the scheduler can only stretch one; a short one
     * would be mostly the launch's own cost). One timed wait, as before,
     * took the load of its moment for the loop's speed: beside sixteen busy
     * processes Oclgrind's rounds came out 43 to 783 for the same loop,
     * and the shortest found 1 group resident of its 2. A wait calibrated
     * at another work-group size in this worker is the first guess and a
     * floor (one round is the same loop of one work-item whatever the
     * group's size; a slower sample is as likely the load as the size, and
     * a longer wait only costs time): one sample confirms it, where 0.2 to
     * 0.3 s of growing and rescaling went to each size on PoCL 3.1. */
    const cJSON *guess = s->env->memo ? cJSON_GetObjectItemCaseSensitive(s->env->memo, IWG_LAST_ROUNDS_KEY) : NULL;
    size_t guess_rounds = 0;
    double target = IWG_SPIN_TARGET_S;
    cl_int rounds = IWG_ROUNDS_MIN;
    int guessed = json_num_size(guess, IWG_LAST_ROUNDS_KEY, 1, IWG_ROUNDS_MAX, &guess_rounds, NULL, 0) == 0;
    if (guessed) {
        rounds = (cl_int)guess_rounds;
        cJSON_AddNumberToObject(obj, "wait_guess_rounds", (double)guess_rounds);
    } else {
        for (;;) {
            if (iwg_time_wait(s, rounds, &t) != 0)
                return -1;
            if (t >= IWG_CALIBRATE_MIN_S || rounds > IWG_ROUNDS_MAX / 8)
                break;
            rounds *= 8;
        }
        rounds = clamp_rounds(t > 1e-6 ? (double)rounds * target / t : IWG_ROUNDS_MAX);
    }
    /* Samples count once they last at least half the target; a shorter one
     * rescales (a loop faster than guessed, or the growth's estimate). */
    double best_t = 0;    /* the fastest sample (most rounds a second): its time and rounds */
    cl_int best_r = 0;
    int samples = 0, want_samples = guessed ? 1 : IWG_CALIBRATE_SAMPLES;
    for (int step = 0; step < IWG_CALIBRATE_SAMPLES + IWG_CALIBRATE_RESCALES && samples < want_samples; step++) {
        if (iwg_time_wait(s, rounds, &t) != 0)
            return -1;
        double rate = (double)rounds / (t > 1e-6 ? t : 1e-6);
        if (best_r == 0 || rate > (double)best_r / best_t) {
            best_r = rounds;
            best_t = t > 1e-6 ? t : 1e-6;
        }
        if (t >= target / 2) {
            samples++;
        } else {
            cl_int next = clamp_rounds(rate * target);
            if (next == rounds)
                break; /* at the bound, or the driver cuts the loop (wait_cut_short) */
            rounds = next;
            if (guessed)
                want_samples = IWG_CALIBRATE_SAMPLES;
        }
    }
    cJSON_AddNumberToObject(obj, "wait_samples", samples);
    if (samples == 0) {
        /* No wait reached half the target: the driver ends the loop early,
         * or the rounds are at their bound. The longest wait it allows is
         * the wait (wait_cut_short says when it is far too short). */
        s->rounds = rounds;
    } else {
        s->rounds = (cl_int)measure_wait_rounds(best_r, best_t, target, guessed ? (long)guess_rounds : 0,
                                                IWG_ROUNDS_MIN, IWG_ROUNDS_MAX);
        t = best_t * (double)s->rounds / (double)best_r; /* the wait the fastest sample predicts */
    }
    iwg_record_wait(s, obj, t, NULL);
    if (s->env->memo) {
        cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, key_r);
        cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, key_t);
        cJSON_AddNumberToObject(s->env->memo, key_r, (double)s->rounds);
        cJSON_AddNumberToObject(s->env->memo, key_t, t * 1e3);
        cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, IWG_LAST_ROUNDS_KEY);
        cJSON_AddNumberToObject(s->env->memo, IWG_LAST_ROUNDS_KEY, (double)s->rounds);
    }
    return 0;
}

static int iwg_calibrate(iwg_state *s, cJSON *obj)
{
    double t0 = proc_now();
    int rc = iwg_calibrate_steps(s, obj);
    trace_span("iwg calibrate", "measure_step", t0, proc_now(), NULL);
    return rc;
}

/* The search predicate: are n groups all resident at once? */
static measure_pred_answer iwg_pred_resident(void *ctx, size_t n)
{
    iwg_state *s = ctx;
    int all_saw;
    double t;
    if (proc_now() > s->deadline)
        return MEASURE_PRED_STOP;
    if (iwg_resident_launch(s, n, n, &all_saw, &t) != 0)
        return MEASURE_PRED_ERROR;
    return all_saw ? MEASURE_PRED_TRUE : MEASURE_PRED_FALSE;
}

/* Whether the resident limit is L: L groups all resident and L + 1 not
 * (two launches; the second only when the first holds). 1 or 0, or -1 when
 * a launch failed (recorded). */
static int iwg_limit_is(iwg_state *s, size_t limit)
{
    int at, above;
    double t;
    if (iwg_resident_launch(s, limit, limit, &at, &t) != 0)
        return -1;
    if (!at)
        return 0;
    if (iwg_resident_launch(s, limit + 1, limit + 1, &above, &t) != 0)
        return -1;
    return !above;
}

/* The last limit this worker found, at any work-group size: the first
 * thing a search at the next size checks (iwg_search_from_hint). */
#define IWG_LAST_LIMIT_KEY "iwg_resident_last_limit"

/* A search that starts where the last one (at another size) ended: L groups
 * all resident and L + 1 not is the limit L, as the full search would find
 * it under the same premise (every count below one that holds holds too),
 * in two launches instead of 20-26. NVIDIA keeps 4,224 groups of 1 and of
 * 64 resident, 1,056 of 256 and of its widest; PoCL 5 keeps 16 of every
 * size: each full search took 0.27 s on the H100 and 0.7-1.0 s on PoCL 5,
 * of measurements that run alone. A hint that fails costs those two
 * launches and the full search runs. Returns 1 when the hint was the
 * limit (r filled), else 0. */
static int iwg_search_from_hint(iwg_state *s, size_t cap, cJSON *obj, measure_search_result *r)
{
    const cJSON *h = s->env->memo ? cJSON_GetObjectItemCaseSensitive(s->env->memo, IWG_LAST_LIMIT_KEY) : NULL;
    size_t hint;
    if (json_num_size(h, IWG_LAST_LIMIT_KEY, 1, SIZE_MAX, &hint, NULL, 0) != 0 || hint >= cap ||
        proc_now() > s->deadline)
        return 0;
    cJSON_AddNumberToObject(obj, "search_hint", (double)hint);
    int held = iwg_limit_is(s, hint) == 1;
    cJSON_AddBoolToObject(obj, "search_hint_held", held);
    if (!held)
        return 0;
    *r = (measure_search_result){hint, hint + 1, 2, 0, 0};
    return 1;
}

/* Measures the resident limit at s->wg and records it. */
static int iwg_measure_limit(iwg_state *s, cJSON *obj, size_t *limit)
{
    double t0 = proc_now();
    /* A limit this worker measured for this size already is reused: the
     * spin-flag probes would otherwise repeat the resident probe's search. */
    char key[64];
    snprintf(key, sizeof key, "iwg_resident_limit_wg%zu", s->wg);
    const cJSON *memo = s->env->memo ? cJSON_GetObjectItemCaseSensitive(s->env->memo, key) : NULL;
    if (json_num_size(memo, key, 0, SIZE_MAX, limit, NULL, 0) == 0) {
        cJSON_AddNumberToObject(obj, "resident_limit", (double)*limit);
        cJSON_AddStringToObject(obj, "resident_limit_source", "measured by an earlier probe in this worker");
        return 0;
    }
    if (iwg_calibrate(s, obj) != 0)
        return -1;
    size_t cap = iwg_cap(s->env);
    measure_search_result r;
    double t_search = proc_now();
    int rc = iwg_search_from_hint(s, cap, obj, &r) ? 0 : measure_search_limit(iwg_pred_resident, s, cap, &r);
    trace_span("iwg search", "measure_step", t_search, proc_now(), NULL);
    cJSON_AddNumberToObject(obj, "resident_limit", (double)r.limit);
    cJSON_AddNumberToObject(obj, "first_non_resident", (double)r.first_fail);
    cJSON_AddNumberToObject(obj, "launches", (double)r.launches);
    cJSON_AddNumberToObject(obj, "search_cap", (double)cap);
    cJSON_AddBoolToObject(obj, "capped", r.capped);
    cJSON_AddBoolToObject(obj, "search_stopped_by_time", r.stopped);
    cJSON_AddNumberToObject(obj, "search_ms", (proc_now() - t0) * 1e3);
    *limit = r.limit;
    if (rc == 0 && !r.stopped && s->env->memo) {
        cJSON_AddNumberToObject(s->env->memo, key, (double)r.limit);
        cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, IWG_LAST_LIMIT_KEY);
        cJSON_AddNumberToObject(s->env->memo, IWG_LAST_LIMIT_KEY, (double)r.limit);
    }
    return rc;
}

/* The resident measurement is repeated: a device shared with other work
 * (time-slicing) can over-count, as six H100 runs of 256-wide groups gave
 * 1,056 to 1,980 where the hardware holds 1,056. The limit reported is the
 * smallest, the one every run reached; the spread says whether they agree. */
#define IWG_RESIDENT_RUNS 3

/* A repeat first checks the last limit L from both sides: L groups all
 * resident, L + 1 not (two launches, one bounded wait). Only when that
 * disagrees is the whole search run again. Returns 0 with *limit, or -1. */
static int iwg_confirm_limit_steps(iwg_state *s, size_t last, cJSON *obj, size_t *limit)
{
    if (last == 0 || proc_now() > s->deadline)
        return iwg_measure_limit(s, obj, limit);
    int is = iwg_limit_is(s, last);
    if (is < 0)
        return -1;
    if (is) {
        *limit = last;
        return 0;
    }
    return iwg_measure_limit(s, obj, limit);
}

static int iwg_confirm_limit(iwg_state *s, size_t last, cJSON *obj, size_t *limit)
{
    double t0 = proc_now();
    int rc = iwg_confirm_limit_steps(s, last, obj, limit);
    trace_span("iwg confirm", "measure_step", t0, proc_now(), NULL);
    return rc;
}

static clc_verdict iwg_run_resident(iwg_state *s, cJSON *obj)
{
    size_t limits[IWG_RESIDENT_RUNS], n = 0, limit = 0;
    char key[64];
    snprintf(key, sizeof key, "iwg_resident_limit_wg%zu", s->wg);
    for (size_t k = 0; k < IWG_RESIDENT_RUNS; k++) {
        if (s->env->memo)
            cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, key);
        cJSON *again = k == 0 ? obj : cJSON_CreateObject();
        int rc = k == 0 ? iwg_measure_limit(s, again, &limits[n])
                        : iwg_confirm_limit(s, limits[n - 1], again, &limits[n]);
        int stopped = cJSON_IsTrue(cJSON_GetObjectItem(again, "search_stopped_by_time"));
        if (k > 0)
            cJSON_Delete(again);
        if (rc != 0) {
            if (k == 0)
                return CLC_VERDICT_ERROR;
            break;
        }
        if (k > 0 && stopped)
            break; /* out of time: the runs so far stand */
        limit = n == 0 || limits[n] < limit ? limits[n] : limit;
        n++;
    }
    size_t hi = limit;
    cJSON *arr = cJSON_AddArrayToObject(obj, "resident_limits");
    for (size_t k = 0; k < n; k++) {
        cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)limits[k]));
        hi = limits[k] > hi ? limits[k] : hi;
    }
    cJSON_ReplaceItemInObjectCaseSensitive(obj, "resident_limit", cJSON_CreateNumber((double)limit));
    cJSON_AddNumberToObject(obj, "resident_limit_spread", (double)(hi - limit));
    cJSON_AddBoolToObject(obj, "runs_agree", hi == limit);
    if (s->env->memo) {
        cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, key);
        cJSON_AddNumberToObject(s->env->memo, key, (double)limit);
    }
    char detail[240];
    snprintf(detail, sizeof detail, "%zu work-groups of %zu resident at once (%u compute units)%s%s", limit, s->wg,
             (unsigned)s->env->max_compute_units,
             cJSON_IsTrue(cJSON_GetObjectItem(obj, "search_stopped_by_time")) ? "; search stopped by time" : "",
             hi != limit ? "; the runs disagree (see resident_limits): the smallest is reported" : "");
    record_set_detail(s->rec, detail);
    return CLC_VERDICT_INFO;
}

/* The classic pattern at the plan's count: groups 0..G-2 spin without bound
 * until group G-1 sets a flag. If it hangs, this call never returns. */
/* The timed part begins (clenv.h). */
static void iwg_started(iwg_state *s)
{
    if (s->env->measure_started)
        s->env->measure_started(s->env->measure_ctx);
}

/* A launch of one group: the spinner-free case, which ends at once. It
 * makes the driver generate the kernel's code (PoCL, rusticl and NVIDIA do
 * so at a kernel's first launch) before the timed launch. With `groups`
 * > 1 (the bounded kernel only, with resident groups only), spinners wait
 * one round: the first launch that reaches that many of a CPU driver's
 * threads at this size. PoCL 5's first 16 groups of 4,096 work-items took
 * 121 ms where every later run took 4 ms, and the bounds after it, ten
 * times the longest completed run, made two runs that gave up wait a
 * second each. */
static int iwg_warm(iwg_state *s, cl_kernel k, int bounded, size_t groups)
{
    if (!bounded)
        groups = 1;
    cl_int args[2] = {(cl_int)groups, 1}, c[IWG_COUNTERS];
    double t;
    if (!iwg_first_use(s, k, groups))
        return 0;
    return iwg_launch(s, k, groups, args, bounded ? 2 : 1, c, &t);
}

/* The longest completed spin-flag run at this work-group size (ms), kept
 * in the worker's memo as "spin_completed_ms". */
static void remember_completion(iwg_state *s, double secs)
{
    char key[64];
    const cJSON *had = memo_at(s, "spin_completed_ms", key, sizeof key);
    if (!s->env->memo || (cJSON_IsNumber(had) && had->valuedouble >= secs * 1e3))
        return;
    cJSON_DeleteItemFromObjectCaseSensitive(s->env->memo, key);
    cJSON_AddNumberToObject(s->env->memo, key, secs * 1e3);
}

/* A bounded spinner's bound, in calibrated waits (IWG_SPIN_BOUND_WAITS and
 * after), recorded in obj. */
static double spin_bound_waits(iwg_state *s, cJSON *obj)
{
    char key[64], wkey[64];
    const cJSON *done = memo_at(s, "spin_completed_ms", key, sizeof key),
                *wait_ms = memo_at(s, "wait_ms", wkey, sizeof wkey); /* the calibrated wait (iwg_calibrate) */
    double waits = IWG_SPIN_BOUND_WAITS;
    if (cJSON_IsNumber(done) && cJSON_IsNumber(wait_ms) && wait_ms->valuedouble > 0) {
        double want = IWG_SPIN_BOUND_MARGIN * done->valuedouble / wait_ms->valuedouble;
        waits = want < IWG_SPIN_BOUND_MIN_WAITS ? IWG_SPIN_BOUND_MIN_WAITS
                : want > IWG_SPIN_BOUND_WAITS   ? IWG_SPIN_BOUND_WAITS
                                                : want;
        cJSON_AddNumberToObject(obj, "spin_bound_completed_ms", done->valuedouble);
    }
    cJSON_AddNumberToObject(obj, "spin_bound_waits", waits);
    return waits;
}

static clc_verdict iwg_run_spin_flag(iwg_state *s, const measure_plan *plan, cJSON *obj)
{
    size_t limit = 0;
    if ((plan->rule == MEASURE_COUNT_AT_LIMIT || plan->rule == MEASURE_COUNT_ABOVE_LIMIT ||
         plan->rule == MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED) &&
        iwg_measure_limit(s, obj, &limit) != 0)
        return CLC_VERDICT_ERROR;
    size_t groups = measure_plan_groups(plan->rule, limit, s->env->max_compute_units);
    cJSON_AddStringToObject(obj, "rule", measure_plan_rule_name(plan->rule));
    cJSON_AddNumberToObject(obj, "groups", (double)groups);
    cJSON_AddNumberToObject(obj, "spinning_groups", (double)(groups - 1));
    /* Every rule bounds each wait, so a would-be deadlock costs about a
     * second, not the watchdog and a worker; above_limit_unbounded is the
     * classic pattern, run once per device (probes/execution-model/
     * iwg.probe) to show that giving up there stands for a real deadlock:
     * one deliberate deadlock and killed context per device, not one per
     * work-group size (docs/measurements.md). */
    int bounded = s->spin_bounded && plan->rule != MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED;
    cJSON_AddBoolToObject(obj, "bounded", bounded);
    cl_int c[IWG_COUNTERS];
    double t;
    if (bounded) {
        if (s->rounds <= 0 && iwg_calibrate(s, obj) != 0)
            return CLC_VERDICT_ERROR;
        iwg_host_load(s);
        double r = (double)s->rounds * spin_bound_waits(s, obj) * s->load;
        if (groups > IWG_WAIT_SCALE_FROM)
            r = r * IWG_WAIT_SCALE_FROM / (double)groups;
        cl_int args[2] = {(cl_int)groups, clamp_rounds(r)};
        cJSON_AddNumberToObject(obj, "spin_bound_rounds", args[1]);
        if (iwg_warm(s, s->spin_bounded, 1, 1) != 0 ||
            (limit > 1 && iwg_warm(s, s->spin_bounded, 1, groups < limit ? groups : limit) != 0))
            return CLC_VERDICT_ERROR;
        iwg_started(s);
        if (iwg_launch(s, s->spin_bounded, groups, args, 2, c, &t) != 0)
            return CLC_VERDICT_ERROR;
    } else {
        cl_int args[1] = {(cl_int)groups};
        if (iwg_warm(s, s->spin_flag, 0, 1) != 0)
            return CLC_VERDICT_ERROR;
        iwg_started(s);
        if (iwg_launch(s, s->spin_flag, groups, args, 1, c, &t) != 0)
            return CLC_VERDICT_ERROR;
    }
    /* Every spinner must have seen the flag; one that did not left a loop
     * the driver cut short, which is not the kernel completing, or (bounded)
     * gave up waiting: the classic pattern would still be waiting there. */
    int honest = c[2] == (cl_int)(groups - 1);
    const char *outcome = honest ? "completed" : bounded && c[3] > 0 ? "gave_up" : "loop_cut_short";
    if (bounded) {
        cJSON_AddNumberToObject(obj, "spinners_gave_up", c[3]);
        cJSON_AddNumberToObject(obj, "spinners_started_after_give_up", c[4]);
    }
    if (honest)
        remember_completion(s, t);
    cJSON_AddStringToObject(obj, "outcome", outcome);
    cJSON_AddNumberToObject(obj, "started_groups", c[1]);
    cJSON_AddNumberToObject(obj, "spinners_saw_flag", c[2]);
    cJSON_AddNumberToObject(obj, "kernel_ms", t * 1e3);

    char detail[200];
    snprintf(detail, sizeof detail, "spin-flag with %zu work-groups of %zu (%s%s): %s", groups, s->wg,
             measure_plan_rule_name(plan->rule), bounded ? ", bounded waits" : "",
             honest ? "completed"
             : bounded && c[3] > 0 ? "spinners gave up waiting: the unbounded pattern would deadlock or stall here"
                                   : "the driver ended spinning loops before the flag was set");
    record_set_detail(s->rec, detail);
    return CLC_VERDICT_INFO;
}

/* What an earlier run measured at this work-group size (the remembered
 * record of the resident measurement, measure_memo.h): its limit and its
 * calibrated wait. A warm run takes the resident probes from the cache and
 * so never measures them in this worker. 0 when there is none. */
static int history_limit(const iwg_state *s, size_t *limit, cl_int *rounds)
{
    char name[64];
    snprintf(name, sizeof name, "iwg_resident_wg%zu", s->wg);
    const cJSON *e;
    cJSON_ArrayForEach(e, s->env->measure_history) {
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(e, "record"), "measure");
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(m, "name");
        const cJSON *wg = cJSON_GetObjectItemCaseSensitive(m, "work_group_size");
        size_t l, r;
        if (!cJSON_IsString(n) || strcmp(n->valuestring, name) != 0 || !cJSON_IsNumber(wg) ||
            wg->valuedouble != (double)s->wg)
            continue;
        const cJSON *ml = cJSON_GetObjectItemCaseSensitive(m, "resident_limit");
        const cJSON *mr = cJSON_GetObjectItemCaseSensitive(m, "wait_rounds");
        if (json_num_size(ml, "resident_limit", 1, SIZE_MAX, &l, NULL, 0) != 0 ||
            json_num_size(mr, "wait_rounds", 1, IWG_ROUNDS_MAX, &r, NULL, 0) != 0)
            return 0;
        *limit = l;
        *rounds = (cl_int)r;
        return 1;
    }
    return 0;
}

/* One sync method with exactly the groups resident at s->wg: the limit
 * this worker measured, or an earlier run remembered, or else measured
 * here. */
static clc_verdict iwg_run_sync(iwg_state *s, const measure_plan *plan, cJSON *obj)
{
    char key[64];
    size_t limit = 0;
    const cJSON *had = memo_at(s, "resident_limit", key, sizeof key);
    cl_int hist_rounds = 0;
    if (!cJSON_IsNumber(had) && history_limit(s, &limit, &hist_rounds)) {
        s->rounds = hist_rounds;
        cJSON_AddNumberToObject(obj, "resident_limit", (double)limit);
        cJSON_AddStringToObject(obj, "resident_limit_source", "remembered from an earlier run (iwg_resident)");
    } else {
        if (iwg_measure_limit(s, obj, &limit) != 0)
            return CLC_VERDICT_ERROR;
        if (s->rounds <= 0 && iwg_calibrate(s, obj) != 0)
            return CLC_VERDICT_ERROR;
    }
    if (limit == 0) {
        record_set_detail(s->rec, "no work-group count was found resident: nothing to run the method with");
        return CLC_VERDICT_SKIP;
    }
    /* A wait may last IWG_SPIN_BOUND_WAITS calibrated waits (about a
     * second, longer on a busy host) before it gives up. A barrier's wait
     * is one round's arrivals, and above IWG_WAIT_SCALE_FROM groups each
     * read is slower, so its bound shrinks as in iwg_resident_launch; a
     * lock's waiter may wait for every other group's critical section, so
     * its bound does not. */
    iwg_host_load(s);
    double spin = (double)s->rounds * 32 * IWG_SPIN_BOUND_WAITS * s->load;
    if (limit > IWG_WAIT_SCALE_FROM && plan->method == MEASURE_SYNC_BARRIER)
        spin = spin * IWG_WAIT_SCALE_FROM / (double)limit;
    iwg_sync_setup setup = {s->env, s->rec, s->sync, s->wg, limit,
                            spin < 1024 ? 1024 : spin > 0x7fffffff ? 0x7fffffff : (cl_int)spin};
    return measure_iwg_sync_run(plan, &setup, obj);
}

clc_verdict measure_iwg_run(const measure_plan *plan, const clc_probe *p, const clc_clenv *env, cJSON *obj,
                            clc_record *rec)
{
    iwg_state s = {.env = env, .rec = rec};
    clc_verdict verdict = CLC_VERDICT_ERROR;
    int spin_flag = plan->family == MEASURE_IWG_SPIN_FLAG;
    if (plan->family == MEASURE_IWG_SYNC)
        measure_iwg_sync_kernel_name(plan, s.sync_name, sizeof s.sync_name);

    if (!p->source) {
        verdict = record_problem(rec, "measure probe has no 'source' with the iwg kernels");
        goto out;
    }
    double budget = p->timeout_s > 0 ? p->timeout_s * IWG_BUDGET_SHARE : IWG_BUDGET_DEFAULT_S;
    s.deadline = proc_now() + budget;
    if (iwg_prepare(&s, p, spin_flag, plan->wg_request, obj) != 0)
        goto out;
    if (plan->family == MEASURE_IWG_RESIDENT)
        iwg_started(&s); /* the searches are the measurement: timed from here */
    verdict = spin_flag                              ? iwg_run_spin_flag(&s, plan, obj)
              : plan->family == MEASURE_IWG_SYNC ? iwg_run_sync(&s, plan, obj)
                                                 : iwg_run_resident(&s, obj);
    if (s.load_max > 0) {
        cJSON_AddNumberToObject(obj, "wait_load_factor", s.load_max);
        cJSON_AddNumberToObject(obj, "host_runnable_per_core", s.load_max_per_core);
    }
out:
    iwg_release(&s);
    return verdict;
}

void measure_iwg_prepare(const measure_plan *plan, const clc_probe *p, const clc_clenv *env)
{
    /* The family's probes of one size and kind share their programs: after
     * the first, the worker's cache answers the build and the warm-ups are
     * done (iwg_first_use). */
    if (!p->source)
        return;
    clc_record scratch;
    record_init(&scratch);
    cJSON *obj = cJSON_CreateObject();
    iwg_state s = {.env = env, .rec = &scratch};
    if (plan->family == MEASURE_IWG_SYNC)
        measure_iwg_sync_kernel_name(plan, s.sync_name, sizeof s.sync_name);
    /* The programs stay in this worker's cache (measure_iwg_cache.h), and
     * each kernel's first launch at its size, a single group that ends at
     * once, makes the driver generate its code now rather than in the
     * measurement (PoCL 3.1: 50-70 ms a kernel and size). */
    if (obj && iwg_prepare(&s, p, plan->family == MEASURE_IWG_SPIN_FLAG, plan->wg_request, obj) == 0) {
        if (iwg_warm(&s, s.resident, 1, 1) == 0 && s.spin_flag && iwg_warm(&s, s.spin_flag, 0, 1) == 0 &&
            s.spin_bounded)
            iwg_warm(&s, s.spin_bounded, 1, 1);
    }
    iwg_release(&s);
    record_clear(&scratch);
    cJSON_Delete(obj);
}
