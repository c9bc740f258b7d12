/* Which probes also run alone, in a kernel of their own, and the copies
 * that do it.
 *
 * A batched probe is a function behind a dispatch kernel, inlined there
 * beside the probes of its group; the compiler may then treat its call
 * otherwise than it would alone (rusticl folds the NaN test of a
 * convert_*_sat away in some programs and not in others: LLVM's fptosi of
 * NaN is poison). Such a result is a finding about the driver, not noise:
 * the run repeats a slice of the judged probes, each as a kernel of its
 * own, and the report says where the two disagree (context_fold.h).
 *
 * The slice rotates with the day, so that a nightly job has run every
 * judged probe alone within a week; the probes a register entry marks
 * `context` run alone every time. The copies join the device's plan at its
 * end, so they share programs with each other (a kernel each) and a day's
 * slice builds the same programs every run: the binary cache finds them. */
#ifndef CLC_ALONE_PLAN_H
#define CLC_ALONE_PLAN_H

#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "probe.h"

/* Part k of n of the judged probes (n 0: none; n 1: all). */
typedef struct {
    unsigned k, n;
} clc_alone_slice;

/* How many parts the day's slice is one of: a week of nightly runs. */
#define ALONE_DAYS 7

/* Parses --alone: "K/N" (0 <= K < N), "all", "none" or "today". Returns 0,
 * or -1 after saying why on err. */
int alone_slice_parse(const char *s, clc_alone_slice *out, FILE *err);

/* The day's slice: part (days since 1970-01-01 UTC) mod ALONE_DAYS. */
clc_alone_slice alone_slice_today(time_t now);

/* Whether probe id falls in slice s (by a hash of the id, so that the
 * parts of one n cover every probe exactly once). */
int alone_in_slice(const char *id, clc_alone_slice s);

/* Whether p is a judged probe that runs batched, the kind a copy alone can
 * tell something about (a probe built alone already, a measurement, a
 * probe with an undefined operation, and one without expectations are
 * not). */
int alone_worth_running(const clc_probe *p);

/* How the device's batched run groups probes behind its dispatch kernels
 * (driver_policy.h): a probe heavier than group_bytes (group_weight.h), or
 * any probe where group is 1, is alone in its kernel already. */
typedef struct {
    size_t group, group_bytes;
    int weigh_unrolled;
} clc_alone_kernels;

/* Whether the batched run already puts p in a dispatch kernel of its own,
 * so that a copy alone would tell nothing more. */
int alone_already(const clc_probe *p, const clc_alone_kernels *k);

/* Appends to set a copy of each probe of todo[0..*n_todo) that is worth it
 * and matches one of globs[0..n_globs) (fnmatch over ids), or is in slice s
 * and not alone in its kernel already (k; NULL: never),
 * with id "ID@alone", alone 1 and alone_of its original, and appends their
 * indices to *todo (reallocated). Returns how many were added, or -1 when
 * out of memory (set and todo then hold what was added so far). */
long alone_plan_add(clc_probe_set *set, size_t **todo, size_t *n_todo, clc_alone_slice s, const char *const *globs,
                    size_t n_globs, const clc_alone_kernels *k);

#endif
