/* Chunks of one device's run, handed to supervisors as cores allow: see fanout.h. */
#include "fanout.h"

#include "crash_memo.h"
#include "lost_memo.h"
#include "batch_plan.h"
#include "chunk_order.h"
#include "chunk_pool.h"
#include "device_gate.h"
#include "driver_policy.h"
#include "json_num.h"
#include "measure.h"
#include "measure_contract.h"
#include "measure_memo.h"

#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc.h"
#include "record.h"
#include "trace.h"
#include "verdict.h"

/* The one-chunk threshold: a run this small is done by one supervisor,
 * with no process between it and the device. */
#define CHUNK_MIN 128 /* probes */

size_t fanout_default(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    size_t cpus = n > 0 ? (size_t)n : 1;
    return cpus > 16 ? 16 : cpus;
}

typedef struct {
    clc_supervise_opts o;
    int id;   /* the supervisor's number in this device's run (its pool owner id) */
    int fd;   /* in its process: where its messages go */
    int start_wfd; /* the device process's end of o.start_fd's pipe (closed in the child), or -1 */
} fanout_arg;

/* Each record goes to the device's process the moment it is set: a
 * supervisor now lives as long as chunks are left, and the progress line
 * must not wait for it. A record set again later is sent again. */
static void send_rec(void *ctx, size_t i, const clc_record *rec)
{
    fanout_arg *a = ctx;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "rec");
    cJSON_AddNumberToObject(m, "i", (double)i);
    /* The pipe to the device's process: the record as JSON. */
    cJSON_AddItemToObject(m, "rec", rec ? record_to_json(rec) : cJSON_CreateNull());
    proc_send(a->fd, m);
}

/* Its worker is done: the device's process may count this supervisor out
 * of those that still launch (fanout.c, the waiting measurements). */
static void send_done(void *ctx)
{
    fanout_arg *a = ctx;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "done");
    proc_send(a->fd, m);
}

/* In a supervisor's process: supervises its chunks (claimed from the pool
 * by its workers) or the measurements, sending every record as it comes,
 * then the run's counters. */
static void fanout_main(int fd, void *arg)
{
    fanout_arg *a = arg;
    clc_device_run run;
    char lane[64];
    snprintf(lane, sizeof lane, "supervisor %d", a->id);
    trace_lane(lane);
    if (a->start_wfd >= 0)
        close(a->start_wfd); /* else its worker would wait for itself */
    a->fd = fd;
    a->o.on_rec = send_rec;
    a->o.on_rec_ctx = a;
    a->o.on_done = send_done;
    double t0 = proc_now();
    if (supervise_device(&a->o, &run) != 0)
        return;
    char detail[64];
    size_t n = 0;
    for (size_t i = 0; i < a->o.set->count; i++)
        n += run.recs[i] != NULL;
    snprintf(detail, sizeof detail, "%zu probes", n);
    trace_span(a->o.pool ? "chunks" : "measurements", "chunk", t0, proc_now(), detail);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "end");
    cJSON_AddNumberToObject(m, "builds", (double)run.builds);
    cJSON_AddNumberToObject(m, "workers", (double)run.workers);
    cJSON_AddNumberToObject(m, "timeouts_retried", (double)run.timeouts_retried);
    cJSON_AddItemToObject(m, "profile", profile_to_json(&run.profile));
    if (run.icd[0]) {
        cJSON_AddStringToObject(m, "icd", run.icd);
        cJSON_AddNumberToObject(m, "icd_pidx", run.icd_pidx);
    }
    if (run.device) {
        cJSON_AddItemToObject(m, "device", run.device);
        cJSON_AddItemToObject(m, "platform", run.platform ? run.platform : cJSON_CreateObject());
        run.device = run.platform = NULL;
    }
    if (run.fatal[0])
        cJSON_AddStringToObject(m, "fatal", run.fatal);
    if (!run.complete)
        cJSON_AddStringToObject(m, "incomplete_reason", run.incomplete_reason);
    proc_send(fd, m);
    supervise_free(&run, a->o.set->count);
}

