/* clconform: the command that ties the modules together. It never talks to a
 * driver itself: enumeration and every device run happen in child
 * processes, so whatever a driver does, this process writes the reports and
 * the exit code. */
#include <fnmatch.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alone_plan.h"
#include "baseline.h"
#include "batch_plan.h"
#include "bincache.h"
#include "claims.h"
#include "cli.h"
#include "context_fold.h"
#include "crash_memo.h"
#include "devsel.h"
#include "driver_policy.h"
#include "enumerate.h"
#include "exe_dir.h"
#include "explain.h"
#include "exhaustive.h"
#include "fanout.h"
#include "group.h"
#include "jobserver.h"
#include "json_file.h"
#include "report_arrays.h"
#include "merge.h"
#include "out_dir.h"
#include "probe_load.h"
#include "fuzz_cmd.h"
#include "reduce.h"
#include "register.h"
#include "register_run.h"
#include "progress.h"
#include "proc.h"
#include "profile.h"
#include "report_html.h"
#include "report_json.h"
#include "report_profile.h"
#include "report_junit.h"
#include "repro.h"
#include "shard.h"
#include "supervise.h"
#include "timestamp.h"
#include "trace.h"
#include "warm_marker.h"
#include "record.h"
#include "verdict.h"

/* Set from signal handlers only; the one piece of global state, as a signal
 * handler can reach nothing else. */
static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static void install_stop_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* ---- probes -------------------------------------------------------------- */

/* The built-in probes: ./probes, else beside the executable, else the
 * installed copy relative to the executable (PREFIX/bin -> PREFIX/share,
 * whatever PREFIX or DESTDIR was), else the compiled-in PREFIX. */
static const char *default_probe_dir(char *buf, size_t len)
{
    struct stat st;
    if (stat("probes", &st) == 0 && S_ISDIR(st.st_mode))
        return "probes";
    char exe[PATH_MAX / 2];
    if (exe_dir_find(exe, sizeof exe) == 0) {
        snprintf(buf, len, "%s/probes", exe);
        if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
            return buf;
        snprintf(buf, len, "%s/../share/clconform/probes", exe);
        char real[PATH_MAX];
        if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode) && realpath(buf, real) && strlen(real) < len)
            snprintf(buf, len, "%s", real); /* reports name PREFIX/share/..., not bin/.. */
        if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
            return buf;
    }
#ifdef CLC_DATADIR
    snprintf(buf, len, "%s/probes", CLC_DATADIR);
    if (stat(buf, &st) == 0 && S_ISDIR(st.st_mode))
        return buf;
#endif
    return "probes";
}

/* The probes, and the table of what each claim is probed by: the default
 * probe folder's claims.txt, whichever probes run (their ids are the
 * suite's); none when that folder has no such file. */
static int load_probes(const clc_cli *cli, clc_probe_set *set, clc_claim_table *claims)
{
    int rc = 0;
    char buf[PATH_MAX], table[PATH_MAX + 16];
    const char *dir = default_probe_dir(buf, sizeof buf);
    snprintf(table, sizeof table, "%s/claims.txt", dir);
    if (access(table, F_OK) == 0 && claims_load(table, claims, stderr) != 0)
        rc = -1;
    if (cli->n_probe_paths == 0 && probe_load_path(dir, set, stderr) != 0)
        rc = -1;
    for (size_t i = 0; i < cli->n_probe_paths; i++)
        if (probe_load_path(cli->probe_paths[i], set, stderr) != 0)
            rc = -1;
    if (rc == 0 && probe_check_unique(set, stderr) != 0)
        rc = -1;
    return rc;
}

/* Indices of the probes that pass --filter, in suite order. */
static size_t *filter_probes(const clc_cli *cli, const clc_probe_set *set, size_t *n)
{
    size_t *idx = malloc((set->count ? set->count : 1) * sizeof *idx);
    *n = 0;
    for (size_t i = 0; idx && i < set->count; i++) {
        int keep = cli->n_filters == 0;
        for (size_t f = 0; f < cli->n_filters && !keep; f++)
            keep = fnmatch(cli->filters[f], set->items[i].id, 0) == 0;
        if (keep)
            idx[(*n)++] = i;
    }
    return idx;
}

/* ---- devices ------------------------------------------------------------- */

/* Driver strings go to a terminal here: control characters (an ESC sequence
 * in a device name can recolour or retitle the terminal) print as '?'. The
 * reports keep them, escaped. */
static const char *term_safe(const char *s, char *buf, size_t len)
{
    size_t o = 0;
    for (; s && *s && o + 1 < len; s++)
        buf[o++] = ((unsigned char)*s < 0x20 || *s == 0x7f) ? '?' : *s;
    buf[o] = '\0';
    return buf;
}

static void print_list(const clc_devlist *l)
{
    const cJSON *plat;
    cJSON_ArrayForEach(plat, l->platforms) {
        int p = cJSON_GetObjectItemCaseSensitive(plat, "index")->valueint;
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(plat, "name");
        const cJSON *ver = cJSON_GetObjectItemCaseSensitive(plat, "version");
        char nbuf[512], vbuf[512];
        printf("platform %d: %s (%s)\n", p,
               term_safe(cJSON_IsString(name) ? name->valuestring : "?", nbuf, sizeof nbuf),
               term_safe(cJSON_IsString(ver) ? ver->valuestring : "?", vbuf, sizeof vbuf));
        int any = 0;
        for (size_t i = 0; i < l->count; i++) {
            if (l->items[i].pidx != p)
                continue;
            any = 1;
            printf("  %d:%d  %-48s %s [%s]\n", p, l->items[i].didx, l->items[i].key,
                   term_safe(l->items[i].device_name, nbuf, sizeof nbuf), l->items[i].type);
        }
        if (!any)
            printf("  (no devices)\n");
    }
    const cJSON *pr;
    char pbuf[1024];
    cJSON_ArrayForEach(pr, l->problems)
        fprintf(stderr, "clconform: note: %s\n", term_safe(pr->valuestring, pbuf, sizeof pbuf));
}

