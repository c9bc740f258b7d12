/* A stand-in for the work-group collective built-ins on a device without
 * them: each work-group shares its values through a program-scope __global
 * array (a slice per work-group, 64 entries each; OpenCL C 2.0), with
 * barriers around every use, and folds them in the plainest way. Built with
 * -cl-std=CL2.0. tests/e2e/test_features_optional.sh prepends it to the
 * work-group probes to run their kernels and expected values on a real driver. */
#ifndef WG_MOCK
#define WG_MOCK
#define OV __attribute__((overloadable))
#define MOCK_LIN get_local_linear_id()
#define MOCK_GRP (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2)))
#define MOCK_N (get_local_size(0) * get_local_size(1) * get_local_size(2))
#define MOCK_FOLD(T, NAME, INIT, COND, STEP)                                 \
    OV T NAME(T x)                                                          \
    {                                                                       \
        size_t b = MOCK_GRP * 64, me = MOCK_LIN;                            \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        mock_##T[b + me] = x;                                               \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        T r = INIT;                                                         \
        for (size_t j = 0; j < MOCK_N; j++) {                               \
            T v = mock_##T[b + j];                                          \
            if (COND) r = STEP;                                             \
        }                                                                   \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        return r;                                                           \
    }
#define MOCK_AT(T, EXPR)                                                    \
    {                                                                       \
        size_t b = MOCK_GRP * 64, me = MOCK_LIN;                            \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        mock_##T[b + me] = x;                                               \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        T r = mock_##T[b + (EXPR)];                                         \
        barrier(CLK_GLOBAL_MEM_FENCE);                                      \
        return r;                                                           \
    }
#define MOCK_TYPE(T, MAXV, MINV)                                                                      \
    global T mock_##T[1024];                                                                          \
    MOCK_FOLD(T, work_group_reduce_add, (T)0, 1, r + v)                                               \
    MOCK_FOLD(T, work_group_reduce_min, MAXV, 1, v < r ? v : r)                                       \
    MOCK_FOLD(T, work_group_reduce_max, MINV, 1, v > r ? v : r)                                       \
    MOCK_FOLD(T, work_group_scan_inclusive_add, (T)0, j <= me, r + v)                                 \
    MOCK_FOLD(T, work_group_scan_inclusive_min, MAXV, j <= me, v < r ? v : r)                         \
    MOCK_FOLD(T, work_group_scan_inclusive_max, MINV, j <= me, v > r ? v : r)                         \
    MOCK_FOLD(T, work_group_scan_exclusive_add, (T)0, j < me, r + v)                                  \
    MOCK_FOLD(T, work_group_scan_exclusive_min, MAXV, j < me, v < r ? v : r)                          \
    MOCK_FOLD(T, work_group_scan_exclusive_max, MINV, j < me, v > r ? v : r)                          \
    OV T work_group_broadcast(T x, size_t i) MOCK_AT(T, i)                                            \
    OV T work_group_broadcast(T x, size_t i, size_t k) MOCK_AT(T, i + k * get_local_size(0))          \
    OV T work_group_broadcast(T x, size_t i, size_t k, size_t l)                                      \
        MOCK_AT(T, i + (k + l * get_local_size(1)) * get_local_size(0))
MOCK_TYPE(int, INT_MAX, INT_MIN)
MOCK_TYPE(uint, UINT_MAX, 0u)
MOCK_TYPE(long, LONG_MAX, LONG_MIN)
MOCK_TYPE(ulong, ULONG_MAX, 0ul)
MOCK_TYPE(float, INFINITY, -INFINITY)
MOCK_TYPE(double, (double)INFINITY, -(double)INFINITY)
MOCK_FOLD(int, mock_count_nonzero, 0, 1, r + (v != 0))
OV int work_group_all(int p) { return mock_count_nonzero(p) == (int)MOCK_N; }
OV int work_group_any(int p) { return mock_count_nonzero(p) != 0; }
#endif
