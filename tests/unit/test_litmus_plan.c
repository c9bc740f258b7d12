/* Unit tests of the litmus family's tables (harness/plan/litmus_plan.c), worked
 * by hand from the memory model (docs/spec-readings.md, litmus-forbidden,
 * litmus-mutants, litmus-cl12). */
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
    CHECK(litmus_plan_parse("litmus_iriw_seq_cst", &p) == 0 && p.test == LITMUS_IRIW, "litmus_iriw_seq_cst parses");
    CHECK(litmus_plan_parse("litmus_cowr_relaxed", &p) == 0 && p.test == LITMUS_COWR && p.flavour == LITMUS_RELAXED,
          "litmus_cowr_relaxed parses (not taken for corr or coww)");
    CHECK(litmus_plan_parse("litmus_mp_fence", &p) == 0 && p.flavour == LITMUS_FENCE &&
              litmus_plan_parse("litmus_mp_data_nofence", &p) == 0 && p.flavour == LITMUS_DATA_NOFENCE,
          "mp offers fences and the 1.2 idioms");
    CHECK(litmus_plan_parse("litmus_sb_fence", NULL) == -1 && litmus_plan_parse("litmus_sb_data_fence", NULL) == -1,
          "only mp offers fences and the idioms");
    CHECK(litmus_plan_parse("litmus_sb_acq_rel", NULL) == -1,
          "sb under acq_rel is not offered as a probe: release/acquire does not forbid its weak outcome");
    CHECK(litmus_plan_parse("litmus_mp_relaxed", NULL) == -1 && litmus_plan_parse("litmus_mp_plain", NULL) == -1,
          "mutant flavours are not probes of their own");
    CHECK(litmus_plan_parse("litmus_mp", NULL) == -1 && litmus_plan_parse("litmus_mp_", NULL) == -1 &&
              litmus_plan_parse("litmus_mp_cl12x", NULL) == -1 && litmus_plan_parse("litmus_xyz_cl12", NULL) == -1,
          "a missing or misspelt flavour or test is rejected");
    CHECK(measure_known("litmus_lb_acq_rel") && !measure_known("litmus_lb_acqrel"),
          "measure_known accepts the family's names and rejects a misspelt one");
    char d[64];
    CHECK(strcmp(litmus_flavour_define(LITMUS_ACQ_REL_WG, d, sizeof d), "-DLITMUS_WITH_ACQ_REL_WG=7") == 0,
          "a flavour is compiled in by name with its number: %s", d);
    CHECK(strcmp(litmus_test_define(LITMUS_2_2W, d, sizeof d), "-DLT_2_2W=3") == 0,
          "the test is numbered by name: %s", d);
}