static int device_matches(const clc_devref *d, const char *sel)
{
    char index[32];
    snprintf(index, sizeof index, "%d:%d", d->pidx, d->didx);
    return strcmp(sel, index) == 0 || strcmp(sel, d->key) == 0 || strstr(d->device_name, sel) ||
           strstr(d->key, sel);
}

/* Devices chosen by --all-devices or --device; each at most once. */
static size_t select_devices(const clc_cli *cli, const clc_devlist *l, const clc_devref **out)
{
    size_t n = 0;
    for (size_t i = 0; i < l->count; i++) {
        int take = cli->all_devices;
        for (size_t s = 0; s < cli->n_devices && !take; s++)
            take = device_matches(&l->items[i], cli->devices[s]);
        if (take)
            out[n++] = &l->items[i];
    }
    return n;
}

/* ---- running devices ------------------------------------------------------ */

/* Most `context` entries of one register honoured (alone_plan.h). */
#define CONTEXT_GLOBS_MAX 64

typedef struct {
    const clc_cli *cli;
    const clc_probe_set *set;
    const clc_devref *dev;
    const size_t *todo;
    size_t n_todo;
    clc_report_meta meta;
    char json_path[PATH_MAX];
    char html_path[PATH_MAX];  /* empty: no page */
    int write_failed;          /* the device process said it could not write its report */
    size_t device_jobs;        /* most supervisors of this device at once (fanout.h) */
    const clc_jobserver *pool; /* cores lent between devices (NULL: device_jobs is fixed) */
    const char *context_globs[CONTEXT_GLOBS_MAX]; /* its register's `context` entries: run alone always */
    size_t n_context_globs;
} device_job;

static volatile sig_atomic_t device_stop;
static void on_device_stop(int sig)
{
    (void)sig;
    device_stop = 1;
}

/* Progress messages from a device process to the run: at most a few a
 * second, and always the first and the last. */
typedef struct {
    int fd;
    size_t total;
    double last_sent;
} progress_sender;

static void send_progress(void *ctx, size_t done, size_t unexpected)
{
    progress_sender *ps = ctx;
    double now = proc_now();
    if (done != 1 && done != ps->total && now - ps->last_sent < 0.05)
        return;
    ps->last_sent = now;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "progress");
    cJSON_AddNumberToObject(m, "done", (double)done);
    cJSON_AddNumberToObject(m, "total", (double)ps->total);
    cJSON_AddNumberToObject(m, "unexpected", (double)unexpected);
    proc_send(ps->fd, m);
}

/* In a child of its own: supervises one device and writes its report. */
static void device_main(int fd, void *arg)
{
    device_job *j = arg;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_device_stop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGINT, SIG_IGN);
    trace_enter_device(j->dev->key);
    char cache_dir[PATH_MAX];
    const char *no_cache_env = getenv("CLCONFORM_NO_CACHE");
    int cached = !j->cli->no_cache && !(no_cache_env && *no_cache_env && strcmp(no_cache_env, "0") != 0) &&
                 bincache_default_dir(cache_dir, sizeof cache_dir) == 0;
    driver_policy policy = driver_policy_for(j->dev->platform_name, driver_policy_types(j->dev->info));
    size_t batch = j->cli->batch ? j->cli->batch : policy.batch_max;
    clc_supervise_opts o = {.set = j->set,
                            .dev = j->dev,
                            .todo = j->todo,
                            .n_todo = j->n_todo,
                            .timeout_s = j->cli->timeout_s,
                            .build_timeout_s = j->cli->build_timeout_s,
                            .batch_max = batch,
                            .group = j->cli->group,
                            .extra_options = j->cli->build_options,
                            .cache_dir = cached ? cache_dir : NULL,
                            .isolate = !j->cli->no_isolation,
                            .stop = &device_stop,
                            .start_fd = -1};
    /* Last and alone unless asked: beside the builds (behind the device
     * gate) NVIDIA's co-residency counts went from 1,056 to 1,072 groups of
     * 256 and its unbounded spin-flag run completed where alone it
     * deadlocks (H100); a CPU device's measurements would lose
     * their cores to the compilers. */
    o.measure_alongside = j->cli->measurements == CLC_MEASURE_ALONGSIDE;
    /* The first worker loads the platform's driver alone when enumeration
     * told its .icd file (enumerate.h). */
    o.icd_hint = j->dev->icd_hint;
    o.icd_hint_pidx = j->dev->icd_hint_pidx;
    /* The copies that run alone join the device's list at its end
     * (alone_plan.h). This process is the device's own (forked): the set
     * it extends is its copy. */
    clc_probe_set *set = (clc_probe_set *)j->set;
    size_t n_all = j->n_todo, *todo = malloc((n_all ? n_all : 1) * sizeof *todo);
    if (todo)
        memcpy(todo, j->todo, n_all * sizeof *todo);
    /* The order the device works in; the report keeps the suite's. */
    if (todo && policy.lone_last)
        batch_plan_lone_last(set, todo, n_all);
    /* The batched run's kernels, as the worker forms them (runner.c): a
     * probe alone in one already needs no copy. */
    clc_alone_kernels kernels = {.group = j->cli->group ? j->cli->group : policy.group,
                                 .group_bytes = j->cli->group ? 0 : policy.group_bytes,
                                 .weigh_unrolled = policy.weigh_unrolled};
    if (!todo ||
        alone_plan_add(set, &todo, &n_all, j->cli->alone, j->context_globs, j->n_context_globs, &kernels) < 0) {
        cJSON *oom = cJSON_CreateObject();
        cJSON_AddStringToObject(oom, "error", "out of memory planning the probes run alone");
        proc_send(fd, oom);
        return;
    }
    o.todo = todo;
    o.n_todo = n_all;
    /* One plan of batches for the whole device, however it is divided. */
    size_t *plan = batch_plan_segments(set, todo, n_all, batch);
    o.segment = plan;
    progress_sender sender = {fd, n_all, 0};
    o.on_record = send_progress;
    o.on_record_ctx = &sender;
    /* A GPU whose last complete run with this cache ran these very probes
     * is warm: few supervisors (warm_marker.h). Only when the number is
     * the run's to choose (no --device-jobs). */
    size_t jobs = j->device_jobs;
    char marker[PATH_MAX];
    /* Only a device whose policy names a warm supervisor count reads the
     * marker (driver_policy.c says which, and why). */
    int have_marker = policy.warm_jobs && cached &&
                      crash_memo_device_file(cache_dir, "runs", ".txt", j->dev->key, j->dev->info, marker,
                                             sizeof marker) == 0;
    uint64_t todo_hash = have_marker ? warm_marker_hash(set, todo, n_all) : 0;
    if (have_marker && j->pool && jobs > policy.warm_jobs && warm_marker_matches(marker, todo_hash))
        jobs = policy.warm_jobs;
    clc_device_run run;
    cJSON *msg = cJSON_CreateObject();
    int fanned = fanout_device(&o, jobs, j->pool, &run);
    free(plan);
    if (fanned == 0 && have_marker && run.complete)
        warm_marker_write(marker, todo_hash);
    if (fanned != 0) {
        cJSON_AddStringToObject(msg, "error", "could not supervise the device (out of memory?)");
        proc_send(fd, msg);
        free(todo);
        return;
    }
    double t_report = proc_now();
    context_fold_all(set, todo, j->n_todo, n_all, run.recs);
    cJSON *doc = report_build(&j->meta, j->dev, set, j->todo, j->n_todo, &run);
    report_set_alone_slice(doc, j->cli->alone.k, j->cli->alone.n);
    profile_add(&run.profile, PROF_REPORT, (proc_now() - t_report) * 1e3);
    report_set_profile(doc, &run, cached ? cache_dir : NULL);
    /* The page first: it shows every field, and the JSON file is then
     * made from the document itself, which it slims (no copy). */
    int rc = j->html_path[0] ? report_html_write_device(doc, j->html_path, stderr) : 0;
    cJSON_AddItemToObject(msg, "summary", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(doc, "summary"), 1));
    rc |= report_write_device_json_consuming(doc, j->json_path, stderr);
    cJSON_AddBoolToObject(msg, "written", rc == 0);
    cJSON_AddNumberToObject(msg, "wall_ms", run.wall_ms);
    cJSON_AddNumberToObject(msg, "builds", (double)run.builds);
    proc_send(fd, msg);
    cJSON_Delete(doc);
    supervise_free(&run, set->count);
    free(todo);
}

