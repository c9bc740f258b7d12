/* A stand-in for the sub-group built-ins on a device without them: every
 * work-item is a sub-group of its own (size 1), a layout the spec permits.
 * tests/e2e/test_features_optional.sh prepends it to the sub-group probes to run
 * their in-kernel reference loops on a real driver: with these (correct)
 * answers every probe must pass. WRONG_IDENTITY makes the exclusive min
 * scan return its own value instead of the identity: the probes must fail.
 * The functions that move a value between work-items (the khr shuffles,
 * sub_group_broadcast_first, sub_group_non_uniform_broadcast and
 * cl_intel_subgroups' shuffles, on every scalar and vector type) return the
 * value itself, or with WRONG_MOVES a changed one (integers xor 1, floats
 * doubled: the probes' inputs hold no zeros or infinities): the probes that
 * call them must fail. */
#ifndef SG_MOCK
#define SG_MOCK
#define OV __attribute__((overloadable))
uint get_sub_group_size(void) { return 1u; }
uint get_max_sub_group_size(void) { return 1u; }
uint get_num_sub_groups(void) { return (uint)get_local_size(0); }
uint get_enqueued_num_sub_groups(void) { return (uint)get_local_size(0); }
uint get_sub_group_id(void) { return (uint)get_local_id(0); }
uint get_sub_group_local_id(void) { return 0u; }
int sub_group_all(int p) { return p != 0; }
int sub_group_any(int p) { return p != 0; }
#ifdef WRONG_IDENTITY
#define EXCL_MIN(T, MAXV) OV T sub_group_scan_exclusive_min(T x) { return x; }
#else
#define EXCL_MIN(T, MAXV) OV T sub_group_scan_exclusive_min(T x) { return MAXV; }
#endif
#define SG_TYPE(T, MAXV, MINV)                                              \
    OV T sub_group_reduce_add(T x) { return x; }                            \
    OV T sub_group_reduce_min(T x) { return x; }                            \
    OV T sub_group_reduce_max(T x) { return x; }                            \
    OV T sub_group_scan_inclusive_add(T x) { return x; }                    \
    OV T sub_group_scan_inclusive_min(T x) { return x; }                    \
    OV T sub_group_scan_inclusive_max(T x) { return x; }                    \
    OV T sub_group_scan_exclusive_add(T x) { return (T)0; }                 \
    EXCL_MIN(T, MAXV)                                                       \
    OV T sub_group_scan_exclusive_max(T x) { return MINV; }                 \
    OV T sub_group_broadcast(T x, uint i) { return x; }
SG_TYPE(int, INT_MAX, INT_MIN)
SG_TYPE(uint, UINT_MAX, 0u)
SG_TYPE(long, LONG_MAX, LONG_MIN)
SG_TYPE(ulong, ULONG_MAX, 0ul)
SG_TYPE(float, INFINITY, -INFINITY)
SG_TYPE(double, (double)INFINITY, -(double)INFINITY)
#define IBAD(T, x) ((x) ^ (T)1)
#define FBAD(T, x) ((x) + (x))
#ifdef WRONG_MOVES
#define MOVED(T, BAD, x) BAD(T, x)
#else
#define MOVED(T, BAD, x) (x)
#endif
/* with one work-item a sub-group, index max size + 0 is next's item 0, 0 - 1 previous's */
#define MOVES(T, BAD)                                                                                      \
    OV T sub_group_non_uniform_broadcast(T x, uint i) { return MOVED(T, BAD, x); }                         \
    OV T intel_sub_group_shuffle(T x, uint i) { return MOVED(T, BAD, x); }                                 \
    OV T intel_sub_group_shuffle_xor(T x, uint m) { return MOVED(T, BAD, x); }                             \
    OV T intel_sub_group_shuffle_down(T cur, T next, uint d) { return MOVED(T, BAD, d == 0u ? cur : next); } \
    OV T intel_sub_group_shuffle_up(T prev, T cur, uint d) { return MOVED(T, BAD, d == 0u ? cur : prev); }
#define SCALAR_MOVES(T, BAD)                                                \
    MOVES(T, BAD)                                                           \
    OV T sub_group_shuffle(T x, uint i) { return MOVED(T, BAD, x); }        \
    OV T sub_group_shuffle_xor(T x, uint m) { return MOVED(T, BAD, x); }    \
    OV T sub_group_broadcast_first(T x) { return MOVED(T, BAD, x); }
#define ALL_MOVES(T, BAD) \
    SCALAR_MOVES(T, BAD) MOVES(T##2, BAD) MOVES(T##3, BAD) MOVES(T##4, BAD) MOVES(T##8, BAD) MOVES(T##16, BAD)
ALL_MOVES(char, IBAD)
ALL_MOVES(uchar, IBAD)
ALL_MOVES(short, IBAD)
ALL_MOVES(ushort, IBAD)
ALL_MOVES(int, IBAD)
ALL_MOVES(uint, IBAD)
ALL_MOVES(long, IBAD)
ALL_MOVES(ulong, IBAD)
ALL_MOVES(float, FBAD)
ALL_MOVES(double, FBAD)
/* one work-item: nothing to wait for; the fence keeps the compiler's order */
OV void sub_group_barrier(cl_mem_fence_flags f) { mem_fence(f); }
#if __OPENCL_C_VERSION__ >= 200 /* memory_scope: OpenCL C 2.0 on */
#if !defined(__opencl_c_subgroups) && !defined(cl_khr_subgroups) && !defined(cl_intel_subgroups)
#define memory_scope_sub_group memory_scope_work_group /* the enumerator exists only with sub-groups */
#endif
OV void sub_group_barrier(cl_mem_fence_flags f, memory_scope s) { mem_fence(f); }
#endif
uint4 get_sub_group_ge_mask(void) { return (uint4)(1u, 0u, 0u, 0u); } /* ids 0 .. max size 1 */
uint4 get_sub_group_gt_mask(void) { return (uint4)(0u); }
uint4 get_sub_group_le_mask(void) { return (uint4)(1u, 0u, 0u, 0u); }
uint4 get_sub_group_lt_mask(void) { return (uint4)(0u); }
uint4 sub_group_ballot(int p) { return (uint4)(p != 0 ? 1u : 0u, 0u, 0u, 0u); }
int sub_group_inverse_ballot(uint4 v) { return (int)(v.s0 & 1u); }
int sub_group_ballot_bit_extract(uint4 v, uint i) { return (int)((v.s0 >> i) & 1u); }
uint sub_group_ballot_bit_count(uint4 v) { return v.s0 & 1u; }
uint sub_group_ballot_inclusive_scan(uint4 v) { return v.s0 & 1u; }
uint sub_group_ballot_exclusive_scan(uint4 v) { return 0u; }
uint sub_group_ballot_find_lsb(uint4 v) { return 0u; }
uint sub_group_ballot_find_msb(uint4 v) { return 0u; }
uint4 get_sub_group_eq_mask(void) { return (uint4)(1u, 0u, 0u, 0u); }
#endif
