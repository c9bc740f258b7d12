/* The worker: see runner.h.
 *
 * Speed comes from building many probes per program. Probes that should build
 * are gathered into batches; each batch becomes one program in which every
 * probe is a function, and "dispatch" kernels call them by number, so a
 * compiler that generates code per kernel at first launch does so once per
 * group of probes, not once per probe. A batch that fails to build is split in
 * halves until each probe that breaks it stands alone; the others keep their
 * results. Probes expected not to build, and whole-program probes, are built
 * one program each. */
#include "runner.h"
#include "runner_internal.h"
#include "text_cap.h"
#include "trace.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch_plan.h"
#include "build_options.h"
#include "clenv.h"
#include "clerr.h"
#include "crash_memo.h"
#include "device_gate.h"
#include "devinfo.h"
#include "driver_policy.h"
#include "icd_file.h"
#include "image_mem.h"
#include "group_weight.h"
#include "json_num.h"
#include "lost_memo.h"
#include "measure.h"
#include "measure_iwg_cache.h"
#include "measure_memo.h"
#include "proc.h"
#include "record.h"
#include "ulp_judge.h"

#define DISPATCH_ARGS CLC_MAX_INPUTS

/* ---- options and requirements --------------------------------------- */


/* Returns NULL when the device meets every requirement, else a reason. */
static const char *unmet_requirement(const worker *w, const clc_probe *p, char *buf, size_t len)
{
    return devinfo_unmet_requirement(w->device, p->requires, p->n_requires, buf, len);
}

/* Does the body name one of these identifiers (a NULL-terminated list)? */
static int body_names_any(const char *body, const char *const *names)
{
    for (const char *s = body; *s;) {
        if (isalpha((unsigned char)*s) || *s == '_') {
            const char *e = s;
            while (isalnum((unsigned char)*e) || *e == '_')
                e++;
            size_t n = (size_t)(e - s);
            for (const char *const *k = names; *k; k++)
                if (strlen(*k) == n && strncmp(s, *k, n) == 0)
                    return 1;
            s = e;
        } else {
            s++;
        }
    }
    return 0;
}

/* Does the body use the `local` address space? Such variables may only be
 * declared in a kernel's own scope, so the probe cannot become a function. */
static int body_uses_local(const char *body)
{
    static const char *const names[] = {"local", "__local", NULL};
    return body_names_any(body, names);
}

/* Does the body wait at a barrier? PoCL 3.1 loses a work-item's stores
 * after the barrier of a function called from two cases of the dispatch
 * kernel's switch (barrier.same-function-in-two-switch-cases.wg64): two
 * probes that compile to the same function (atomic.xchg.int.global and
 * atomic.xchg.uint.global) failed together. Such a probe gets a kernel of
 * its own. */
static int body_calls_barrier(const char *body)
{
    static const char *const names[] = {"barrier", "work_group_barrier", "sub_group_barrier", NULL};
    return body_names_any(body, names);
}

/* ---- program text ---------------------------------------------------- */

/* Does the probe take a by-value `arg` or an image? A dispatch kernel passes
 * every probe's parameters as generic buffers, so such a probe gets its own
 * kernel. */
static int needs_own_kernel(const clc_probe *p)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].by_value || p->inputs[i].image)
            return 1;
    return 0;
}



/* How a probe of a batch is reached: through a dispatch kernel (group >= 0)
 * or as a kernel of its own. */
typedef struct {
    size_t index;     /* probe index in the set */
    int direct;       /* its own kernel, named clc_k<slot> */
    size_t group;     /* dispatch kernel clc_dispatch<group> */
    size_t which;     /* its number inside that kernel */
} slot;

static void add_probe_function(strbuf *b, const clc_probe *p, size_t s)
{
    sb_add(b, "/* probe %s (%s:%d) */\n", p->id, p->file, p->line);
    if (p->prelude)
        sb_add(b, "%s\n", p->prelude);
    sb_add(b, "void clc_f%zu(", s);
    for (size_t i = 0; i < p->n_inputs; i++) {
        char decl[320];
        sb_add(b, "%s, ", probe_param_decl(&p->inputs[i], decl, sizeof decl));
    }
    sb_add(b, "__global %s *out)\n{\n%s\n}\n\n", value_type_name(p->out_type), p->body);
}

static void add_dispatch_kernel(strbuf *b, const clc_probe_set *set, const slot *slots, size_t n, size_t g)
{
    sb_add(b, "__kernel void clc_dispatch%zu(", g);
    for (int i = 0; i < DISPATCH_ARGS; i++)
        sb_add(b, "__global const uchar *in%d, ", i);
    sb_add(b, "__global uchar *out, uint which)\n{\n    switch (which) {\n");
    for (size_t s = 0; s < n; s++) {
        if (slots[s].direct || slots[s].group != g)
            continue;
        const clc_probe *p = &set->items[slots[s].index];
        sb_add(b, "    case %zu: clc_f%zu(", slots[s].which, s);
        for (size_t i = 0; i < p->n_inputs; i++)
            sb_add(b, "(__global const %s *)in%zu, ", value_type_name(p->inputs[i].type), i);
        sb_add(b, "(__global %s *)out); break;\n", value_type_name(p->out_type));
    }
    sb_add(b, "    }\n}\n\n");
}

/* The probes behind dispatch kernel g, in slot order, into members; how many. */
static size_t group_members(const slot *slots, size_t n, size_t g, size_t *members)
{
    size_t m = 0;
    for (size_t t = 0; t < n; t++)
        if (!slots[t].direct && slots[t].group == g)
            members[m++] = slots[t].index;
    return m;
}

/* Do p and q launch with the same geometry (the same code on PoCL)? */
static int same_geometry(const clc_probe *p, const clc_probe *q)
{
    if (p->work_dim != q->work_dim || p->global_size != q->global_size || p->local_size != q->local_size ||
        p->has_offset != q->has_offset)
        return 0;
    for (int d = 1; d < 3; d++)
        if (p->global_dims[d] != q->global_dims[d] || p->local_dims[d] != q->local_dims[d])
            return 0;
    for (int d = 0; d < 3 && p->has_offset; d++)
        if (p->offset_dims[d] != q->offset_dims[d])
            return 0;
    return 1;
}

/* A dispatch kernel being filled: its launch geometry (its first probe),
 * number, probes and weight so far. */
typedef struct {
    const clc_probe *like;
    size_t group, count, bytes;
} open_group;

/* Lays out slots and writes the batch program. Returns the dispatch kernel
 * count. Probes join the open kernel of their launch geometry where the
 * driver generates code per geometry (driver_policy.c), else the
 * one open kernel, in order. A kernel closes at the group size or the byte
 * budget. */