static void test_outcomes_index_and_label(void)
{
    char b[48];
    int mp10[] = {1, 0}, w11[] = {1, 1}, w22[] = {2, 2}, w01[] = {0, 1}, sb20[] = {2, 0};
    CHECK(litmus_outcome_index(LITMUS_MP, mp10) == 2 &&
              strcmp(litmus_outcome_label(LITMUS_MP, 2, b, sizeof b), "r0=1 r1=0") == 0,
          "mp r0=1 r1=0 is outcome 2");
    CHECK(litmus_outcome_index(LITMUS_2_2W, w11) == 0 &&
              strcmp(litmus_outcome_label(LITMUS_2_2W, 0, b, sizeof b), "x=1 y=1") == 0,
          "2+2W final x=1 y=1 is outcome 0");
    CHECK(litmus_outcome_index(LITMUS_2_2W, w22) == 3 && litmus_outcome_index(LITMUS_2_2W, w01) == -1,
          "2+2W: x=y=2 is outcome 3; a final 0 (a store never ran) is no outcome");
    CHECK(litmus_outcome_index(LITMUS_SB, sb20) == -1, "a read value the test never stores is no outcome");
    CHECK(strcmp(litmus_outcome_label(LITMUS_SB, -1, b, sizeof b), "other") == 0, "no outcome is labelled other");
    CHECK(litmus_outcome_count(LITMUS_IRIW) == 16 && litmus_outcome_count(LITMUS_COWW) == 9 &&
              litmus_outcome_count(LITMUS_WRC) == 8,
          "IRIW has 16 outcomes (4 reads), CoWW 9 (two reads of 0, 1 or 2), WRC 8");
    int r02[] = {0, 2};
    CHECK(litmus_outcome_index(LITMUS_R, r02) == 1 &&
              strcmp(litmus_outcome_label(LITMUS_R, 1, b, sizeof b), "r0=0 y=2") == 0,
          "R's outcome names the read and the final y: %s", b);
    int corw12[] = {1, 2};
    CHECK(litmus_outcome_index(LITMUS_CORW, corw12) == -1, "CoRW's read sees 0 or 2, never its own later 1");
    CHECK(litmus_outcome_in_memory(LITMUS_2_2W) && litmus_outcome_in_memory(LITMUS_S) &&
              !litmus_outcome_in_memory(LITMUS_MP) && !litmus_outcome_in_memory(LITMUS_IRIW),
          "2+2W, S (and R, CoRW, CoWR) read final memory; MP and IRIW only reads");
    CHECK(litmus_threads(LITMUS_IRIW) == 4 && litmus_threads(LITMUS_WRC) == 3 && litmus_threads(LITMUS_MP) == 2,
          "IRIW has 4 threads, WRC 3, MP 2");
}

/* The weak outcome(s) of test t: their labels, space-joined with '|'. */
static const char *weak_labels(litmus_test t, char *buf, size_t len)
{
    char b[48];
    buf[0] = '\0';
    for (int i = 0; i < litmus_outcome_count(t); i++)
        if (litmus_outcome_weak(t, i)) {
            if (buf[0])
                strncat(buf, "|", len - strlen(buf) - 1);
            strncat(buf, litmus_outcome_label(t, i, b, sizeof b), len - strlen(buf) - 1);
        }
    return buf;
}

/* The weak outcomes, by hand from the table in harness/plan/litmus_plan.c. */
static void test_weak_outcomes(void)
{
    static const struct {
        litmus_test t;
        const char *weak;
    } want[] = {
        {LITMUS_MP, "r0=1 r1=0"},
        {LITMUS_SB, "r0=0 r1=0"},
        {LITMUS_LB, "r0=1 r1=1"},
        {LITMUS_2_2W, "x=1 y=1"},
        {LITMUS_CORR, "r0=1 r1=0"},
        {LITMUS_IRIW, "r0=1 r1=0 r2=1 r3=0"},
        {LITMUS_WRC, "r0=1 r1=1 r2=0"},
        {LITMUS_ISA2, "r0=1 r1=1 r2=0"},
        {LITMUS_R, "r0=0 y=2"},
        {LITMUS_S, "r0=1 x=2"},
        {LITMUS_COWW, "r0=1 r1=0|r0=2 r1=0|r0=2 r1=1"},
        {LITMUS_CORW, "r0=2 x=2"},
        {LITMUS_COWR, "r0=2 x=1"},
    };
    char buf[128];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK(strcmp(weak_labels(want[i].t, buf, sizeof buf), want[i].weak) == 0, "%s's weak outcomes: %s",
              litmus_test_name(want[i].t), buf);
}

