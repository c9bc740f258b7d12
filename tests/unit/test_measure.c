/* Unit tests of the driver-free half of the measurements: names and the
 * doubling-then-bisection search. */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "measure.h"
#include "measure_plan.h"

typedef struct {
    size_t threshold;   /* the predicate holds for n <= threshold */
    size_t stop_after;  /* answer STOP on this call (1-based); 0: never */
    size_t error_on;    /* answer ERROR for this n; 0: never */
    size_t calls;
    size_t max_asked;
} fake_device;

static measure_pred_answer fake_pred(void *ctx, size_t n)
{
    fake_device *d = ctx;
    d->calls++;
    if (n > d->max_asked)
        d->max_asked = n;
    if (d->stop_after && d->calls == d->stop_after)
        return MEASURE_PRED_STOP;
    if (d->error_on && n == d->error_on)
        return MEASURE_PRED_ERROR;
    return n <= d->threshold ? MEASURE_PRED_TRUE : MEASURE_PRED_FALSE;
}

static void test_search_finds_every_threshold(void)
{
    int all_ok = 1, never_over = 1;
    for (size_t cap = 1; cap <= 70; cap++)
        for (size_t t = 0; t <= cap + 2; t++) {
            fake_device d = {t, 0, 0, 0, 0};
            measure_search_result r;
            int rc = measure_search_limit(fake_pred, &d, cap, &r);
            size_t want = t < cap ? t : cap;
            if (rc != 0 || r.limit != want || r.launches != d.calls || r.stopped ||
                r.capped != (t >= cap) || (t < cap && r.first_fail != t + 1))
                all_ok = 0;
            if (d.max_asked > cap)
                never_over = 0;
        }
    CHECK(all_ok, "search finds every threshold 0..cap+2 for caps 1..70");
    CHECK(never_over, "search never asks above the cap");
}

static void test_search_launch_counts(void)
{
    fake_device d = {2, 0, 0, 0, 0};
    measure_search_result r;
    measure_search_limit(fake_pred, &d, 128, &r);
    /* 1, 2, 4 (fails), 3 (fails) */
    CHECK(r.limit == 2 && r.launches == 4 && r.first_fail == 3, "limit 2: 4 launches (got %zu)", r.launches);

    d = (fake_device){0, 0, 0, 0, 0};
    measure_search_limit(fake_pred, &d, 128, &r);
    CHECK(r.limit == 0 && r.launches == 1 && r.first_fail == 1, "nothing holds: one launch");

    d = (fake_device){1000, 0, 0, 0, 0};
    measure_search_limit(fake_pred, &d, 100, &r);
    CHECK(r.limit == 100 && r.capped && r.launches == 8, "capped at 100: 1..64 then 100 (%zu launches)", r.launches);
}

static void test_search_stop_and_error(void)
{
    fake_device d = {40, 4, 0, 0, 0};   /* 1, 2, 4 hold, then STOP */
    measure_search_result r;
    int rc = measure_search_limit(fake_pred, &d, 256, &r);
    CHECK(rc == 0 && r.stopped && r.limit == 4, "STOP keeps the last count that held");

    d = (fake_device){40, 0, 48, 0, 0}; /* ... 32, 64 fails, 48 errors */
    rc = measure_search_limit(fake_pred, &d, 256, &r);
    CHECK(rc == -1 && r.limit == 32 && r.first_fail == 64, "ERROR ends the search, keeps bounds");
}