static size_t batch_source(const worker *w, const size_t *idx, size_t n, slot *slots, strbuf *b)
{
    const clc_probe_set *set = w->job->set;
    /* One open kernel per geometry, or one in all (also when out of memory). */
    open_group one, *open = w->by_geometry ? calloc(n ? n : 1, sizeof *open) : NULL;
    size_t cap = open ? n : 1, n_open = 0, n_groups = 0;
    if (!open)
        open = &one;
    size_t most = w->group ? w->group : 1;
    for (size_t s = 0; s < n; s++) {
        const clc_probe *p = &set->items[idx[s]];
        slots[s].index = idx[s];
        /* A copy run alone (alone_plan.h) is a kernel of its own, its body
         * the kernel's: no code of another probe beside it. Group size 1
         * still goes through a dispatch kernel: its `which`
         * lets the worker launch it once doing nothing, so code generation
         * at first launch is timed (and watched) apart from the probe. */
        slots[s].direct = p->alone || body_uses_local(p->body) || body_calls_barrier(p->body) || needs_own_kernel(p);
        if (slots[s].direct)
            continue;
        size_t bytes = group_weight(p->body, w->weigh_unrolled);
        size_t g = 0;
        while (g < n_open && g + 1 < cap && !same_geometry(open[g].like, p))
            g++;
        if (g == n_open || open[g].count == most ||
            (open[g].count > 0 && w->group_bytes && open[g].bytes + bytes > w->group_bytes)) {
            n_open += g == n_open;
            open[g] = (open_group){p, n_groups++, 0, 0};
        }
        open[g].bytes += bytes;
        slots[s].group = open[g].group;
        slots[s].which = open[g].count++;
    }
    if (open != &one)
        free(open);
    for (size_t s = 0; s < n; s++) {
        const clc_probe *p = &set->items[idx[s]];
        if (slots[s].direct) {
            char name[32];
            snprintf(name, sizeof name, "clc_k%zu", s);
            probe_append_kernel(p, name, &b->text, &b->len, &b->cap);
        } else {
            add_probe_function(b, p, s);
        }
    }
    for (size_t g = 0; g < n_groups; g++)
        add_dispatch_kernel(b, set, slots, n, g);
    return n_groups;
}

/* ---- building ---------------------------------------------------------- */



/* ---- running ------------------------------------------------------------- */



typedef struct {
    cl_kernel kernel;
    int dispatch;      /* pass input slots and `which` as a dispatch kernel expects */
    cl_uint which;
    int first;         /* the kernel's first launch, not warmed up: code generation included */
} launch;


/* clCreateKernel, timed: some drivers do real work here (rusticl: up to
 * 10 s for a dispatch kernel of double math), so the timeline's span names
 * the kernel's first probe (first_id; NULL: none). */
static cl_kernel create_kernel(worker *w, cl_program prog, const char *name, const char *first_id, cl_int *err)
{
    double t0 = proc_now();
    cl_kernel k = clCreateKernel(prog, name, err);
    profile_add_detail(&w->prof, PROF_KERNELS, (proc_now() - t0) * 1e3, first_id);
    return k;
}

/* Releases a build's program, timed. */
static void release_build(worker *w, build_result *b)
{
    double t0 = proc_now();
    build_result_free(b);
    w->prof.ms[PROF_KERNELS] += (proc_now() - t0) * 1e3;
}

/* Enqueues k with probe p's launch geometry. global_size/local_size are
 * dimension 0 (tools such as the reducer set only them). */
static cl_int enqueue_like(worker *w, cl_kernel k, const clc_probe *p)
{
    size_t gdims[3] = {p->global_size, p->global_dims[1], p->global_dims[2]};
    size_t ldims[3] = {p->local_size, p->local_dims[1], p->local_dims[2]};
    return clEnqueueNDRangeKernel(w->env.queue, k, p->work_dim ? p->work_dim : 1, p->has_offset ? p->offset_dims : NULL,
                                  gdims, p->local_size ? ldims : NULL, 0, NULL, NULL);
}

/* CLCONFORM_TEST_GATE_OVERLAP=1, for the tests of the gate: whether a
 * worker waits behind a measurement is otherwise up to the schedule (with
 * the drivers' caches cold, the other workers were still compiling when
 * the measurements ended). With it, a kernel's launch behind the gate
 * waits until a measurement has held the gate, and a worker's first
 * measurement keeps the gate until another worker waits for it: the
 * overlap the tests check then happens on every run. Each wait ends after
 * GATE_OVERLAP_MAX_S whatever happens, so a test fails rather than hangs. */
#define GATE_OVERLAP_MAX_S 120.0
static int gate_overlap_wanted(void)
{
    const char *v = getenv("CLCONFORM_TEST_GATE_OVERLAP");
    return v && *v && strcmp(v, "0") != 0;
}

static void gate_overlap_wait(int fd, int (*ready)(int))
{
    for (double t0 = proc_now(); !ready(fd) && proc_now() - t0 < GATE_OVERLAP_MAX_S;)
        usleep(2000);
}

/* Into the device gate (device_gate.h), when the run has one: shared to
 * run a kernel, exclusive for a measurement. Called between phases, so that
 * the wait is watched by the build watchdog, not charged to a probe's own
 * timeout. Returns whether the gate is held (0: no gate, or it failed, and
 * the worker goes on without it). */
static int gate_in(worker *w, int exclusive)
{
    /* Without measurements alongside, the gate is a GPU's (fanout.c): only
     * its serial launches and the measurements take it. */
    if (!w->job->gate || (!exclusive && !w->job->measure_alongside))
        return 0;
    if (w->gate_fd < 0)
        w->gate_fd = device_gate_open(w->job->gate);
    if (!exclusive && gate_overlap_wanted())
        gate_overlap_wait(w->gate_fd, device_gate_was_held);
    double t0 = proc_now();
    if (device_gate_enter(w->gate_fd, exclusive) != 0)
        return 0;
    double ms = (proc_now() - t0) * 1e3;
    /* Passing an open gate takes microseconds: only real waits count. */
    if (ms >= 1.0)
        profile_add(&w->prof, PROF_GATE_WAIT, ms);
    return 1;
}

static void gate_out(worker *w, int held)
{
    if (held)
        device_gate_leave(w->gate_fd);
}

/* A GPU's launches pass the gate one worker at a time (serial_launches),
 * and each change of worker is a change of context on the GPU. A worker
 * keeps the gate from one launch to the next until it has held it
 * LAUNCH_GATE_QUANTUM_S, and gives it up at its batch's end, before any
 * build: handed over at every probe, NVIDIA's warm run spent about as long
 * in the other worker's turns as in its own launches (its 'record' phase,
 * 0.29 ms a probe against 0.03 ms where no gate is taken), and with three
 * or four workers longer still. */
#define LAUNCH_GATE_QUANTUM_S 0.002

static int launch_gate_in(worker *w)
{
    if (w->launch_held)
        return 1;
    if (!gate_in(w, w->serial_launches))
        return 0;
    w->launch_held = 1;
    w->launch_held_since = proc_now();
    return 1;
}

static void launch_gate_release(worker *w)
{
    if (w->launch_held)
        gate_out(w, 1);
    w->launch_held = 0;
}

static void launch_gate_out(worker *w, int gated)
{
    if (gated && proc_now() - w->launch_held_since >= LAUNCH_GATE_QUANTUM_S)
        launch_gate_release(w);
}

/* No probe has this number: a dispatch kernel launched with it does nothing. */
#define WHICH_NONE 0xffffffffu

/* Launches dispatch kernel k once with `which` matching no probe, so that a
 * driver that generates code at first launch (PoCL, rusticl, NVIDIA's JIT)
 * does it now: under the build watchdog, and timed as code generation
 * rather than as the first probe's run. PoCL generates code again for each
 * new launch geometry, so this is done once per (global, local) size the
 * kernel's probes use. Failures are left to the probes' own launches,
 * which report them. */