/* A measurement that must have the device to itself: the inter-work-group
 * and limit measurements, whose timings and co-residency other work would
 * disturb. They run last and alone; with --measurements alongside, from
 * the start, in a chunk of their own, each holding the device gate
 * (device_gate.h) while the other supervisors build. The litmus tests are measurements
 * too, but count outcomes within a fixed time: other work beside them is
 * more stress, not a wrong answer (a forbidden outcome is forbidden under
 * any load), so they run in the chunks. Last, they were the whole tail of
 * NVIDIA's warm run (2.6 of 8.3 s) and never cached (they are samples). */
static int is_litmus(const clc_supervise_opts *o, const unsigned char *early, size_t i)
{
    return measure_is_litmus(&o->set->items[i]) || (early && early[i]);
}

static int is_measure(const clc_supervise_opts *o, const unsigned char *early, size_t i)
{
    return o->set->items[i].kind == CLC_KIND_MEASURE && !is_litmus(o, early, i);
}

/* The limit and code-shape measurements (limits.*, shape.*: the most
 * arguments, the largest constant buffer, all the local memory, 300
 * kernels in a program) count neither co-residency nor time, so they
 * answer the same beside other work. Run last and alone they were the
 * tail of runs: rusticl's warm run, 11.8 s to create a 2 GiB buffer (the
 * host zeroing its pages) while the other core idled; NVIDIA's cold run,
 * 1.5 s after its builds. They go to chunks of their own at the start, as
 * the litmus tests do; those this driver version already answered (the
 * measurement memo) stay in the last chunk, which takes them from the
 * memo. One exception: on a device with memory of its own (a GPU; not one
 * whose memory is the host's, CL_DEVICE_HOST_UNIFIED_MEMORY, or a CPU), a
 * buffer of CL_DEVICE_MAX_MEM_ALLOC_SIZE beside the other workers' buffers
 * could make theirs or its own fail, so limits.max_alloc.* stays last and
 * alone there. The OpenCL 3.0 contract (measure_contract.h) only queries
 * the device, so it goes early too: a warm run's last chunk was that query
 * and the remembered records, and it started a worker of its own for it
 * (1.5 s of a CPU device's warm run, a CUDA context on NVIDIA's). A flag
 * per probe of o->set, or NULL when none moves. Caller frees. */
static unsigned char *early_measures(const clc_supervise_opts *o)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(o->dev->info, "type");
    int host_memory = (cJSON_IsString(type) && strstr(type->valuestring, "CPU")) ||
                      cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o->dev->info, "host_unified_memory"));
    unsigned char *early = calloc(o->set->count ? o->set->count : 1, 1);
    char path[4096];
    cJSON *memo = o->cache_dir && o->isolate &&
                          crash_memo_device_file(o->cache_dir, "measures", ".json", o->dev->key, o->dev->info, path,
                                                 sizeof path) == 0
                      ? measure_memo_load(path)
                      : NULL;
    for (size_t k = 0; early && k < o->n_todo; k++) {
        const clc_probe *p = &o->set->items[o->todo[k]];
        if (p->kind != CLC_KIND_MEASURE || !p->measure)
            continue;
        if (strcmp(p->measure, MEASURE_CONTRACT_NAME) == 0) {
            early[o->todo[k]] = 1;
            continue;
        }
        if (!measure_is_limit_or_shape(p) || (!host_memory && measure_is_max_alloc(p)))
            continue;
        clc_record *known = memo ? measure_memo_take(memo, p) : NULL;
        early[o->todo[k]] = known == NULL;
        record_free(known);
    }
    cJSON_Delete(memo);
    return early;
}

/* What the memo of probes lost to this driver version says of each probe
 * of the set (lost_memo.h: LOST_NONE, LOST_HANG or a crash's signal), or
 * NULL when there is no cache or no memo. Caller frees. */
static int *lost_probes(const clc_supervise_opts *o)
{
    char path[4096];
    if (!o->cache_dir || crash_memo_lost_path(o->cache_dir, o->dev->key, o->dev->info, path, sizeof path) != 0)
        return NULL;
    int *lost = calloc(o->set->count ? o->set->count : 1, sizeof *lost);
    if (lost && lost_memo_load(path, o->set, o->todo, o->n_todo, o->dev->info, lost) == 0) {
        free(lost);
        lost = NULL;
    }
    return lost;
}

/* The chunk sizes with n_single chunks of one probe in front (sizes may be
 * NULL when there are no other probes). NULL when out of memory. */
