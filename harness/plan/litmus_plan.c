/* The litmus family's tables. Each test's threads run in different
 * work-groups on locations x, y, z (0 at launch); stored values are 1 and 2.
 *
 *   MP    T0: x=1; y=1      T1: r0=y; r1=x                      weak r0=1 r1=0
 *   SB    T0: x=1; r0=y     T1: y=1; r1=x                       weak r0=0 r1=0
 *   LB    T0: r0=x; y=1     T1: r1=y; x=1                       weak r0=1 r1=1
 *   2+2W  T0: x=1; y=2      T1: y=1; x=2                        weak final x=1 y=1
 *   CoRR  T0: x=1           T1: r0=x; r1=x                      weak r0=1 r1=0
 *   IRIW  T0: x=1  T1: y=1  T2: r0=x; r1=y  T3: r2=y; r3=x      weak 1 0 1 0
 *   WRC   T0: x=1  T1: r0=x; y=1  T2: r1=y; r2=x                weak 1 1 0
 *   ISA2  T0: x=1; y=1  T1: r0=y; z=1  T2: r1=z; r2=x           weak 1 1 0
 *   R     T0: x=1; y=1      T1: y=2; r0=x                       weak r0=0, final y=2
 *   S     T0: x=2; y=1      T1: r0=y; x=1                       weak r0=1, final x=2
 *   CoWW  T0: x=1; x=2      T1: r0=x; r1=x                      weak r0>r1 (1 0, 2 0, 2 1)
 *   CoRW  T0: r0=x; x=1     T1: x=2                             weak r0=2, final x=2
 *   CoWR  T0: x=1; r0=x     T1: x=2                             weak r0=2, final x=1
 *
 * Which flavour forbids the weak outcomes, and why the mutants allow them,
 * is derived in docs/spec-readings.md ([ledger: litmus-forbidden],
 * [ledger: litmus-mutants], [ledger: litmus-cl12]) from the API spec's
 * "Memory Ordering Rules" and "Fence Operations"; the judged flavour is the
 * weakest ordering offered that forbids them. */
#include "litmus_plan.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name, *define;
    int threads, nobs;
    int slot[LITMUS_MAX_OBS];
    int nvals[LITMUS_MAX_OBS];
    int vals[LITMUS_MAX_OBS][3];
    litmus_flavour judged;
    int nweak;
    int weak[3][LITMUS_MAX_OBS];
} litmus_shape;

#define R01 {0, 1}
#define W12 {1, 2}
static const litmus_shape shapes[LITMUS_N_TESTS] = {
    {"mp", "-DLT_MP", 2, 2, {LITMUS_R0, LITMUS_R1}, {2, 2}, {R01, R01}, LITMUS_ACQ_REL, 1, {{1, 0}}},
    {"sb", "-DLT_SB", 2, 2, {LITMUS_R0, LITMUS_R1}, {2, 2}, {R01, R01}, LITMUS_SEQ_CST, 1, {{0, 0}}},
    {"lb", "-DLT_LB", 2, 2, {LITMUS_R0, LITMUS_R1}, {2, 2}, {R01, R01}, LITMUS_ACQ_REL, 1, {{1, 1}}},
    {"2_2w", "-DLT_2_2W", 2, 2, {LITMUS_FX, LITMUS_FY}, {2, 2}, {W12, W12}, LITMUS_SEQ_CST, 1, {{1, 1}}},
    {"corr", "-DLT_CORR", 2, 2, {LITMUS_R0, LITMUS_R1}, {2, 2}, {R01, R01}, LITMUS_RELAXED, 1, {{1, 0}}},
    {"iriw", "-DLT_IRIW", 4, 4, {LITMUS_R0, LITMUS_R1, LITMUS_R2, LITMUS_R3}, {2, 2, 2, 2},
     {R01, R01, R01, R01}, LITMUS_SEQ_CST, 1, {{1, 0, 1, 0}}},
    {"wrc", "-DLT_WRC", 3, 3, {LITMUS_R0, LITMUS_R1, LITMUS_R2}, {2, 2, 2}, {R01, R01, R01},
     LITMUS_ACQ_REL, 1, {{1, 1, 0}}},
    {"isa2", "-DLT_ISA2", 3, 3, {LITMUS_R0, LITMUS_R1, LITMUS_R2}, {2, 2, 2}, {R01, R01, R01},
     LITMUS_ACQ_REL, 1, {{1, 1, 0}}},
    {"r", "-DLT_R", 2, 2, {LITMUS_R0, LITMUS_FY}, {2, 2}, {R01, W12}, LITMUS_SEQ_CST, 1, {{0, 2}}},
    {"s", "-DLT_S", 2, 2, {LITMUS_R0, LITMUS_FX}, {2, 2}, {R01, W12}, LITMUS_ACQ_REL, 1, {{1, 2}}},
    {"coww", "-DLT_COWW", 2, 2, {LITMUS_R0, LITMUS_R1}, {3, 3}, {{0, 1, 2}, {0, 1, 2}}, LITMUS_RELAXED,
     3, {{1, 0}, {2, 0}, {2, 1}}},
    {"corw", "-DLT_CORW", 2, 2, {LITMUS_R0, LITMUS_FX}, {2, 2}, {{0, 2}, W12}, LITMUS_RELAXED, 1, {{2, 2}}},
    {"cowr", "-DLT_COWR", 2, 2, {LITMUS_R0, LITMUS_FX}, {2, 2}, {W12, W12}, LITMUS_RELAXED, 1, {{2, 1}}},
};