static void warm_up(worker *w, cl_kernel k, const size_t *idx, size_t n, const clc_probe *like)
{
    int gated = launch_gate_in(w);
    worker_emit_phase(w, "codegen", idx, n);
    double t0 = proc_now();
    cl_uint arg = 0, none = WHICH_NONE;
    cl_int err = CL_SUCCESS;
    for (int i = 0; i < DISPATCH_ARGS + 1 && err == CL_SUCCESS; i++)
        err = clSetKernelArg(k, arg++, sizeof w->dummy, &w->dummy);
    if (err == CL_SUCCESS)
        err = clSetKernelArg(k, arg++, sizeof none, &none);
    if (err == CL_SUCCESS)
        err = enqueue_like(w, k, like);
    if (err == CL_SUCCESS)
        clFinish(w->env.queue);
    char what[300];
    snprintf(what, sizeof what, "%s%s (%zu probes)", n ? w->job->set->items[idx[0]].id : "",
             n > 1 ? " ..." : "", n);
    /* Timed before the gate opens: the span ends inside the gate. */
    profile_add_detail(&w->prof, PROF_CODEGEN, (proc_now() - t0) * 1e3, what);
    launch_gate_out(w, gated);
    worker_flush_profile(w);
}

/* Makes an `image` input in *image (and the buffer under an
 * image1d_buffer_t in *backing) when the device lists its format. Returns 1
 * when it does not (rec is then `skip`, naming the format: only the API
 * spec's minimum list is required), else 0; a failing call is left in *call
 * and *err. */
static int make_image(worker *w, const clc_input *in, cl_mem *image, cl_mem *backing, clc_record *rec, const char **call,
                      cl_int *err)
{
    char why[300];
    int listed = image_mem_supported(w->env.context, in->image, why, sizeof why, call, err);
    if (listed < 0)
        return 0;
    *call = NULL;
    if (!listed) {
        record_set_verdict(rec, CLC_VERDICT_SKIP, why);
        return 1;
    }
    *image = image_mem_create(w->env.context, in->image, in->data, backing, call, err);
    if (*err == CL_SUCCESS)
        *call = NULL;
    return 0;
}

/* Runs probe p through kernel k. Returns its output, to be judged into
 * rec by judge_probe once the device gate is left (judging is the host's
 * work alone: held under the gate, it made a GPU's supervisors take turns
 * at it), or NULL when rec already says what went wrong. */
static void *run_probe(worker *w, const clc_probe *p, const launch *l, clc_record *rec)
{
    cl_mem bufs[CLC_MAX_INPUTS] = {0}, backing[CLC_MAX_INPUTS] = {0};
    cl_mem out = NULL;
    const clc_input *readback = probe_readback_image(p);
    int skip = 0;
    void *host = NULL;
    cl_int err = CL_SUCCESS;
    const char *call = NULL;
    size_t out_bytes = p->out_count * value_type_size(p->out_type);
    int judged_later = 0;
    double t0 = proc_now();

    host = calloc(1, out_bytes);
    if (!host)
        goto done;
    for (size_t i = 0; i < p->n_inputs; i++) {
        const clc_input *in = &p->inputs[i];
        if (in->by_value)
            continue; /* its bytes go to clSetKernelArg */
        if (in->image) {
            skip = make_image(w, in, &bufs[i], &backing[i], rec, &call, &err);
            if (skip || call)
                goto done;
            continue;
        }
        bufs[i] = clCreateBuffer(w->env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 in->count * value_type_size(in->type), in->data, &err);
        if (err != CL_SUCCESS) {
            call = "clCreateBuffer";
            goto done;
        }
    }
    /* The output starts zeroed so a kernel that writes nothing reads back as 0s. */
    out = clCreateBuffer(w->env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out_bytes, host, &err);
    if (err != CL_SUCCESS) {
        call = "clCreateBuffer";
        goto done;
    }
    cl_uint arg = 0;
    size_t n_in = l->dispatch ? DISPATCH_ARGS : p->n_inputs;
    for (size_t i = 0; i < n_in && err == CL_SUCCESS; i++) {
        cl_mem b = i < p->n_inputs ? bufs[i] : w->dummy;
        if (i < p->n_inputs && p->inputs[i].by_value)
            err = clSetKernelArg(l->kernel, arg++, p->inputs[i].count, p->inputs[i].data);
        else
            err = clSetKernelArg(l->kernel, arg++, sizeof b, &b);
    }
    if (err == CL_SUCCESS)
        err = clSetKernelArg(l->kernel, arg++, sizeof out, &out);
    if (err == CL_SUCCESS && l->dispatch)
        err = clSetKernelArg(l->kernel, arg++, sizeof l->which, &l->which);
    if (err != CL_SUCCESS) {
        call = "clSetKernelArg";
        goto done;
    }
    double t_setup = proc_now();
    profile_add(&w->prof, PROF_BUFFERS, (t_setup - t0) * 1e3);
    err = enqueue_like(w, l->kernel, p);
    if (err == CL_SUCCESS)
        err = clFinish(w->env.queue);
    double t_run = proc_now();
    /* A first launch generates code: its span names the probe. */
    profile_add_detail(&w->prof, l->first ? PROF_FIRST_LAUNCH : PROF_EXEC, (t_run - t_setup) * 1e3,
                       l->first ? p->id : NULL);
    if (err != CL_SUCCESS) {
        call = "clEnqueueNDRangeKernel";
        /* Argument errors are the probe's; resource errors may be the aftermath of an earlier kernel. */
        w->poisoned = err == CL_OUT_OF_RESOURCES || err == CL_OUT_OF_HOST_MEMORY ||
                      err == CL_INVALID_COMMAND_QUEUE || err == CL_MEM_OBJECT_ALLOCATION_FAILURE;
        goto done;
    }
    /* A write_only image is judged in place of out (docs/probe-format.md). */
    if (readback)
        err = image_mem_read(w->env.queue, bufs[readback - p->inputs], readback->image, host);
    else
        err = clEnqueueReadBuffer(w->env.queue, out, CL_TRUE, 0, out_bytes, host, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
        call = readback ? "clEnqueueReadImage" : "clEnqueueReadBuffer";
        w->poisoned = 1; /* the kernel itself failed as it ran */
        goto done;
    }
    record_set_ms(rec, REC_TIME_MS, (proc_now() - t0) * 1e3);
    profile_add(&w->prof, PROF_BUFFERS, (proc_now() - t_run) * 1e3);
    judged_later = 1;
done:
    if (call) {
        record_set_ms(rec, REC_TIME_MS, (proc_now() - t0) * 1e3);
        record_set_cl_error(rec, call, err);
    } else if (!host) {
        record_set_verdict(rec, CLC_VERDICT_ERROR, "out of host memory");
    } else if (skip) {
        record_set_ms(rec, REC_TIME_MS, (proc_now() - t0) * 1e3);
    }
    for (size_t i = 0; i < p->n_inputs; i++) {
        if (bufs[i])
            clReleaseMemObject(bufs[i]);
        if (backing[i])
            clReleaseMemObject(backing[i]);
    }
    if (out)
        clReleaseMemObject(out);
    if (judged_later)
        return host;
    free(host);
    return NULL;
}

