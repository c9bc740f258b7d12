/* The supervisor: see supervise.h.
 *
 * The worker tells the supervisor what it is about to do ("build" these
 * probes, "begin" that one). When the worker goes silent past the watchdog or
 * dies, that last announcement says whom to blame: a probe that was running
 * gets timeout/crash; the probes of a multi-probe build are marked to be
 * rebuilt in smaller batches, down to the culprit alone, so one bad probe
 * costs only itself. */
#include "supervise.h"
#include "json_num.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bincache.h"
#include "crash_memo.h"
#include "lost_memo.h"
#include "batch_plan.h"
#include "measure.h"
#include "measure_memo.h"
#include "proc.h"
#include "record.h"
#include "runner.h"
#include "trace.h"
#include "verdict.h"

typedef enum { PHASE_SETUP, PHASE_BUILD, PHASE_RUN, PHASE_BETWEEN, PHASE_CACHE } phase;

/* sv_state.retried: why a probe's next hang is its verdict. */
enum { RETRY_NONE, RETRY_DONE };

typedef struct {
    const clc_supervise_opts *o;
    clc_device_run *out;
    size_t *batch_cap;      /* see runner.h */
    size_t *batch_leader;   /* see runner.h */
    unsigned char *capped;  /* per probe: its cap or leader was set by this supervisor in this run,
                             * so no other supervisor knows it yet (give_back_rest) */
    size_t results_since_death; /* progress since the worker last died */
    int barren_deaths;          /* deaths outside any probe, in a row, with no result between */
    double spawned_at;          /* when the current worker was started */
    double startup_s, alone_build_ms; /* sums, for the costs below */
    FILE *stderr_file;          /* the current worker's stderr */
    size_t startups, alone_builds;
    phase ph;
    phase ph_before_cache;  /* the phase a binary's storing interrupts ("cache-store") */
    size_t *building;       /* probes of the program being built, or of the kernel whose code is made */
    size_t n_building;
    size_t *program;        /* probes of the program last built (its kernels' code comes after) */
    size_t n_program;
    size_t running;         /* probe being run (PHASE_RUN) */
    int running_first;      /* ...at its kernel's first launch: code generation included */
    int building_program;   /* PHASE_BUILD is a program's build, not a kernel's code generation */
    char build_key[40];     /* the cache key of the lone program being built from source ("" none) */
    double last_build_s;    /* how long the latest program build took */
    unsigned char *retried; /* per probe: timed out once already, being run again alone (RETRY_*) */
    unsigned char *passenger; /* per probe: recorded, yet in the program the next worker forms
                               * again (keep_program_whole): built, not launched, its results dropped */
    size_t n_passengers;
    char icd_only[4096];    /* the platform's own .icd file, from the first worker ("" unknown) */
    int icd_pidx;
    int icd_using, icd_failed; /* this worker loads icd_only; a worker that did could not open the device */
    int no_binaries;        /* reading a binary back killed or hung a worker: no more of that */
    char crash_memo[4096];  /* probes that crashed this driver (crash_memo.h); "" none */
    char lost_memo[4096];   /* build hangs, and run crashes of probes built alone: not run next time (lost_memo.h) */
    char hung_run_memo[4096]; /* probes whose kernel hung: not launched next time (crash_memo_hung_run_path) */
    size_t *mine;           /* room for answer_for() */
    char measure_memo[4096]; /* measurements of this driver (measure_memo.h); "" none */
    cJSON *measures;        /* its contents, NULL when none */
    double phase_start;
    int done, fatal, retired;
    int lost;               /* the last worker died or hung (blame) */
    int lost_running;       /* ...while running a probe, not building: its batch was built */
    int lost_hung;          /* ...and it hung (the watchdog), not crashed */
    size_t n_recorded, n_unexpected; /* for o->on_record */
} sv_state;

/* A kernel's creation or code generation killed or hung the worker. The
 * probes of its program before the kernel (they have run) become a part
 * of their own, led by its first probe (runner.h); the kernel's probes and
 * all after them are then cut up as a build of them would be (below).
 * Were the next worker to start from the kernel's first probe and build
 * it with whatever followed, the next run, starting from the batch's first
 * probe, would form other programs again: every one a miss of both caches
 * (rusticl's first warm run: 188 kernels' code generated again, 7.3 s). Cutting up only the kernel's probes and keeping the rest as a
 * part cost a worker per crash where crashes are dense (18 probes with 9
 * crashers: 19 workers against 11). */
static void split_around_kernel(sv_state *s, int hung)
{
    size_t lo = SIZE_MAX;
    for (size_t k = 0; k < s->n_program && s->n_building && lo == SIZE_MAX; k++)
        if (s->program[k] == s->building[0])
            lo = k;
    if (lo == SIZE_MAX)
        return;
    size_t *idx = s->program, n = lo;
    size_t *leader = n ? calloc(n, sizeof *leader) : NULL;
    for (size_t k = 0; k < n; k++) {
        /* A part is smaller than its program, whose probes all had a cap
         * at least the program's size: the cap only falls. */
        s->batch_cap[idx[k]] = n;
        s->batch_leader[idx[k]] = idx[0] + 1;
        s->capped[idx[k]] = 1;
        if (leader)
            leader[k] = idx[0] + 1;
    }
    if (!hung && s->crash_memo[0] && leader)
        crash_memo_add_caps(s->crash_memo, s->o->set, idx, n, n, leader);
    free(leader);
    memmove(s->building, s->program + lo, (s->n_program - lo) * sizeof *s->building);
    s->n_building = s->n_program - lo;
}

/* The last bytes the worker wrote to stderr: what a driver said as it died. */
static void attach_stderr_tail(sv_state *s, clc_record *rec)
{
    if (!s->stderr_file)
        return;
    fflush(s->stderr_file);
    long end = lseek(fileno(s->stderr_file), 0, SEEK_END);
    if (end <= 0)
        return;
    long from = end > 4096 ? end - 4096 : 0;
    char buf[4097];
    ssize_t n = pread(fileno(s->stderr_file), buf, (size_t)(end - from), from);
    if (n <= 0)
        return;
    buf[n] = '\0';
    record_put_text(rec, "driver_stderr", buf);
}