static void test_which_flavour_forbids_what(void)
{
    for (int t = 0; t < LITMUS_N_TESTS; t++)
        CHECK(litmus_weak_forbidden(&(litmus_plan){(litmus_test)t, LITMUS_CL12}) == (t == LITMUS_CORR),
              "%s: 1.2 promises nothing between work-groups, but orders CoRR's atomic reads",
              litmus_test_name((litmus_test)t));
    CHECK(litmus_judged_flavour(LITMUS_MP) == LITMUS_ACQ_REL && litmus_judged_flavour(LITMUS_WRC) == LITMUS_ACQ_REL &&
              litmus_judged_flavour(LITMUS_ISA2) == LITMUS_ACQ_REL && litmus_judged_flavour(LITMUS_S) == LITMUS_ACQ_REL &&
              litmus_judged_flavour(LITMUS_LB) == LITMUS_ACQ_REL,
          "release/acquire forbids MP, LB, WRC, ISA2 and S (a synchronizes-with edge each)");
    CHECK(litmus_judged_flavour(LITMUS_SB) == LITMUS_SEQ_CST && litmus_judged_flavour(LITMUS_2_2W) == LITMUS_SEQ_CST &&
              litmus_judged_flavour(LITMUS_IRIW) == LITMUS_SEQ_CST && litmus_judged_flavour(LITMUS_R) == LITMUS_SEQ_CST,
          "SB, 2+2W, IRIW and R need seq_cst (a cycle in S; release/acquire allows them)");
    CHECK(litmus_judged_flavour(LITMUS_CORR) == LITMUS_RELAXED && litmus_judged_flavour(LITMUS_COWW) == LITMUS_RELAXED &&
              litmus_judged_flavour(LITMUS_CORW) == LITMUS_RELAXED && litmus_judged_flavour(LITMUS_COWR) == LITMUS_RELAXED,
          "coherence holds for every order: the coherence tests are judged relaxed");
    CHECK(litmus_weak_forbidden(&(litmus_plan){LITMUS_MP, LITMUS_FENCE}), "acq_rel fences forbid MP's weak outcome");
    CHECK(!litmus_weak_forbidden(&(litmus_plan){LITMUS_MP, LITMUS_DATA_FENCE}) &&
              !litmus_weak_forbidden(&(litmus_plan){LITMUS_MP, LITMUS_VOLATILE_FENCE}),
          "the 1.2 idioms are information");
}

/* Every mutant allows the weak outcome (litmus-mutants): a weaker order, a
 * work-group scope between groups (a data race), plain data (a race). */
static void test_mutants(void)
{
    litmus_flavour m[LITMUS_MAX_MUTANTS];
    int n = litmus_mutants(&(litmus_plan){LITMUS_MP, LITMUS_ACQ_REL}, m);
    CHECK(n == 3 && m[0] == LITMUS_RELAXED && m[1] == LITMUS_ACQ_REL_WG && m[2] == LITMUS_PLAIN,
          "acq_rel's mutants: relaxed, acq_rel at work-group scope, plain");
    n = litmus_mutants(&(litmus_plan){LITMUS_SB, LITMUS_SEQ_CST}, m);
    CHECK(n == 3 && m[0] == LITMUS_ACQ_REL && m[1] == LITMUS_SEQ_CST_WG && m[2] == LITMUS_PLAIN,
          "seq_cst's mutants: acq_rel, seq_cst at work-group scope, plain");
    n = litmus_mutants(&(litmus_plan){LITMUS_CORR, LITMUS_RELAXED}, m);
    CHECK(n == 2 && m[0] == LITMUS_RELAXED_WG && m[1] == LITMUS_PLAIN, "coherence's mutants race");
    n = litmus_mutants(&(litmus_plan){LITMUS_MP, LITMUS_FENCE}, m);
    CHECK(n == 2 && m[0] == LITMUS_RELAXED && m[1] == LITMUS_FENCE_WG, "fences' mutants: none, or at work-group scope");
    CHECK(litmus_mutants(&(litmus_plan){LITMUS_CORR, LITMUS_CL12}, m) == 1 && m[0] == LITMUS_PLAIN,
          "1.2 CoRR's mutant: plain loads, which are no read-modify-writes");
    CHECK(litmus_mutants(&(litmus_plan){LITMUS_MP, LITMUS_CL12}, m) == 0, "an information probe has no mutants");
    for (int t = 0; t < LITMUS_N_TESTS; t++) {
        litmus_plan p = {(litmus_test)t, litmus_judged_flavour((litmus_test)t)};
        n = litmus_mutants(&p, m);
        for (int i = 0; i < n; i++)
            CHECK(!litmus_weak_forbidden(&(litmus_plan){(litmus_test)t, m[i]}), "%s's mutant %s is not judged",
                  litmus_test_name((litmus_test)t), litmus_flavour_name(m[i]));
    }
}