static void judge_probe(const worker *w, const clc_probe *p, clc_record *rec, void *host)
{
    if (p->has_ulp)
        ulp_judge_output(rec, p, host, ulp_device_flushes(w->device, p->out_type));
    else
        record_judge_output(rec, p, host);
    free(host);
}

/* Handles probe p once its program is built: runs it (run, impl-defined),
 * or judges the build alone (build-ok). */
static void finish_built(worker *w, size_t idx, const launch *l, const build_result *b, size_t batch,
                         const char *options)
{
    const clc_probe *p = &w->job->set->items[idx];
    double t0 = proc_now(), t_run = 0;
    clc_record rec;
    worker_new_record(w, &rec, p, b->ms, batch, options);
    int gated = p->kind != CLC_KIND_BUILD_OK && launch_gate_in(w);
    cJSON *m = worker_msg("begin");
    cJSON_AddNumberToObject(m, "i", (double)idx);
    if (l->first && p->kind != CLC_KIND_BUILD_OK)
        cJSON_AddBoolToObject(m, "first", 1);
    worker_emit(w, m);
    void *output = NULL;
    if (p->kind == CLC_KIND_BUILD_OK) {
        record_set_verdict(&rec, CLC_VERDICT_PASS, NULL);
    } else {
        double t1 = proc_now();
        output = run_probe(w, p, l, &rec);
        t_run = proc_now() - t1;
    }
    launch_gate_out(w, gated);
    if (output)
        judge_probe(w, p, &rec, output);
    if (rec.verdict != CLC_VERDICT_PASS && b->log && *b->log)
        record_put_text(&rec, "build_log", b->log);
    worker_trim_passing(&rec);
    worker_emit_result(w, idx, &rec);
    /* Judging, the record and its message; run_probe timed its own parts. */
    profile_add(&w->prof, PROF_RECORD, (proc_now() - t0 - t_run) * 1e3);
}

/* A probe whose program did not build. */
/* The record of a lone build that the cache remembers killing a worker
 * (supervise.c wrote the entry): the same verdict and detail as the run
 * that met it, said to be remembered, without a worker lost again. */
static void finish_remembered_crash(worker *w, size_t idx, const build_result *b, const char *options)
{
    const clc_probe *p = &w->job->set->items[idx];
    clc_record rec;
    worker_new_record(w, &rec, p, b->ms, 1, options);
    const char *sig = proc_signal_name_of(b->crash_signal);
    char name[32], detail[400];
    if (sig)
        snprintf(name, sizeof name, "%s", sig);
    else
        snprintf(name, sizeof name, "%d", b->crash_signal);
    snprintf(detail, sizeof detail, "the build killed the worker: signal %s (remembered: this driver crashed "
             "building this very program, with these options, in an earlier run; --no-cache builds it again)",
             name);
    record_set_verdict(&rec, CLC_VERDICT_CRASH, detail);
    record_set_text(&rec, REC_SIGNAL, name);
    if (b->log && *b->log)
        record_put_text(&rec, "driver_stderr", b->log);
    worker_emit_result(w, idx, &rec);
}

static void finish_unbuilt(worker *w, size_t idx, const build_result *b, const char *options)
{
    const clc_probe *p = &w->job->set->items[idx];
    if (b->crash_signal) {
        finish_remembered_crash(w, idx, b, options);
        return;
    }
    clc_record rec;
    worker_new_record(w, &rec, p, b->ms, 1, options);
    if (b->call && strcmp(b->call, "clBuildProgram") == 0 && b->err == CL_BUILD_PROGRAM_FAILURE) {
        record_set_verdict(&rec, CLC_VERDICT_BUILD_FAIL, "the program did not build (see build_log)");
    } else {
        record_set_cl_error(&rec, b->call ? b->call : "clBuildProgram", b->err);
    }
    record_put_text(&rec, "build_log", b->log ? b->log : "");
    worker_emit_result(w, idx, &rec);
}

/* ---- batches --------------------------------------------------------------- */

static void run_batch(worker *w, const size_t *idx, size_t n, const char *options);

/* The order a batch's probes launch in: as they come, except where the
 * first launch generates the code (launch_compiles): there each kernel's
 * first probe goes first, and the others after every kernel has had its
 * first. Mesa 22.3 makes a kernel's compute state again at each launch and
 * finds its code in the disk cache, which a thread of its own writes; a
 * kernel's second probe launched right after its first often came before
 * that write and generated all the code again (rusticl's cold local run:
 * 420 of 1,601 such launches, 26.5 s). NULL: as they come. */
static size_t *launch_order(const worker *w, const slot *slots, size_t n)
{
    size_t *order = w->launch_compiles && n > 1 ? malloc(n * sizeof *order) : NULL, at = 0;
    for (int pass = 0; order && pass < 2; pass++)
        for (size_t s = 0; s < n; s++) {
            int first = 1; /* a kernel of its own, or the first probe of its dispatch kernel */
            for (size_t e = 0; e < s && first && !slots[s].direct; e++)
                if (!slots[e].direct && slots[e].group == slots[s].group)
                    first = 0;
            if (first == (pass == 0))
                order[at++] = s;
        }
    return order;
}

