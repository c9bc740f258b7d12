// Kernels of the litmus family (docs/measurements.md, "The litmus family").
// One program for every probe built with the same options: the harness
// defines LT_<TEST>=<id> for each test, LITMUS_WITH_<FLAVOUR>=<id> for each
// flavour, LITMUS_SCRATCH (the stress buffer's ints, a power of two),
// LITMUS_LINE (ints a stressed line spans) and LITMUS_RES (ints of res per
// instance). One kernel, litmus:
//   (__global A *amem, volatile __global int *vmem, __global int *res,
//    volatile __global int *ctl, volatile __global int *scratch,
//    __global const int *prm)
// amem and vmem are the same buffer (atomic_int for the C11 flavours, int
// for the others); prm[LP_TEST] and prm[LP_FLAVOUR] pick the test and the
// flavour a launch runs, which sets ctl[1] when it was compiled in (a device
// without a flavour's features builds the program without it). One
// program, so drivers that cache programs and generate code per kernel
// (PoCL, rusticl) compile it once for the family.
// prm holds the launch's environment (LP_* below); everything random in a
// launch (which groups test and which stress, who pairs with whom, where
// each location lies, which lines are stressed) follows from prm[LP_SEED].
//
// A testing group plays one thread (role) of the test for W instances; the
// K threads of an instance always lie in K different work-groups. Thread
// role r of instance i writes r's reads to res[i * LITMUS_RES + 0..3], role 0
// the indices of x and y in mem to + 4, + 5 (the host reads final values
// there); + 6 counts the threads arrived (each waits, boundedly, for the
// others before its accesses); each role writes its start and end tickets
// (+1) from one counter to + 8 + 2r, + 9 + 2r: the K threads ran at once
// when every start precedes every end. Stressing groups run their pattern until every tester has
// ended (or a bound). No loop is unbounded: a device that runs groups one
// by one still finishes.
#ifndef LITMUS_SCRATCH
#error "the harness defines LT_<TEST>, LITMUS_WITH_<FLAVOUR>, LITMUS_SCRATCH, LITMUS_LINE and LITMUS_RES"
#endif

#define LP_SEED 0
#define LP_TESTING_GROUPS 1 // a multiple of the test's threads whose quotient is a power of two
#define LP_STRIDE 2         // the most ints between one location slot and the next
#define LP_STRESS_LINES 3   // lines the stress hits (a power of two)
#define LP_STRESS_ITERS 4   // the stressing groups' bound
#define LP_STRESS_PATTERN 5 // 0 store-store, 1 store-load, 2 load-store, 3 load-load
#define LP_PRE_ITERS 6      // the testers' own stress before the test
#define LP_PRE_PATTERN 7
#define LP_SPIN 8    // the bound of each tester's wait for the other threads of its instance
#define LP_PERMUTE 9 // 1: pair local ids at random; 0: equal local ids (CPUs run a group's work-items in order)
#define LP_FLAVOUR 10 // the flavour this launch runs (LITMUS_WITH_<FLAVOUR>)
#define LP_TEST 11    // the test (LT_<TEST>)
#define LP_THREADS 12 // its threads

