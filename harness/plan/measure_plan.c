/* Measurement names and the limit search (see measure_plan.h). */
#include "measure_plan.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *suffix;
    measure_count_rule rule;
} rule_names[] = {
    {"at_limit", MEASURE_COUNT_AT_LIMIT},
    {"above_limit", MEASURE_COUNT_ABOVE_LIMIT},
    {"above_limit_unbounded", MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED},
    {"cu_x1_5", MEASURE_COUNT_CU_X1_5},
    {"cu_x2", MEASURE_COUNT_CU_X2},
};

static const struct {
    const char *name;
    measure_sync_method method;
} method_names[] = {
    {"counter", MEASURE_SYNC_COUNTER},
    {"lock", MEASURE_SYNC_LOCK},
    {"barrier", MEASURE_SYNC_BARRIER},
};

/* The work-group sizes the family is defined for: a closed list, so that
 * measure_known rejects "wg63" as a typo rather than measuring it. */
static const struct {
    const char *text;
    size_t size;
} wg_names[] = {
    {"wg1", 1}, {"wg64", 64}, {"wg256", 256}, {"wgmax", 0},
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Matches one of wg_names at the start of s; returns what follows it, or
 * NULL. The name must end there or continue with '_'. */
static const char *parse_wg(const char *s, size_t *wg)
{
    for (size_t i = 0; i < COUNT_OF(wg_names); i++) {
        size_t len = strlen(wg_names[i].text);
        if (strncmp(s, wg_names[i].text, len) == 0 && (s[len] == '\0' || s[len] == '_')) {
            *wg = wg_names[i].size;
            return s + len;
        }
    }
    return NULL;
}

static int parse_rule(const char *s, measure_count_rule *rule)
{
    for (size_t i = 0; i < COUNT_OF(rule_names); i++)
        if (strcmp(s, rule_names[i].suffix) == 0) {
            *rule = rule_names[i].rule;
            return 0;
        }
    return -1;
}

/* "METHOD_cl12" or "METHOD_acq_rel". */
static int parse_sync(const char *s, measure_plan *plan)
{
    for (size_t i = 0; i < COUNT_OF(method_names); i++) {
        size_t len = strlen(method_names[i].name);
        if (strncmp(s, method_names[i].name, len) != 0 || s[len] != '_')
            continue;
        if (strcmp(s + len + 1, "cl12") == 0)
            plan->acq_rel = 0;
        else if (strcmp(s + len + 1, "acq_rel") == 0)
            plan->acq_rel = 1;
        else
            return -1;
        plan->method = method_names[i].method;
        return 0;
    }
    return -1;
}

int measure_plan_parse(const char *name, measure_plan *out)
{
    static const char resident[] = "iwg_resident_";
    static const char spin_flag[] = "iwg_spin_flag_";
    static const char sync[] = "iwg_sync_";
    measure_plan plan = {MEASURE_IWG_RESIDENT, 0, MEASURE_COUNT_NONE, MEASURE_SYNC_NONE, 0};
    const char *rest;

    if (!name)
        return -1;
    if (strncmp(name, resident, sizeof resident - 1) == 0) {
        rest = parse_wg(name + sizeof resident - 1, &plan.wg_request);
        if (!rest || *rest != '\0')
            return -1;
    } else if (strncmp(name, spin_flag, sizeof spin_flag - 1) == 0) {
        plan.family = MEASURE_IWG_SPIN_FLAG;
        rest = parse_wg(name + sizeof spin_flag - 1, &plan.wg_request);
        if (!rest || *rest != '_' || parse_rule(rest + 1, &plan.rule) != 0)
            return -1;
    } else if (strncmp(name, sync, sizeof sync - 1) == 0) {
        plan.family = MEASURE_IWG_SYNC;
        rest = parse_wg(name + sizeof sync - 1, &plan.wg_request);
        if (!rest || *rest != '_' || parse_sync(rest + 1, &plan) != 0)
            return -1;
    } else {
        return -1;
    }
    if (out)
        *out = plan;
    return 0;
}

const char *measure_plan_method_name(measure_sync_method method)
{
    for (size_t i = 0; i < COUNT_OF(method_names); i++)
        if (method_names[i].method == method)
            return method_names[i].name;
    return NULL;
}

const char *measure_plan_rule_name(measure_count_rule rule)
{
    for (size_t i = 0; i < COUNT_OF(rule_names); i++)
        if (rule_names[i].rule == rule)
            return rule_names[i].suffix;
    return NULL;
}

/* What one completed step of each method is, for the detail line. */
static const char *step_name(measure_sync_method m)
{
    switch (m) {
    case MEASURE_SYNC_COUNTER: return "last-group checks";
    case MEASURE_SYNC_LOCK: return "critical sections";
    case MEASURE_SYNC_BARRIER: return "barrier passes";
    default: return "steps";
    }
}

const char *measure_sync_judge(const measure_plan *plan, const measure_sync_counts *c, char *detail, size_t len)
{
    size_t bad = c->wrong + c->bad_launches;
    int nothing_done = plan->acq_rel && !bad && c->steps == 0;
    const char *verdict = !plan->acq_rel ? "info" : bad ? "fail" : nothing_done ? "skip" : "pass";
    const char *flavour = plan->acq_rel ? "release/acquire at memory_scope_device" : "OpenCL 1.2 atomics and mem_fence";
    int n = snprintf(detail, len,
                     "%s, %s: %zu %s in %zu launches of %zu work-groups; %zu wrong values, %zu wrong end states",
                     measure_plan_method_name(plan->method), flavour, c->steps, step_name(plan->method), c->launches,
                     c->groups, c->wrong, c->bad_launches);
    if (n >= 0 && (size_t)n < len && c->gave_up)
        n += snprintf(detail + n, len - (size_t)n,
                      "; %zu waits gave up (a group waited its whole bound: the other groups did not run meanwhile, "
                      "or the driver cut its wait short)",
                      c->gave_up);
    if (n >= 0 && (size_t)n < len && c->cut_short)
        n += snprintf(detail + n, len - (size_t)n,
                      "; %zu work-groups ended their loops early without giving up (the driver cut the loops short)",
                      c->cut_short);
    if (n >= 0 && (size_t)n < len && nothing_done)
        snprintf(detail + n, len - (size_t)n, "; nothing completed, so nothing to judge");
    return verdict;
}

size_t measure_plan_groups(measure_count_rule rule, size_t limit, unsigned compute_units)
{
    size_t n;
    switch (rule) {
    case MEASURE_COUNT_AT_LIMIT: n = limit; break;
    case MEASURE_COUNT_ABOVE_LIMIT:
    case MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED: n = limit + 1; break;
    case MEASURE_COUNT_CU_X1_5: n = ((size_t)compute_units * 3 + 1) / 2; break;
    case MEASURE_COUNT_CU_X2: n = (size_t)compute_units * 2; break;
    default: n = 1; break;
    }
    return n ? n : 1;
}

/* Asks the predicate once, counting the launch. */
static measure_pred_answer ask(measure_pred pred, void *ctx, size_t n, measure_search_result *r)
{
    r->launches++;
    return pred(ctx, n);
}

/* Ends a search early: keeps what is known, says whether it was an error. */
static int search_end_early(measure_pred_answer a, size_t lo, size_t bad, measure_search_result *r)
{
    r->limit = lo;
    r->first_fail = bad;
    r->stopped = a == MEASURE_PRED_STOP;
    return a == MEASURE_PRED_ERROR ? -1 : 0;
}

int measure_search_limit(measure_pred pred, void *ctx, size_t cap, measure_search_result *r)
{
    memset(r, 0, sizeof *r);
    if (cap == 0)
        return 0;

    /* Doubling: lo always holds (0 trivially), hi is the next count to try. */
    size_t lo = 0, hi = 1, bad = 0;
    for (;;) {
        measure_pred_answer a = ask(pred, ctx, hi, r);
        if (a == MEASURE_PRED_ERROR || a == MEASURE_PRED_STOP)
            return search_end_early(a, lo, 0, r);
        if (a == MEASURE_PRED_FALSE) {
            bad = hi;
            break;
        }
        lo = hi;
        if (lo >= cap) {
            r->capped = 1;
            r->limit = lo;
            return 0;
        }
        hi = lo > cap / 2 ? cap : lo * 2;
    }

    /* Bisection between the last count that held and the first that did not. */
    while (bad - lo > 1) {
        size_t mid = lo + (bad - lo) / 2;
        measure_pred_answer a = ask(pred, ctx, mid, r);
        if (a == MEASURE_PRED_ERROR || a == MEASURE_PRED_STOP)
            return search_end_early(a, lo, bad, r);
        if (a == MEASURE_PRED_TRUE)
            lo = mid;
        else
            bad = mid;
    }
    r->limit = lo;
    r->first_fail = bad;
    return 0;
}

long measure_wait_rounds(long sample_rounds, double sample_min_s, double target_s, long guess, long lo, long hi)
{
    double want = sample_min_s > 0 ? (double)sample_rounds * target_s / sample_min_s : (double)hi;
    if (guess > 0 && want < (double)guess)
        want = (double)guess;
    return want < (double)lo ? lo : want > (double)hi ? hi : (long)want;
}
