/* Unit tests of the litmus family's tables (harness/litmus_plan.c), worked
 * by hand from the memory model (see the comment there). */
#include <string.h>

#include "check.h"
#include "litmus_plan.h"
#include "measure.h"

static void test_names_parse_and_the_offered_orderings_only(void)
{
    litmus_plan p;
    CHECK(litmus_plan_parse("litmus_mp_cl12", &p) == 0 && p.test == LITMUS_MP && p.flavour == LITMUS_CL12,
          "litmus_mp_cl12 parses");
    CHECK(litmus_plan_parse("litmus_2_2w_seq_cst", &p) == 0 && p.test == LITMUS_2_2W && p.flavour == LITMUS_SEQ_CST,
          "litmus_2_2w_seq_cst parses");
    CHECK(litmus_plan_parse("litmus_corr_relaxed", &p) == 0 && p.test == LITMUS_CORR &&
              p.flavour == LITMUS_RELAXED,
          "litmus_corr_relaxed parses");
    CHECK(litmus_plan_parse("litmus_sb_acq_rel", NULL) == -1,
          "sb under acq_rel is not offered: release/acquire does not forbid its weak outcome");
    CHECK(litmus_plan_parse("litmus_mp_seq_cst", NULL) == -1, "mp's third flavour is acq_rel, not seq_cst");
    CHECK(litmus_plan_parse("litmus_mp", NULL) == -1 && litmus_plan_parse("litmus_mp_", NULL) == -1 &&
              litmus_plan_parse("litmus_mp_cl12x", NULL) == -1 && litmus_plan_parse("litmus_iriw_cl12", NULL) == -1,
          "a missing or misspelt flavour or test is rejected");
    CHECK(measure_known("litmus_lb_acq_rel") && !measure_known("litmus_lb_acqrel"),
          "measure_known accepts the family's names and rejects a misspelt one");
    char k[64];
    CHECK(strcmp(litmus_kernel_name(&(litmus_plan){LITMUS_2_2W, LITMUS_CL12}, k, sizeof k), "litmus_2_2w_cl12") == 0,
          "the kernel name mirrors the measurement name");
}

static void test_outcomes_index_and_label(void)
{
    char b[32];
    CHECK(litmus_outcome_index(LITMUS_MP, 1, 0) == 2 &&
              strcmp(litmus_outcome_label(LITMUS_MP, 2, b, sizeof b), "r0=1 r1=0") == 0,
          "mp r0=1 r1=0 is outcome 2");
    CHECK(litmus_outcome_index(LITMUS_2_2W, 1, 1) == 0 &&
              strcmp(litmus_outcome_label(LITMUS_2_2W, 0, b, sizeof b), "x=1 y=1") == 0,
          "2+2W final x=1 y=1 is outcome 0");
    CHECK(litmus_outcome_index(LITMUS_2_2W, 2, 2) == 3 && litmus_outcome_index(LITMUS_2_2W, 0, 1) == -1,
          "2+2W: x=y=2 is outcome 3; a final 0 (a store never ran) is no outcome");
    CHECK(litmus_outcome_index(LITMUS_SB, 2, 0) == -1 && litmus_outcome_index(LITMUS_SB, 0, -1) == -1,
          "a read value the test never stores is no outcome");
    CHECK(strcmp(litmus_outcome_label(LITMUS_SB, -1, b, sizeof b), "other") == 0, "no outcome is labelled other");
}

/* The weak outcomes, by hand: MP reads the flag but not the data (r0=1
 * r1=0); SB both read the initial value (0 0); LB both read the other's
 * later store (1 1); 2+2W both first stores last (x=1 y=1); CoRR reads new
 * then old (1 0). */
static void test_weak_outcomes(void)
{
    char b[32];
    CHECK(strcmp(litmus_outcome_label(LITMUS_MP, litmus_weak_outcome(LITMUS_MP), b, sizeof b), "r0=1 r1=0") == 0,
          "mp's weak outcome is r0=1 r1=0");
    CHECK(strcmp(litmus_outcome_label(LITMUS_SB, litmus_weak_outcome(LITMUS_SB), b, sizeof b), "r0=0 r1=0") == 0,
          "sb's weak outcome is r0=0 r1=0");
    CHECK(strcmp(litmus_outcome_label(LITMUS_LB, litmus_weak_outcome(LITMUS_LB), b, sizeof b), "r0=1 r1=1") == 0,
          "lb's weak outcome is r0=1 r1=1");
    CHECK(strcmp(litmus_outcome_label(LITMUS_2_2W, litmus_weak_outcome(LITMUS_2_2W), b, sizeof b), "x=1 y=1") == 0,
          "2+2W's weak outcome is x=1 y=1");
    CHECK(strcmp(litmus_outcome_label(LITMUS_CORR, litmus_weak_outcome(LITMUS_CORR), b, sizeof b), "r0=1 r1=0") ==
              0,
          "corr's weak outcome is r0=1 r1=0");
    CHECK(litmus_outcome_in_memory(LITMUS_2_2W) && !litmus_outcome_in_memory(LITMUS_MP),
          "only 2+2W is judged by the final memory");
}