/* The device's summary line, into buf (no newline). */
static const char *device_line(const device_job *j, const cJSON *msg, char *buf, size_t len)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(msg, "summary");
    const cJSON *wall = cJSON_GetObjectItemCaseSensitive(msg, "wall_ms");
    const cJSON *builds = cJSON_GetObjectItemCaseSensitive(msg, "builds");
    size_t o = (size_t)snprintf(buf, len, "clconform: %s: %d probes, %d builds, %.1f s:", j->dev->key,
                                cJSON_GetObjectItemCaseSensitive(s, "total")->valueint, builds ? builds->valueint : 0,
                                wall ? wall->valuedouble / 1e3 : 0);
    for (size_t v = 0; v < CLC_VERDICT_COUNT && o < len; v++) {
        const char *name = verdict_name((clc_verdict)v);
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(s, name);
        if (c && c->valueint)
            o += (size_t)snprintf(buf + o, len - o, " %d %s", c->valueint, name);
    }
    if (o < len)
        snprintf(buf + o, len - o, " -> %s", j->json_path);
    return buf;
}

/* The globs of the `context` entries of the register that describes d
 * (none without one): their probes run alone in every run. */
static size_t context_globs_for(const cJSON *regs, const clc_devlist *devs, const clc_devref *d, const char **globs,
                                size_t max)
{
    if (!regs)
        return 0;
    cJSON *who = cJSON_CreateObject();
    cJSON *plat;
    cJSON_ArrayForEach(plat, devs->platforms) {
        const cJSON *idx = cJSON_GetObjectItemCaseSensitive(plat, "index");
        if (cJSON_IsNumber(idx) && idx->valueint == d->pidx && !cJSON_GetObjectItemCaseSensitive(who, "platform"))
            cJSON_AddItemReferenceToObject(who, "platform", plat);
    }
    if (d->info)
        cJSON_AddItemReferenceToObject(who, "device", d->info);
    const cJSON *reg = register_run_for(regs, who);
    size_t n = reg ? register_context_globs(reg, globs, max) : 0;
    cJSON_Delete(who);
    return n;
}

static double json_num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* Runs every job, at most `parallel` at a time. A signal asks each running
 * device to stop and still write its (incomplete) report. Returns the number
 * of reports written. */
