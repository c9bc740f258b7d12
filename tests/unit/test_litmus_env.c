/* Unit tests of the litmus family's environment (harness/measure/litmus_env.c) and
 * record (harness/measure/litmus_record.c): launches stay within what the device
 * was measured to run at once, and the totals read back as written. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "litmus_env.h"
#include "litmus_record.h"

static int is_pow2(long v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

/* Every candidate, on an H100-like and a CPU-like device: the groups stay
 * within the measured co-resident count, the testing groups are the threads
 * times a power of two, and the caps hold. */
static void test_candidates_fit_the_device(void)
{
    litmus_limits gpu = {.threads = 3, .max_wg = 1024, .resident64 = 4224, .resident256 = 1056, .compute_units = 132};
    litmus_limits cpu = {.threads = 2, .max_wg = 4096, .resident64 = 2, .resident256 = 2, .compute_units = 2,
                         .lockstep_first = 1};
    const litmus_limits *lims[] = {&gpu, &cpu};
    uint64_t rng = 12345;
    for (int l = 0; l < 2; l++)
        for (int k = 0; k < 40; k++) {
            litmus_env e;
            litmus_env_candidate(k, lims[l], &rng, &e);
            long budget = e.wg > 64 ? lims[l]->resident256 : lims[l]->resident64;
            CHECK(e.testing_groups + e.stress_groups <= (budget > lims[l]->threads ? budget : lims[l]->threads),
                  "candidate %d fits the co-resident groups (%d + %d, budget %ld)", k, e.testing_groups,
                  e.stress_groups, budget);
            CHECK(e.testing_groups % lims[l]->threads == 0 && is_pow2(e.testing_groups / lims[l]->threads) &&
                      is_pow2(e.wg),
                  "candidate %d: testing groups %d are threads x a power of two, wg %d a power of two", k,
                  e.testing_groups, e.wg);
            CHECK(litmus_env_instances(&e, lims[l]->threads) <= LITMUS_MAX_INSTANCES &&
                      litmus_env_mem_ints(&e, lims[l]->threads) <= LITMUS_MAX_MEM_INTS && e.stress_lines >= 1,
                  "candidate %d within the caps", k);
        }
    litmus_env e;
    litmus_env_candidate(0, &cpu, &rng, &e);
    CHECK(e.permute == 0 && e.stress_groups == 0 && e.spin > 0, "a CPU tries lockstep pairing first");
    litmus_env_candidate(0, &gpu, &rng, &e);
    CHECK(e.permute == 1 && e.stress_groups > 0 && e.testing_groups + e.stress_groups > 1000,
          "a GPU first fills its co-resident groups, half of them stressing (%d + %d)", e.testing_groups,
          e.stress_groups);
    CHECK(litmus_env_instances(&e, 3) >= 1000, "thousands of instances a launch on the GPU (%ld)",
          litmus_env_instances(&e, 3));
}

static void test_unknown_residency_is_one_group_a_unit(void)
{
    litmus_limits l = {.threads = 2, .max_wg = 256, .compute_units = 8};
    CHECK(litmus_env_group_budget(&l, 64) == 8, "nothing measured: one group per compute unit");
    l.resident64 = 2;
    CHECK(litmus_env_group_budget(&l, 64) == 2, "measured: the measurement, never more");
}

static void test_environment_json_round_trip(void)
{
    litmus_env e = {64, 4, 12, 2, 4, 1024, 1, 16, 2, 256, 1}, back;
    cJSON *j = litmus_env_to_json(&e);
    CHECK(litmus_env_from_json(j, &back) == 0 && memcmp(&e, &back, sizeof e) == 0, "an environment reads back");
    cJSON_DeleteItemFromObjectCaseSensitive(j, "spin");
    CHECK(litmus_env_from_json(j, &back) == -1, "an incomplete environment does not read");
    cJSON_Delete(j);
}

/* The totals written for a judged probe (with its mutants and environment)
 * read back as the same counts. */
static void test_totals_round_trip(void)
{
    litmus_plan plan = {LITMUS_MP, LITMUS_ACQ_REL};
    litmus_counts c = {.t = {{40, 5, 0, 55}, 0, 100, 30}, .launches = 7};
    c.m[0] = (litmus_tally){{10, 2, 3, 5}, 1, 21, 4};
    litmus_env e = {64, 4, 12, 2, 4, 1024, 1, 16, 2, 256, 1};
    cJSON *obj = cJSON_CreateObject();
    litmus_record_totals(obj, &plan, &c, 3, "2026-01-01T00:00:00Z", &e);
    litmus_history h;
    CHECK(litmus_history_read(cJSON_GetObjectItemCaseSensitive(obj, "all_runs"), &plan, &h) == 0,
          "the totals read back");
    CHECK(h.c.t.runs == 100 && h.c.t.outcomes[3] == 55 && h.c.m[0].outcomes[2] == 3 && h.c.m[0].other == 1 &&
              h.clconform_runs == 3 && h.have_env && h.env.stress_groups == 12 && strcmp(h.since, "2026-01-01T00:00:00Z") == 0,
          "with the mutants' counts, the runs, the environment and since");
    int ran = 0;
    CHECK(litmus_counts_killed(&plan, &h.c, &ran) == 1 && ran == 1, "one mutant ran and was killed");
    cJSON_Delete(obj);
}

int main(void)
{
    test_candidates_fit_the_device();
    test_unknown_residency_is_one_group_a_unit();
    test_environment_json_round_trip();
    test_totals_round_trip();
    return check_done();
}
