/* The litmus family's record: the counts of a probe's kernel and of its
 * mutants as JSON (the record's "measure" object), their totals over the
 * runs of this clconform and driver ("all_runs", which measure_memo.c keeps
 * with the tuned environment), and reading those totals back. No OpenCL. */
#ifndef CLC_LITMUS_RECORD_H
#define CLC_LITMUS_RECORD_H

#include <cjson/cJSON.h>

#include "litmus_env.h"
#include "litmus_plan.h"

typedef struct {
    litmus_tally t;                     /* the probe's own kernel */
    litmus_tally m[LITMUS_MAX_MUTANTS]; /* its mutants, in litmus_mutants order */
    long launches;
} litmus_counts;

typedef struct {
    litmus_counts c;
    long clconform_runs;
    char since[32];
    int have_env; /* env was tuned by an earlier run */
    litmus_env env;
} litmus_history;

/* Reads the totals an earlier run left (measure_memo_litmus_totals).
 * Returns 0, or -1 when they do not read as totals of this plan. */
int litmus_history_read(const cJSON *totals, const litmus_plan *plan, litmus_history *h);

/* Adds b's counts to a. */
void litmus_counts_add(litmus_counts *a, const litmus_counts *b);

/* Mutants that ran (runs > 0) into *ran; returns those whose weak outcome
 * was seen (killed). */
int litmus_counts_killed(const litmus_plan *plan, const litmus_counts *c, int *ran);

/* The counts of c into obj: "outcomes" by label (and "other"), "weak",
 * "runs", "concurrent_runs", "mutants" (flavour, runs, weak, killed). */
void litmus_record_counts(cJSON *obj, const litmus_plan *plan, const litmus_counts *c);

/* "all_runs": totals all over clconform_runs runs since `since`, with the
 * environment the runs use. */
void litmus_record_totals(cJSON *obj, const litmus_plan *plan, const litmus_counts *all, long clconform_runs,
                          const char *since, const litmus_env *env);

#endif