static size_t *singles_first(size_t *sizes, size_t n_single, size_t *n_chunks)
{
    if (n_single == 0 || (!sizes && *n_chunks))
        return sizes;
    size_t *all = malloc((n_single + *n_chunks) * sizeof *all);
    if (all) {
        for (size_t k = 0; k < n_single; k++)
            all[k] = 1;
        for (size_t k = 0; k < *n_chunks; k++)
            all[n_single + k] = sizes[k];
        *n_chunks += n_single;
    }
    free(sizes);
    return all;
}

typedef struct {
    const clc_supervise_opts *o;
    clc_device_run *out;
    size_t done, unexpected;
    char icd[4096];
    int icd_pidx;
} fan_state;

/* A count from a chunk's message; one that is not a count adds nothing. */
static size_t count_of(const cJSON *m, const char *key)
{
    size_t n;
    return json_num_size(cJSON_GetObjectItemCaseSensitive(m, key), key, 0, SIZE_MAX, &n, NULL, 0) == 0 ? n : 0;
}

/* A chunk's message: a record, its worker done (send_done: returns 1), or
 * its end with the counters. */
static int take_msg(fan_state *st, cJSON *m)
{
    const clc_supervise_opts *o = st->o;
    clc_device_run *out = st->out;
    const cJSON *tv = cJSON_GetObjectItemCaseSensitive(m, "t");
    const char *t = cJSON_IsString(tv) ? tv->valuestring : "";
    if (!strcmp(t, "done"))
        return 1;
    if (!strcmp(t, "rec")) {
        size_t i;
        if (json_num_index(cJSON_GetObjectItemCaseSensitive(m, "i"), "i", o->set->count, &i, NULL, 0) == 0) {
            /* A record sent again (set again by its supervisor) replaces
             * the one before. */
            if (out->recs[i]) {
                st->unexpected -= record_is_unexpected(out->recs[i]);
                record_free(out->recs[i]);
            } else {
                st->done++;
            }
            out->recs[i] = record_from_pipe(&o->set->items[i], cJSON_DetachItemFromObjectCaseSensitive(m, "rec"),
                                            "the supervisor's");
            st->unexpected += record_is_unexpected(out->recs[i]);
            if (o->on_record)
                o->on_record(o->on_record_ctx, st->done, st->unexpected);
        }
    } else if (!strcmp(t, "end")) {
        out->builds += count_of(m, "builds");
        out->workers += count_of(m, "workers");
        out->timeouts_retried += count_of(m, "timeouts_retried");
        profile_add_json(&out->profile, cJSON_GetObjectItemCaseSensitive(m, "profile"));
        const cJSON *icd = cJSON_GetObjectItemCaseSensitive(m, "icd");
        if (cJSON_IsString(icd) && !st->icd[0]) {
            snprintf(st->icd, sizeof st->icd, "%s", icd->valuestring);
            st->icd_pidx = json_num_int_or(cJSON_GetObjectItemCaseSensitive(m, "icd_pidx"), 0, INT_MAX, 0);
        }
        if (!out->device) {
            out->device = cJSON_DetachItemFromObjectCaseSensitive(m, "device");
            out->platform = cJSON_DetachItemFromObjectCaseSensitive(m, "platform");
        }
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(m, "fatal");
        if (cJSON_IsString(f) && !out->fatal[0])
            snprintf(out->fatal, sizeof out->fatal, "%s", f->valuestring);
        const cJSON *ir = cJSON_GetObjectItemCaseSensitive(m, "incomplete_reason");
        if (cJSON_IsString(ir) && !out->incomplete_reason[0])
            snprintf(out->incomplete_reason, sizeof out->incomplete_reason, "%s", ir->valuestring);
    }
    return 0;
}

typedef struct {
    clc_child kid;
    fanout_arg arg;
    int alive, token;  /* token: runs on a core from the pool, given back at its end */
    int early;         /* the measurements, started while the last chunks run (waiting, on no core) */
    int done;          /* its worker is done and launches nothing more (send_done) */
} shard;

/* Gives back out->recs and the remembered records in it, before the
 * fallback to one supervisor, which makes them again. */
