/* The driver-free half of the measurements: what a measurement name means,
 * and the search for the largest count a predicate holds for. No OpenCL
 * here, so tests/unit/test_measure.c checks it without a device.
 * docs/measurements.md describes the names and the recorded fields. */
#ifndef CLC_MEASURE_PLAN_H
#define CLC_MEASURE_PLAN_H

#include <stddef.h>

typedef enum {
    MEASURE_IWG_RESIDENT,   /* largest count of co-resident work-groups, found safely */
    MEASURE_IWG_SPIN_FLAG,  /* "spin until a later group sets a flag", bounded waits or not */
    MEASURE_IWG_SYNC        /* a classic inter-work-group method with every group resident */
} measure_family;

/* The sync family's methods (iwg_sync_* kernels of iwg.probe). */
typedef enum {
    MEASURE_SYNC_NONE,
    MEASURE_SYNC_COUNTER,   /* an atomic counter: the last group to arrive reads every group's data */
    MEASURE_SYNC_LOCK,      /* a spin lock around plain data */
    MEASURE_SYNC_BARRIER    /* a global barrier from a counter and a generation word */
} measure_sync_method;

/* How many groups a spin-flag measurement launches. */
typedef enum {
    MEASURE_COUNT_NONE,         /* resident measurements */
    MEASURE_COUNT_AT_LIMIT,     /* the measured resident limit */
    MEASURE_COUNT_ABOVE_LIMIT,  /* the limit + 1 */
    MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED, /* the limit + 1, the classic unbounded pattern: the
                                          * one real deadlock a device is asked for */
    MEASURE_COUNT_CU_X1_5,      /* ceil(1.5 x compute units) */
    MEASURE_COUNT_CU_X2         /* 2 x compute units */
} measure_count_rule;

typedef struct {
    measure_family family;
    size_t wg_request;          /* requested work-group size; 0 means the device maximum */
    measure_count_rule rule;
    measure_sync_method method; /* MEASURE_IWG_SYNC only */
    int acq_rel;                /* MEASURE_IWG_SYNC: the 2.0/3.0 release/acquire flavour, else cl12 */
} measure_plan;

/* Parses a measurement name ("iwg_resident_wg64", "iwg_spin_flag_wgmax_cu_x2",
 * "iwg_sync_wg64_lock_acq_rel").
 * Returns 0 and fills *out, or -1 when the name is not one of ours. */
int measure_plan_parse(const char *name, measure_plan *out);

/* "counter", "lock", "barrier"; NULL for MEASURE_SYNC_NONE. */
const char *measure_plan_method_name(measure_sync_method method);

/* "at_limit", ...; NULL for MEASURE_COUNT_NONE. */
const char *measure_plan_rule_name(measure_count_rule rule);

/* Groups a spin-flag measurement launches under rule, given the measured
 * resident limit and the device's compute units. Never less than 1. */
size_t measure_plan_groups(measure_count_rule rule, size_t limit, unsigned compute_units);

/* What the launches of one sync method added up to (measure_iwg_sync.c). */
typedef struct {
    size_t launches;
    size_t groups;        /* groups a launch had: the resident limit */
    size_t steps;         /* completed steps: arrivals checked, critical sections, barrier passes */
    size_t wrong;         /* values read that the method should have made visible and were not */
    size_t gave_up;       /* waits that ran out: not every group ran at once */
    size_t bad_launches;  /* launches whose end state was wrong: a lock's ints not at the number of
                           * critical sections, or not exactly one group the counter's last */
    size_t cut_short;     /* groups that ended with fewer steps than asked, neither giving up nor told
                           * to stop: the driver ended their loops (such a launch's end state is not
                           * judged) */
} measure_sync_counts;

/* The verdict of one sync method's counts, with a detail line in detail:
 * cl12 is always "info" (OpenCL 1.2 promises nothing between work-groups);
 * acq_rel is "fail" when anything was wrong, "skip" when no step completed
 * (the groups never ran at once), else "pass". */
const char *measure_sync_judge(const measure_plan *plan, const measure_sync_counts *c, char *detail, size_t len);

/* The rounds of a bounded wait meant to last target_s, from the fastest of
 * a few timed samples (sample_rounds rounds in sample_min_s at best): a
 * sample can only be stretched by the host's scheduler, never shortened,
 * so the fastest is the loop's speed. With a guess (> 0: the rounds an
 * earlier work-group size got in this worker), never fewer than the
 * guess: a sample slower than the guess's speed is as likely the load as
 * the size, and a longer wait only costs time. Clamped to [lo, hi]. */
long measure_wait_rounds(long sample_rounds, double sample_min_s, double target_s, long guess, long lo, long hi);

/* What a predicate answers for one count. */
typedef enum {
    MEASURE_PRED_FALSE = 0,
    MEASURE_PRED_TRUE = 1,
    MEASURE_PRED_STOP = 2,      /* out of time: keep what is known so far */
    MEASURE_PRED_ERROR = -1     /* the predicate failed (it recorded why) */
} measure_pred_answer;

typedef measure_pred_answer (*measure_pred)(void *ctx, size_t n);

typedef struct {
    size_t limit;        /* largest n found to hold (0: not even n = 1) */
    size_t first_fail;   /* smallest n found not to hold above limit; 0 if none */
    size_t launches;     /* how many times the predicate was asked */
    int capped;          /* the predicate held up to cap itself */
    int stopped;         /* the predicate said STOP: limit is a lower bound */
} measure_search_result;

/* Finds the largest n in [1, cap] for which pred holds, assuming it holds
 * for every n below one that holds: doubling from 1, then bisection between
 * the last count that held and the first that did not. Returns 0, or -1 when
 * the predicate answered MEASURE_PRED_ERROR (r still says what was known). */
int measure_search_limit(measure_pred pred, void *ctx, size_t cap, measure_search_result *r);

#endif