/* A lone program's build killed the worker with a fault of its own: the
 * binary cache keeps that as the build's outcome (bincache.h,
 * BINCACHE_CRASHED), keyed like any build by driver, options and source, so
 * that the next run records the crash without losing a worker to it again.
 * rusticl's compiler crashes on 21 folded char probes every run: 21 worker
 * starts, 16 CPU-seconds of a warm run. A kill from outside is not a
 * crash of the build's. */
static void remember_build_crash(sv_state *s, int status, const clc_record *rec)
{
    int sig = proc_fault_signal(status);
    if (!sig || !s->build_key[0] || !s->o->cache_dir)
        return;
    const cJSON *tail = record_get(rec, "driver_stderr");
    bincache_entry e = {BINCACHE_CRASHED, sig, NULL, NULL, 0};
    char *log = cJSON_IsString(tail) ? strdup(tail->valuestring) : NULL;
    e.log = log ? log : "";
    bincache_store(s->o->cache_dir, s->build_key, &e);
    free(log);
}


/* The device's measurement memo, loaded at first need; NULL without a
 * cache (or isolation: measurements in-process are a debugging aid). */
static cJSON *measures(sv_state *s)
{
    if (!s->measures && s->o->cache_dir && s->o->isolate &&
        crash_memo_device_file(s->o->cache_dir, "measures", ".json", s->o->dev->key, s->o->dev->info, s->measure_memo,
                               sizeof s->measure_memo) == 0)
        s->measures = measure_memo_load(s->measure_memo);
    return s->measures;
}

/* Probe i's record is rec (owned from here). */
static void set_record(sv_state *s, size_t i, clc_record *rec)
{
    record_settle_undefined(&s->o->set->items[i], rec);
    if (s->o->set->items[i].kind == CLC_KIND_MEASURE && measures(s))
        measure_memo_store(s->measures, s->measure_memo, &s->o->set->items[i], rec);
    if (s->out->recs[i]) {
        s->n_unexpected -= (size_t)record_is_unexpected(s->out->recs[i]);
        record_free(s->out->recs[i]);
    } else {
        s->n_recorded++;
    }
    s->n_unexpected += (size_t)record_is_unexpected(rec);
    s->out->recs[i] = rec;
    if (s->o->on_rec)
        s->o->on_rec(s->o->on_rec_ctx, i, rec);
    if (s->o->on_record)
        s->o->on_record(s->o->on_record_ctx, s->n_recorded, s->n_unexpected);
}

/* The probes this supervisor answers for, in order: its todo, then every
 * chunk of the pool its workers have claimed (with pool, the chunks anyone
 * claimed or will). Returns how many it wrote to out (room for set->count
 * plus todo). */
static size_t answer_for(const sv_state *s, size_t *out, int any_owner)
{
    size_t n = 0;
    for (size_t k = 0; k < s->o->n_todo; k++)
        out[n++] = s->o->todo[k];
    for (size_t c = 0; c < chunk_pool_count(s->o->pool); c++) {
        if (!any_owner && chunk_pool_owner(s->o->pool, c) != s->o->pool_owner)
            continue;
        size_t m;
        const size_t *pr = chunk_pool_probes(s->o->pool, c, &m);
        for (size_t k = 0; k < m; k++)
            out[n++] = pr[k];
    }
    return n;
}

static void handle_msg(sv_state *s, cJSON *m)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "t");
    const char *type = cJSON_IsString(t) ? t->valuestring : "";
    /* A program's build ends with the worker's next word. */
    if (s->ph == PHASE_BUILD && s->building_program)
        s->last_build_s = proc_now() - s->phase_start;
    s->phase_start = proc_now();
    if (strcmp(type, "device") == 0) {
        s->startup_s += proc_now() - s->spawned_at;
        s->startups++;
        profile_add(&s->out->profile, PROF_WORKER_START, (proc_now() - s->spawned_at) * 1e3);
        if (!s->out->device) {
            s->out->device = cJSON_DetachItemFromObjectCaseSensitive(m, "device");
            s->out->platform = cJSON_DetachItemFromObjectCaseSensitive(m, "platform");
        }
        const cJSON *icd = cJSON_GetObjectItemCaseSensitive(m, "icd");
        const cJSON *ip = cJSON_GetObjectItemCaseSensitive(m, "icd_pidx");
        int pidx;
        if (cJSON_IsString(icd) && json_num_int(ip, "icd_pidx", 0, INT_MAX, &pidx, NULL, 0) == 0 &&
            !s->icd_failed) {
            snprintf(s->icd_only, sizeof s->icd_only, "%s", icd->valuestring);
            s->icd_pidx = pidx;
        }
        s->ph = PHASE_BETWEEN;
    } else if (strcmp(type, "fatal") == 0 && s->icd_using) {
        /* Loading only the platform's .icd file did not find the device:
         * the next worker loads every driver again, as the first did. */
        s->icd_failed = 1;
        s->icd_only[0] = '\0';
    } else if (strcmp(type, "fatal") == 0) {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(m, "detail");
        snprintf(s->out->fatal, sizeof s->out->fatal, "%s", cJSON_IsString(d) ? d->valuestring : "?");
        s->fatal = 1;
    } else if (strcmp(type, "build") == 0 || strcmp(type, "codegen") == 0) {
        /* Code generation at a kernel's first launch is compiling, too: it
         * gets the build watchdog, and a hang or crash in it is blamed on
         * its probes as a build's would be. */
        const cJSON *arr = cJSON_GetObjectItemCaseSensitive(m, "probes"), *it;
        s->n_building = 0;
        cJSON_ArrayForEach(it, arr)
            if (s->n_building < s->o->set->count &&
                json_num_index(it, "probes[]", s->o->set->count, &s->building[s->n_building], NULL, 0) == 0)
                s->n_building++;
        s->ph = PHASE_BUILD;
        s->building_program = type[0] == 'b';
        if (type[0] == 'b') {
            /* The key stays through the lone program's code generation: a
             * death there is remembered as its build's (below). */
            s->build_key[0] = '\0';
            s->out->builds++;
            memcpy(s->program, s->building, s->n_building * sizeof *s->program);
            s->n_program = s->n_building;
        }
    } else if (strcmp(type, "build-key") == 0) {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(m, "key");
        if (s->ph == PHASE_BUILD && s->building_program && cJSON_IsString(k) && strlen(k->valuestring) == BINCACHE_KEY_LEN)
            snprintf(s->build_key, sizeof s->build_key, "%s", k->valuestring);
    } else if (strcmp(type, "cache-store") == 0) {
        /* Right after a build, before its probes run: a death while the
         * driver hands out the binary is nobody's (blame). */
        s->ph_before_cache = s->ph;
        s->ph = PHASE_CACHE;
    } else if (strcmp(type, "cache-stored") == 0) {
        if (s->ph == PHASE_CACHE)
            s->ph = s->ph_before_cache;
    } else if (strcmp(type, "prof") == 0) {
        profile_add_json(&s->out->profile, cJSON_GetObjectItemCaseSensitive(m, "p"));
    } else if (strcmp(type, "begin") == 0) {
        /* running indexes the probe set: a "begin" naming no probe of it is
         * not believed. */
        if (json_num_index(cJSON_GetObjectItemCaseSensitive(m, "i"), "i", s->o->set->count, &s->running, NULL, 0) == 0) {
            s->running_first = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "first"));
            s->ph = PHASE_RUN;
        }
    } else if (strcmp(type, "result") == 0) {
        size_t i;
        if (json_num_index(cJSON_GetObjectItemCaseSensitive(m, "i"), "i", s->o->set->count, &i, NULL, 0) == 0) {
            clc_record *rec = record_from_pipe(&s->o->set->items[i], cJSON_DetachItemFromObjectCaseSensitive(m, "rec"),
                                               "the worker's");
            if (record_has(rec, REC_BATCH_SIZE) && rec->batch_size == 1 && rec->build_ms > 0) {
                s->alone_build_ms += rec->build_ms;
                s->alone_builds++;
            }
            if (s->passenger[i])
                record_free(rec); /* it has its record already (keep_program_whole) */
            else
                set_record(s, i, rec);
        }
        s->results_since_death++;
        if (s->ph == PHASE_RUN)
            s->ph = PHASE_BETWEEN;
    } else if (strcmp(type, "done") == 0) {
        s->done = 1;
    } else if (strcmp(type, "retire") == 0) {
        s->retired = 1;
    }
}

