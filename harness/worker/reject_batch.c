/* Probes that must not build (kind build-fail), many per program.
 *
 * A compiler that parses a large header for every program (PoCL spends
 * ~130 ms per build on this machine) makes one program per build-fail probe
 * the slowest part of the suite. So build-fail probes share a program, each
 * kernel preceded by `#line 1 "clcprobeN"`: the build log then names, for
 * every error, the probe it is in. A probe with an error attributed to it
 * was rejected, as the spec requires: pass. Every other probe of the batch
 * (no error of its own reported, e.g. past the compiler's error limit, or a
 * log in an unknown format) is built alone, so the batch only ever saves
 * builds and never decides a verdict that building alone would not.
 *
 * One probe's error could in principle cascade into its neighbour (an
 * unbalanced brace swallowing the next kernel). Probes whose text could do
 * that (unbalanced brackets, quotes or comments, preprocessor lines) are
 * never shared (batch_plan_rejects_batched, batch_plan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "runner_internal.h"

static void batch_text(const worker *w, const size_t *idx, size_t n, strbuf *b)
{
    const clc_probe_set *set = w->job->set;
    for (size_t s = 0; s < n; s++) {
        const clc_probe *p = &set->items[idx[s]];
        sb_add(b, "#line 1 \"clcprobe%zu\"\n__kernel void clc_r%zu(", s, s);
        for (size_t i = 0; i < p->n_inputs; i++) {
            char decl[320];
            sb_add(b, "%s, ", probe_param_decl(&p->inputs[i], decl, sizeof decl));
        }
        sb_add(b, "__global %s *out)\n{\n%s\n}\n", value_type_name(p->out_type), p->body);
    }
}

/* Marks rejected[s] for every probe s the log reports an error in: a line
 * with "error:" and "clcprobeS:" on it. Clang-based compilers write
 * `clcprobe3:2:14: error: ...`; PoCL writes `error: clcprobe3:2:14 ...`. */
static void attribute_errors(const char *log, unsigned char *rejected, size_t n)
{
    for (const char *line = log; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char *copy = strndup(line, len);
        if (copy && strstr(copy, "error:")) {
            for (const char *hit = copy; (hit = strstr(hit, "clcprobe"));) {
                char *after;
                unsigned long s = strtoul(hit + 8, &after, 10);
                if (after != hit + 8 && *after == ':' && s < n)
                    rejected[s] = 1;
                hit = after;
            }
        }
        free(copy);
        line = end ? end + 1 : NULL;
    }
}

void reject_batch_run(worker *w, const size_t *idx, size_t n, const char *options)
{
    if (n == 0)
        return;
    if (n == 1) {
        w->run_alone(w, idx[0]);
        return;
    }
    strbuf src = {0};
    batch_text(w, idx, n, &src);
    unsigned char *rejected = calloc(n, 1);
    worker_emit_build_start(w, idx, n);
    build_result b;
    worker_build(w, src.text ? src.text : "", options, &b);
    free(src.text);
    if (!b.prog && rejected && b.log)
        attribute_errors(b.log, rejected, n);
    for (size_t s = 0; s < n; s++) {
        if (!rejected || !rejected[s]) {
            w->run_alone(w, idx[s]);
            continue;
        }
        const clc_probe *p = &w->job->set->items[idx[s]];
        clc_record rec;
        worker_new_record(w, &rec, p, b.ms, n, options);
        record_set_verdict(&rec, CLC_VERDICT_PASS, NULL);
        worker_trim_passing(&rec);
        worker_emit_result(w, idx[s], &rec);
    }
    free(rejected);
    build_result_free(&b);
}