static void run_built_batch(worker *w, const size_t *idx, size_t n, const slot *slots,
                            size_t n_groups, build_result *b, const char *options)
{
    cl_kernel *groups = calloc(n_groups ? n_groups : 1, sizeof *groups);
    size_t *members = calloc(n ? n : 1, sizeof *members);
    /* Launch geometries already warmed up: a dispatch group and a probe launched like that. */
    struct {
        size_t group;
        const clc_probe *like;
    } *warmed = calloc(n ? n : 1, sizeof *warmed);
    size_t n_warmed = 0;
    /* Probes of a dispatch kernel the driver refused to create, when the
     * program holds others too: built again in halves after this program,
     * as a build failure is, so that one probe's refused code does not make
     * its neighbours `error` (Oclgrind refuses a kernel with
     * (UINT_MAX / x) < y, and took 22 innocent fuzz programs down with it). */
    size_t *refused = calloc(n ? n : 1, sizeof *refused), n_refused = 0, *order = launch_order(w, slots, n);
    for (size_t k = 0, s; k < n && !w->poisoned; k++) {
        s = order ? order[k] : k;
        if (w->job->passenger && w->job->passenger[idx[s]])
            continue; /* in the program only (clc_worker_job) */
        if (w->hung_run && w->hung_run[idx[s]]) {
            /* In the program, so that it is the one every run forms; not
             * launched (crash_memo_hung_run_path). */
            clc_record rec;
            lost_memo_record(&w->job->set->items[idx[s]], LOST_HANG, &rec);
            worker_emit_result(w, idx[s], &rec);
            continue;
        }
        if (w->lost_alone && w->lost_alone[idx[s]] != LOST_NONE) {
            /* A copy alone that crashed before: the same (lost_memo.h). */
            clc_record rec;
            lost_memo_record(&w->job->set->items[idx[s]], w->lost_alone[idx[s]], &rec);
            worker_emit_result(w, idx[s], &rec);
            continue;
        }
        launch l = {NULL, !slots[s].direct, (cl_uint)slots[s].which, slots[s].direct};
        cl_int err = CL_SUCCESS;
        char name[48];
        /* Creating a kernel compiles (rusticl turns the program's SPIR-V
         * into optimised NIR here, and its compiler dies on some probes):
         * a program of several probes built from source says whose kernel
         * it creates, so a death there is blamed on that kernel's probes,
         * as one in its code generation is (supervise.c), not on the
         * program after a blind retry that formed new programs. A lone
         * program's death is its build's, as before: remembered in the
         * cache (bincache.h, BINCACHE_CRASHED). */
        int say = !b->cached && n > 1;
        if (slots[s].direct) {
            snprintf(name, sizeof name, "clc_k%zu", s);
            if (say)
                worker_emit_phase(w, "codegen", &idx[s], 1);
            l.kernel = create_kernel(w, b->prog, name, w->job->set->items[idx[s]].id, &err);
        } else {
            if (!groups[slots[s].group]) {
                snprintf(name, sizeof name, "clc_dispatch%zu", slots[s].group);
                if (say && members)
                    worker_emit_phase(w, "codegen", members, group_members(slots, n, slots[s].group, members));
                groups[slots[s].group] = create_kernel(w, b->prog, name, w->job->set->items[idx[s]].id, &err);
            }
            l.kernel = groups[slots[s].group];
            /* Only probes that run need code: build-ok probes are never launched. */
            const clc_probe *p = &w->job->set->items[idx[s]];
            size_t seen = 0;
            while (seen < n_warmed && !(warmed[seen].group == slots[s].group && same_geometry(warmed[seen].like, p)))
                seen++;
            if (err == CL_SUCCESS && l.kernel && p->kind != CLC_KIND_BUILD_OK && seen == n_warmed && warmed &&
                members) {
                /* A program from our cache has its code in the driver's own
                 * cache too (Mesa's, CUDA's), and a warm-up launch only
                 * looked it up once more: rusticl's warm run spent 4.2 s on
                 * them and then as long again on its probes' launches (13.9
                 * -> 10.8 s without). Its first probe's launch is then the
                 * first launch, timed and watched as one. */
                if (b->cached || w->launch_compiles)
                    l.first = 1;
                else
                    warm_up(w, l.kernel, members, group_members(slots, n, slots[s].group, members), p);
                warmed[n_warmed].group = slots[s].group;
                warmed[n_warmed].like = p;
                n_warmed++;
            }
        }
        if (!slots[s].direct && n > 1 && refused && (!l.kernel || err != CL_SUCCESS)) {
            refused[n_refused++] = idx[s];
            continue;
        }
        if (!l.kernel || err != CL_SUCCESS) {
            clc_record rec;
            worker_new_record(w, &rec, &w->job->set->items[idx[s]], b->ms, n, options);
            record_set_cl_error(&rec, "clCreateKernel", err);
            worker_emit_result(w, idx[s], &rec);
            continue;
        }
        finish_built(w, idx[s], &l, b, n, options);
        if (slots[s].direct)
            clReleaseKernel(l.kernel);
    }
    launch_gate_release(w);
    double t_rel = proc_now();
    for (size_t g = 0; g < n_groups; g++)
        if (groups[g])
            clReleaseKernel(groups[g]);
    w->prof.ms[PROF_KERNELS] += (proc_now() - t_rel) * 1e3;
    free(groups);
    free(members);
    free(warmed);
    free(order);
    if (n_refused) {
        size_t half = n_refused / 2;
        if (half)
            run_batch(w, refused, half, options);
        run_batch(w, refused + half, n_refused - half, options);
    }
    free(refused);
}

/* Builds probes idx[0..n) as one program and runs them; on a build failure
 * splits the batch in halves, down to the single probes that break it. */
static void run_batch(worker *w, const size_t *idx, size_t n, const char *options)
{
    if (n == 0 || w->poisoned)
        return;
    slot *slots = calloc(n, sizeof *slots);
    strbuf src = {0};
    size_t n_groups = batch_source(w, idx, n, slots, &src);
    worker_emit_build_start(w, idx, n);
    build_result b;
    worker_build(w, src.text ? src.text : "", options, &b);
    free(src.text);
    worker_flush_profile(w); /* a crash later in the batch loses only the runs' times */
    if (b.prog) {
        run_built_batch(w, idx, n, slots, n_groups, &b, options);
    } else if (n == 1) {
        finish_unbuilt(w, idx[0], &b, options);
    } else {
        size_t half = n / 2;
        run_batch(w, idx, half, options);
        run_batch(w, idx + half, n - half, options);
    }
    release_build(w, &b);
    free(slots);
}

/* Which probe a measurement's "begin" names. */
typedef struct {
    worker *w;
    size_t idx;
} measure_ctx;

/* A measurement's timed part begins: the supervisor's probe watchdog starts. */
static void measure_begin(void *ctx)
{
    const measure_ctx *c = ctx;
    cJSON *m = worker_msg("begin");
    cJSON_AddNumberToObject(m, "i", (double)c->idx);
    worker_emit(c->w, m);
}

/* A probe built in a program of its own: build-fail probes, whole-program
 * probes, probes the supervisor asked to isolate, and measurements. */
