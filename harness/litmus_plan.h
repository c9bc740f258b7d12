/* The litmus family's driver-free half (docs/measurements.md, "The litmus
 * family"): which test and flavour a measurement name picks, the four
 * outcomes of each test, its weak outcome, and whether the memory model
 * forbids that outcome under the flavour's memory orders. No OpenCL here. */
#ifndef CLC_LITMUS_PLAN_H
#define CLC_LITMUS_PLAN_H

#include <stddef.h>

typedef enum { LITMUS_MP, LITMUS_SB, LITMUS_LB, LITMUS_2_2W, LITMUS_CORR, LITMUS_N_TESTS } litmus_test;

typedef enum {
    LITMUS_CL12,    /* OpenCL 1.2 atomic_* functions and mem_fence */
    LITMUS_RELAXED, /* C11 atomics, memory_order_relaxed, memory_scope_device */
    LITMUS_ACQ_REL, /* stores release, loads acquire, memory_scope_device */
    LITMUS_SEQ_CST  /* every access memory_order_seq_cst, memory_scope_device */
} litmus_flavour;

typedef struct {
    litmus_test test;
    litmus_flavour flavour;
} litmus_plan;

#define LITMUS_OUTCOMES 4

/* Parses "litmus_TEST_FLAVOUR" (TEST: mp sb lb 2_2w corr; FLAVOUR: cl12,
 * relaxed, and the one ordering that forbids the test's weak outcome:
 * acq_rel for mp lb corr, seq_cst for sb 2_2w). Fills *out when not NULL.
 * Returns 0, or -1 for any other name. */
int litmus_plan_parse(const char *name, litmus_plan *out);

/* "mp", "sb", "lb", "2_2w", "corr" (static strings). */
const char *litmus_test_name(litmus_test t);

/* "cl12", "relaxed", "acq_rel", "seq_cst" (static strings). */
const char *litmus_flavour_name(litmus_flavour f);

/* The kernel that runs the plan: "litmus_TEST_FLAVOUR" into buf (always
 * terminated). Returns buf. */
const char *litmus_kernel_name(const litmus_plan *p, char *buf, size_t len);

/* Does the test's outcome live in memory after the kernel (2+2W: the final
 * x and y), rather than in the two values its threads read? */
int litmus_outcome_in_memory(litmus_test t);

/* The outcome index (0..3) of the pair observed: (r0, r1) for the tests
 * that read, (final x, final y) for 2+2W. -1 for a value the test's stores
 * never write (read out of thin air, or a thread that never ran). */
int litmus_outcome_index(litmus_test t, int a, int b);

/* The outcome's label, e.g. "r0=1 r1=0" or "x=1 y=1", into buf. Returns buf. */
const char *litmus_outcome_label(litmus_test t, int index, char *buf, size_t len);

/* The index of the test's weak outcome (the one sequential consistency
 * never gives). */
int litmus_weak_outcome(litmus_test t);

/* Does the memory model forbid the weak outcome under this plan's flavour?
 * 1: seeing it is a failure; 0: it is allowed (or, for cl12, nothing is
 * promised between work-groups), so the counts are information. */
int litmus_weak_forbidden(const litmus_plan *p);

/* What one probe counted. */
typedef struct {
    long outcomes[LITMUS_OUTCOMES];
    long other;      /* values the test never stores */
    long runs;       /* instances run; outcomes + other add up to it */
    long concurrent; /* runs whose two threads both passed the handshake */
} litmus_tally;

/* The verdict for tally t under plan p, with a one-line reason in detail
 * (len bytes, always terminated): "fail" when p forbids the weak outcome
 * and it or a stray value was seen; else "skip" when no run was concurrent
 * ("could not run its threads concurrently"); else "pass" (forbidden, never
 * seen) or "info" (allowed). spin is the handshake bound, for the reason. */
const char *litmus_verdict(const litmus_plan *p, const litmus_tally *t, long spin, char *detail, size_t len);

#endif