static void drop_records(const clc_supervise_opts *o, clc_device_run *out)
{
    for (size_t k = 0; out->recs && k < o->n_todo; k++)
        record_free(out->recs[o->todo[k]]);
    free(out->recs);
    out->recs = NULL;
}

/* One device's fan-out, from its plan to its last chunk's end: what the
 * parts of fanout_device share. */
typedef struct {
    const clc_supervise_opts *o;
    clc_device_run *out;
    size_t max_shards;
    const clc_jobserver *pool;
    /* The plan (plan_order, plan_chunks): the probes in order, n_single
     * litmus chunks first, the plain probes up to n_rest, the measurements
     * up to n_all; n_known: those the lost memo answered, in none. */
    size_t *order, n_single, n_rest, n_all, n_known;
    size_t *sizes, n_chunks;
    size_t *own_plan;     /* the batch plan made here, when the caller gave none */
    const size_t *seg;    /* the batch plan the chunks follow */
    clc_chunk_pool *cp;
    /* The run: one slot a supervisor, one more for the waiting measurements. */
    shard *sh;
    struct pollfd *pfd;
    fan_state st;
    char gate[4096];
    int alongside, launch_gate;
    size_t running;
    int stopping, own_busy, next_id;
    int measured;  /* the measurement chunk has started, or there is none */
    int start_wfd; /* the waiting measurements' pipe, closed to let them go */
} fan_run;

/* r->order: the litmus tests (and the early limit measurements), each a
 * chunk of its own (side by side at the start, not one after another
 * in the chunk that holds their family: PoCL 5's 15 litmus tests, 0.55 s
 * each, were seconds of one supervisor's warm run); every other probe
 * but the measurements, a segment a chunk in chunk_order.h's order; the
 * measurements (one last chunk). The probes lost to this driver
 * version before (a build alone that hung, a run crash of a probe built
 * alone) are in none: they get their remembered verdict here
 * (lost_memo_record). Those whose kernel hung stay in their chunk and
 * program, and the worker records them (crash_memo_hung_run_path).
 * r->order stays NULL when out of memory. */
static void plan_order(fan_run *r)
{
    const clc_supervise_opts *o = r->o;
    clc_device_run *out = r->out;
    size_t *order = r->order;
    int *lost = order && out->recs ? lost_probes(o) : NULL;
    unsigned char *early = order ? early_measures(o) : NULL;
    for (size_t k = 0; lost && k < o->n_todo; k++) {
        size_t i = o->todo[k];
        if (is_measure(o, early, i) || is_litmus(o, early, i))
            lost[i] = LOST_NONE;
        /* A copy alone stays in its chunk and program; its worker
         * records it without a launch (runner.c). */
        if (o->set->items[i].alone)
            lost[i] = LOST_NONE;
        if (lost[i] != LOST_NONE) {
            out->recs[i] = record_alloc();
            lost_memo_record(&o->set->items[i], lost[i], out->recs[i]);
            r->n_known++;
        }
    }
    r->n_all = o->n_todo - r->n_known;
    for (size_t k = 0; order && k < o->n_todo; k++)
        if (is_litmus(o, early, o->todo[k]))
            order[r->n_single++] = o->todo[k];
    r->n_rest = r->n_single;
    for (size_t k = 0; order && k < o->n_todo; k++)
        if (!is_measure(o, early, o->todo[k]) && !is_litmus(o, early, o->todo[k]) &&
            !(lost && lost[o->todo[k]] != LOST_NONE))
            order[r->n_rest++] = o->todo[k];
    free(lost);
    /* The measurements, the one that deadlocks on purpose last: its worker
     * is killed, and a fresh one for those after it cost NVIDIA's cold run
     * 0.3 s and their programs built again. */
    size_t n_meas_put = r->n_rest;
    for (int last = 0; last < 2; last++)
        for (size_t k = 0; order && k < o->n_todo; k++)
            if (is_measure(o, early, o->todo[k]) && measure_deadlocks(&o->set->items[o->todo[k]]) == last)
                order[n_meas_put++] = o->todo[k];
    free(early);
}

/* The chunks of the plain probes (r->sizes, r->n_chunks, the singletons
 * first), with the plain part of r->order put in chunk order. The plan of
 * batches (batch_plan.h) is made here unless the caller has one: chunks
 * begin only where a segment begins. r->sizes stays NULL when out of memory. */