static void worker_run_alone(worker *w, size_t idx)
{
    const clc_probe *p = &w->job->set->items[idx];
    char options[2048];
    worker_probe_options(w, p, options, sizeof options);
    if (p->kind == CLC_KIND_MEASURE) {
        /* Building the measurement's kernels and their first launches are a
         * build (build watchdog) until the measurement says its timed part
         * begins (measure_started below sends "begin"). */
        /* A litmus test runs beside other kernels (more stress), and so do
         * the limit and code-shape measurements that run early (fanout.c):
         * holding the gate through their builds, they kept NVIDIA's 16
         * workers waiting up to 1.3 s at the start of its cold run (8.8 s
         * of gate waits). The others have the device to themselves. */
        int alone = measure_wants_device_alone(p);
        int gated = gate_in(w, alone);
        if (gated && alone && !w->gate_overlapped && gate_overlap_wanted()) {
            device_gate_mark_held(w->gate_fd);
            gate_overlap_wait(w->gate_fd, device_gate_has_waiter);
            w->gate_overlapped = 1;
        }
        double t_alone = proc_now();
        worker_emit_phase(w, "build", &idx, 1);
        measure_ctx ctx = {w, idx};
        w->env.measure_started = measure_begin;
        w->env.measure_ctx = &ctx;
        clc_record rec;
        record_start(&rec, p);
        record_set_text(&rec, REC_OPTIONS, options);
        double t0 = proc_now();
        /* At the priority of everything else: the measurements time how
         * soon a resident group runs, which a thread at nice 19 beside
         * another device's compilers may not for 100 ms (PoCL 3.1's cold
         * bench found 1 group of 1 resident where it keeps 2, and beside
         * three busy processes every count came out 0 or 1). The one that
         * spins every core until the watchdog ends it (measure_deadlocks)
         * takes half a second of them. */
        clc_verdict v = measure_run(p, &w->env, &rec);
        double t_end = proc_now();
        gate_out(w, gated);
        if (gated && alone)
            trace_span("device alone", "gate", t_alone, t_end, p->id);
        w->env.measure_started = NULL;
        w->env.measure_ctx = NULL;
        record_set_ms(&rec, REC_TIME_MS, (proc_now() - t0) * 1e3);
        profile_add_detail(&w->prof, PROF_MEASURE, (proc_now() - t0) * 1e3, p->id);
        if (v != CLC_VERDICT_ERROR)
            record_set_verdict(&rec, v, NULL);
        worker_emit_result(w, idx, &rec);
        return;
    }
    if (p->kind != CLC_KIND_BUILD_FAIL && !p->source) {
        run_batch(w, &idx, 1, options);
        return;
    }
    char *src = probe_program_source(p, "probe");
    worker_emit_build_start(w, &idx, 1);
    build_result b;
    worker_build(w, src ? src : "", options, &b);
    free(src);
    if (b.crash_signal) {
        finish_remembered_crash(w, idx, &b, options);
    } else if (p->kind == CLC_KIND_BUILD_FAIL) {
        clc_record rec;
        worker_new_record(w, &rec, p, b.ms, 1, options);
        if (b.prog)
            record_set_verdict(&rec, CLC_VERDICT_UNEXPECTED_BUILD_OK, "the spec says this must not build, and it built");
        else if (b.err == CL_BUILD_PROGRAM_FAILURE || b.err == CL_INVALID_BUILD_OPTIONS)
            record_set_verdict(&rec, CLC_VERDICT_PASS, NULL);
        else
            record_set_cl_error(&rec, b.call, b.err);
        if (b.log && *b.log && rec.verdict != CLC_VERDICT_PASS)
            record_put_text(&rec, "build_log", b.log);
        worker_trim_passing(&rec);
        worker_emit_result(w, idx, &rec);
    } else if (!b.prog) {
        finish_unbuilt(w, idx, &b, options);
    } else {
        cl_int err;
        launch l = {create_kernel(w, b.prog, "probe", w->job->set->items[idx].id, &err), 0, 0, 1};
        if (err != CL_SUCCESS) {
            clc_record rec;
            worker_new_record(w, &rec, p, b.ms, 1, options);
            record_set_cl_error(&rec, "clCreateKernel", err);
            worker_emit_result(w, idx, &rec);
        } else {
            finish_built(w, idx, &l, &b, 1, options);
            launch_gate_release(w);
            clReleaseKernel(l.kernel);
        }
    }
    release_build(w, &b);
}

/* ---- set-up ------------------------------------------------------------------ */

/* The copies alone of the set whose kernel crashed this driver version
 * before (lost_memo.h: a signal each, else LOST_NONE), or NULL when there
 * are none or no memo. */
static int *load_lost_alone(const clc_worker_job *job)
{
    size_t n = job->set->count, m = 0;
    if (!job->lost_runs || n == 0)
        return NULL;
    size_t *copies = malloc(n * sizeof *copies);
    int *lost = calloc(n, sizeof *lost);
    for (size_t i = 0; copies && i < n; i++)
        if (job->set->items[i].alone)
            copies[m++] = i;
    size_t found = copies && lost && m ? lost_memo_load(job->lost_runs, job->set, copies, m, job->dev->info, lost) : 0;
    free(copies);
    if (!found) {
        free(lost);
        return NULL;
    }
    return lost;
}

/* The probes of the set whose kernel hung this driver version before (a
 * flag each), or NULL when there are none or no memo. */
static unsigned char *load_hung_runs(const clc_worker_job *job)
{
    size_t n = job->set->count;
    if (!job->hung_runs || n == 0)
        return NULL;
    size_t *all = malloc(n * sizeof *all), *cap = calloc(n, sizeof *cap);
    unsigned char *hung = calloc(n, 1);
    size_t found = 0;
    for (size_t i = 0; all && i < n; i++)
        all[i] = i;
    if (all && cap && hung)
        found = crash_memo_apply(job->hung_runs, job->set, all, n, cap, NULL);
    for (size_t i = 0; found && i < n; i++)
        hung[i] = cap[i] != 0;
    free(all);
    free(cap);
    if (!found) {
        free(hung);
        return NULL;
    }
    return hung;
}

/* The platforms the loader lists, and which of them is the device's. */
typedef struct {
    cl_platform_id plats[64];
    cl_uint np;
    int pidx;
} platform_pick;

/* Tells the supervisor the device cannot be used, and why. -1. */
static int worker_fatal(worker *w, const char *detail)
{
    cJSON *m = worker_msg("fatal");
    cJSON_AddStringToObject(m, "detail", detail);
    worker_emit(w, m);
    return -1;
}

/* Finds the device enumeration saw (w->job->dev) again, with its driver
 * loaded alone where enumeration or an earlier worker found its .icd
 * file: w->env.platform, w->env.device and w->device. -1 with why in
 * detail when it is gone or is another device now. */
static int find_device(worker *w, platform_pick *pp, char *detail, size_t size)
{
    const clc_devref *d = w->job->dev;
    pp->np = 0;
    pp->pidx = d->loader_pidx;
    if (d->icd) { /* enumeration found this device with its driver loaded alone */
        setenv("OCL_ICD_VENDORS", d->icd, 1);
    } else if (w->job->icd_only) { /* an earlier worker found the platform's own .icd file */
        setenv("OCL_ICD_VENDORS", w->job->icd_only, 1);
        pp->pidx = w->job->icd_pidx;
    }
    cl_int err = clGetPlatformIDs(64, pp->plats, &pp->np);
    if (err == CL_SUCCESS && !d->icd && w->job->icd_only) {
        /* The platform is the icd_pidx-th of its file's, wherever the loader
         * put it: a loader that does not take a file in OCL_ICD_VENDORS
         * (the H100 host's) lists every platform, and counting from 0 found
         * PoCL's, so every first worker failed and was started again. */
        int k = icd_file_find(pp->plats, (int)pp->np, w->job->icd_only, w->job->icd_pidx);
        if (k >= 0)
            pp->pidx = k;
    }
    if (err != CL_SUCCESS || (cl_uint)pp->pidx >= pp->np) {
        snprintf(detail, size, "platform %d is gone (clGetPlatformIDs: %s, %u platforms)", d->pidx,
                 clerr_name(err), pp->np);
        return -1;
    }
    cl_device_id devs[64];
    cl_uint nd = 0;
    err = clGetDeviceIDs(pp->plats[pp->pidx], CL_DEVICE_TYPE_ALL, 64, devs, &nd);
    if (err != CL_SUCCESS || (cl_uint)d->didx >= nd) {
        snprintf(detail, size, "device %d:%d is gone (clGetDeviceIDs: %s)", d->pidx, d->didx, clerr_name(err));
        return -1;
    }
    w->env.platform = pp->plats[pp->pidx];
    w->env.device = devs[d->didx];
    w->device = devinfo_device(w->env.device, d->key, d->pidx, d->didx);
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(w->device, "name");
    if (!cJSON_IsString(name) || strcmp(name->valuestring, d->device_name) != 0) {
        snprintf(detail, size, "device %d:%d is no longer '%s'", d->pidx, d->didx, d->device_name);
        return -1;
    }
    return 0;
}

/* The "device" message: the device's and platform's descriptions, and the
 * platform's own .icd file when this worker found it (later workers load
 * that file alone). */