static size_t run_jobs(device_job *jobs, size_t n, size_t parallel, int quiet)
{
    /* The cores no device's own supervisor uses go into the pool; while
     * there are more devices than cores, the first ones to end pay off that
     * debt before their cores are lent. */
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    size_t cpus = online > 0 ? (size_t)online : 1, debt = n > cpus ? n - cpus : 0;
    clc_jobserver pool;
    if (jobserver_open(&pool, cpus > n ? cpus - n : 0) != 0)
        pool.rd = pool.wr = -1;
    for (size_t i = 0; i < n; i++)
        if (!jobs[i].pool && jobs[i].device_jobs == 0) {
            jobs[i].pool = &pool;
            jobs[i].device_jobs = fanout_default();
        }
    clc_child *kids = calloc(n ? n : 1, sizeof *kids);
    int *state = calloc(n ? n : 1, sizeof *state); /* 0 waiting, 1 running, 2 done */
    size_t written = 0, running = 0, next = 0, finished = 0;
    double stop_at = 0;
    const char **names = calloc(n ? n : 1, sizeof *names);
    for (size_t i = 0; names && i < n; i++)
        names[i] = jobs[i].dev->key;
    clc_progress *prog = names ? progress_new(stderr, isatty(STDERR_FILENO), quiet, n, names, proc_now()) : NULL;
    while (finished < n) {
        while (!stop_requested && running < parallel && next < n) {
            if (proc_spawn(&kids[next], device_main, &jobs[next]) == 0) {
                state[next] = 1;
                running++;
            } else {
                fprintf(stderr, "clconform: %s: could not start a process\n", jobs[next].dev->key);
                state[next] = 2;
                finished++;
            }
            next++;
        }
        if (stop_requested && next < n) {
            for (; next < n; next++, finished++)
                state[next] = 2; /* never started: no report */
        }
        if (stop_requested && stop_at == 0) {
            stop_at = proc_now();
            for (size_t i = 0; i < n; i++)
                if (state[i] == 1)
                    kill(kids[i].pid, SIGTERM);
        }
        for (size_t i = 0; i < n; i++) {
            if (state[i] != 1)
                continue;
            cJSON *m = NULL;
            int r = proc_read_msg(&kids[i], 0.02, NULL, &m);
            if (r == 1) {
                const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "t");
                const cJSON *w = cJSON_GetObjectItemCaseSensitive(m, "written");
                if (cJSON_IsString(t) && strcmp(t->valuestring, "progress") == 0) {
                    progress_update(prog, i, (size_t)json_num(m, "done"), (size_t)json_num(m, "total"),
                                    (size_t)json_num(m, "unexpected"), proc_now());
                } else if (cJSON_IsTrue(w)) {
                    char line[1024];
                    written++;
                    progress_finish(prog, i, device_line(&jobs[i], m, line, sizeof line), proc_now());
                } else if (cJSON_IsFalse(w)) {
                    jobs[i].write_failed = 1;
                }
                cJSON_Delete(m);
                continue;
            }
            /* A device process that ignores the stop for 30 s is killed. */
            if (r == 0 || (stop_at > 0 && proc_now() - stop_at > 30)) {
                int status;
                if (r == 0)
                    proc_reap(&kids[i], &status);
                else
                    proc_kill(&kids[i], &status);
                state[i] = 2;
                running--;
                finished++;
                progress_finish(prog, i, NULL, proc_now());
                if (debt > 0)
                    debt--;
                else
                    jobserver_give(&pool); /* its core goes to the devices still running */
            }
        }
    }
    progress_free(prog);
    jobserver_close(&pool);
    for (size_t i = 0; i < n; i++)
        if (jobs[i].pool == &pool)
            jobs[i].pool = NULL, jobs[i].device_jobs = 0;
    free(names);
    free(kids);
    free(state);
    return written;
}

/* ---- after the run ----------------------------------------------------------- */

static int report_has_unexpected(const cJSON *report)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(report, "summary");
    for (size_t v = 0; v < CLC_VERDICT_COUNT; v++) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(s, verdict_name((clc_verdict)v));
        if (c && c->valueint && verdict_unexpected((clc_verdict)v))
            return 1;
    }
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(report, "run");
    return !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete"));
}

/* Returns 0, or -1 when a file could not be written (already said why). */
static int write_index(const clc_cli *cli, cJSON **reports, device_job *jobs, size_t n,
                       const clc_devlist *l, const char *started)
{
    int bad = 0;
    cJSON *idx = cJSON_CreateObject();
    cJSON_AddNumberToObject(idx, "schema_version", 1);
    cJSON_AddStringToObject(idx, "started", started);
    char now[32];
    timestamp_now_iso(now, sizeof now);
    cJSON_AddStringToObject(idx, "finished", now);
    cJSON_AddBoolToObject(idx, "complete", !stop_requested);
    cJSON *paths = cJSON_CreateArray();
    const cJSON **docs = calloc(n ? n : 1, sizeof *docs);
    const char **pages = calloc(n ? n : 1, sizeof *pages);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!reports[i])
            continue;
        const char *base = strrchr(jobs[i].json_path, '/');
        cJSON_AddItemToArray(paths, cJSON_CreateString(base ? base + 1 : jobs[i].json_path));
        docs[k] = reports[i];
        const char *hbase = strrchr(jobs[i].html_path, '/');
        pages[k++] = hbase ? hbase + 1 : jobs[i].html_path;
    }
    cJSON_AddItemToObject(idx, "reports", paths);
    cJSON_AddItemToObject(idx, "problems", cJSON_Duplicate(l->problems, 1));
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/index.json", cli->out_dir);
    bad |= report_write_json(idx, path, stderr) != 0;
    snprintf(path, sizeof path, "%s/index.html", cli->out_dir);
    if (report_html_write_index(docs, pages, k, path, stderr) == 0) {
        if (!cli->quiet)
            fprintf(stderr, "clconform: cross-device page: %s\n", path);
    } else {
        bad = 1;
    }
    if (cli->junit)
        bad |= report_junit_write(docs, k, cli->junit, stderr) != 0;
    cJSON_Delete(idx);
    free(docs);
    free(pages);
    return bad ? -1 : 0;
}

/* The failures of every device, one line per rule (group.h). */
static void print_groups(cJSON **reports, size_t n)
{
    const cJSON **docs = calloc(n ? n : 1, sizeof *docs);
    size_t k = 0;
    for (size_t i = 0; docs && i < n; i++)
        if (reports[i])
            docs[k++] = reports[i];
    if (docs)
        group_print_console(stderr, docs, k, 25);
    free(docs);
}

/* --reduce: for each failure group of each device (at most 10 a device:
 * each costs a few device batches), its first failing run probe, reduced
 * to the element that fails that way (group_element), into OUT/reduced. */
static void reduce_after_run(const clc_cli *cli, cJSON **reports, size_t n)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/reduced", cli->out_dir);
    clc_reduce_opts o = {dir, cli->probe_paths, cli->n_probe_paths, cli->timeout_s, cli->quiet ? NULL : stderr};
    for (size_t i = 0; i < n; i++) {
        if (!reports[i])
            continue;
        const char *ids[10];
        long elements[10];
        size_t k = 0;
        const cJSON *summary = cJSON_GetObjectItemCaseSensitive(reports[i], "summary"), *g;
        cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(summary, "groups")) {
            const cJSON *dev = cJSON_GetObjectItemCaseSensitive(g, "deviation"), *p;
            cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(g, "probes")) {
                const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
                const cJSON *rec = cJSON_IsString(id) ? report_find_probe(reports[i], id->valuestring) : NULL;
                const cJSON *kind = cJSON_GetObjectItemCaseSensitive(rec, "kind");
                if (k == 10 || record_verdict(rec) != CLC_VERDICT_FAIL || !cJSON_IsString(kind) ||
                    strcmp(kind->valuestring, "run") != 0 || !cJSON_IsString(dev))
                    continue;
                long e = group_element(rec, dev->valuestring);
                int seen = 0;
                for (size_t j = 0; j < k; j++)
                    seen |= strcmp(ids[j], id->valuestring) == 0 && elements[j] == e;
                if (!seen) {
                    ids[k] = id->valuestring;
                    elements[k++] = e;
                }
                break; /* one probe per group */
            }
        }
        if (k)
            reduce_report(reports[i], ids, elements, k, 0, &o, stderr);
    }
}