static void inline_emit(void *ctx, cJSON *msg)
{
    handle_msg(ctx, msg);
    cJSON_Delete(msg);
}

typedef struct {
    clc_worker_job job;
    int stderr_fd;   /* where the worker's stderr goes (-1: left alone) */
} worker_arg;

static void pipe_emit(void *ctx, cJSON *msg) { proc_send(*(int *)ctx, msg); }

static void worker_main(int fd, void *arg)
{
    worker_arg *a = arg;
    /* Drivers and their compilers print to stderr ("1 error generated",
     * Mesa warnings...). That goes to a file the supervisor reads back when
     * the worker dies, so it lands in the crash record, not the terminal. */
    if (a->stderr_fd >= 0)
        dup2(a->stderr_fd, STDERR_FILENO);
    trace_lane("worker");
    a->job.emit = pipe_emit;
    a->job.emit_ctx = &fd;
    runner_run(&a->job);
}

static double probe_timeout(const sv_state *s, size_t i)
{
    double t = s->o->set->items[i].timeout_s;
    return t > 0 ? t : s->o->timeout_s;
}

/* What a kernel's first launch may spend compiling beyond its own timeout:
 * five times the build of the program it belongs to (built just before),
 * at least the probe's timeout again, at most the build watchdog. The build
 * watchdog itself (300 s) made every deadlocking direct kernel cost 10 + 300
 * s on its second, lone run: PoCL 5's sub-group probes (a build there takes
 * about a second) kept a 16-core run busy for minutes. */
static double first_launch_allowance(const sv_state *s, double timeout_s)
{
    double a = 5 * s->last_build_s;
    if (a < timeout_s)
        a = timeout_s;
    return a < s->o->build_timeout_s ? a : s->o->build_timeout_s;
}

static double current_limit(const sv_state *s)
{
    switch (s->ph) {
    /* A kernel that could not be warmed up (direct kernels: local memory,
     * whole programs) may still be compiling at its first launch. */
    case PHASE_RUN: {
        double t = probe_timeout(s, s->running);
        return t + (s->running_first ? first_launch_allowance(s, t) : 0);
    }
    case PHASE_BUILD: return s->o->build_timeout_s;
    /* set-up: platform init and context creation */
    case PHASE_SETUP: return s->o->build_timeout_s > CLC_OPEN_FLOOR_S ? s->o->build_timeout_s : CLC_OPEN_FLOOR_S;
    default: return s->o->build_timeout_s;
    }
}

/* The worker hung (hung) or died (status, described in how) while running
 * a probe: a second chance alone after a first hang, else the probe's
 * verdict, remembered where lost_memo.h says. */
static void blame_run(sv_state *s, int hung, int status, const char *how)
{
    char detail[512];
    const clc_probe *p = &s->o->set->items[s->running];
    /* A run that outlived its watchdog gets a second chance, alone, in
     * a fresh worker, its program built and its code generated before
     * the clock starts: with several devices on few cores, a kernel can
     * be slow because of its neighbours, and the verdict must be the
     * probe's, not the schedule's. Measurements time out on purpose. */
    if (hung && p->kind != CLC_KIND_MEASURE && s->retried && !s->retried[s->running]) {
        s->retried[s->running] = RETRY_DONE;
        s->batch_cap[s->running] = 1;
        s->capped[s->running] = 1;
        s->out->timeouts_retried++;
        return;
    }
    clc_record *rec = record_new(p);
    /* A crash while running is remembered only of a probe built alone
     * by its nature (lost_memo.h): taking a batched probe out of its
     * program would make that program new to the caches next time. */
    if (hung) {
        snprintf(detail, sizeof detail, "the kernel did not finish: %s%s; the worker was killed", how,
                 p->kind == CLC_KIND_MEASURE ? "" : ", twice (the second time alone)");
        record_set_verdict(rec, CLC_VERDICT_TIMEOUT, detail);
        record_set_ms(rec, REC_TIME_MS, current_limit(s) * 1e3);
        if (p->kind == CLC_KIND_MEASURE) {
            record_set_verdict(rec, measure_on_timeout(p, current_limit(s), rec), NULL);
        }
    } else {
        snprintf(detail, sizeof detail, "the worker died while running this probe: %s", how);
        record_set_verdict(rec, CLC_VERDICT_CRASH, detail);
        record_set_text(rec, REC_SIGNAL, proc_signal_name(status) ? proc_signal_name(status) : how);
    }
    if (p->kind != CLC_KIND_MEASURE)
        record_add_repro(rec, p, NULL);
    /* A kernel that hung stays in its program next time and is recorded
     * without a launch (crash_memo_hung_run_path): taken out, its batch
     * would be a program new to the caches. */
    if (hung && p->kind != CLC_KIND_MEASURE && s->hung_run_memo[0])
        crash_memo_add(s->hung_run_memo, p->id);
    if (!hung && s->lost_memo[0] && proc_fault_signal(status) && lost_memo_remembers_crash(p))
        lost_memo_add_crash(s->lost_memo, p->id, proc_fault_signal(status));
    attach_stderr_tail(s, rec);
    set_record(s, s->running, rec);
}