static void announce_device(worker *w, const platform_pick *pp)
{
    const clc_devref *d = w->job->dev;
    cJSON *m = worker_msg("device");
    cJSON_AddItemToObject(m, "device", cJSON_Duplicate(w->device, 1));
    cJSON *plat = devinfo_platform(w->env.platform, d->pidx);
    worker_set_identity(w, plat);
    cJSON_AddItemToObject(m, "platform", plat);
    char icd[4096];
    int rank = d->icd || w->job->icd_only ? -1 : icd_file_rank(pp->plats, pp->pidx, icd, sizeof icd);
    if (rank >= 0) {
        cJSON_AddStringToObject(m, "icd", icd);
        cJSON_AddNumberToObject(m, "icd_pidx", rank);
    }
    worker_emit(w, m);
}

/* The context, its queue and the dummy buffer every probe's unused
 * arguments point at. -1 with the failing call in detail. */
static int make_context(worker *w, char *detail, size_t size)
{
    cl_int err;
    /* On a GPU, contexts made side by side share the driver's time: on the
     * H100 host, 16 processes making NVIDIA contexts at once had them all
     * after 2.2-2.9 s; four at a time, half of them had theirs after 1.6 s
     * on average, and the last at the same 2.5 s.
     * A worker with its context starts compiling, so the earlier ones
     * take work the later ones would. A CPU device's contexts are cheap. */
    int ctx_slot = -1;
    if (w->serial_launches && w->job->gate) {
        if (w->gate_fd < 0)
            w->gate_fd = device_gate_open(w->job->gate);
        ctx_slot = device_gate_slot_take(w->gate_fd, RUNNER_CONTEXTS_AT_ONCE);
    }
    w->env.context = clCreateContext(NULL, 1, &w->env.device, NULL, NULL, &err);
    device_gate_slot_give(w->gate_fd, ctx_slot);
    if (err != CL_SUCCESS) {
        snprintf(detail, size, "clCreateContext failed: %s (%d)", clerr_name(err), err);
        return -1;
    }
    w->env.queue = clCreateCommandQueue(w->env.context, w->env.device, 0, &err);
    if (err != CL_SUCCESS) {
        snprintf(detail, size, "clCreateCommandQueue failed: %s (%d)", clerr_name(err), err);
        return -1;
    }
    int dummy_data[4] = {0};
    w->dummy = clCreateBuffer(w->env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof dummy_data,
                              dummy_data, &err);
    if (err != CL_SUCCESS) {
        snprintf(detail, size, "clCreateBuffer failed: %s (%d)", clerr_name(err), err);
        return -1;
    }
    return 0;
}

/* The device's limits and build options, and how this driver is run
 * (driver_policy.h, unless the command line fixes it). */
static void take_settings(worker *w, const driver_policy *policy)
{
    const cJSON *cu = cJSON_GetObjectItemCaseSensitive(w->device, "max_compute_units");
    const cJSON *wg = cJSON_GetObjectItemCaseSensitive(w->device, "max_work_group_size");
    unsigned n_cu = 1;
    size_t n_wg = 1;
    json_num_uint(cu, "max_compute_units", 1, UINT_MAX, &n_cu, NULL, 0);
    json_num_size(wg, "max_work_group_size", 1, SIZE_MAX, &n_wg, NULL, 0);
    w->env.max_compute_units = n_cu;
    w->env.max_work_group_size = n_wg;
    /* The rules probed are OpenCL C 1.2's; asking for 1.2 explicitly keeps a
     * 2.0/3.0 compiler from applying later rules. */
    snprintf(w->options, sizeof w->options, "%s%s%s",
             devinfo_has_capability(w->device, "opencl_c_1.2") ? "-cl-std=CL1.2" : "",
             w->job->extra_options ? " " : "", w->job->extra_options ? w->job->extra_options : "");
    w->env.base_options = w->options;
    w->binaries_off = w->job->no_binaries || !policy->keep_binaries;
}

/* The run's memory of earlier runs on this driver version: the
 * measurements' history and the probes whose kernel hung; then the
 * grouping of probes into programs. */
static void take_history(worker *w, const driver_policy *policy)
{
    const clc_devref *d = w->job->dev;
    w->env.memo = cJSON_CreateObject();
    char history[4096];
    if (w->job->cache_dir && crash_memo_device_file(w->job->cache_dir, "measures", ".json", d->key, d->info, history,
                                                    sizeof history) == 0)
        w->env.measure_history = w->history = measure_memo_load(history);
    w->hung_run = load_hung_runs(w->job);
    w->lost_alone = load_lost_alone(w->job);
    w->group = w->job->group ? w->job->group : policy->group;
    /* --group N asks for exactly N: no byte budget then. */
    w->group_bytes = w->job->group ? 0 : policy->group_bytes;
    w->weigh_unrolled = policy->weigh_unrolled;
    w->by_geometry = policy->groups_by_geometry;
    w->launch_compiles = policy->launch_compiles;
}

/* Opens the job's device for this worker and tells the supervisor what it
 * found: 0, or -1 after a "fatal" message saying why it cannot be used. */
