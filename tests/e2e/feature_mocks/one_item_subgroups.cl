/* A stand-in for the sub-group built-ins on a device without them: every
 * work-item is a sub-group of its own (size 1), a layout the spec permits.
 * tests/e2e/test_features_optional.sh prepends it to the sub-group probes to run
 * their in-kernel reference loops on a real driver: with these (correct)
 * answers every probe must pass. WRONG_IDENTITY makes the exclusive min
 * scan return its own value instead of the identity: the probes must fail. */
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
    OV T sub_group_broadcast(T x, uint i) { return x; }                     \
    OV T sub_group_shuffle(T x, uint i) { return x; }                       \
    OV T sub_group_shuffle_xor(T x, uint m) { return x; }                   \
    OV T sub_group_broadcast_first(T x) { return x; }                       \
    OV T sub_group_non_uniform_broadcast(T x, uint i) { return x; }
SG_TYPE(int, INT_MAX, INT_MIN)
SG_TYPE(uint, UINT_MAX, 0u)
SG_TYPE(long, LONG_MAX, LONG_MIN)
SG_TYPE(ulong, ULONG_MAX, 0ul)
SG_TYPE(float, INFINITY, -INFINITY)
SG_TYPE(double, (double)INFINITY, -(double)INFINITY)
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