/* ---- baseline ---------------------------------------------------------------- */

typedef struct {
    cJSON *base;
    cJSON *regs; /* without --baseline: the registers (register_run.h), NULL with --no-register */
    char **flakes, **skips;
    size_t n_flakes, n_skips;
} baseline_ctx;

static int ids_to_todo(const clc_probe_set *set, const cJSON *ids, size_t *todo)
{
    size_t n = 0;
    const cJSON *id;
    cJSON_ArrayForEach(id, ids)
        for (size_t i = 0; i < set->count; i++)
            if (cJSON_IsString(id) && strcmp(set->items[i].id, id->valuestring) == 0)
                todo[n++] = i;
    return (int)n;
}

/* Runs the regressed probes once more: a result that changes on the retry is
 * flaky, not a regression. Marks each record with "retried". */
static void retry_regressions(const clc_cli *cli, const clc_probe_set *set, device_job *job,
                              cJSON *report, cJSON *cmp)
{
    cJSON *regs = cJSON_GetObjectItemCaseSensitive(cmp, "regressions");
    if (cJSON_GetArraySize(regs) == 0 || stop_requested)
        return;
    size_t *todo = calloc((size_t)cJSON_GetArraySize(regs), sizeof *todo);
    device_job retry = *job;
    retry.todo = todo;
    retry.n_todo = (size_t)ids_to_todo(set, regs, todo);
    snprintf(retry.json_path, sizeof retry.json_path, "%s/.retry-%s.json", cli->out_dir, job->dev->key);
    retry.html_path[0] = '\0';
    if (!cli->quiet)
        fprintf(stderr, "clconform: %s: retrying %zu regressed probe(s)\n", job->dev->key, retry.n_todo);
    run_jobs(&retry, 1, 1, 1);
    cJSON *second = report_load_json(retry.json_path, NULL);
    unlink(retry.json_path);
    cJSON *still = cJSON_CreateArray();
    cJSON *flaky = cJSON_GetObjectItemCaseSensitive(cmp, "flaky");
    if (!flaky)
        flaky = cJSON_AddArrayToObject(cmp, "flaky");
    const cJSON *id;
    cJSON_ArrayForEach(id, regs) {
        cJSON *rec = (cJSON *)report_find_probe(report, id->valuestring);
        const cJSON *rec2 = second ? report_find_probe(second, id->valuestring) : NULL;
        const char *v1 = rec ? cJSON_GetObjectItemCaseSensitive(rec, "verdict")->valuestring : "?";
        const char *v2 = rec2 ? cJSON_GetObjectItemCaseSensitive(rec2, "verdict")->valuestring : "not run";
        if (rec) {
            cJSON *r = cJSON_CreateObject();
            cJSON_AddStringToObject(r, "first", v1);
            cJSON_AddStringToObject(r, "second", v2);
            cJSON_AddItemToObject(rec, "retried", r);
        }
        if (rec2 && !verdict_unexpected(verdict_parse(v2)))
            cJSON_AddItemToArray(flaky, cJSON_CreateString(id->valuestring));
        else
            cJSON_AddItemToArray(still, cJSON_CreateString(id->valuestring));
    }
    cJSON_ReplaceItemInObjectCaseSensitive(cmp, "regressions", still);
    cJSON_Delete(second);
    free(todo);
}

static void print_ids(const char *key, const char *what, const cJSON *arr)
{
    int n = cJSON_GetArraySize(arr);
    if (n == 0)
        return;
    fprintf(stderr, "clconform: %s: %d %s:", key, n, what);
    int shown = 0;
    const cJSON *id;
    cJSON_ArrayForEach(id, arr) {
        if (shown++ == 10) {
            fprintf(stderr, " ...");
            break;
        }
        fprintf(stderr, " %s", cJSON_IsString(id) ? id->valuestring : "?");
    }
    fputc('\n', stderr);
}

/* The comparison goes into the report, where nightly jobs look; the report
 * and its page are written again. */
static void attach_comparison(cJSON *report, const device_job *job, cJSON *cmp, int *unwritten)
{
    cJSON_DeleteItemFromObjectCaseSensitive(report, "baseline");
    cJSON_AddItemToObject(report, "baseline", cmp);
    if (report_write_device_json(report, job->json_path, stderr) != 0 ||
        (job->html_path[0] && report_html_write_device(report, job->html_path, stderr) != 0))
        *unwritten = 1;
}

/* Compares each report with the baseline. Returns 1 when the run must fail
 * (a regression, or a fix with --fail-on-fix), 2 on an input error. */