/* The worker's unsent phase times died with it: the phase in progress
 * is charged here, to the measurement if that is what deadlocked on
 * purpose, else as lost, with whom the loss happened on (the timeline's
 * span says it). */
static void charge_lost_phase(sv_state *s, double phase_ms)
{
    const clc_probe_set *ps = s->o->set;
    if (s->ph == PHASE_RUN && ps->items[s->running].kind == CLC_KIND_MEASURE) {
        profile_add_detail(&s->out->profile, PROF_MEASURE, phase_ms, ps->items[s->running].id);
        return;
    }
    char whom[300] = "";
    if (s->ph == PHASE_RUN)
        snprintf(whom, sizeof whom, "%s", ps->items[s->running].id);
    else if (s->ph == PHASE_BUILD && s->n_building)
        snprintf(whom, sizeof whom, "%s%s (%zu probes)", ps->items[s->building[0]].id,
                 s->n_building > 1 ? " ..." : "", s->n_building);
    profile_add_detail(&s->out->profile, PROF_LOST, phase_ms, whom[0] ? whom : NULL);
}

/* Somebody in the batch being built broke the compiler. Either every probe
 * of it is built alone next time, or in batches of about sqrt(n), and so
 * on down to the culprit (256, 16, 4, 2, 1: each level costs a worker
 * restart). Alone, unless this device's measured build cost says
 * the restarts are cheaper: rusticl builds in ~5 ms and crashes in
 * clusters (alone: 60 s for the suite, sqrt levels: 71 s, halving:
 * 83 s); PoCL takes ~130 ms a build. Counting code generation in
 * the cost of a probe alone (measured from its build to its result)
 * chose levels more often and cost rusticl more: 573 probes of op.*,
 * rel.select.* and bool.* took 31.6 s cold alone, 48-52 s with more
 * levels (6-29 more workers, 1-1.8 s each: a rusticl worker parses
 * libclc at start-up). The size of the next batches. */
static size_t split_batch_cap(const sv_state *s)
{
    size_t cap = 1;
    if (s->alone_builds >= 4 && s->startups >= 1) {
        double alone_s = (double)s->n_building * s->alone_build_ms / (double)s->alone_builds / 1e3;
        double levels_s = 4 * s->startup_s / (double)s->startups;
        if (alone_s > levels_s)
            while (cap * cap < s->n_building)
                cap++;
        if (cap >= s->n_building)
            cap = s->n_building - 1;
    }
    return cap;
}

/* A batch's build hung or killed the worker: its probes are built in
 * smaller batches next (split_batch_cap), remembered for later runs when
 * it was a crash. */
static void blame_batch(sv_state *s, int hung, const char *how)
{
    size_t cap = split_batch_cap(s);
    /* The parts are fixed here, each led by its first probe, so that
     * the next run, which starts the batch from its first probe, cuts
     * the same parts as this run's next worker, which starts from the
     * first probe without a result. */
    size_t *leader = calloc(s->n_building, sizeof *leader);
    for (size_t k = 0; k < s->n_building; k++) {
        size_t i = s->building[k];
        s->batch_cap[i] = cap;
        s->batch_leader[i] = cap > 1 ? s->building[k / cap * cap] + 1 : 0;
        s->capped[i] = 1;
        if (leader)
            leader[k] = s->batch_leader[i];
    }
    if (!hung && s->crash_memo[0])
        crash_memo_add_caps(s->crash_memo, s->o->set, s->building, s->n_building, cap, leader);
    free(leader);
    /* No record carries this death, so say it here: a worker killed
     * from outside (an OOM killer, an operator) shows up somewhere. */
    fprintf(stderr, "clconform: %s: the worker %s while building %zu probes together (%s); "
                    "building them in smaller groups\n", s->o->dev->key, hung ? "hung" : "died",
            s->n_building, how);
}

/* One probe's build, alone, hung or killed the worker: that is its
 * verdict. */
static void blame_lone_build(sv_state *s, int hung, int status, const char *how)
{
    char detail[512];
    const clc_probe *p = &s->o->set->items[s->building[0]];
    clc_record *rec = record_new(p);
    snprintf(detail, sizeof detail, "the build %s: %s", hung ? "hung" : "killed the worker", how);
    if (!hung && s->crash_memo[0])
        crash_memo_add(s->crash_memo, p->id);
    if (hung && s->lost_memo[0])
        crash_memo_add(s->lost_memo, p->id);
    record_set_verdict(rec, hung ? CLC_VERDICT_TIMEOUT : CLC_VERDICT_CRASH, detail);
    if (!hung)
        record_set_text(rec, REC_SIGNAL, proc_signal_name(status) ? proc_signal_name(status) : how);
    record_add_repro(rec, p, NULL);
    attach_stderr_tail(s, rec);
    if (!hung && (s->building_program || s->n_program == 1))
        remember_build_crash(s, status, rec);
    set_record(s, s->building[0], rec);
}

/* The worker hung or died between probes (releasing a program, say):
 * nobody to blame yet. A device never opened, or three such deaths in a
 * row, make the run fatal. Else retry once; a worker that dies again
 * before any progress blames the next probe, so the run always moves on. */