static void test_plan_names(void)
{
    measure_plan p;
    CHECK(measure_plan_parse("iwg_resident_wg64", &p) == 0 && p.family == MEASURE_IWG_RESIDENT &&
              p.wg_request == 64 && p.rule == MEASURE_COUNT_NONE, "iwg_resident_wg64");
    CHECK(measure_plan_parse("iwg_resident_wgmax", &p) == 0 && p.wg_request == 0, "iwg_resident_wgmax");
    CHECK(measure_plan_parse("iwg_spin_flag_wg1_at_limit", &p) == 0 && p.family == MEASURE_IWG_SPIN_FLAG &&
              p.wg_request == 1 && p.rule == MEASURE_COUNT_AT_LIMIT, "iwg_spin_flag_wg1_at_limit");
    CHECK(measure_plan_parse("iwg_spin_flag_wg256_cu_x1_5", &p) == 0 && p.wg_request == 256 &&
              p.rule == MEASURE_COUNT_CU_X1_5, "iwg_spin_flag_wg256_cu_x1_5");
    CHECK(measure_plan_parse("iwg_spin_flag_wg256_above_limit_unbounded", &p) == 0 && p.wg_request == 256 &&
              p.rule == MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED &&
              strcmp(measure_plan_rule_name(p.rule), "above_limit_unbounded") == 0,
          "the one unbounded rule has a name of its own");
    CHECK(measure_plan_parse("iwg_spin_flag_wg1_above_limit", &p) == 0 && p.rule == MEASURE_COUNT_ABOVE_LIMIT,
          "above_limit is not taken for its unbounded sibling");

    static const char *const bad[] = {
        "", "iwg_resident", "iwg_resident_", "iwg_resident_wg63", "iwg_resident_wg64_at_limit",
        "iwg_resident_wg6", "iwg_spin_flag_wg64", "iwg_spin_flag_wg64_", "iwg_spin_flag_wg64_cu_x3",
        "iwg_spin_flag_wgmax_at_limitx", "IWG_RESIDENT_WG64", "iwg_resident_wg640",
        "iwg_spin_flag_wg64_above_limit_", "iwg_spin_flag_wg64_above_limit_unboundedx", "iwg_spin_flag_wg64_unbounded",
        "iwg_sync_wg64", "iwg_sync_wg64_lock", "iwg_sync_wg64_lock_", "iwg_sync_wg64_lock_seq_cst",
        "iwg_sync_wg64_mutex_cl12", "iwg_sync_lock_cl12", "iwg_sync_wg64_lock_cl12x", "iwg_sync_wg64_lockcl12",
    };
    int rejected = 1;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (measure_plan_parse(bad[i], &p) == 0 || measure_known(bad[i]))
            rejected = 0;
    CHECK(rejected, "misspelt measurement names are rejected");
    CHECK(!measure_known(NULL), "measure_known(NULL) is false");
    CHECK(measure_known("iwg_spin_flag_wgmax_above_limit"), "measure_known accepts a real name");
    CHECK(measure_plan_parse("iwg_sync_wg64_lock_acq_rel", &p) == 0 && p.family == MEASURE_IWG_SYNC &&
              p.wg_request == 64 && p.method == MEASURE_SYNC_LOCK && p.acq_rel == 1,
          "iwg_sync_wg64_lock_acq_rel");
    CHECK(measure_plan_parse("iwg_sync_wg1_barrier_cl12", &p) == 0 && p.method == MEASURE_SYNC_BARRIER &&
              p.acq_rel == 0 && p.wg_request == 1 && strcmp(measure_plan_method_name(p.method), "barrier") == 0,
          "iwg_sync_wg1_barrier_cl12");
    CHECK(measure_plan_parse("iwg_sync_wgmax_counter_cl12", &p) == 0 && p.method == MEASURE_SYNC_COUNTER &&
              p.wg_request == 0 && p.rule == MEASURE_COUNT_NONE,
          "iwg_sync_wgmax_counter_cl12");
}

/* The sync methods' verdicts, worked by hand from the rule: cl12 is never
 * judged (1.2 promises nothing between work-groups); acq_rel fails on one
 * wrong value or end state, skips when nothing completed, else passes. */
static void test_sync_judge(void)
{
    measure_plan cl12 = {MEASURE_IWG_SYNC, 64, MEASURE_COUNT_NONE, MEASURE_SYNC_LOCK, 0};
    measure_plan acq = {MEASURE_IWG_SYNC, 64, MEASURE_COUNT_NONE, MEASURE_SYNC_LOCK, 1};
    char d[400];
    measure_sync_counts clean = {32, 2, 16384, 0, 0, 0, 0}, stale = {32, 2, 16384, 1, 0, 0, 0},
                        torn = {32, 2, 16384, 0, 0, 1, 0}, none = {1, 2, 0, 0, 2, 0, 0}, some = {1, 4, 3, 0, 1, 0, 0},
                        cut = {15, 2, 0, 0, 0, 0, 30};
    CHECK(!strcmp(measure_sync_judge(&acq, &clean, d, sizeof d), "pass") && strstr(d, "16384 critical sections") &&
              strstr(d, "32 launches of 2 work-groups"),
          "acq_rel, nothing wrong: pass, with the counts");
    CHECK(!strcmp(measure_sync_judge(&acq, &stale, d, sizeof d), "fail") && strstr(d, "1 wrong values"),
          "acq_rel, one stale value: fail");
    CHECK(!strcmp(measure_sync_judge(&acq, &torn, d, sizeof d), "fail") && strstr(d, "1 wrong end states"),
          "acq_rel, one lock left off the count of critical sections: fail");
    CHECK(!strcmp(measure_sync_judge(&acq, &none, d, sizeof d), "skip") && strstr(d, "2 waits gave up") &&
              strstr(d, "nothing to judge"),
          "acq_rel, nothing completed (every wait gave up): skip, saying why");
    CHECK(!strcmp(measure_sync_judge(&acq, &some, d, sizeof d), "pass") && strstr(d, "1 waits gave up"),
          "acq_rel, some steps completed before a wait gave up: judged on those");
    CHECK(!strcmp(measure_sync_judge(&acq, &cut, d, sizeof d), "skip") && strstr(d, "30 work-groups ended their loops early"),
          "acq_rel, every loop cut short by the driver: skip, saying so");
    CHECK(!strcmp(measure_sync_judge(&cl12, &stale, d, sizeof d), "info") &&
              !strcmp(measure_sync_judge(&cl12, &clean, d, sizeof d), "info") &&
              !strcmp(measure_sync_judge(&cl12, &none, d, sizeof d), "info"),
          "cl12 is info whatever the counts");
}