static int apply_baseline(const clc_cli *cli, const clc_probe_set *set, baseline_ctx *b,
                          cJSON **reports, device_job *jobs, size_t n, int *unwritten)
{
    clc_baseline_opts opts = {(const char *const *)b->flakes, b->n_flakes,
                              (const char *const *)b->skips, b->n_skips};
    int verdict = 0;
    for (size_t i = 0; i < n; i++) {
        if (!reports[i])
            continue;
        const cJSON *base = baseline_find_device(b->base, jobs[i].dev->key);
        const cJSON *single_dev = cJSON_GetObjectItemCaseSensitive(b->base, "device");
        if (!base && !single_dev) {
            fprintf(stderr, "clconform: %s: not in the baseline; every probe is new\n", jobs[i].dev->key);
            continue;
        }
        cJSON *cmp = baseline_compare(reports[i], base ? base : b->base, cli->baseline, &opts, stderr);
        if (!cmp)
            return 2;
        retry_regressions(cli, set, &jobs[i], reports[i], cmp);
        const char *key = jobs[i].dev->key;
        print_ids(key, "regression(s)", cJSON_GetObjectItemCaseSensitive(cmp, "regressions"));
        print_ids(key, "fix(es)", cJSON_GetObjectItemCaseSensitive(cmp, "fixes"));
        print_ids(key, "flaky", cJSON_GetObjectItemCaseSensitive(cmp, "flaky"));
        print_ids(key, "new", cJSON_GetObjectItemCaseSensitive(cmp, "new"));
        print_ids(key, "removed", cJSON_GetObjectItemCaseSensitive(cmp, "removed"));
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cmp, "regressions")) > 0)
            verdict = 1;
        if (cli->fail_on_fix && cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cmp, "fixes")) > 0)
            verdict = 1;
        attach_comparison(reports[i], &jobs[i], cmp, unwritten);
    }
    return verdict;
}

/* Compares each report with the register whose driver lines describe its
 * device (a device none describes: every failure is new). Returns 1 when
 * something is new on any device, 2 on an input error. */
static int apply_registers(const clc_cli *cli, baseline_ctx *b, cJSON **reports, device_job *jobs, size_t n,
                           int *unwritten)
{
    int verdict = 0;
    for (size_t i = 0; i < n; i++) {
        const char *key = jobs[i].dev->key;
        const cJSON *reg = reports[i] ? register_run_for(b->regs, reports[i]) : NULL;
        if (!reg) {
            if (reports[i] && !cli->quiet)
                fprintf(stderr, "clconform: %s: no register describes this device; every failure is new\n", key);
            verdict |= reports[i] && report_has_unexpected(reports[i]);
            continue;
        }
        const char *path = cJSON_GetStringValue(
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(reg, "register"), "path"));
        /* No retry, unlike --baseline: a probe whose outcome varies is
         * registered as flaky, and a retry would run every hang again. */
        cJSON *cmp = register_compare(reports[i], reg, path, stderr);
        if (!cmp)
            return 2;
        char line[600];
        register_run_summary(cmp, line, sizeof line);
        if (!cli->quiet)
            fprintf(stderr, "clconform: %s: %s\n", key, line);
        print_ids(key, "new", cJSON_GetObjectItemCaseSensitive(cmp, "regressions"));
        print_ids(key, "newly passing", cJSON_GetObjectItemCaseSensitive(cmp, "fixes"));
        verdict |= register_run_is_new(cmp);
        attach_comparison(reports[i], &jobs[i], cmp, unwritten);
    }
    return verdict;
}

static int load_baseline(const clc_cli *cli, baseline_ctx *b)
{
    memset(b, 0, sizeof *b);
    if (!cli->baseline && !cli->no_register) {
        char buf[PATH_MAX];
        b->regs = register_run_load(cli->register_dir, default_probe_dir(buf, sizeof buf), stderr);
        return b->regs ? 0 : -1;
    }
    if (!cli->baseline)
        return 0;
    if (!(b->base = baseline_load(cli->baseline, stderr)))
        return -1;
    if (cli->flakes && baseline_read_patterns(cli->flakes, &b->flakes, &b->n_flakes, stderr) != 0)
        return -1;
    if (cli->skips && baseline_read_patterns(cli->skips, &b->skips, &b->n_skips, stderr) != 0)
        return -1;
    return 0;
}

static void free_baseline(baseline_ctx *b)
{
    cJSON_Delete(b->base);
    cJSON_Delete(b->regs);
    if (b->flakes)
        baseline_free_patterns(b->flakes, b->n_flakes);
    if (b->skips)
        baseline_free_patterns(b->skips, b->n_skips);
}

/* ---- main ---------------------------------------------------------------------- */

/* Devices run side by side: most of a device's time is a driver compiling
 * or a watchdog waiting, so even on 2 cores three devices overlap well
 * (measured: 67 s for the three local devices at once, 79 s two at a time). */
static size_t default_jobs(size_t n_devices)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    size_t cpus = n > 0 ? (size_t)n : 1;
    size_t jobs = n_devices > cpus ? n_devices : cpus;
    return jobs > 16 ? 16 : jobs;
}

/* --exhaustive: the sweep, given what it takes of the command line, and
 * how it ended as an exit code. */
static int run_exhaustive(const clc_cli *cli, const clc_devref *const *devs, size_t n)
{
    exhaustive_opts o = {cli->exhaustive_stride, cli->filters,  cli->n_filters,
                         cli->out_dir,           cli->build_timeout_s, cli->quiet};
    switch (exhaustive_run(&o, devs, n)) {
    case EXHAUSTIVE_MATCHED:
        return CLC_EXIT_OK;
    case EXHAUSTIVE_MISMATCHED:
        return CLC_EXIT_UNEXPECTED;
    case EXHAUSTIVE_NO_FUNCTION:
        return CLC_EXIT_USAGE;
    case EXHAUSTIVE_NO_KERNEL:
        break;
    }
    return CLC_EXIT_INFRA;
}

/* One run of the suite, from the command line to the exit code: what the
 * steps of run_main share. The pointers are owned here (free_run). */
typedef struct {
    clc_cli cli;
    int argc;
    char **argv;
    char started[32];
    clc_probe_set set;
    clc_claim_table claims;
    baseline_ctx base;
    clc_devlist devs;
    size_t *todo, n_todo, suite_probes;
    const clc_devref **chosen;
    size_t n_chosen;
    device_job *jobs;
    cJSON **reports;
    int unwritten; /* some report, page or reproducer could not be written */
} suite_run;

/* Everything that can be wrong with the input is found before anything
 * runs: the probes, the filter, the shard, the baseline or registers, the
 * --out folder. -1 to go on, else the exit code to stop with. */
