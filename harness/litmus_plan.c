/* The litmus family's tables. Each test has two threads in different
 * work-groups, locations x and y (0 at launch), and four outcomes; the weak
 * one is what no interleaving of the two threads gives.
 *
 *   MP    T0: x=1; y=1           T1: r0=y; r1=x       weak: r0=1 r1=0
 *   SB    T0: x=1; r0=y          T1: y=1; r1=x        weak: r0=0 r1=0
 *   LB    T0: r0=x; y=1          T1: r1=y; x=1        weak: r0=1 r1=1
 *   2+2W  T0: x=1; y=2           T1: y=1; x=2         weak: final x=1 y=1
 *   CoRR  T0: x=1                T1: r0=x; r1=x       weak: r0=1 r1=0
 *
 * Which flavour forbids the weak outcome follows from the OpenCL API
 * specification's memory model (unified spec, "Memory Consistency Model
 * for OpenCL 1.x", "Memory Ordering Rules"; C11 5.1.2.4 and 7.17.3, which
 * those sections adapt). Every C11 access here is at memory_scope_device
 * on global memory by two work-items of one device: the scopes are
 * inclusive, so the rules read as C11's.
 *
 * - cl12: "there are no guarantees of memory consistency between different
 *   work-groups executing a kernel" (Memory Consistency Model for OpenCL
 *   1.x): nothing is forbidden, the counts are information.
 * - relaxed: relaxed atomics order nothing, so MP, SB, LB and 2+2W's weak
 *   outcomes are allowed. CoRR's is not: read-read coherence (Memory
 *   Ordering Rules) says that if read A happens before read B of M (T1's
 *   two reads, sequenced) and A reads from side effect X (x=1), B reads X
 *   or a later side effect in M's modification order; the initial 0 comes
 *   before x=1 there (the host's write precedes the kernel), so r1=0 after
 *   r0=1 is forbidden for any memory order.
 * - acq_rel (stores release, loads acquire): MP: if r0=1, T1's acquire load
 *   of y read T0's release store, which synchronizes with it, so x=1
 *   happens before T1's read of x, and write-read coherence forbids r1=0.
 *   LB: if r1=1, T0's store of y synchronizes with T1's load, so T0's read
 *   of x happens before T1's store x=1, and read-write coherence forbids
 *   it reading 1. SB and 2+2W have no load that reads a release store
 *   before the other thread's access, so release/acquire forbids neither
 *   (C11's release/acquire allows both): they need seq_cst.
 * - seq_cst: the single total order S of all seq_cst operations is
 *   consistent with sequenced-before (through happens-before) and every
 *   modification order (Memory Ordering Rules). SB: r0=0 needs T0's read
 *   of y before y=1 in S, r1=0 T1's read of x before x=1; with each
 *   thread's order that is a cycle in S. 2+2W: final x=1 puts x=2 before
 *   x=1 in x's modification order, y=1 y=2 before y=1; with sequenced-
 *   before, a cycle in S again. */
#include "litmus_plan.h"

#include <stdio.h>
#include <string.h>

static const char *const test_names[LITMUS_N_TESTS] = {"mp", "sb", "lb", "2_2w", "corr"};
static const char *const flavour_names[] = {"cl12", "relaxed", "acq_rel", "seq_cst"};
/* The ordering that forbids each test's weak outcome (the third flavour). */
static const litmus_flavour strong_flavour[LITMUS_N_TESTS] = {LITMUS_ACQ_REL, LITMUS_SEQ_CST, LITMUS_ACQ_REL,
                                                              LITMUS_SEQ_CST, LITMUS_ACQ_REL};
/* Outcome index = 2 * a + b, with a, b the observed pair reduced to 0/1. */
static const int weak_index[LITMUS_N_TESTS] = {2, 0, 3, 0, 2};