static int open_device(worker *w)
{
    char detail[512];
    platform_pick pp;
    if (find_device(w, &pp, detail, sizeof detail) != 0)
        return worker_fatal(w, detail);
    announce_device(w, &pp);
    /* The supervisor counts start-up to the message above; the context is
     * start-up too (no count of its own: it is the same start). */
    double t_ctx = proc_now();
    cl_device_type type = 0;
    cl_int err = clGetDeviceInfo(w->env.device, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    if (err != CL_SUCCESS) {
        snprintf(detail, sizeof detail, "clGetDeviceInfo(CL_DEVICE_TYPE) failed: %s (%d)", clerr_name(err), err);
        return worker_fatal(w, detail);
    }
    driver_policy policy = driver_policy_for(w->job->dev->platform_name, type);
    w->serial_launches = policy.serial_launches;
    if (make_context(w, detail, sizeof detail) != 0)
        return worker_fatal(w, detail);
    take_settings(w, &policy);
    w->prof.ms[PROF_WORKER_START] += (proc_now() - t_ctx) * 1e3;
    take_history(w, &policy);
    return 0;
}

static void close_device(worker *w)
{
    if (w->gate_fd >= 0)
        close(w->gate_fd);
    if (w->dummy)
        clReleaseMemObject(w->dummy);
    iwg_cache_clear(); /* the measurements' programs, before their context */
    if (w->env.queue)
        clReleaseCommandQueue(w->env.queue);
    if (w->env.context)
        clReleaseContext(w->env.context);
    cJSON_Delete(w->device);
    cJSON_Delete(w->env.memo);
    cJSON_Delete(w->history);
    free(w->hung_run);
    free(w->lost_alone);
}

/* Probes waiting to be built together: same build options, at most
 * batch_max of them and BATCH_BYTES of bodies. */
typedef struct {
    size_t *idx;
    size_t n;
    size_t bytes;
    size_t cap;         /* the smallest batch cap among them */
    size_t leader;      /* their leader (runner.h, batch_leader) */
    char options[2048];
    void (*flush)(worker *w, const size_t *idx, size_t n, const char *options);
} pending_list;

static void pending_flush(worker *w, pending_list *l)
{
    if (!w->poisoned && l->n)
        l->flush(w, l->idx, l->n, l->options);
    l->n = 0;
    l->bytes = 0;
    worker_flush_profile(w);
}

static size_t leader_of(const worker *w, size_t idx)
{
    return w->job->batch_leader ? w->job->batch_leader[idx] : 0;
}

/* Whether adding probe idx (whose cap is cap) would close the list first:
 * other build options, the list full, its bodies over BATCH_BYTES, or
 * another leader (one part of a batch cut after a crash ends, or begins). */
static int pending_closes_at(worker *w, const pending_list *l, size_t idx, size_t cap, const char *opts)
{
    const char *body = w->job->set->items[idx].body;
    size_t bytes = body ? strlen(body) : 0;
    return l->n && (strcmp(opts, l->options) != 0 || l->n >= l->cap || l->n >= cap ||
                    l->bytes + bytes > BATCH_BYTES || leader_of(w, idx) != l->leader);
}

static void pending_add(worker *w, pending_list *l, size_t idx)
{
    char opts[2048];
    worker_probe_options(w, &w->job->set->items[idx], opts, sizeof opts);
    size_t cap = w->job->batch_cap[idx] ? w->job->batch_cap[idx] : w->job->batch_max;
    const char *body = w->job->set->items[idx].body;
    if (pending_closes_at(w, l, idx, cap, opts))
        pending_flush(w, l);
    l->bytes += body ? strlen(body) : 0;
    if (l->n == 0 || cap < l->cap)
        l->cap = cap;
    l->leader = leader_of(w, idx);
    snprintf(l->options, sizeof l->options, "%s", opts);
    l->idx[l->n++] = idx;
}

/* A probe of a batched kind that is built alone (its cap is 1: it crashed
 * the compiler, or it is run again alone after a timeout) still closes the
 * list where it would have closed had the probe joined it with no cap.
 * Otherwise the probes after it would join programs that the run which
 * crashed never formed, and the caches would miss them (crash_memo.h). */
static void pending_pass(worker *w, pending_list *l, size_t idx)
{
    char opts[2048];
    worker_probe_options(w, &w->job->set->items[idx], opts, sizeof opts);
    if (pending_closes_at(w, l, idx, w->job->batch_max, opts))
        pending_flush(w, l);
}

/* One probe of the worker's list: skipped, added to a batch, or run alone. */
static void take_probe(worker *w, pending_list *run, pending_list *rej, size_t *cur_seg, size_t idx)
{
    const clc_worker_job *job = w->job;
    const clc_probe *p = &job->set->items[idx];
    char why[256];
    if (unmet_requirement(w, p, why, sizeof why)) {
        clc_record rec;
        record_start(&rec, p);
        record_set_verdict(&rec, CLC_VERDICT_SKIP, why);
        worker_emit_result(w, idx, &rec);
        return;
    }
    /* The run's plan closes every batch at a segment's end (batch_plan.h),
     * wherever this worker's part of the run began. */
    size_t seg = job->segment ? job->segment[idx] : 0;
    if (seg != *cur_seg) {
        pending_flush(w, run);
        pending_flush(w, rej);
        *cur_seg = seg;
    }
    int shared = job->batch_cap[idx] != 1;
    if (job->passenger && job->passenger[idx] && !(shared && batch_plan_runs_batched(p)))
        return; /* recorded; only a batch's program needs it again (clc_worker_job) */
    if (shared && batch_plan_runs_batched(p))
        pending_add(w, run, idx);
    else if (shared && batch_plan_rejects_batched(p))
        pending_add(w, rej, idx);
    else {
        if (batch_plan_runs_batched(p))
            pending_pass(w, run, idx);
        else if (batch_plan_rejects_batched(p))
            pending_pass(w, rej, idx);
        if (w->hung_run && w->hung_run[idx] && p->kind != CLC_KIND_MEASURE) {
            clc_record rec; /* a program of its own: nobody else's */
            lost_memo_record(p, LOST_HANG, &rec);
            worker_emit_result(w, idx, &rec);
        } else {
            worker_run_alone(w, idx);
        }
        worker_flush_profile(w);
    }
}

/* Whether the measurements' start pipe says go (its other end closed). */
static int start_released(int fd)
{
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, 0) > 0;
}

void runner_run(const clc_worker_job *job)
{
    worker w;
    memset(&w, 0, sizeof w);
    w.job = job;
    w.gate_fd = -1;
    w.run_alone = worker_run_alone;
    if (open_device(&w) != 0) {
        close_device(&w);
        return;
    }
    if (job->start_wait) {
        /* The measurements' worker, started before the device's last chunk
         * ended: its context is made; now it waits for the device to be
         * its own (fanout.c closes the pipe's other end). Until then it
         * compiles what its measurements will (measure_prepare), so that
         * the driver's caches answer those builds when the device is its
         * own. */
        for (size_t t = 0; t < job->n_todo && !start_released(job->start_fd); t++)
            if (job->set->items[job->todo[t]].kind == CLC_KIND_MEASURE)
                measure_prepare(&job->set->items[job->todo[t]], &w.env);
        char byte;
        ssize_t got;
        while ((got = read(job->start_fd, &byte, 1)) > 0 || (got < 0 && errno == EINTR))
            ;
        close(job->start_fd);
    }
    pending_list run = {NULL, 0, 0, 0, 0, "", run_batch}, rej = {NULL, 0, 0, 0, 0, "", reject_batch_run};
    run.idx = malloc((job->batch_max ? job->batch_max : 1) * sizeof *run.idx);
    rej.idx = malloc((job->batch_max ? job->batch_max : 1) * sizeof *rej.idx);
    size_t cur_seg = 0;
    for (size_t t = 0; t < job->n_todo && run.idx && rej.idx && !w.poisoned; t++)
        take_probe(&w, &run, &rej, &cur_seg, job->todo[t]);
    /* Then chunks of the device's run while any is free: this worker's
     * context serves them all (chunk_pool.h). A chunk begins at a segment,
     * so its programs are the same whoever claims it, and ends at one: its
     * last batches are built before the next claim. Built at the next
     * chunk's first probe, they kept that chunk claimed and idle behind
     * them (a worker building math.fmod.double4 for 12 s held the chunk
     * after it), and the order of claims (chunk_order.h) is worth only as
     * much as claims are made when work can start. */
    pending_flush(&w, &run);
    pending_flush(&w, &rej);
    size_t c;
    while (job->pool && run.idx && rej.idx && !w.poisoned && chunk_pool_claim(job->pool, job->pool_owner, &c)) {
        size_t n;
        const size_t *probes = chunk_pool_probes(job->pool, c, &n);
        for (size_t t = 0; t < n && !w.poisoned; t++)
            take_probe(&w, &run, &rej, &cur_seg, probes[t]);
        pending_flush(&w, &run);
        pending_flush(&w, &rej);
    }
    free(run.idx);
    free(rej.idx);
    /* A poisoned worker says so and ends: the supervisor starts a fresh one
     * (a new context) for the probes it did not reach. */
    worker_flush_profile(&w);
    cJSON *m = worker_msg(w.poisoned ? "retire" : "done");
    cJSON_AddNumberToObject(m, "builds", (double)w.builds);
    worker_emit(&w, m);
    close_device(&w);
}