static void blame_between(sv_state *s, int hung, const char *how, int progressed)
{
    char detail[512];
    if (!progressed)
        s->barren_deaths++;
    else
        s->barren_deaths = 0;
    if (!s->out->device || s->barren_deaths >= 3) {
        snprintf(s->out->fatal, sizeof s->out->fatal, "the worker %s %s: %s", hung ? "hung" : "died",
                 s->out->device ? "again and again without finishing a probe" : "while opening the device", how);
        s->fatal = 1;
        return;
    }
    if (progressed)
        return;
    size_t n = answer_for(s, s->mine, 0);
    for (size_t k = 0; k < n; k++) {
        size_t i = s->mine[k];
        if (!s->out->recs[i]) {
            clc_record *rec = record_new(&s->o->set->items[i]);
            snprintf(detail, sizeof detail, "the worker %s just before this probe: %s",
                     hung ? "hung" : "died", how);
            record_set_verdict(rec, hung ? CLC_VERDICT_TIMEOUT : CLC_VERDICT_CRASH, detail);
            set_record(s, i, rec);
            return;
        }
    }
}

/* The worker hung (hung = 1) or died (status) while in state s: records
 * the blame so that the next worker makes progress. */
static void blame(sv_state *s, int hung, int status)
{
    char how[64];
    int progressed = s->results_since_death > 0;
    s->results_since_death = 0;
    s->lost = 1;
    s->lost_running = s->ph == PHASE_RUN;
    s->lost_hung = hung;
    double phase_ms = (proc_now() - s->phase_start) * 1e3;
    if (s->ph == PHASE_CACHE) {
        /* The driver died or hung handing out a binary, after the build
         * and before any probe of that program ran: nobody to blame; the
         * next worker builds the program again and, like every later one,
         * keeps no binaries. */
        profile_add(&s->out->profile, PROF_LOST, phase_ms);
        s->no_binaries = 1;
        return;
    }
    charge_lost_phase(s, phase_ms);
    if (hung)
        snprintf(how, sizeof how, "no answer within %.1f s", current_limit(s));
    else
        proc_describe_status(status, how, sizeof how);
    if (s->ph == PHASE_RUN) {
        blame_run(s, hung, status, how);
        return;
    }
    if (s->ph == PHASE_BUILD && !s->building_program)
        split_around_kernel(s, hung);
    if (s->ph == PHASE_BUILD && s->n_building > 1) {
        blame_batch(s, hung, how);
    } else if (s->ph == PHASE_BUILD && s->n_building == 1 && !s->building_program && s->n_program > 1) {
        /* One probe's kernel, in a program of several: built alone next,
         * where a second death is its verdict and is remembered with that
         * lone program's build (bincache.h), so that later runs lose no
         * worker to it. */
        s->batch_cap[s->building[0]] = 1;
        s->batch_leader[s->building[0]] = 0;
        s->capped[s->building[0]] = 1;
        if (!hung && s->crash_memo[0])
            crash_memo_add(s->crash_memo, s->o->set->items[s->building[0]].id);
    } else if (s->ph == PHASE_BUILD && s->n_building == 1) {
        blame_lone_build(s, hung, status, how);
    } else {
        blame_between(s, hung, how, progressed);
    }
}

/* Whether probe i is built in a program with others (runner.c take_probe),
 * as this supervisor knows its cap. */
static int built_in_batch(const sv_state *s, size_t i)
{
    return s->batch_cap[i] != 1 && batch_plan_batched(&s->o->set->items[i]);
}

/* The probes of this supervisor's own list that hung or crashed this
 * driver version before (lost_memo.h) get their remembered verdict now, and
 * no worker meets them. With chunks, fanout.c does the same before any
 * chunk is cut. */
static void record_remembered_losses(sv_state *s)
{
    const clc_supervise_opts *o = s->o;
    int *lost = calloc(o->set->count ? o->set->count : 1, sizeof *lost);
    if (lost && lost_memo_load(s->lost_memo, o->set, o->todo, o->n_todo, o->dev->info, lost) > 0)
        for (size_t k = 0; k < o->n_todo; k++) {
            size_t i = o->todo[k];
            /* A copy alone stays in its program: its worker records it
             * without a launch (runner.c), so that program is the one
             * every run forms. */
            if (lost[i] != LOST_NONE && !s->out->recs[i] && !o->set->items[i].alone) {
                clc_record *rec = record_alloc();
                lost_memo_record(&o->set->items[i], lost[i], rec);
                set_record(s, i, rec);
            }
        }
    free(lost);
}

static size_t remaining(const sv_state *s, size_t *todo)
{
    size_t n = 0, m = answer_for(s, s->mine, 0);
    for (size_t k = 0; k < m; k++)
        if (!s->out->recs[s->mine[k]] || s->passenger[s->mine[k]])
            todo[n++] = s->mine[k];
    return n;
}

/* After a run crash in a program of several probes, the next worker forms
 * that program again whole: its recorded probes ride along as passengers
 * (built, not launched) and the others run. Were it to build only the
 * probes after the crash, that would be a program no other run forms,
 * built from source (PoCL 3.1's 29 crashing copies alone, one program: 25
 * builds of its rest, 0.6 s each, in a cold run), and the next run, which
 * forms the whole program (the crash kept in: lost_memo.h, or met again),
 * would generate code for every kernel launched after the first crash
 * (4.6 s of PoCL 3.1's second run). Returns how many passengers. */
static size_t keep_program_whole(sv_state *s)
{
    if (s->n_passengers)
        memset(s->passenger, 0, s->o->set->count);
    s->n_passengers = 0;
    if (!s->lost || !s->lost_running || s->lost_hung || s->n_program < 2 || !built_in_batch(s, s->running) ||
        s->o->set->items[s->running].kind == CLC_KIND_MEASURE)
        return 0;
    int running_in = 0, unfinished = 0;
    for (size_t k = 0; k < s->n_program; k++) {
        running_in |= s->program[k] == s->running;
        unfinished |= !s->out->recs[s->program[k]];
    }
    if (!running_in || !unfinished)
        return 0;
    for (size_t k = 0; k < s->n_program; k++)
        if (s->out->recs[s->program[k]]) {
            s->passenger[s->program[k]] = 1;
            s->n_passengers++;
        }
    return s->n_passengers;
}