static int check_input(suite_run *r)
{
    clc_cli *cli = &r->cli;
    enumerate_start();
    if (load_probes(cli, &r->set, &r->claims) != 0)
        return CLC_EXIT_USAGE;
    r->todo = filter_probes(cli, &r->set, &r->n_todo);
    if (r->n_todo == 0) {
        fprintf(stderr, "clconform: no probe matches (%zu loaded)\n", r->set.count);
        return CLC_EXIT_USAGE;
    }
    r->suite_probes = r->n_todo;
    if (cli->shard_total) {
        size_t first, n = shard_slice(r->n_todo, cli->shard_index, cli->shard_total, &first);
        memmove(r->todo, r->todo + first, n * sizeof *r->todo);
        r->n_todo = n;
        if (r->n_todo == 0) {
            fprintf(stderr, "clconform: shard %zu/%zu of %zu probes is empty\n", cli->shard_index,
                    cli->shard_total, r->suite_probes);
            return CLC_EXIT_OK;
        }
    }
    if (load_baseline(cli, &r->base) != 0)
        return CLC_EXIT_USAGE;
    /* A read-only, full or busy --out stops the run before it starts. */
    if (out_dir_claim(cli->out_dir, stderr) < 0)
        return CLC_EXIT_INFRA;
    return -1;
}

/* --list and --list --json: the devices found, as text or a document. */
static int list_devices(const suite_run *r)
{
    if (r->cli.json) {
        cJSON *doc = devsel_list_json(&r->devs);
        char *text = cJSON_Print(doc);
        if (text)
            printf("%s\n", text);
        free(text);
        cJSON_Delete(doc);
    } else {
        print_list(&r->devs);
    }
    return r->devs.no_platform ? CLC_EXIT_INFRA : CLC_EXIT_OK;
}

/* The devices to run on (r->chosen), after the enumeration's notes; 0, or
 * -1 when there is none. */
static int choose_devices(suite_run *r)
{
    const cJSON *pr;
    char pbuf[1024];
    cJSON_ArrayForEach(pr, r->devs.problems)
        if (!r->cli.quiet || r->devs.no_platform)
            fprintf(stderr, "clconform: note: %s\n", term_safe(pr->valuestring, pbuf, sizeof pbuf));
    r->chosen = calloc(r->devs.count ? r->devs.count : 1, sizeof *r->chosen);
    if (r->cli.env_select) {
        const clc_devref *d = devsel_from_env(&r->devs, getenv, stderr);
        if (d)
            r->chosen[r->n_chosen++] = d;
    } else {
        r->n_chosen = select_devices(&r->cli, &r->devs, r->chosen);
    }
    if (r->n_chosen == 0) {
        fprintf(stderr, "clconform: no device to run on%s (see clconform --list)\n",
                r->devs.no_platform ? ": no OpenCL platform found" : "");
        return -1;
    }
    return 0;
}

/* A job per chosen device, each with the paths of its report and page
 * (any report there before is removed), then the run's first line. */
static void make_jobs(suite_run *r)
{
    const clc_cli *cli = &r->cli;
    r->jobs = calloc(r->n_chosen, sizeof *r->jobs);
    r->reports = calloc(r->n_chosen, sizeof *r->reports);
    for (size_t i = 0; i < r->n_chosen; i++) {
        device_job *j = &r->jobs[i];
        *j = (device_job){.cli = cli,
                          .set = &r->set,
                          .dev = r->chosen[i],
                          .todo = r->todo,
                          .n_todo = r->n_todo,
                          .meta = {.started = r->started,
                                   .argc = r->argc,
                                   .argv = r->argv,
                                   .timeout_s = cli->timeout_s,
                                   .isolate = !cli->no_isolation,
                                   .shard_index = cli->shard_index,
                                   .shard_total = cli->shard_total,
                                   .suite_probes = r->suite_probes,
                                   .claims = &r->claims}};
        /* Shards of one device land side by side in a CI artifact folder. */
        char file_base[300];
        if (cli->shard_total)
            snprintf(file_base, sizeof file_base, "%s.shard-%zu-of-%zu", r->chosen[i]->key, cli->shard_index,
                     cli->shard_total);
        else
            snprintf(file_base, sizeof file_base, "%s", r->chosen[i]->key);
        snprintf(j->json_path, sizeof j->json_path, "%s/%s.json", cli->out_dir, file_base);
        snprintf(j->html_path, sizeof j->html_path, "%s/%s.html", cli->out_dir, file_base);
        unlink(j->json_path); /* a stale report must never pass for this run's */
        /* 0: as many as the run's token pool lends (run_jobs); --device-jobs fixes it. */
        j->device_jobs = cli->device_jobs;
        j->n_context_globs = context_globs_for(r->base.regs, &r->devs, r->chosen[i], j->context_globs, CONTEXT_GLOBS_MAX);
    }
    if (!cli->quiet && cli->shard_total)
        fprintf(stderr, "clconform: shard %zu/%zu: %zu of %zu probes on %zu device(s)\n", cli->shard_index,
                cli->shard_total, r->n_todo, r->suite_probes, r->n_chosen);
    else if (!cli->quiet)
        fprintf(stderr, "clconform: %zu probes on %zu device(s)\n", r->n_todo, r->n_chosen);
}

/* The devices' runs, side by side, with the --trace timeline around them. */
static void run_devices(suite_run *r)
{
    const clc_cli *cli = &r->cli;
    char trace_lines[PATH_MAX];
    snprintf(trace_lines, sizeof trace_lines, "%s/.trace-events", cli->out_dir);
    if (cli->trace && trace_start(trace_lines) != 0)
        fprintf(stderr, "clconform: --trace: cannot write %s; no trace\n", trace_lines);
    double t_run = proc_now();
    run_jobs(r->jobs, r->n_chosen, cli->jobs ? cli->jobs : default_jobs(r->n_chosen), cli->quiet);
    if (trace_on()) {
        trace_span("devices", "run", t_run, proc_now(), NULL);
        if (trace_finish(cli->trace, trace_lines, stderr) == 0 && !cli->quiet)
            fprintf(stderr, "clconform: trace: %s\n", cli->trace);
    }
}

/* Reads back each device's report and judges the run: by the baseline,
 * else by the registers, else by the verdicts alone. The exit code. */
