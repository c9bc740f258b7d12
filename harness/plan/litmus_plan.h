/* The litmus family's driver-free half (docs/measurements.md, "The litmus
 * family"): which test and flavour a measurement name picks, each test's
 * threads and observed values, its weak outcomes, whether the memory model
 * forbids them under the flavour (derived in docs/spec-readings.md,
 * [ledger: litmus-forbidden]), and the allowed-weak mutants that measure
 * the environment's power behind a judged flavour. No OpenCL here. */
#ifndef CLC_LITMUS_PLAN_H
#define CLC_LITMUS_PLAN_H

#include <stddef.h>

typedef enum {
    LITMUS_MP,
    LITMUS_SB,
    LITMUS_LB,
    LITMUS_2_2W,
    LITMUS_CORR,
    LITMUS_IRIW,
    LITMUS_WRC,
    LITMUS_ISA2,
    LITMUS_R,
    LITMUS_S,
    LITMUS_COWW,
    LITMUS_CORW,
    LITMUS_COWR,
    LITMUS_N_TESTS
} litmus_test;

/* A flavour is one branch of harness/kernels/litmus.cl's kernel. */
typedef enum {
    LITMUS_CL12,           /* 1.2 atomic functions, mem_fence between accesses */
    LITMUS_CL12_NOFENCE,   /* 1.2 atomic functions, nothing between */
    LITMUS_PLAIN,          /* plain volatile loads and stores: a data race between groups */
    LITMUS_VOLATILE_FENCE, /* mp: plain data and plain flag, mem_fence */
    LITMUS_DATA_FENCE,     /* mp: plain data, 1.2 atomic flag, mem_fence */
    LITMUS_DATA_NOFENCE,   /* mp: plain data, 1.2 atomic flag, no fence */
    LITMUS_RELAXED_WG,     /* C11 relaxed at memory_scope_work_group */
    LITMUS_ACQ_REL_WG,     /* release/acquire at memory_scope_work_group */
    LITMUS_SEQ_CST_WG,     /* seq_cst at memory_scope_work_group */
    LITMUS_RELAXED,        /* C11 relaxed, memory_scope_device */
    LITMUS_FENCE,          /* relaxed accesses, acq_rel atomic_work_item_fence at device scope between */
    LITMUS_FENCE_WG,       /* the same fence at work-group scope */
    LITMUS_ACQ_REL,        /* stores release, loads acquire, memory_scope_device */
    LITMUS_SEQ_CST,        /* every access seq_cst, memory_scope_device */
    LITMUS_N_FLAVOURS
} litmus_flavour;

typedef struct {
    litmus_test test;
    litmus_flavour flavour;
} litmus_plan;

/* Observed values: the reads r0..r3 (res slots 0..3), and the final values
 * of x and y in memory after the launch. */
enum { LITMUS_R0, LITMUS_R1, LITMUS_R2, LITMUS_R3, LITMUS_FX, LITMUS_FY };

#define LITMUS_MAX_OBS 4
#define LITMUS_MAX_OUTCOMES 16
#define LITMUS_MAX_MUTANTS 4

/* Parses "litmus_TEST_FLAVOUR": FLAVOUR is cl12 or the test's judged flavour
 * (litmus_judged_flavour), or for mp also fence and the 1.2 idioms
 * (cl12_nofence, data_fence, data_nofence, volatile_fence). Fills *out when
 * not NULL. Returns 0, or -1 for any other name. */
int litmus_plan_parse(const char *name, litmus_plan *out);

/* "mp", "sb", ..., "cowr"; "cl12", "relaxed", ... (static strings; "?" out of range). */
const char *litmus_test_name(litmus_test t);
const char *litmus_flavour_name(litmus_flavour f);

/* The build option that numbers test t in the kernel, as launches select
 * it: "-DLT_MP=0" into buf. Returns buf. */
const char *litmus_test_define(litmus_test t, char *buf, size_t len);

/* The build option that compiles flavour f into the kernel, with the
 * number a launch selects it by: "-DLITMUS_WITH_RELAXED=9" into buf.
 * Returns buf. */
const char *litmus_flavour_define(litmus_flavour f, char *buf, size_t len);

/* Work-items of one instance, each in a work-group of its own (1..4). */
int litmus_threads(litmus_test t);

/* The observed values (LITMUS_R0.. / LITMUS_FX, FY), in outcome order.
 * Returns how many (1..LITMUS_MAX_OBS) and fills slots. */
int litmus_observed(litmus_test t, int slots[LITMUS_MAX_OBS]);

/* Does any outcome read memory after the launch (a final value)? */
int litmus_outcome_in_memory(litmus_test t);

/* Number of outcomes (product of each observed value's choices). */
int litmus_outcome_count(litmus_test t);

/* The outcome index of the observed values (vals[i] for the i-th observed
 * slot), or -1 when one is a value the test's stores never write. */
int litmus_outcome_index(litmus_test t, const int *vals);

/* "r0=1 r1=0", "r0=2 x=1" (final values by the location's name). */
const char *litmus_outcome_label(litmus_test t, int index, char *buf, size_t len);

/* Is outcome index one of the test's weak outcomes (those sequential
 * consistency never gives, forbidden under the judged flavour)? */
int litmus_outcome_weak(litmus_test t, int index);

/* The flavour whose orders forbid the test's weak outcomes: acq_rel,
 * seq_cst, or relaxed for coherence. */
litmus_flavour litmus_judged_flavour(litmus_test t);

/* Does the memory model forbid the weak outcomes under this plan? 1: seen
 * once, a failure; 0: allowed or nothing promised (counts are information). */
int litmus_weak_forbidden(const litmus_plan *p);

/* The mutants run beside a judged plan: flavours of the same test under
 * which the weak outcomes are allowed (or the program races, so nothing is
 * promised): [ledger: litmus-mutants]. Fills out; returns how many (0 for
 * a plan that is not judged). */
int litmus_mutants(const litmus_plan *p, litmus_flavour out[LITMUS_MAX_MUTANTS]);

/* What one kernel counted. */
typedef struct {
    long outcomes[LITMUS_MAX_OUTCOMES];
    long other;      /* values the test never stores */
    long runs;       /* instances run; outcomes + other add up to it */
    long concurrent; /* runs whose threads all started before any ended */
} litmus_tally;

/* Weak outcomes counted in t. */
long litmus_tally_weak(litmus_test test, const litmus_tally *t);

/* The verdict for tally t of plan p, with a one-line reason in detail:
 * "fail" when p forbids the weak outcomes and one (or a stray value) was
 * seen; else "skip" when no run was concurrent, or when p is judged and
 * none of its n_mutants mutants was killed (killed: its weak outcome seen)
 * ("environment cannot show weak behaviour here"); else "pass" (forbidden,
 * never seen, with the power behind it) or "info" (allowed). */
const char *litmus_verdict(const litmus_plan *p, const litmus_tally *t, int killed, int n_mutants, char *detail,
                           size_t len);

#endif