int litmus_plan_parse(const char *name, litmus_plan *out)
{
    static const char prefix[] = "litmus_";
    if (!name || strncmp(name, prefix, sizeof prefix - 1) != 0)
        return -1;
    const char *rest = name + sizeof prefix - 1;
    for (int t = 0; t < LITMUS_N_TESTS; t++) {
        size_t n = strlen(test_names[t]);
        if (strncmp(rest, test_names[t], n) != 0 || rest[n] != '_')
            continue;
        for (int f = LITMUS_CL12; f <= LITMUS_SEQ_CST; f++) {
            if (strcmp(rest + n + 1, flavour_names[f]) != 0)
                continue;
            if (f != LITMUS_CL12 && f != LITMUS_RELAXED && f != (int)strong_flavour[t])
                return -1;
            if (out) {
                out->test = (litmus_test)t;
                out->flavour = (litmus_flavour)f;
            }
            return 0;
        }
    }
    return -1;
}

const char *litmus_test_name(litmus_test t)
{
    return (unsigned)t < LITMUS_N_TESTS ? test_names[t] : "?";
}

const char *litmus_flavour_name(litmus_flavour f)
{
    return (unsigned)f <= LITMUS_SEQ_CST ? flavour_names[f] : "?";
}

const char *litmus_kernel_name(const litmus_plan *p, char *buf, size_t len)
{
    snprintf(buf, len, "litmus_%s_%s", litmus_test_name(p->test), litmus_flavour_name(p->flavour));
    return buf;
}

int litmus_outcome_in_memory(litmus_test t)
{
    return t == LITMUS_2_2W;
}

int litmus_outcome_index(litmus_test t, int a, int b)
{
    /* 2+2W's stores write 1 and 2 to each location; the others' reads see
     * 0 (initial) or 1. */
    int lo = t == LITMUS_2_2W ? 1 : 0;
    if (a < lo || a > lo + 1 || b < lo || b > lo + 1)
        return -1;
    return 2 * (a - lo) + (b - lo);
}

const char *litmus_outcome_label(litmus_test t, int index, char *buf, size_t len)
{
    int lo = t == LITMUS_2_2W ? 1 : 0;
    const char *n0 = t == LITMUS_2_2W ? "x" : "r0", *n1 = t == LITMUS_2_2W ? "y" : "r1";
    if (index < 0 || index >= LITMUS_OUTCOMES)
        snprintf(buf, len, "other");
    else
        snprintf(buf, len, "%s=%d %s=%d", n0, lo + index / 2, n1, lo + index % 2);
    return buf;
}

int litmus_weak_outcome(litmus_test t)
{
    return (unsigned)t < LITMUS_N_TESTS ? weak_index[t] : -1;
}

int litmus_weak_forbidden(const litmus_plan *p)
{
    switch (p->flavour) {
    case LITMUS_CL12:
        return 0;
    case LITMUS_RELAXED:
        return p->test == LITMUS_CORR;
    case LITMUS_ACQ_REL:
        return p->test == LITMUS_MP || p->test == LITMUS_LB || p->test == LITMUS_CORR;
    case LITMUS_SEQ_CST:
        return 1;
    }
    return 0;
}

const char *litmus_verdict(const litmus_plan *p, const litmus_tally *t, long spin, char *detail, size_t len)
{
    char label[32];
    int weak = litmus_weak_outcome(p->test);
    long seen = t->outcomes[weak];
    int judged = litmus_weak_forbidden(p);
    litmus_outcome_label(p->test, weak, label, sizeof label);
    /* A forbidden outcome is forbidden in every execution, concurrent or not. */
    if (judged && (seen > 0 || t->other > 0)) {
        snprintf(detail, len, "forbidden outcome seen: %s %ld times, other values %ld times, in %ld runs (%ld concurrent)",
                 label, seen, t->other, t->runs, t->concurrent);
        return "fail";
    }
    if (t->concurrent == 0) {
        snprintf(detail, len, "could not run its threads concurrently: no handshake of %ld runs completed within %ld reads",
                 t->runs, spin);
        return "skip";
    }
    snprintf(detail, len, "%s: weak outcome %s %ld times in %ld runs (%ld concurrent)%s", litmus_flavour_name(p->flavour),
             label, seen, t->runs, t->concurrent, judged ? "; forbidden, never seen" : "");
    return judged ? "pass" : "info";
}