/* Whether probe i is in the program last built. */
static int in_program(const sv_state *s, size_t i)
{
    for (size_t k = 0; k < s->n_program; k++)
        if (s->program[k] == i)
            return 1;
    return 0;
}

/* After a lost worker, what no worker has begun of this supervisor's chunks
 * goes back to the pool in parts of about a quarter of it each, cut
 * where segments (batch_plan.h) begin (chunk_pool_give_back): the next
 * worker meets the culprit again alone, under its watchdog, while whoever
 * claims next takes the rest. What stays: after a build or code generation
 * died, the culprit's whole segment (the programs cut from it); after a
 * run hung or crashed, the culprit and what this supervisor capped. PoCL
 * 5's cold run was one supervisor waiting out four float-atomic hangs in
 * one batch (24 s) and then its chunk's 16 s of code generation, long
 * after the other 15 had ended.
 *
 * A part's least weight (bytes of body plus PROBE_WEIGHT a probe): weight
 * says little of a part's compile time (PoCL 5's 85 folded conversions
 * after its hangs were 16 s of code generation, under the 128 KB a first
 * threshold asked for), and a part costs little: whoever claims next takes
 * it, its giver included. */
#define GIVE_BACK_MIN_WEIGHT (8 * 1024)

/* Whether a part may begin at pr[c] with every program the same as the
 * plan's: at a segment's start, or inside a segment whose batched probes
 * all lie on one side of c (a probe built alone is a program of its own
 * wherever its part begins, and a batch still begins at its segment's
 * first batched probe). */
static int cut_keeps_programs(const sv_state *s, const size_t *pr, size_t m, size_t c)
{
    const size_t *seg = s->o->segment;
    if (c == 0 || c >= m || seg[pr[c]] != seg[pr[c - 1]])
        return 1;
    int before = 0, after = 0;
    for (size_t j = c; j-- > 0 && seg[pr[j]] == seg[pr[c]] && !before;)
        before = built_in_batch(s, pr[j]);
    for (size_t j = c; j < m && seg[pr[j]] == seg[pr[c]] && !after; j++)
        after = built_in_batch(s, pr[j]);
    return !(before && after);
}

/* A probe built alone crashed its worker (in its build, its code
 * generation or its run): the probes built alone after it may do the same,
 * one worker each. PoCL 5 crashes at the first launch of every one of its
 * 32 async-copy kernels, each a program of its own, and one supervisor met
 * them one after another for 34 s of its cold run while the other 15 had
 * ended. So this supervisor keeps just the next unfinished probe, and the
 * rest goes back in parts (chain_cut's caller) that idle supervisors meet
 * side by side, each of them cutting its part again at its own crash.
 * Returns where the part given back begins (k unchanged: not such a
 * crash, or no cut there keeps the programs). */
static size_t chain_cut(const sv_state *s, const size_t *pr, size_t m, size_t k, int culprit_here)
{
    size_t culprit = culprit_here ? s->running : s->n_building == 1 ? s->building[0] : SIZE_MAX;
    if (s->lost_hung || culprit == SIZE_MAX || !s->out->recs[culprit] || built_in_batch(s, culprit))
        return k;
    size_t c = 0;
    while (c < m && pr[c] != culprit)
        c++;
    for (c++; c < m && s->out->recs[pr[c]]; c++)
        ;
    if (c + 1 >= m || !cut_keeps_programs(s, pr, m, c + 1))
        return k;
    /* After a run, k is already past every probe this supervisor capped. */
    for (size_t j = c + 1; !culprit_here && j < m; j++)
        if (s->capped[pr[j]])
            return k;
    c++;
    /* After a run, k is what must stay (capped probes, a batch waiting):
     * never less. After a build, k kept the culprit's whole segment for the
     * programs cut from it, which a lone program has none of. */
    return culprit_here ? (k > c ? k : c) : (k < c ? k : c);
}

/* Where the parts of pr[k..m) given back begin, into cuts[0..8): k first.
 * After a run that hung, each probe with a timeout of its own begins a part
 * of its own, whatever its weight: the rest is built again anyway, and in
 * one part PoCL 5's next three float-atomic hangs were each met only after
 * the one before had been waited out, one supervisor after another (12.8 ->
 * 33.7 s). Otherwise parts of about a quarter of the rest's weight each,
 * cut where the programs stay the plan's (a crash chain's at any weight).
 * Returns how many, 0 when the rest is too light to give back. */
static size_t part_cuts(const sv_state *s, const size_t *pr, size_t m, size_t k, int hung_run, int chain,
                        size_t cuts[8])
{
    size_t n_cuts = 0;
    cuts[n_cuts++] = k;
    for (size_t j = k + 1; hung_run && j < m && n_cuts < 8; j++)
        if (s->o->set->items[pr[j]].timeout_s > 0)
            cuts[n_cuts++] = j;
    if (n_cuts > 1)
        return n_cuts;
    size_t rest = 0, least = chain ? 1 : GIVE_BACK_MIN_WEIGHT;
    for (size_t j = k; j < m; j++)
        rest += batch_plan_weight(&s->o->set->items[pr[j]]);
    if (rest < least)
        return 0;
    size_t piece = rest / 4 > least ? rest / 4 : least, w = 0;
    for (size_t j = k; j < m && n_cuts < 8; j++) {
        w += batch_plan_weight(&s->o->set->items[pr[j]]);
        if (w >= piece && j + 1 < m && cut_keeps_programs(s, pr, m, j + 1) && rest - w >= least) {
            cuts[n_cuts++] = j + 1;
            rest -= w;
            w = 0;
        }
    }
    return n_cuts;
}

