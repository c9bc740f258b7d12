/* The driver-free half of the measurements: what a measurement name means,
 * and the search for the largest count a predicate holds for. No OpenCL
 * here, so tests/unit/test_measure.c checks it without a device.
 * docs/measurements.md describes the names and the recorded fields. */
#ifndef CLC_MEASURE_PLAN_H
#define CLC_MEASURE_PLAN_H

#include <stddef.h>

typedef enum {
    MEASURE_IWG_RESIDENT,   /* largest count of co-resident work-groups, found safely */
    MEASURE_IWG_SPIN_FLAG   /* "spin until a later group sets a flag", bounded waits or not */
} measure_family;

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
} measure_plan;

/* Parses a measurement name ("iwg_resident_wg64", "iwg_spin_flag_wgmax_cu_x2").
 * Returns 0 and fills *out, or -1 when the name is not one of ours. */
int measure_plan_parse(const char *name, measure_plan *out);

/* "at_limit", ...; NULL for MEASURE_COUNT_NONE. */
const char *measure_plan_rule_name(measure_count_rule rule);

/* Groups a spin-flag measurement launches under rule, given the measured
 * resident limit and the device's compute units. Never less than 1. */
size_t measure_plan_groups(measure_count_rule rule, size_t limit, unsigned compute_units);

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
