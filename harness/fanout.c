/* Shards of one device's run: see shard.h. */
#include "fanout.h"
#include "json_num.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc.h"
#include "verdict.h"

size_t fanout_default(size_t n_devices)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    size_t cpus = n > 0 ? (size_t)n : 1, per = n_devices ? cpus / n_devices : 1;
    return per < 1 ? 1 : per > 8 ? 8 : per;
}

typedef struct {
    clc_supervise_opts o;
} fanout_arg;

/* In a shard's process: supervises its part and sends every record back,
 * then the run's counters. */
static void fanout_main(int fd, void *arg)
{
    fanout_arg *a = arg;
    clc_device_run run;
    if (supervise_device(&a->o, &run) != 0)
        return;
    for (size_t k = 0; k < a->o.n_todo; k++) {
        size_t i = a->o.todo[k];
        if (!run.recs[i])
            continue;
        cJSON *m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "t", "rec");
        cJSON_AddNumberToObject(m, "i", (double)i);
        cJSON_AddItemToObject(m, "rec", run.recs[i]);
        run.recs[i] = NULL;
        proc_send(fd, m);
    }
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "end");
    cJSON_AddNumberToObject(m, "builds", (double)run.builds);
    cJSON_AddNumberToObject(m, "workers", (double)run.workers);
    cJSON_AddNumberToObject(m, "timeouts_retried", (double)run.timeouts_retried);
    cJSON_AddItemToObject(m, "profile", profile_to_json(&run.profile));
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

static int is_measure(const clc_supervise_opts *o, size_t i)
{
    return o->set->items[i].kind == CLC_KIND_MEASURE;
}

int fanout_device(const clc_supervise_opts *o, size_t shards, clc_device_run *out)
{
    if (shards <= 1 || !o->isolate || o->n_todo < 2 * shards)
        return supervise_device(o, out);
    double t0 = proc_now();
    memset(out, 0, sizeof *out);
    out->recs = calloc(o->set->count ? o->set->count : 1, sizeof *out->recs);
    /* Shard 0 gets the measurements; every shard a contiguous share of the
     * rest. All shards are children, so this process reads from all of
     * them as they go (a shard never waits on a full pipe). */
    size_t *order = calloc(o->n_todo, sizeof *order), n = 0, n_meas = 0;
    (void)n;
    fanout_arg *args = calloc(shards, sizeof *args);
    clc_child *kids = calloc(shards, sizeof *kids);
    int *alive = calloc(shards, sizeof *alive), *ended = calloc(shards, sizeof *ended);
    if (!out->recs || !order || !args || !kids || !alive || !ended) {
        free(out->recs), free(order), free(args), free(kids), free(alive), free(ended);
        return supervise_device(o, out);
    }
    /* order: shard 0's share of the probes, then the measurements (last, so
     * that they mostly run after the other shards are done and measure an
     * idle device), then the other shards' shares. */
    size_t n_rest = 0;
    for (size_t k = 0; k < o->n_todo; k++)
        n_rest += !is_measure(o, o->todo[k]);
    n_meas = o->n_todo - n_rest;
    size_t per = (n_rest + shards - 1) / shards, ri = 0, mi = 0;
    for (size_t k = 0; k < o->n_todo; k++) {
        if (is_measure(o, o->todo[k]))
            continue;
        order[ri < per ? ri : ri + n_meas] = o->todo[k];
        ri++;
    }
    for (size_t k = 0; k < o->n_todo; k++)
        if (is_measure(o, o->todo[k]))
            order[(per < n_rest ? per : n_rest) + mi++] = o->todo[k];
    n = o->n_todo;
    for (size_t s = 0; s < shards; s++) {
        size_t from = s == 0 ? 0 : n_meas + (s * per < n_rest ? s * per : n_rest);
        size_t to = n_meas + ((s + 1) * per < n_rest ? (s + 1) * per : n_rest);
        args[s].o = *o;
        args[s].o.todo = order + from;
        args[s].o.n_todo = to - from;
        args[s].o.stop = NULL; /* a shard is stopped by SIGTERM, forwarded below */
        args[s].o.on_record = NULL; /* progress is told from here, as records arrive */
        if (to > from && proc_spawn(&kids[s], fanout_main, &args[s]) == 0)
            alive[s] = 1;
    }
    int forwarded = 0;
    size_t done = 0, unexpected = 0;
    for (size_t left = shards; left > 0;) {
        left = 0;
        for (size_t s = 0; s < shards; s++) {
            if (!alive[s])
                continue;
            left++;
            if (o->stop && *o->stop && !forwarded)
                kill(kids[s].pid, SIGTERM);
            cJSON *m;
            int r = proc_read_msg(&kids[s], 0.02, NULL, &m);
            if (r == 0) {
                int status;
                proc_reap(&kids[s], &status);
                alive[s] = 0;
                continue;
            }
            if (r != 1)
                continue;
            const char *t = cJSON_GetObjectItemCaseSensitive(m, "t")->valuestring;
            if (!strcmp(t, "rec")) {
                size_t i;
                if (json_num_index(cJSON_GetObjectItemCaseSensitive(m, "i"), "i", o->set->count, &i, NULL, 0) == 0 &&
                    !out->recs[i]) {
                    out->recs[i] = cJSON_DetachItemFromObjectCaseSensitive(m, "rec");
                    const cJSON *v = cJSON_GetObjectItemCaseSensitive(out->recs[i], "verdict");
                    done++;
                    unexpected += cJSON_IsString(v) && verdict_is_unexpected(v->valuestring);
                    if (o->on_record)
                        o->on_record(o->on_record_ctx, done, unexpected);
                }
            } else if (!strcmp(t, "end")) {
                ended[s] = 1;
                /* Counts from a shard's message: one that is not a count adds nothing. */
                const char *const counts[] = {"builds", "workers", "timeouts_retried"};
                size_t *sums[] = {&out->builds, &out->workers, &out->timeouts_retried};
                for (int k = 0; k < 3; k++) {
                    size_t cnt;
                    if (json_num_size(cJSON_GetObjectItemCaseSensitive(m, counts[k]), counts[k], 0, SIZE_MAX, &cnt,
                                      NULL, 0) == 0)
                        *sums[k] += cnt;
                }
                profile_add_json(&out->profile, cJSON_GetObjectItemCaseSensitive(m, "profile"));
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
            cJSON_Delete(m);
        }
        if (o->stop && *o->stop)
            forwarded = 1;
    }
    out->complete = 1;
    for (size_t k = 0; k < o->n_todo; k++)
        if (!out->recs[o->todo[k]])
            out->complete = 0;
    if (out->complete)
        out->incomplete_reason[0] = '\0';
    else if (!out->incomplete_reason[0])
        snprintf(out->incomplete_reason, sizeof out->incomplete_reason,
                 o->stop && *o->stop ? "interrupted by a signal" : "a fan-out process died");
    out->wall_ms = (proc_now() - t0) * 1e3;
    out->device_jobs = shards;
    free(order), free(args), free(kids), free(alive), free(ended);
    return 0;
}