static void test_which_flavour_forbids_what(void)
{
    for (int t = 0; t < LITMUS_N_TESTS; t++)
        CHECK(!litmus_weak_forbidden(&(litmus_plan){(litmus_test)t, LITMUS_CL12}),
              "%s: 1.2 promises nothing between work-groups", litmus_test_name((litmus_test)t));
    CHECK(litmus_weak_forbidden(&(litmus_plan){LITMUS_CORR, LITMUS_RELAXED}),
          "corr: read-read coherence forbids r0=1 r1=0 even for relaxed atomics");
    CHECK(!litmus_weak_forbidden(&(litmus_plan){LITMUS_MP, LITMUS_RELAXED}) &&
              !litmus_weak_forbidden(&(litmus_plan){LITMUS_SB, LITMUS_RELAXED}) &&
              !litmus_weak_forbidden(&(litmus_plan){LITMUS_LB, LITMUS_RELAXED}) &&
              !litmus_weak_forbidden(&(litmus_plan){LITMUS_2_2W, LITMUS_RELAXED}),
          "relaxed allows mp, sb, lb and 2+2W's weak outcomes");
    CHECK(litmus_weak_forbidden(&(litmus_plan){LITMUS_MP, LITMUS_ACQ_REL}) &&
              litmus_weak_forbidden(&(litmus_plan){LITMUS_LB, LITMUS_ACQ_REL}) &&
              litmus_weak_forbidden(&(litmus_plan){LITMUS_CORR, LITMUS_ACQ_REL}),
          "release/acquire forbids mp, lb and corr's weak outcomes");
    CHECK(!litmus_weak_forbidden(&(litmus_plan){LITMUS_SB, LITMUS_ACQ_REL}) &&
              !litmus_weak_forbidden(&(litmus_plan){LITMUS_2_2W, LITMUS_ACQ_REL}),
          "release/acquire does not forbid sb or 2+2W's (C11 allows both)");
    CHECK(litmus_weak_forbidden(&(litmus_plan){LITMUS_SB, LITMUS_SEQ_CST}) &&
              litmus_weak_forbidden(&(litmus_plan){LITMUS_2_2W, LITMUS_SEQ_CST}),
          "seq_cst forbids sb and 2+2W's weak outcomes (a cycle in S)");
}

/* The verdict from hand-made tallies: the paths a real driver rarely takes
 * (a forbidden outcome, no concurrency) included. */
static void test_verdicts(void)
{
    char d[400];
    litmus_plan mp_acq = {LITMUS_MP, LITMUS_ACQ_REL}, mp_relaxed = {LITMUS_MP, LITMUS_RELAXED};
    litmus_tally clean = {{40, 5, 0, 55}, 0, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &clean, 1024, d, sizeof d), "pass") == 0 &&
              strstr(d, "r0=1 r1=0 0 times in 100 runs (30 concurrent); forbidden, never seen"),
          "acq_rel mp without the weak outcome passes, with the counts: %s", d);
    litmus_tally weak = {{40, 5, 3, 52}, 0, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &weak, 1024, d, sizeof d), "fail") == 0 &&
              strstr(d, "r0=1 r1=0 3 times, other values 0 times, in 100 runs"),
          "acq_rel mp with the weak outcome 3 times fails, saying how often in how many runs: %s", d);
    CHECK(strcmp(litmus_verdict(&mp_relaxed, &weak, 1024, d, sizeof d), "info") == 0 &&
              strstr(d, "r0=1 r1=0 3 times in 100 runs"),
          "relaxed mp records the same counts as info: %s", d);
    litmus_tally stray = {{40, 5, 0, 54}, 1, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &stray, 1024, d, sizeof d), "fail") == 0,
          "a value the test never stores fails a judged flavour");
    litmus_tally alone = {{50, 0, 0, 50}, 0, 100, 0};
    CHECK(strcmp(litmus_verdict(&mp_acq, &alone, 65536, d, sizeof d), "skip") == 0 &&
              strstr(d, "could not run its threads concurrently") && strstr(d, "65536 reads"),
          "no concurrent run: skip, saying why: %s", d);
    CHECK(strcmp(litmus_verdict(&mp_relaxed, &alone, 65536, d, sizeof d), "skip") == 0,
          "no concurrent run skips an info flavour too");
    litmus_tally alone_weak = {{50, 0, 1, 49}, 0, 100, 0};
    CHECK(strcmp(litmus_verdict(&mp_acq, &alone_weak, 65536, d, sizeof d), "fail") == 0,
          "a forbidden outcome fails even when no run was concurrent");
}

int main(void)
{
    test_verdicts();
    test_names_parse_and_the_offered_orderings_only();
    test_outcomes_index_and_label();
    test_weak_outcomes();
    test_which_flavour_forbids_what();
    return check_done();
}