static void plan_chunks(fan_run *r)
{
    const clc_supervise_opts *o = r->o;
    size_t *order = r->order;
    r->own_plan = o->segment || !order ? NULL : batch_plan_segments(o->set, o->todo, o->n_todo, o->batch_max);
    const size_t *seg = r->seg = o->segment ? o->segment : r->own_plan;
    size_t n_plain = r->n_rest - r->n_single; /* the probes chunked by segment; n_single: the singletons before them */
    size_t *plain = order ? order + r->n_single : NULL;
    unsigned char *seg_start = order ? calloc(n_plain ? n_plain : 1, 1) : NULL,
                  *timed = order ? calloc(n_plain ? n_plain : 1, 1) : NULL,
                  *heavy = order ? calloc(n_plain ? n_plain : 1, 1) : NULL;
    size_t *pos = order ? calloc(n_plain ? n_plain : 1, sizeof *pos) : NULL,
           *was = order ? calloc(n_plain ? n_plain : 1, sizeof *was) : NULL;
    for (size_t k = 0; seg_start && timed && heavy && k < n_plain; k++) {
        seg_start[k] = !seg || k == 0 || seg[plain[k]] != seg[plain[k - 1]];
        timed[k] = o->set->items[plain[k]].timeout_s > 0;
        heavy[k] = o->set->items[plain[k]].has_ulp;
    }
    int largest_first = driver_policy_for(o->dev->platform_name, driver_policy_types(o->dev->info)).claims_largest_first;
    if (seg_start && timed && heavy && pos && was &&
        (r->sizes = chunk_order(seg_start, timed, heavy, n_plain, largest_first, pos, &r->n_chunks))) {
        for (size_t k = 0; k < n_plain; k++)
            was[k] = plain[k];
        for (size_t k = 0; k < n_plain; k++)
            plain[k] = was[pos[k]];
        r->sizes = singles_first(r->sizes, r->n_single, &r->n_chunks);
    }
    free(seg_start), free(timed), free(heavy), free(pos), free(was);
}

/* Out of memory before any chunk started: the plan is given back and one
 * supervisor does the whole run. */
static int fall_back(fan_run *r)
{
    drop_records(r->o, r->out), free(r->order), free(r->sh), free(r->sizes), free(r->own_plan);
    return supervise_device(r->o, r->out);
}

/* Progress starts from the probes the lost memo answered. */
static void start_progress(fan_run *r)
{
    const clc_supervise_opts *o = r->o;
    r->st = (fan_state){o, r->out, r->n_known, 0, "", 0};
    for (size_t k = 0; k < o->n_todo; k++)
        r->st.unexpected += record_is_unexpected(r->out->recs[o->todo[k]]);
    if (o->icd_hint)
        snprintf(r->st.icd, sizeof r->st.icd, "%s", o->icd_hint), r->st.icd_pidx = o->icd_hint_pidx;
}

/* A signal stops every chunk (by SIGTERM, each still sends what it has);
 * a device that cannot be used starts no more supervisors. */
static void stop_if_asked(fan_run *r)
{
    if (r->o->stop && *r->o->stop && !r->stopping) {
        r->stopping = 1;
        for (size_t s = 0; s <= r->max_shards; s++)
            if (r->sh[s].alive)
                kill(r->sh[s].kid.pid, SIGTERM);
    }
    if (r->out->fatal[0])
        r->stopping = 1;
}

/* How the next supervisor starts: as the measurements' (last), waiting
 * for the other chunks to end (waiting, on pipefd[0]), on a core of the
 * pool (token). */
typedef struct {
    int last, waiting, token;
    int pipefd[2];
} shard_start;

/* A supervisor's options: the caller's, with what this device's fan-out
 * decides (the batch plan, the gate, the ICD found so far, whether it
 * waits before its worker starts). */