/* The verdict from hand-made tallies: the paths a real driver rarely takes
 * (a forbidden outcome, no concurrency, no power) included. */
static void test_verdicts(void)
{
    char d[400];
    litmus_plan mp_acq = {LITMUS_MP, LITMUS_ACQ_REL}, mp_cl12 = {LITMUS_MP, LITMUS_CL12};
    litmus_tally clean = {{40, 5, 0, 55}, 0, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &clean, 2, 3, d, sizeof d), "pass") == 0 &&
              strstr(d, "weak outcome 0 times in 100 runs (30 concurrent); forbidden, never seen") &&
              strstr(d, "environment killed 2 of 3 mutants"),
          "acq_rel mp without the weak outcome passes, with the counts and the power behind it: %s", d);
    CHECK(strcmp(litmus_verdict(&mp_acq, &clean, 0, 3, d, sizeof d), "skip") == 0 &&
              strstr(d, "environment cannot show weak behaviour here") && strstr(d, "0 of 3 mutants"),
          "no mutant killed: skip, not pass: %s", d);
    litmus_tally weak = {{40, 5, 3, 52}, 0, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &weak, 0, 3, d, sizeof d), "fail") == 0 &&
              strstr(d, "weak 3 times, other values 0 times, in 100 runs"),
          "acq_rel mp with the weak outcome 3 times fails, power or not: %s", d);
    CHECK(strcmp(litmus_verdict(&mp_cl12, &weak, 0, 0, d, sizeof d), "info") == 0 &&
              strstr(d, "weak outcome 3 times in 100 runs"),
          "1.2 mp records the same counts as info: %s", d);
    litmus_tally stray = {{40, 5, 0, 54}, 1, 100, 30};
    CHECK(strcmp(litmus_verdict(&mp_acq, &stray, 1, 3, d, sizeof d), "fail") == 0,
          "a value the test never stores fails a judged flavour");
    litmus_tally alone = {{50, 0, 0, 50}, 0, 100, 0};
    CHECK(strcmp(litmus_verdict(&mp_acq, &alone, 3, 3, d, sizeof d), "skip") == 0 &&
              strstr(d, "could not run its threads concurrently"),
          "no concurrent run: skip, saying why: %s", d);
    CHECK(strcmp(litmus_verdict(&mp_cl12, &alone, 0, 0, d, sizeof d), "skip") == 0,
          "no concurrent run skips an info flavour too");
    litmus_tally alone_weak = {{50, 0, 1, 49}, 0, 100, 0};
    CHECK(strcmp(litmus_verdict(&mp_acq, &alone_weak, 0, 3, d, sizeof d), "fail") == 0,
          "a forbidden outcome fails even when no run was concurrent");
    litmus_plan coww = {LITMUS_COWW, LITMUS_RELAXED};
    litmus_tally coww_bad = {{10, 0, 0, 0, 10, 0, 0, 1, 10}, 0, 31, 20}; /* r0=2 r1=1 once */
    CHECK(litmus_tally_weak(LITMUS_COWW, &coww_bad) == 1 &&
              strcmp(litmus_verdict(&coww, &coww_bad, 1, 2, d, sizeof d), "fail") == 0,
          "CoWW fails on any of its three weak outcomes: %s", d);
}

int main(void)
{
    test_verdicts();
    test_names_parse_and_the_offered_orderings_only();
    test_outcomes_index_and_label();
    test_weak_outcomes();
    test_which_flavour_forbids_what();
    test_mutants();
    return check_done();
}