// A 32-bit mix (murmur3's finaliser) of the seed and a purpose number.
uint litmus_hash(uint seed, uint k)
{
    uint h = seed ^ (k * 0x9e3779b9u);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

uint litmus_gcd(uint a, uint b)
{
    while (b != 0) {
        uint t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// A permutation of 0..n-1 drawn from the seed: i -> (i * a + b) mod n, a
// coprime to n.
uint litmus_perm(uint i, uint n, uint seed, uint k)
{
    uint a = (litmus_hash(seed, k) % n) | 1u;
    for (uint t = 0; t < n && litmus_gcd(a, n) != 1u; t++)
        a = a + 1u < n ? a + 1u : 1u;
    return (uint)(((ulong)i * a + litmus_hash(seed, k + 1u)) % n);
}

// Memory traffic on one of the launch's stressed lines, with the 1.2 atomic
// functions (every OpenCL C version has them; atomic, so no data race):
// `iters` rounds of the pattern, stopping early once ctl[0] reaches done_at
// (every tester ended; 0: never looked at).
void litmus_stress(volatile __global int *s, volatile __global int *ctl, __global const int *prm, uint who,
                   int iters, int pattern, int done_at)
{
    uint lines = (uint)prm[LP_STRESS_LINES];
    uint line = litmus_hash((uint)prm[LP_SEED], 1000u + who % lines) % (LITMUS_SCRATCH / LITMUS_LINE);
    volatile __global int *p = s + line * LITMUS_LINE + get_local_id(0) % LITMUS_LINE;
    for (int k = 0; k < iters; k++) {
        if (pattern == 0) {
            atomic_xchg(p, k);
            atomic_xchg(p, k + 1);
        } else if (pattern == 1) {
            atomic_xchg(p, k);
            atomic_or(p, 0);
        } else if (pattern == 2) {
            atomic_or(p, 0);
            atomic_xchg(p, k);
        } else {
            atomic_or(p, 0);
            atomic_or(p, 0);
        }
        if (done_at > 0 && (k & 31) == 31 && atomic_or(&ctl[0], 0) >= done_at)
            break;
    }
}

// The tests: each role's accesses in ST (store), LD (load) and F (what a
// flavour puts between a thread's two accesses); MP's data location x in
// XST/XLD (the flag's accessors unless a 1.2 idiom says otherwise). Values
// stored are 1 and 2; reads go to r[0..3].
#define T_MP_B0 XST(x, 1); F ST(y, 1);
#define T_MP_B1 int a = LD(y); F int b = XLD(x); r[0] = a; r[1] = b;
#define T_MP_B2
#define T_MP_B3
#define T_SB_B0 ST(x, 1); F r[0] = LD(y);
#define T_SB_B1 ST(y, 1); F r[1] = LD(x);
#define T_SB_B2
#define T_SB_B3
#define T_LB_B0 int a = LD(x); F ST(y, 1); r[0] = a;
#define T_LB_B1 int b = LD(y); F ST(x, 1); r[1] = b;
#define T_LB_B2
#define T_LB_B3
#define T_2_2W_B0 ST(x, 1); F ST(y, 2);
#define T_2_2W_B1 ST(y, 1); F ST(x, 2);
#define T_2_2W_B2
#define T_2_2W_B3
#define T_CORR_B0 ST(x, 1);
#define T_CORR_B1 int a = LD(x); F int b = LD(x); r[0] = a; r[1] = b;
#define T_CORR_B2
#define T_CORR_B3
#define T_IRIW_B0 ST(x, 1);
#define T_IRIW_B1 ST(y, 1);
#define T_IRIW_B2 int a = LD(x); F int b = LD(y); r[0] = a; r[1] = b;
#define T_IRIW_B3 int c = LD(y); F int d = LD(x); r[2] = c; r[3] = d;
#define T_WRC_B0 ST(x, 1);
#define T_WRC_B1 int a = LD(x); F ST(y, 1); r[0] = a;
#define T_WRC_B2 int b = LD(y); F int c = LD(x); r[1] = b; r[2] = c;
#define T_WRC_B3
#define T_ISA2_B0 ST(x, 1); F ST(y, 1);
#define T_ISA2_B1 int a = LD(y); F ST(z, 1); r[0] = a;
#define T_ISA2_B2 int b = LD(z); F int c = LD(x); r[1] = b; r[2] = c;
#define T_ISA2_B3
#define T_R_B0 ST(x, 1); F ST(y, 1);
#define T_R_B1 ST(y, 2); F r[0] = LD(x);
#define T_R_B2
#define T_R_B3
#define T_S_B0 ST(x, 2); F ST(y, 1);
#define T_S_B1 int a = LD(y); F ST(x, 1); r[0] = a;
#define T_S_B2
#define T_S_B3
#define T_COWW_B0 ST(x, 1); F ST(x, 2);
#define T_COWW_B1 int a = LD(x); F int b = LD(x); r[0] = a; r[1] = b;
#define T_COWW_B2
#define T_COWW_B3
#define T_CORW_B0 int a = LD(x); F ST(x, 1); r[0] = a;
#define T_CORW_B1 ST(x, 2);
#define T_CORW_B2
#define T_CORW_B3
#define T_COWR_B0 ST(x, 1); F r[0] = LD(x);
#define T_COWR_B1 ST(x, 2);
#define T_COWR_B2
#define T_COWR_B3

// Test t's role `role`, where the harness numbers test NAME LT_NAME.
#define LITMUS_TEST_CASE(NAME)                                                                               \
    if (test == LT_##NAME) {                                                                                 \
        if (role == 0) {                                                                                     \
            T_##NAME##_B0                                                                                        \
        } else if (role == 1) {                                                                              \
            T_##NAME##_B1                                                                                        \
        } else if (role == 2) {                                                                              \
            T_##NAME##_B2                                                                                        \
        } else {                                                                                             \
            T_##NAME##_B3                                                                                        \
        }                                                                                                    \
    }
#define LITMUS_ALL_TESTS                                                                                     \
    LITMUS_TEST_CASE(MP) LITMUS_TEST_CASE(SB) LITMUS_TEST_CASE(LB) LITMUS_TEST_CASE(2_2W)                    \
    LITMUS_TEST_CASE(CORR) LITMUS_TEST_CASE(IRIW) LITMUS_TEST_CASE(WRC) LITMUS_TEST_CASE(ISA2)               \
    LITMUS_TEST_CASE(R) LITMUS_TEST_CASE(S) LITMUS_TEST_CASE(COWW) LITMUS_TEST_CASE(CORW)                    \
    LITMUS_TEST_CASE(COWR)

// This work-item's role in its test on its instance's locations in M (of
// type T), with the flavour's ST, LD, F, XST and XLD.
#define LITMUS_ROLES(T, M)                                                                                   \
    {                                                                                                        \
        __global T *x = (M) + ix, *y = (M) + iy, *z = (M) + iz;                                              \
        (void)y;                                                                                             \
        (void)z;                                                                                             \
        atomic_xchg(&ctl[1], 1);                                                                             \
        LITMUS_ALL_TESTS                                                                                     \
    }

#if __OPENCL_C_VERSION__ >= 200
#define LITMUS_ATOMIC atomic_int
#define C11ST(p, v, o, s) atomic_store_explicit((p), (v), memory_order_##o, memory_scope_##s)
#define C11LD(p, o, s) atomic_load_explicit((p), memory_order_##o, memory_scope_##s)
// What the device has (every order and scope in OpenCL C 2.x).
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_scope_device)
#define C11_DEVICE 1
#else
#define C11_DEVICE 0
#endif
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_order_acq_rel)
#define C11_ACQ_REL 1
#else
#define C11_ACQ_REL 0
#endif
#if __OPENCL_C_VERSION__ < 300 || defined(__opencl_c_atomic_order_seq_cst)
#define C11_SEQ_CST 1
#else
#define C11_SEQ_CST 0
#endif
#else
#define LITMUS_ATOMIC int
#endif

// The flavours' accesses, each compiled in where the harness asked for it
// (and the device has its features). XST/XLD are MP's data accesses (x).
// The flavours every OpenCL C version has: 1.2 atomics and plain accesses.
void litmus_accesses_cl12(volatile __global int *vmem, volatile __global int *ctl, __global int *r, int test,
                          uint role, uint ix, uint iy, uint iz, int fl)
{
    (void)vmem, (void)ctl, (void)r, (void)test, (void)role, (void)ix, (void)iy, (void)iz, (void)fl;
#define XST(p, v) ST(p, v)
#define XLD(p) LD(p)
#define ST(p, v) atomic_xchg((p), (v))
#define LD(p) atomic_or((p), 0)
#ifdef LITMUS_WITH_CL12
    // cl12: the 1.2 atomic functions (an atomic_or of 0 reads), mem_fence between.
#define F mem_fence(CLK_GLOBAL_MEM_FENCE);
    if (fl == LITMUS_WITH_CL12)
        LITMUS_ROLES(volatile int, vmem)
#undef F
#endif
#define F
#ifdef LITMUS_WITH_CL12_NOFENCE
    if (fl == LITMUS_WITH_CL12_NOFENCE)
        LITMUS_ROLES(volatile int, vmem)
#endif
#undef F
#undef XST
#undef XLD
    // The 1.2 idioms of message passing: plain data beside a 1.2 atomic flag.
#define XST(p, v) (*(p) = (v))
#define XLD(p) (*(p))
#define F mem_fence(CLK_GLOBAL_MEM_FENCE);
#ifdef LITMUS_WITH_DATA_FENCE
    if (fl == LITMUS_WITH_DATA_FENCE)
        LITMUS_ROLES(volatile int, vmem)
#endif
#undef F
#define F
#ifdef LITMUS_WITH_DATA_NOFENCE
    if (fl == LITMUS_WITH_DATA_NOFENCE)
        LITMUS_ROLES(volatile int, vmem)
#endif
#undef F
#undef ST
#undef LD
    // plain: volatile loads and stores, between work-groups a data race (a
    // mutant, never judged); volatile_fence: the same with mem_fence.
#define ST(p, v) (*(p) = (v))
#define LD(p) (*(p))
#define F
#ifdef LITMUS_WITH_PLAIN
    if (fl == LITMUS_WITH_PLAIN)
        LITMUS_ROLES(volatile int, vmem)
#endif
#undef F
#define F mem_fence(CLK_GLOBAL_MEM_FENCE);
#ifdef LITMUS_WITH_VOLATILE_FENCE
    if (fl == LITMUS_WITH_VOLATILE_FENCE)
        LITMUS_ROLES(volatile int, vmem)
#endif
#undef F
#undef ST
#undef LD
#undef XST
#undef XLD
}

#define XST(p, v) ST(p, v)
#define XLD(p) LD(p)
// The C11 flavours, at work-group scope (mutants: between groups a data
// race) and at device scope.
void litmus_accesses_c11(__global LITMUS_ATOMIC *amem, volatile __global int *ctl, __global int *r, int test,
                         uint role, uint ix, uint iy, uint iz, int fl)
{
    (void)amem, (void)ctl, (void)r, (void)test, (void)role, (void)ix, (void)iy, (void)iz, (void)fl;
#if __OPENCL_C_VERSION__ >= 200
#define F
#define ST(p, v) C11ST(p, v, relaxed, work_group)
#define LD(p) C11LD(p, relaxed, work_group)
#ifdef LITMUS_WITH_RELAXED_WG
    if (fl == LITMUS_WITH_RELAXED_WG)
        LITMUS_ROLES(atomic_int, amem)
#endif
#undef ST
#undef LD
#if C11_ACQ_REL && defined(LITMUS_WITH_ACQ_REL_WG)
#define ST(p, v) C11ST(p, v, release, work_group)
#define LD(p) C11LD(p, acquire, work_group)
    if (fl == LITMUS_WITH_ACQ_REL_WG)
        LITMUS_ROLES(atomic_int, amem)
#undef ST
#undef LD
#endif
#if C11_SEQ_CST && defined(LITMUS_WITH_SEQ_CST_WG)
#define ST(p, v) C11ST(p, v, seq_cst, work_group)
#define LD(p) C11LD(p, seq_cst, work_group)
    if (fl == LITMUS_WITH_SEQ_CST_WG)
        LITMUS_ROLES(atomic_int, amem)
#undef ST
#undef LD
#endif
#if C11_DEVICE
#define ST(p, v) C11ST(p, v, relaxed, device)
#define LD(p) C11LD(p, relaxed, device)
#ifdef LITMUS_WITH_RELAXED
    if (fl == LITMUS_WITH_RELAXED)
        LITMUS_ROLES(atomic_int, amem)
#endif
#undef F
    // Fences instead of release/acquire: an acq_rel fence between relaxed
    // accesses, at device scope (judged) and at work-group scope (a mutant).
#define F atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
#ifdef LITMUS_WITH_FENCE
    if (fl == LITMUS_WITH_FENCE)
        LITMUS_ROLES(atomic_int, amem)
#endif
#undef F
#define F atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
#ifdef LITMUS_WITH_FENCE_WG
    if (fl == LITMUS_WITH_FENCE_WG)
        LITMUS_ROLES(atomic_int, amem)
#endif
#undef F
#define F
#undef ST
#undef LD
#if C11_ACQ_REL && defined(LITMUS_WITH_ACQ_REL)
#define ST(p, v) C11ST(p, v, release, device)
#define LD(p) C11LD(p, acquire, device)
    if (fl == LITMUS_WITH_ACQ_REL)
        LITMUS_ROLES(atomic_int, amem)
#undef ST
#undef LD
#endif
#if C11_SEQ_CST && defined(LITMUS_WITH_SEQ_CST)
#define ST(p, v) C11ST(p, v, seq_cst, device)
#define LD(p) C11LD(p, seq_cst, device)
    if (fl == LITMUS_WITH_SEQ_CST)
        LITMUS_ROLES(atomic_int, amem)
#undef ST
#undef LD
#endif
#endif
#undef F
#endif
}

// The kernel: place this work-item (test or stress), then run its role.
__kernel void litmus(__global LITMUS_ATOMIC *amem, volatile __global int *vmem, __global int *res,
                     volatile __global int *ctl, volatile __global int *scratch, __global const int *prm)
{
    uint seed = (uint)prm[LP_SEED], gt = (uint)prm[LP_TESTING_GROUPS];
    uint w = (uint)get_local_size(0), lid = (uint)get_local_id(0);
    uint sg = litmus_perm((uint)get_group_id(0), (uint)get_num_groups(0), seed, 1u);
    if (sg >= gt) {
        litmus_stress(scratch, ctl, prm, sg, prm[LP_STRESS_ITERS], prm[LP_STRESS_PATTERN], (int)(2u * gt * w));
        return;
    }
    uint k = (uint)prm[LP_THREADS], role = sg % k, blocks = gt / k, n = blocks * w;
    uint shift = role ? litmus_hash(seed, 10u + role) % blocks : 0u;
    uint li = prm[LP_PERMUTE] ? litmus_perm(lid, w, seed, 20u + 2u * role) : lid;
    uint inst = ((sg / k + blocks - shift) % blocks) * w + li;
    // The launch's stride: a power of two up to the environment's, drawn
    // from the seed (halving with each coin that comes up tails).
    uint stride = 1u, coins = litmus_hash(seed, 50u);
    while (stride * 2u <= (uint)prm[LP_STRIDE] && (coins & 1u) != 0u) {
        stride *= 2u;
        coins >>= 1;
    }
    uint ix = (litmus_perm(inst, n, seed, 40u) * 3u + 0u) * stride;
    uint iy = (litmus_perm(inst, n, seed, 42u) * 3u + 1u) * stride;
    uint iz = (litmus_perm(inst, n, seed, 44u) * 3u + 2u) * stride;
    __global int *r = res + inst * LITMUS_RES;
    if (role == 0) {
        r[4] = (int)ix;
        r[5] = (int)iy;
    }
    litmus_stress(scratch, ctl, prm, sg + 7u, prm[LP_PRE_ITERS], prm[LP_PRE_PATTERN], 0);
    int start = atomic_inc(&ctl[0]);
    atomic_inc(&r[6]);
    for (int i = 0; i < prm[LP_SPIN] && atomic_or(&r[6], 0) < (int)k; i++)
        ;
    litmus_accesses_cl12(vmem, ctl, r, prm[LP_TEST], role, ix, iy, iz, prm[LP_FLAVOUR]);
    litmus_accesses_c11(amem, ctl, r, prm[LP_TEST], role, ix, iy, iz, prm[LP_FLAVOUR]);
    int end = atomic_inc(&ctl[0]);
    r[8 + 2 * role] = start + 1;
    r[9 + 2 * role] = end + 1;
}