static int judge_run(suite_run *r)
{
    int unexpected = 0, died = 0;
    for (size_t i = 0; i < r->n_chosen; i++) {
        /* Any report found is this run's: the stale one was removed before. */
        r->reports[i] = report_load_json(r->jobs[i].json_path, NULL);
        if (r->jobs[i].write_failed) {
            fprintf(stderr, "clconform: %s: the %s could not be written (see above)\n", r->chosen[i]->key,
                    r->reports[i] ? "page" : "report");
            r->unwritten = 1;
        } else if (!r->reports[i]) {
            fprintf(stderr, "clconform: %s: no report was written (its process died)\n", r->chosen[i]->key);
            unexpected = died = 1;
        }
        if (r->reports[i] && report_has_unexpected(r->reports[i]))
            unexpected = 1;
        /* Probes without a verdict are news even where every verdict
         * written is a known one (a supervisor lost). */
        const cJSON *run = r->reports[i] ? cJSON_GetObjectItemCaseSensitive(r->reports[i], "run") : NULL;
        if (run && !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete")) && !stop_requested) {
            const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(run, "incomplete_reason"));
            fprintf(stderr, "clconform: %s: the report is incomplete (%s)\n", r->chosen[i]->key, why ? why : "?");
            died = 1;
        }
    }
    int rc = unexpected ? CLC_EXIT_UNEXPECTED : CLC_EXIT_OK;
    if (r->cli.baseline) {
        int b = apply_baseline(&r->cli, &r->set, &r->base, r->reports, r->jobs, r->n_chosen, &r->unwritten);
        rc = b == 2 ? CLC_EXIT_USAGE : b ? CLC_EXIT_UNEXPECTED : CLC_EXIT_OK;
    } else if (cJSON_GetArraySize(r->base.regs) > 0) {
        /* The register decides: exit 0 when every failure is a known one. */
        int b = apply_registers(&r->cli, &r->base, r->reports, r->jobs, r->n_chosen, &r->unwritten);
        rc = b == 2 ? CLC_EXIT_USAGE : (b || died) ? CLC_EXIT_UNEXPECTED : CLC_EXIT_OK;
    }
    return rc;
}

/* --repro: a reproducer for each failure (or each one --filter names). */
static void write_reproducers(suite_run *r)
{
    const clc_cli *cli = &r->cli;
    for (size_t i = 0; i < r->n_chosen; i++) {
        if (!r->reports[i])
            continue;
        int w = cli->n_filters ? repro_write_matching(r->reports[i], cli->repro_dir, cli->filters, cli->n_filters, stderr)
                               : repro_write_all(r->reports[i], cli->repro_dir, stderr);
        if (w > 0 && !cli->quiet)
            fprintf(stderr, "clconform: %s: %d reproducer(s) in %s\n", r->chosen[i]->key, w, cli->repro_dir);
        if (w < 0)
            r->unwritten = 1;
    }
}

/* After the devices' runs: the judgement, the index, the groups, the
 * reproducers and reductions, and what the exit code says of them. */
static int finish_run(suite_run *r)
{
    const clc_cli *cli = &r->cli;
    int rc = judge_run(r);
    if (write_index(cli, r->reports, r->jobs, r->n_chosen, &r->devs, r->started) != 0)
        r->unwritten = 1;
    if (!cli->quiet)
        print_groups(r->reports, r->n_chosen);
    if (cli->repro_dir)
        write_reproducers(r);
    if (cli->reduce && !stop_requested)
        reduce_after_run(cli, r->reports, r->n_chosen);
    if (stop_requested) {
        fprintf(stderr, "clconform: interrupted; the reports written say they are incomplete\n");
        rc = CLC_EXIT_UNEXPECTED;
    }
    if (r->unwritten) {
        fprintf(stderr, "clconform: some reports could not be written (see above; exit %d); "
                        "every file left is whole, from this run or an earlier one\n", CLC_EXIT_INFRA);
        rc = CLC_EXIT_INFRA;
    }
    return rc;
}

static void free_run(suite_run *r)
{
    for (size_t i = 0; r->reports && i < r->n_chosen; i++)
        cJSON_Delete(r->reports[i]);
    free(r->reports);
    free(r->jobs);
    free(r->chosen);
    free(r->todo);
    free_baseline(&r->base);
    enumerate_free(&r->devs);
    probe_set_free(&r->set);
    claims_free(&r->claims);
}

/* The steps of a run; each may end it with its exit code. */
static int run_suite(suite_run *r)
{
    const clc_cli *cli = &r->cli;
    if (!cli->list && !cli->exhaustive) {
        int rc = check_input(r);
        if (rc >= 0)
            return rc;
    }
    enumerate_devices(&r->devs, cli->build_timeout_s > CLC_OPEN_FLOOR_S ? cli->build_timeout_s : CLC_OPEN_FLOOR_S);
    if (cli->list)
        return list_devices(r);
    if (choose_devices(r) != 0)
        return CLC_EXIT_INFRA;
    if (cli->exhaustive)
        return out_dir_claim(cli->out_dir, stderr) < 0 ? CLC_EXIT_INFRA : run_exhaustive(cli, r->chosen, r->n_chosen);
    make_jobs(r);
    run_devices(r);
    return finish_run(r);
}

static int run_main(int argc, char **argv)
{
    suite_run r = {.argc = argc, .argv = argv};
    if (cli_parse(argc, argv, &r.cli, stderr) != 0)
        return CLC_EXIT_USAGE;
    if (r.cli.help) {
        cli_usage(stdout);
        return CLC_EXIT_OK;
    }
    if (r.cli.version) {
        printf("clconform %s\n", CLC_VERSION);
        return CLC_EXIT_OK;
    }
    install_stop_handlers();
    timestamp_now_iso(r.started, sizeof r.started);
    int rc = run_suite(&r);
    free_run(&r);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return merge_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "repro") == 0)
        return repro_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "reduce") == 0)
        return reduce_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "fuzz") == 0)
        return fuzz_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "explain") == 0) {
        char dir[PATH_MAX];
        return explain_main(argc - 1, argv + 1, default_probe_dir(dir, sizeof dir));
    }
    return run_main(argc, argv);
}