static void give_back_rest(sv_state *s)
{
    const clc_chunk_pool *p = s->o->pool;
    const size_t *seg = s->o->segment;
    if (!p || !seg)
        return;
    for (size_t c = 0; c < chunk_pool_count(p); c++) {
        if (chunk_pool_owner(p, c) != s->o->pool_owner)
            continue;
        size_t m;
        const size_t *pr = chunk_pool_probes(p, c, &m);
        size_t first = 0;
        while (first < m && s->out->recs[pr[first]])
            first++;
        if (first == m)
            continue;
        size_t k = first, at = 0;
        int culprit_here = 0;
        for (size_t j = 0; s->lost_running && j < m && !culprit_here; j++)
            if (pr[j] == s->running)
                culprit_here = 1, at = j;
        if (culprit_here) {
            /* A run that hung or crashed: its batch was built and ran up
             * to the culprit, and the next worker would build the probes
             * after it as a batch of their own anyway (a program only this
             * run forms: the next forms the whole batch again, the one kept
             * at its build, runner_build.c). So
             * they can go too; the culprit, if it is retried alone, stays.
             * PoCL 5's four float-atomic hangs are in one batch: each was
             * met only after the one before had been retried (24 s).
             * Everything before the culprit stays as well: a probe built
             * alone runs as the worker meets it, while the batch of its
             * segment waits for the segment's end, so unfinished probes
             * can precede the culprit. Cut at the first of those, the part
             * given back held the finished ones and the culprit again, and
             * each worker that claimed it ran them all again to the same
             * crash (PoCL 3.1, one async-copy crash behind 11 work-item
             * probes: 12 workers, 10 s of its 18 s warm run). */
            k = at + 1;
            /* ...and the rest of its program, when the next worker forms
             * that program again whole (keep_program_whole). */
            for (size_t j = k; s->n_passengers && j < m; j++)
                if (!s->out->recs[pr[j]] && in_program(s, pr[j]))
                    k = j + 1;
            /* ...and so does every probe whose cap or leader this
             * supervisor set (an earlier crash in this batch's segment):
             * another supervisor would batch them without it. */
            for (size_t j = k; j < m; j++)
                if (s->capped[pr[j]])
                    k = j + 1;
            /* ...and the rest of the segment of a batch still waiting to
             * be built (probes before k with no record): given back, its
             * later probes made a program of their own, and the batch one
             * that no run with one supervisor forms. */
            size_t waiting = SIZE_MAX;
            for (size_t j = first; j < k && waiting == SIZE_MAX; j++)
                if (!s->out->recs[pr[j]] && pr[j] != s->running)
                    waiting = j;
            while (waiting != SIZE_MAX && k < m && seg[pr[k]] == seg[pr[waiting]])
                k++;
        } else {
            /* A build or code generation: the caps and leaders it led to
             * (in this process, not yet in a memo another reads) cover
             * the culprit's program, within its segment: that stays. So
             * does the first segment of a chunk claimed but not begun (a
             * worker claims the next chunk before it runs the last batch
             * of the one before): cut after its first probe, it made two
             * programs no other run forms (PoCL 5's warm run built them
             * from source: 15.6 s instead of 3.3). */
            size_t first_seg = seg[pr[k]];
            while (k < m && seg[pr[k]] == first_seg)
                k++;
        }
        size_t k_plan = k;
        k = chain_cut(s, pr, m, k, culprit_here);
        /* Nothing from k on has begun: a worker takes probes in order. When
         * nothing before k is left either (a run crash: the culprit has its
         * verdict), this supervisor's next worker, which starts anyway,
         * takes the rest at once: given back, a second worker started for
         * it elsewhere (PoCL 5's warm run, whose sub-group probes crash
         * every run: 3.3 -> 4.3 s). */
        int left = 0;
        for (size_t j = first; j < k && !left; j++)
            left = !s->out->recs[pr[j]];
        if (!left)
            continue;
        /* Parts begin at cuts[], given back from the last, so that only
         * this supervisor's chunk is ever cut. */
        size_t cuts[8], n_cuts = part_cuts(s, pr, m, k, culprit_here && s->lost_hung, k != k_plan, cuts);
        for (size_t q = n_cuts; q-- > 0;)
            chunk_pool_give_back(p, s->o->pool_owner, c, cuts[q]);
    }
}

/* One worker's life. Returns 1 when it should be replaced, 0 when finished. */
static int run_worker(sv_state *s, const size_t *todo, size_t n)
{
    worker_arg a;
    memset(&a, 0, sizeof a);
    a.job = (clc_worker_job){.set = s->o->set,
                             .dev = s->o->dev,
                             .todo = todo,
                             .n_todo = n,
                             .batch_cap = s->batch_cap,
                             .batch_max = s->o->batch_max,
                             .group = s->o->group,
                             .extra_options = s->o->extra_options,
                             .cache_dir = s->o->cache_dir,
                             .icd_only = s->icd_only[0] && s->o->isolate ? s->icd_only : NULL,
                             .icd_pidx = s->icd_pidx,
                             .start_fd = -1};
    s->icd_using = a.job.icd_only != NULL;
    a.job.no_binaries = s->no_binaries;
    a.job.batch_leader = s->batch_leader;
    a.job.hung_runs = s->hung_run_memo[0] ? s->hung_run_memo : NULL;
    a.job.lost_runs = s->lost_memo[0] ? s->lost_memo : NULL;
    a.job.passenger = s->n_passengers ? s->passenger : NULL;
    a.job.segment = s->o->segment;
    a.job.pool = s->o->pool;
    a.job.pool_owner = s->o->pool_owner;
    a.job.gate = s->o->gate;
    a.job.measure_alongside = s->o->measure_alongside;
    a.job.start_wait = s->o->start_wait;
    a.job.start_fd = s->o->start_fd;
    s->ph = PHASE_SETUP;
    s->done = s->retired = 0;
    s->phase_start = s->spawned_at = proc_now();
    s->out->workers++;
    if (!s->o->isolate) {
        a.job.emit = inline_emit;
        a.job.emit_ctx = s;
        runner_run(&a.job);
        return s->retired; /* a retired worker's context is dropped; start afresh */
    }
    FILE *errf = tmpfile();
    a.stderr_fd = errf ? fileno(errf) : -1;
    s->stderr_file = errf;
    clc_child c;
    if (proc_spawn(&c, worker_main, &a) != 0) {
        snprintf(s->out->fatal, sizeof s->out->fatal, "could not start a worker process");
        s->fatal = 1;
        s->stderr_file = NULL;
        if (errf)
            fclose(errf);
        return 0;
    }
    int r;
    cJSON *m;
    for (;;) {
        double left = current_limit(s) - (proc_now() - s->phase_start);
        r = proc_read_msg(&c, left > 0 ? left : 0, s->o->stop, &m);
        if (r != 1)
            break;
        handle_msg(s, m);
        cJSON_Delete(m);
        if (s->done || s->fatal || s->retired)
            break;
    }
    int status = 0, again = 1;
    if (r == -2) {
        proc_kill(&c, &status);
        snprintf(s->out->incomplete_reason, sizeof s->out->incomplete_reason, "interrupted by a signal");
        again = 0;
    } else if (r == -1) {
        proc_kill(&c, &status);
        blame(s, 1, status);
    } else {
        double t_reap = proc_now();
        if (s->done && s->o->on_done)
            s->o->on_done(s->o->on_rec_ctx); /* no worker follows one that is done */
        proc_reap(&c, &status);
        profile_add(&s->out->profile, PROF_WORKER_EXIT, (proc_now() - t_reap) * 1e3);
        if (s->done || s->fatal)
            again = 0;
        else if (s->icd_using && s->icd_failed)
            ; /* not the probes' fault: retry with every driver loaded */
        else if (!s->retired)
            blame(s, 0, status);
    }
    s->stderr_file = NULL;
    if (errf)
        fclose(errf);
    return again;
}

