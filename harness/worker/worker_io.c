/* The worker's messages to its supervisor and the records it builds: the
 * primitives every part of the worker uses (runner.c runs probes,
 * runner_build.c builds programs, reject_batch.c batches the probes that
 * must not build). They depend on nothing of those modules, so the worker's
 * modules form no cycle. */
#include "runner_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build_options.h"
#include "record.h"

void worker_emit(worker *w, cJSON *msg) { w->job->emit(w->job->emit_ctx, msg); }

cJSON *worker_msg(const char *t)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", t);
    return m;
}

void worker_emit_result(worker *w, size_t i, clc_record *rec)
{
    /* What reproduces a probe (its source, inputs, expected values) is
     * written into the records that need it, once their verdict is known:
     * formatting every input and expected value of a passing probe, only to
     * drop them, was most of a warm run's judging time (math probes, 3.5 ms
     * a record). Measurements carry their own fields; a skip reproduces
     * nothing. */
    const clc_probe *p = i < w->job->set->count ? &w->job->set->items[i] : NULL;
    clc_verdict v = rec->verdict;
    if (p && p->kind != CLC_KIND_MEASURE && v != CLC_VERDICT_PASS && v != CLC_VERDICT_SKIP &&
        !record_get(rec, "source")) {
        char *options = rec->options ? strdup(rec->options) : NULL;
        record_add_repro(rec, p, options);
        free(options);
    }
    /* The pipe to the supervisor: where the record becomes JSON. */
    cJSON *m = worker_msg("result");
    cJSON_AddNumberToObject(m, "i", (double)i);
    cJSON_AddItemToObject(m, "rec", record_release_json(rec));
    worker_emit(w, m);
}

void worker_probe_options(const worker *w, const clc_probe *p, char *buf, size_t len)
{
    /* A probe naming its own -cl-std= (a family built per OpenCL C version)
     * replaces the harness's; a result too long is cut, and the build says so. */
    (void)build_options_compose(w->options, p->options, buf, len);
}

void sb_add(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap : 8192;
        while (b->len + (size_t)n + 1 > ncap)
            ncap *= 2;
        char *t = realloc(b->text, ncap);
        if (!t) {
            va_end(ap2);
            return;
        }
        b->text = t;
        b->cap = ncap;
    }
    vsnprintf(b->text + b->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    b->len += (size_t)n;
}

void worker_emit_build_start(worker *w, const size_t *idx, size_t n)
{
    w->building_n = n;
    snprintf(w->building_what, sizeof w->building_what, "%s%s (%zu probes)", n ? w->job->set->items[idx[0]].id : "",
             n > 1 ? " ..." : "", n);
    worker_emit_phase(w, "build", idx, n);
}

void worker_emit_phase(worker *w, const char *type, const size_t *idx, size_t n)
{
    cJSON *m = worker_msg(type);
    cJSON *arr = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)idx[i]));
    cJSON_AddItemToObject(m, "probes", arr);
    worker_emit(w, m);
}

void worker_new_record(const worker *w, clc_record *rec, const clc_probe *p, double build_ms, size_t batch,
                       const char *options)
{
    (void)w;
    record_start(rec, p);
    record_set_ms(rec, REC_BUILD_MS, build_ms);
    record_set_count(rec, REC_BATCH_SIZE, (long)batch);
    /* The rest of the reproducer comes with a verdict other than pass
     * (worker_emit_result). */
    record_set_text(rec, REC_OPTIONS, options ? options : "");
}

/* Drops the reproducer fields from a record that passed: reports of
 * thousands of probes stay small, and a pass needs no reproducing. */
void worker_trim_passing(clc_record *rec)
{
    if (rec->verdict != CLC_VERDICT_PASS)
        return;
    record_drop(rec, REC_OPTIONS);
    static const char *const fields[] = {"source", "kernel", "global", "local", "inputs",
                                         "out_type", "out_count", "expected", "build_log"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        record_remove(rec, fields[i]);
}

void worker_flush_profile(worker *w)
{
    if (profile_total_ms(&w->prof) == 0)
        return;
    cJSON *m = worker_msg("prof");
    cJSON_AddItemToObject(m, "p", profile_to_json(&w->prof));
    worker_emit(w, m);
    memset(&w->prof, 0, sizeof w->prof);
}