static void shard_prepare(fan_run *r, shard *c, const shard_start *how)
{
    memset(c, 0, sizeof *c);
    c->arg.o = *r->o;
    c->arg.o.segment = r->seg;
    c->arg.o.stop = NULL;      /* a chunk is stopped by SIGTERM, forwarded by stop_if_asked */
    c->arg.o.on_record = NULL; /* progress is told from here, as records arrive */
    c->arg.o.icd_hint = r->st.icd[0] ? r->st.icd : NULL;
    c->arg.o.icd_hint_pidx = r->st.icd_pidx;
    c->arg.o.gate = r->alongside || r->launch_gate ? r->gate : NULL;
    c->arg.o.start_wait = how->waiting;
    c->arg.o.start_fd = how->pipefd[0];
    c->arg.start_wfd = how->pipefd[1];
    c->early = how->waiting;
    c->arg.id = ++r->next_id;
}

/* What the supervisor does: the measurements (last), or the chunk pool with
 * a chunk claimed for it here (a supervisor never starts a worker for
 * nothing). 0 when another supervisor took the last free chunk meanwhile. */
static int shard_assign(fan_run *r, shard *c, int last)
{
    size_t first;
    if (last) {
        c->arg.o.todo = r->order + r->n_rest;
        c->arg.o.n_todo = r->n_all - r->n_rest;
        c->arg.o.pool = NULL;
    } else if (chunk_pool_claim(r->cp, c->arg.id, &first)) {
        c->arg.o.todo = NULL;
        c->arg.o.n_todo = 0;
        c->arg.o.pool = r->cp;
        c->arg.o.pool_owner = c->arg.id;
    } else {
        return 0;
    }
    return 1;
}

/* Starts the supervisor prepared in c; 0 when it runs, -1 when it could
 * not start (the run turns fatal when nothing else runs). */
static int shard_spawn(fan_run *r, shard *c, const shard_start *how)
{
    int spawned = proc_spawn(&c->kid, fanout_main, &c->arg);
    if (how->waiting) {
        close(how->pipefd[0]); /* the child has its copy */
        if (spawned == 0)
            r->start_wfd = how->pipefd[1];
        else
            close(how->pipefd[1]);
    }
    if (spawned != 0) {
        if (how->token)
            jobserver_give(r->pool);
        if (r->running == 0) {
            snprintf(r->out->fatal, sizeof r->out->fatal, "could not start a supervisor process");
            r->stopping = 1;
        }
        return -1;
    }
    c->alive = 1;
    c->token = how->token;
    if (!how->token && !how->waiting)
        r->own_busy = 1;
    r->out->borrowed += (size_t)how->token;
    r->running++;
    if (r->running > r->out->device_jobs)
        r->out->device_jobs = r->running;
    if (how->last)
        r->measured = 1;
    return 0;
}

/* Start what the cores allow: the device's own supervisor without a
 * token, each further one with a token from the pool, each with a
 * chunk claimed for it. Its worker then claims more while any is free. The
 * measurements wait until nothing else of this device runs, or,
 * alongside, start first and take the device gate per probe. */
static void start_chunks(fan_run *r)
{
    while (!r->stopping) {
        /* The measurement chunk: first when it goes alongside, else once
         * every other chunk has ended; or, near the end, at once in a
         * slot of its own with its worker waiting for the others to end:
         * a worker's start (a CUDA context: 0.3-0.45 s on the H100) and
         * the measurements' builds (measure_prepare) are then made while
         * they finish, not after (NVIDIA's warm run: 3.2 s, 0.45 s of it
         * that start). Near the end is when no more chunks are free
         * than supervisors may run, nor than an eighth of all, nor hold
         * more than an eighth of the probes: with a segment a chunk, "none
         * free" came 0.02 s before the end of NVIDIA's warm run, and its
         * start was after, again; and an eighth of the chunks, the
         * smallest when claimed largest first, was its last 0.01 s. */
        size_t free_n = chunk_pool_free_count(r->cp);
        shard_start how = {0, 0, 0, {-1, -1}};
        how.waiting = !r->measured && !r->alongside && r->running > 0 &&
                      (free_n <= r->max_shards || free_n <= chunk_pool_count(r->cp) / 8 ||
                       chunk_pool_free_probes(r->cp) <= chunk_pool_probe_count(r->cp) / 8);
        how.last = !r->measured && (r->alongside || how.waiting || (free_n == 0 && r->running == 0));
        if (!how.last && free_n == 0)
            break;
        size_t s = 0;
        if (how.waiting) {
            s = r->max_shards; /* its own slot, used by nothing else */
        } else {
            while (s < r->max_shards && r->sh[s].alive)
                s++;
            if (s == r->max_shards)
                break;
        }
        if (how.waiting && pipe(how.pipefd) != 0)
            how.waiting = 0, how.pipefd[0] = how.pipefd[1] = -1;
        if (!how.waiting && s == r->max_shards)
            break;
        /* The device's own slot is free when no tokenless chunk runs;
         * the waiting measurements take no core until the others end. */
        if (!how.waiting && r->own_busy && r->pool && !(how.token = jobserver_try_take(r->pool)))
            break;
        shard *c = &r->sh[s];
        shard_prepare(r, c, &how);
        if (!shard_assign(r, c, how.last)) {
            if (how.token)
                jobserver_give(r->pool);
            continue; /* taken meanwhile: the measurements are next */
        }
        if (shard_spawn(r, c, &how) != 0)
            break;
    }
}

