/* The reducer: shrinks a failing `run` probe to the smallest probe that
 * still fails the same way on the same device, re-running every candidate
 * on the device. See README ("Reducing a failure") for what it removes and
 * in which order; the passes:
 *   1. focus     judge only the first mismatching element; confirm it still
 *                fails with the same value, and (the control) that the
 *                original with its mismatching elements unjudged passes;
 *   2. work-item with global > 1, pin get_global_id(0) to the one work-item
 *                that writes that element and run a single work-item;
 *   3. lines     drop each line of the kernel whose removal keeps the
 *                failure (all at once if that works, else one by one);
 *   3b. inputs   a kernel that is one grid-stride loop (or one work-item per
 *                slice) cut to the iteration that writes the element: its
 *                inputs and out sliced to that one call (reduce_slice.h);
 *   4. one call  rewrite a single remaining `out[E] = CALL(in[E2]);` (or
 *                `if (C) out[E] = ...;` with C true for the pinned work-item)
 *                as `out[0] = CALL(in[0]);` with one-element input and output.
 * Each pass keeps its result only when the device confirms it. During 2
 * and 3 a sentinel first line writes a value unlike the wrong one to the
 * element, so a candidate that stopped writing it cannot pass for one that
 * still fails; it is removed (and that confirmed) before 4.
 * A probe whose verdict was `error` (an OpenCL call failed, e.g.
 * clCreateKernel refusing a kernel that built) has no wrong element: with
 * every element unjudged, passes 2 and 3 keep a candidate whose verdict is
 * `error` from the same call with the same code, each candidate built as a
 * program of its own (a refused kernel takes its batch down with it). */
#ifndef CLC_REDUCE_H
#define CLC_REDUCE_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

typedef struct {
    const char *out_dir;              /* reduced probes and bundles go to OUT/<device-key>/<id>.reduced/ */
    const char *const *probe_paths;   /* where to find the probes (none: each record's `file`) */
    size_t n_probe_paths;
    double timeout_s;
    FILE *log;                        /* what each pass did; NULL: silent */
} clc_reduce_opts;

/* Reduces the failing run probes of report whose id matches one of the n
 * patterns (at most max of them; 0: no limit). elements (NULL: none) gives
 * per pattern the wrong element to keep (-1: the first mismatch); a probe
 * reduced to another element than its first mismatch is written as
 * <id>.e<element>.reduced. Returns how many were reduced and written, or
 * -1 on an input error (printed to err). */
int reduce_report(const cJSON *report, const char *const *patterns, const long *elements, size_t n, size_t max,
                  const clc_reduce_opts *o, FILE *err);

/* `clconform reduce REPORT.json --filter ID... [--out DIR] [--probes PATH]...
 * [--timeout S]`; argv[0] is "reduce". Returns the exit code. */
int reduce_main(int argc, char **argv);

/* Text helpers, exposed for the tests. */

/* s with every `from` replaced by `to`. Caller frees. */
char *reduce_replace_all(const char *s, const char *from, const char *to);

/* s without its line number k (0-based). Caller frees. */
char *reduce_drop_line(const char *s, size_t k);

/* The signature of an error record, `error CALL CODE` (`error clCreateKernel
 * -46`), written to buf: two records fail the same way when theirs are equal.
 * Returns 0, or -1 when rec is not an error record naming a call and code. */
int reduce_error_signature(const cJSON *rec, char *buf, size_t len);

/* Evaluates an index expression of integer literals, the variable `var`
 * (= value), + - * and parentheses. Returns 0 with *out, or -1. */
int reduce_eval_index(const char *expr, const char *var, long value, long *out);

/* Evaluates `A OP B` (OP one of < <= > >= == !=; A, B as above) into *out
 * (0 or 1). Returns 0, or -1 when it is not of that form. */
int reduce_eval_condition(const char *cond, const char *var, long value, int *out);

#endif