static const char *const flavour_names[LITMUS_N_FLAVOURS] = {
    "cl12",      "cl12_nofence", "plain",     "volatile_fence", "data_fence", "data_nofence", "relaxed_wg",
    "acq_rel_wg", "seq_cst_wg",  "relaxed",   "fence",          "fence_wg",   "acq_rel",      "seq_cst"};

static int valid_test(litmus_test t)
{
    return (unsigned)t < LITMUS_N_TESTS;
}

/* The flavours a probe may name for test t. */
static int offered(litmus_test t, litmus_flavour f)
{
    if (f == LITMUS_CL12 || f == shapes[t].judged)
        return 1;
    if (t != LITMUS_MP)
        return 0;
    return f == LITMUS_FENCE || f == LITMUS_CL12_NOFENCE || f == LITMUS_DATA_FENCE || f == LITMUS_DATA_NOFENCE ||
           f == LITMUS_VOLATILE_FENCE;
}

int litmus_plan_parse(const char *name, litmus_plan *out)
{
    static const char prefix[] = "litmus_";
    if (!name || strncmp(name, prefix, sizeof prefix - 1) != 0)
        return -1;
    const char *rest = name + sizeof prefix - 1;
    for (int t = 0; t < LITMUS_N_TESTS; t++) {
        size_t n = strlen(shapes[t].name);
        if (strncmp(rest, shapes[t].name, n) != 0 || rest[n] != '_')
            continue;
        for (int f = 0; f < LITMUS_N_FLAVOURS; f++) {
            if (strcmp(rest + n + 1, flavour_names[f]) != 0 || !offered((litmus_test)t, (litmus_flavour)f))
                continue;
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
    return valid_test(t) ? shapes[t].name : "?";
}

const char *litmus_flavour_name(litmus_flavour f)
{
    return (unsigned)f < LITMUS_N_FLAVOURS ? flavour_names[f] : "?";
}

const char *litmus_test_define(litmus_test t, char *buf, size_t len)
{
    snprintf(buf, len, "%s=%d", valid_test(t) ? shapes[t].define : "-DLT_UNKNOWN", (int)t);
    return buf;
}

const char *litmus_flavour_define(litmus_flavour f, char *buf, size_t len)
{
    char upper[32];
    const char *n = litmus_flavour_name(f);
    size_t i = 0;
    for (; n[i] && i + 1 < sizeof upper; i++)
        upper[i] = (char)(n[i] >= 'a' && n[i] <= 'z' ? n[i] - 'a' + 'A' : n[i]);
    upper[i] = '\0';
    snprintf(buf, len, "-DLITMUS_WITH_%s=%d", upper, (int)f);
    return buf;
}

int litmus_threads(litmus_test t)
{
    return valid_test(t) ? shapes[t].threads : 0;
}

int litmus_observed(litmus_test t, int slots[LITMUS_MAX_OBS])
{
    if (!valid_test(t))
        return 0;
    memcpy(slots, shapes[t].slot, sizeof shapes[t].slot);
    return shapes[t].nobs;
}

int litmus_outcome_in_memory(litmus_test t)
{
    for (int i = 0; valid_test(t) && i < shapes[t].nobs; i++)
        if (shapes[t].slot[i] >= LITMUS_FX)
            return 1;
    return 0;
}

int litmus_outcome_count(litmus_test t)
{
    int n = 1;
    for (int i = 0; valid_test(t) && i < shapes[t].nobs; i++)
        n *= shapes[t].nvals[i];
    return valid_test(t) ? n : 0;
}

int litmus_outcome_index(litmus_test t, const int *vals)
{
    if (!valid_test(t))
        return -1;
    const litmus_shape *s = &shapes[t];
    int index = 0;
    for (int i = 0; i < s->nobs; i++) {
        int k = 0;
        while (k < s->nvals[i] && s->vals[i][k] != vals[i])
            k++;
        if (k == s->nvals[i])
            return -1;
        index = index * s->nvals[i] + k;
    }
    return index;
}

/* The values of outcome index, in observed order. */
static void outcome_values(const litmus_shape *s, int index, int *vals)
{
    for (int i = s->nobs - 1; i >= 0; i--) {
        vals[i] = s->vals[i][index % s->nvals[i]];
        index /= s->nvals[i];
    }
}

const char *litmus_outcome_label(litmus_test t, int index, char *buf, size_t len)
{
    static const char *const slot_names[] = {"r0", "r1", "r2", "r3", "x", "y"};
    if (!valid_test(t) || index < 0 || index >= litmus_outcome_count(t)) {
        snprintf(buf, len, "other");
        return buf;
    }
    const litmus_shape *s = &shapes[t];
    int vals[LITMUS_MAX_OBS];
    outcome_values(s, index, vals);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < s->nobs && at < len; i++) {
        int n = snprintf(buf + at, len - at, "%s%s=%d", i ? " " : "", slot_names[s->slot[i]], vals[i]);
        at += n > 0 ? (size_t)n : 0;
    }
    return buf;
}

int litmus_outcome_weak(litmus_test t, int index)
{
    if (!valid_test(t) || index < 0)
        return 0;
    for (int w = 0; w < shapes[t].nweak; w++)
        if (litmus_outcome_index(t, shapes[t].weak[w]) == index)
            return 1;
    return 0;
}

litmus_flavour litmus_judged_flavour(litmus_test t)
{
    return valid_test(t) ? shapes[t].judged : LITMUS_CL12;
}

int litmus_weak_forbidden(const litmus_plan *p)
{
    if (!valid_test(p->test))
        return 0;
    /* MP's fence flavour: the acq_rel fences synchronise as release stores
     * and acquire loads would ([ledger: litmus-forbidden]). CoRR's 1.2
     * flavour: its reads are atomic read-modify-writes of one location by
     * one work-item, which 1.2's atomicity and a work-item's load/store
     * consistency order ([ledger: litmus-cl12]). */
    return p->flavour == shapes[p->test].judged || (p->test == LITMUS_MP && p->flavour == LITMUS_FENCE) ||
           (p->test == LITMUS_CORR && p->flavour == LITMUS_CL12);
}

int litmus_mutants(const litmus_plan *p, litmus_flavour out[LITMUS_MAX_MUTANTS])
{
    if (!litmus_weak_forbidden(p))
        return 0;
    static const litmus_flavour of_acq_rel[] = {LITMUS_RELAXED, LITMUS_ACQ_REL_WG, LITMUS_PLAIN};
    static const litmus_flavour of_seq_cst[] = {LITMUS_ACQ_REL, LITMUS_SEQ_CST_WG, LITMUS_PLAIN};
    static const litmus_flavour of_relaxed[] = {LITMUS_RELAXED_WG, LITMUS_PLAIN};
    static const litmus_flavour of_fence[] = {LITMUS_RELAXED, LITMUS_FENCE_WG};
    static const litmus_flavour of_cl12[] = {LITMUS_PLAIN};
    const litmus_flavour *m = of_fence;
    int n = 2;
    if (p->flavour == LITMUS_ACQ_REL)
        m = of_acq_rel, n = 3;
    else if (p->flavour == LITMUS_SEQ_CST)
        m = of_seq_cst, n = 3;
    else if (p->flavour == LITMUS_RELAXED)
        m = of_relaxed, n = 2;
    else if (p->flavour == LITMUS_CL12)
        m = of_cl12, n = 1;
    memcpy(out, m, (size_t)n * sizeof *m);
    return n;
}

long litmus_tally_weak(litmus_test test, const litmus_tally *t)
{
    long n = 0;
    for (int i = 0; i < litmus_outcome_count(test) && i < LITMUS_MAX_OUTCOMES; i++)
        n += litmus_outcome_weak(test, i) ? t->outcomes[i] : 0;
    return n;
}

const char *litmus_verdict(const litmus_plan *p, const litmus_tally *t, int killed, int n_mutants, char *detail,
                           size_t len)
{
    long seen = litmus_tally_weak(p->test, t);
    int judged = litmus_weak_forbidden(p);
    const char *fl = litmus_flavour_name(p->flavour);
    /* A forbidden outcome is forbidden in every execution, concurrent or not. */
    if (judged && (seen > 0 || t->other > 0)) {
        snprintf(detail, len, "forbidden outcome seen: weak %ld times, other values %ld times, in %ld runs (%ld "
                 "concurrent)", seen, t->other, t->runs, t->concurrent);
        return "fail";
    }
    if (t->concurrent == 0) {
        snprintf(detail, len, "could not run its threads concurrently: in none of %ld runs did every thread start "
                 "before one ended", t->runs);
        return "skip";
    }
    if (judged && killed == 0) {
        snprintf(detail, len, "environment cannot show weak behaviour here: it killed 0 of %d mutants; %s: weak "
                 "outcome 0 times in %ld runs (%ld concurrent)", n_mutants, fl, t->runs, t->concurrent);
        return "skip";
    }
    if (judged)
        snprintf(detail, len, "%s: weak outcome 0 times in %ld runs (%ld concurrent); forbidden, never seen; "
                 "environment killed %d of %d mutants", fl, t->runs, t->concurrent, killed, n_mutants);
    else
        snprintf(detail, len, "%s: weak outcome %ld times in %ld runs (%ld concurrent)", fl, seen, t->runs,
                 t->concurrent);
    return judged ? "pass" : "info";
}