/* Wait for any chunk to say something, then take everything each
 * has sent: records come in bursts of hundreds as a chunk ends, and
 * reading one message per chunk per turn left cores idle for
 * seconds while the next chunk waited for its slot. But not for longer
 * than TAKE_TURN_S a chunk: a warm GPU's workers send a record every
 * 0.3 ms for seconds on end, and a turn that read until a pause never
 * came back to start_chunks, so the measurements' worker, meant to make
 * its context while the last chunks ran, started after them (NVIDIA's
 * warm run: 0.25 s of context creation at the end). A chunk that has
 * ended gives back its core. */
#define TAKE_TURN_S 0.02
static void take_messages(fan_run *r)
{
    nfds_t np = 0;
    for (size_t s = 0; r->pfd && s <= r->max_shards; s++)
        if (r->sh[s].alive)
            r->pfd[np++] = (struct pollfd){r->sh[s].kid.fd, POLLIN, 0};
    if (r->pfd && np)
        poll(r->pfd, np, 50);
    for (size_t s = 0; s <= r->max_shards; s++) {
        shard *c = &r->sh[s];
        if (!c->alive)
            continue;
        cJSON *m;
        int rc;
        double until = proc_now() + TAKE_TURN_S;
        while ((rc = proc_read_msg(&c->kid, 0.001, NULL, &m)) == 1) {
            if (take_msg(&r->st, m))
                c->done = 1;
            cJSON_Delete(m);
            if (proc_now() > until)
                break;
        }
        if (rc == 0) {
            int status;
            proc_reap(&c->kid, &status);
            c->alive = 0;
            if (c->token)
                jobserver_give(r->pool);
            else if (!c->early)
                r->own_busy = 0;
            r->running--;
        }
    }
}

/* How many chunks' supervisors other than the waiting measurements' may
 * still launch a kernel: alive, and their worker not yet done. */
static size_t still_launching(const fan_run *r)
{
    size_t n = 0;
    for (size_t s = 0; s <= r->max_shards; s++)
        n += r->sh[s].alive && !r->sh[s].early && !r->sh[s].done;
    return n;
}

/* Whether the waiting measurements may begin: no chunk is free, and every
 * other chunk's worker is done (its launches are over; its exit, a
 * driver's teardown, need not be awaited). Not all but one, on a GPU whose
 * launches pass the gate, though it measured 0.73 s sooner on NVIDIA's
 * cold run with the same results: that worker's kernel may hang, and its
 * process, killed, lets go of the gate before its driver has taken the
 * kernel off the device, which the next measurement would then share. A
 * worker that is done has no kernel left. */
static int measurements_may_begin(const fan_run *r)
{
    return !chunk_pool_any_free(r->cp) && still_launching(r) == 0;
}

/* An unusable device: every probe left says why, as supervise_device
 * does, so the report is still complete. Then whether it is. */
static void finish_records(const clc_supervise_opts *o, clc_device_run *out)
{
    for (size_t k = 0; out->fatal[0] && k < o->n_todo; k++)
        if (!out->recs[o->todo[k]]) {
            clc_record *rec = record_new(&o->set->items[o->todo[k]]);
            record_set_verdict(rec, CLC_VERDICT_ERROR, out->fatal);
            out->recs[o->todo[k]] = rec;
        }
    out->complete = 1;
    for (size_t k = 0; k < o->n_todo; k++)
        if (!out->recs[o->todo[k]])
            out->complete = 0;
    if (out->complete)
        out->incomplete_reason[0] = '\0';
    else if (!out->incomplete_reason[0])
        snprintf(out->incomplete_reason, sizeof out->incomplete_reason,
                 o->stop && *o->stop ? "interrupted by a signal" : "a supervisor process died");
}