int supervise_device(const clc_supervise_opts *o, clc_device_run *out)
{
    memset(out, 0, sizeof *out);
    double t0 = proc_now();
    sv_state s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.out = out;
    out->recs = calloc(o->set->count ? o->set->count : 1, sizeof *out->recs);
    s.batch_cap = calloc(o->set->count ? o->set->count : 1, sizeof *s.batch_cap);
    s.building = calloc(o->set->count ? o->set->count : 1, sizeof *s.building);
    s.program = calloc(o->set->count ? o->set->count : 1, sizeof *s.program);
    s.batch_leader = calloc(o->set->count ? o->set->count : 1, sizeof *s.batch_leader);
    s.capped = calloc(o->set->count ? o->set->count : 1, 1);
    s.retried = calloc(o->set->count ? o->set->count : 1, 1);
    s.passenger = calloc(o->set->count ? o->set->count : 1, 1);
    size_t room = o->n_todo + (o->pool ? o->set->count : 0) + 1;
    size_t *todo = calloc(room, sizeof *todo);
    s.mine = calloc(room, sizeof *s.mine);
    if (!out->recs || !s.batch_cap || !s.building || !s.program || !s.batch_leader || !s.capped || !s.retried ||
        !s.passenger || !todo || !s.mine) {
        free(s.retried);
        free(s.passenger);
        free(s.batch_cap);
        free(s.building);
        free(s.program);
        free(s.batch_leader);
        free(s.capped);
        free(todo);
        free(s.mine);
        return -1;
    }
    if (o->cache_dir && o->isolate &&
        crash_memo_path(o->cache_dir, o->dev->key, o->dev->info, s.crash_memo, sizeof s.crash_memo) == 0)
        crash_memo_apply(s.crash_memo, o->set, s.mine, answer_for(&s, s.mine, 1), s.batch_cap, s.batch_leader);
    if (o->cache_dir && o->isolate)
        if (crash_memo_lost_path(o->cache_dir, o->dev->key, o->dev->info, s.lost_memo, sizeof s.lost_memo) == 0)
            record_remembered_losses(&s);
    if (o->cache_dir && o->isolate &&
        crash_memo_hung_run_path(o->cache_dir, o->dev->key, o->dev->info, s.hung_run_memo, sizeof s.hung_run_memo) != 0)
        s.hung_run_memo[0] = '\0';
    /* Measurements this driver version already had: taken, not run again. */
    for (size_t k = 0; o->cache_dir && o->isolate && k < o->n_todo; k++) {
        const clc_probe *p = &o->set->items[o->todo[k]];
        if (p->kind != CLC_KIND_MEASURE)
            continue;
        if (!measures(&s))
            break;
        clc_record *rec = measure_memo_take(s.measures, p);
        if (rec)
            set_record(&s, o->todo[k], rec);
    }
    if (o->icd_hint && *o->icd_hint) {
        snprintf(s.icd_only, sizeof s.icd_only, "%s", o->icd_hint);
        s.icd_pidx = o->icd_hint_pidx;
    }
    size_t n;
    /* With a pool, a worker is started while chunks are free even when
     * nothing of this supervisor's is left: it claims them itself. */
    while ((n = remaining(&s, todo)) > 0 || (o->pool && o->isolate && chunk_pool_any_free(o->pool))) {
        if (o->stop && *o->stop) {
            snprintf(out->incomplete_reason, sizeof out->incomplete_reason, "interrupted by a signal");
            break;
        }
        s.lost = 0;
        int again = run_worker(&s, todo, n);
        keep_program_whole(&s); /* passengers only for the next worker, if any */
        if (!again)
            break;
        if (s.lost && !s.fatal)
            give_back_rest(&s);
    }
    if (s.fatal) {
        /* The device is unusable: every probe left says why, so the report
         * is still complete and the reason is on every line. */
        size_t m = answer_for(&s, s.mine, 0);
        for (size_t k = 0; k < m; k++) {
            size_t i = s.mine[k];
            if (!out->recs[i]) {
                clc_record *rec = record_new(&o->set->items[i]);
                record_set_verdict(rec, CLC_VERDICT_ERROR, out->fatal);
                set_record(&s, i, rec);
            }
        }
    }
    out->complete = remaining(&s, todo) == 0;
    if (!out->complete && !out->incomplete_reason[0])
        snprintf(out->incomplete_reason, sizeof out->incomplete_reason, "the worker stopped early");
    out->wall_ms = (proc_now() - t0) * 1e3;
    snprintf(out->icd, sizeof out->icd, "%s", s.icd_only);
    out->icd_pidx = s.icd_pidx;
    free(todo);
    free(s.mine);
    free(s.batch_cap);
    free(s.building);
    free(s.program);
    free(s.batch_leader);
    free(s.capped);
    free(s.retried);
    free(s.passenger);
    cJSON_Delete(s.measures);
    return 0;
}

void supervise_free(clc_device_run *run, size_t n_probes)
{
    if (run->recs)
        for (size_t i = 0; i < n_probes; i++)
            record_free(run->recs[i]);
    free(run->recs);
    cJSON_Delete(run->device);
    cJSON_Delete(run->platform);
    memset(run, 0, sizeof *run);
}