static void test_plan_groups(void)
{
    CHECK(measure_plan_groups(MEASURE_COUNT_AT_LIMIT, 2, 8) == 2, "at_limit");
    CHECK(measure_plan_groups(MEASURE_COUNT_ABOVE_LIMIT, 2, 8) == 3, "above_limit");
    CHECK(measure_plan_groups(MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED, 1056, 132) == 1057, "above_limit_unbounded");
    CHECK(measure_plan_groups(MEASURE_COUNT_CU_X1_5, 2, 3) == 5, "cu_x1_5 rounds up");
    CHECK(measure_plan_groups(MEASURE_COUNT_CU_X1_5, 2, 1) == 2, "cu_x1_5 of one CU is 2");
    CHECK(measure_plan_groups(MEASURE_COUNT_CU_X2, 2, 8) == 16, "cu_x2");
    CHECK(measure_plan_groups(MEASURE_COUNT_AT_LIMIT, 0, 8) == 1, "never fewer than one group");
}

/* measure_on_timeout runs in the supervisor, without OpenCL state. */
static void test_on_timeout(void)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.kind = CLC_KIND_MEASURE;
    p.measure = "iwg_spin_flag_wg64_above_limit";
    clc_record r;
    record_init(&r);
    record_set_detail(&r, "stale");
    clc_verdict v = measure_on_timeout(&p, 6.0, &r);
    cJSON *rec = record_release_json(&r);
    cJSON *m = cJSON_GetObjectItem(rec, "measure");
    CHECK(v == CLC_VERDICT_INFO, "a spin-flag hang is a measurement: info");
    CHECK(m && strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(m, "outcome")), "deadlock") == 0 &&
              cJSON_GetNumberValue(cJSON_GetObjectItem(m, "waited_s")) == 6.0 &&
              strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(m, "rule")), "above_limit") == 0 &&
              cJSON_GetNumberValue(cJSON_GetObjectItem(m, "work_group_size_requested")) == 64,
          "deadlock record: outcome, waited_s, rule, work-group size");
    const char *detail = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "detail"));
    CHECK(detail && strstr(detail, "deadlock"), "detail replaced: %s", detail ? detail : "(none)");
    cJSON_Delete(rec);

    p.measure = "iwg_resident_wgmax";
    record_init(&r);
    v = measure_on_timeout(&p, 20.0, &r);
    rec = record_release_json(&r);
    m = cJSON_GetObjectItem(rec, "measure");
    CHECK(v == CLC_VERDICT_TIMEOUT && m &&
              strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(m, "outcome")), "timeout") == 0,
          "a bounded measurement that hangs is a timeout");
    cJSON_Delete(rec);
}

/* The bounded wait's rounds from timed samples (measure_wait_rounds). */
static void test_wait_rounds(void)
{
    /* 1,000 rounds in 20 ms at best: 25 ms is 1,250 rounds. */
    CHECK(measure_wait_rounds(1000, 0.020, 0.025, 0, 1, 1 << 22) == 1250, "rounds scale to the target");
    /* A guess from another size is a floor: a slower sample (the load, or
     * the size) does not shorten the wait below it... */
    CHECK(measure_wait_rounds(1000, 0.040, 0.025, 900, 1, 1 << 22) == 900, "a slower sample keeps the guess");
    /* ...but a faster one lengthens it. */
    CHECK(measure_wait_rounds(1000, 0.010, 0.025, 900, 1, 1 << 22) == 2500, "a faster sample raises the guess");
    CHECK(measure_wait_rounds(1 << 22, 0.001, 0.025, 0, 1, 1 << 22) == 1 << 22, "clamped to the most rounds");
    CHECK(measure_wait_rounds(1, 10.0, 0.025, 0, 1, 1 << 22) == 1, "never below the fewest rounds");
    CHECK(measure_wait_rounds(1000, 0, 0.025, 0, 1, 1 << 22) == 1 << 22, "a sample of no time: the most rounds");
}

int main(void)
{
    test_search_finds_every_threshold();
    test_search_launch_counts();
    test_search_stop_and_error();
    test_plan_names();
    test_plan_groups();
    test_sync_judge();
    test_on_timeout();
    test_wait_rounds();
    return check_done();
}