int fanout_device(const clc_supervise_opts *o, size_t max_shards, const clc_jobserver *pool,
                  clc_device_run *out)
{
    if (max_shards <= 1 || !o->isolate)
        return supervise_device(o, out);
    /* One chunk and no measurement: a supervisor of this process does it,
     * with no process between the device and its worker. */
    size_t n_meas = 0;
    for (size_t k = 0; k < o->n_todo; k++)
        n_meas += is_measure(o, NULL, o->todo[k]);
    if (n_meas == 0 && o->n_todo <= CHUNK_MIN + CHUNK_MIN / 2)
        return supervise_device(o, out);
    double t0 = proc_now();
    memset(out, 0, sizeof *out);
    out->recs = calloc(o->set->count ? o->set->count : 1, sizeof *out->recs);
    fan_run r = {.o = o, .out = out, .max_shards = max_shards, .pool = pool, .start_wfd = -1};
    r.order = calloc(o->n_todo ? o->n_todo : 1, sizeof *r.order);
    /* One slot more than the cores: the measurements' supervisor may start
     * while the last chunks run, its worker waiting (start_chunks). */
    r.sh = calloc(max_shards + 1, sizeof *r.sh);
    plan_order(&r);
    plan_chunks(&r);
    if (!out->recs || !r.order || !r.sh || (r.n_rest && !r.sizes))
        return fall_back(&r);
    start_progress(&r);
    /* The chunks, claimed by the supervisors' workers as they go. */
    r.cp = r.n_chunks ? chunk_pool_new(r.order, r.sizes, r.n_chunks) : NULL;
    if (r.n_chunks && !r.cp)
        return fall_back(&r);
    out->chunks = r.n_chunks + (r.n_rest < r.n_all);
    r.measured = r.n_rest == r.n_all; /* no measurement chunk to run */
    /* Measurements beside the builds (--measurements alongside, see
     * device_gate.h) need the gate; without one they run last and alone. */
    r.alongside = o->measure_alongside && !r.measured && r.n_chunks > 0 &&
                  device_gate_create(r.gate, sizeof r.gate) == 0;
    /* Otherwise the gate is there for a GPU's workers, which launch one
     * kernel at a time through it (runner.c; driver_policy.c's serial_launches,
     * decided by the device's type bits): launches from several processes
     * on one GPU are time-sliced between their contexts, and NVIDIA's warm
     * run's 5,452 launches took 0.19 s from one supervisor, 0.83 s from
     * two, 3.7 s from four and 10.1 s from eight. Other devices' workers
     * leave it alone. */
    r.launch_gate = !r.alongside && r.n_chunks > 1 && device_gate_create(r.gate, sizeof r.gate) == 0;
    r.pfd = calloc(max_shards + 1, sizeof *r.pfd);
    for (;;) {
        stop_if_asked(&r);
        if (r.start_wfd >= 0 && (r.stopping || measurements_may_begin(&r))) {
            close(r.start_wfd);
            r.start_wfd = -1;
        }
        start_chunks(&r);
        if (r.running == 0 && (r.stopping || (!chunk_pool_any_free(r.cp) && r.measured)))
            break;
        take_messages(&r);
    }
    finish_records(o, out);
    out->wall_ms = (proc_now() - t0) * 1e3;
    out->chunks = chunk_pool_count(r.cp) + (r.n_rest < r.n_all); /* with the parts given back */
    snprintf(out->icd, sizeof out->icd, "%s", r.st.icd);
    out->icd_pidx = r.st.icd_pidx;
    if (r.start_wfd >= 0)
        close(r.start_wfd);
    free(r.order), free(r.sh), free(r.sizes), free(r.pfd), free(r.own_plan);
    chunk_pool_free(r.cp);
    if (r.alongside || r.launch_gate)
        unlink(r.gate);
    return 0;
}
