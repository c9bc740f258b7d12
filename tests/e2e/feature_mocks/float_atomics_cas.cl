/* A stand-in for cl_ext_float_atomics' fp32 fetch operations on a device
 * without the extension: a compare-exchange loop on the object's bits as
 * atomic_int (atomic types have the size of their regular types), which
 * OpenCL C 3.0 has everywhere at relaxed order and work-group scope.
 * tests/e2e/test_features_optional.sh prepends it to the float-atomic probes
 * to run their kernels and expected values on a real driver: every form
 * (order and scope, order alone, implicit) on a global, a local and a
 * generic object. WRONG_FA makes sub add and swaps min and max: the probes
 * must fail. */
#ifndef FA_MOCK
#define FA_MOCK
#define OV __attribute__((overloadable))
#define FA(AS, NAME, EXPR)                                                                        \
    OV float NAME(volatile AS atomic_float *o, float v, memory_order mo, memory_scope sc)         \
    {                                                                                             \
        volatile AS atomic_int *io = (volatile AS atomic_int *)o;                                 \
        int old = atomic_load_explicit(io, memory_order_relaxed, memory_scope_work_group);        \
        for (;;) {                                                                                \
            float cur = as_float(old);                                                            \
            float nv = EXPR;                                                                      \
            if (atomic_compare_exchange_weak_explicit(io, &old, as_int(nv), memory_order_relaxed, \
                                                      memory_order_relaxed, memory_scope_work_group)) \
                return cur;                                                                       \
        }                                                                                         \
    }
#define FORMS(AS, OP)                                                                              \
    OV float atomic_fetch_##OP##_explicit(volatile AS atomic_float *o, float v, memory_order mo)  \
    {                                                                                             \
        return atomic_fetch_##OP##_explicit(o, v, mo, memory_scope_work_group);                   \
    }                                                                                             \
    OV float atomic_fetch_##OP(volatile AS atomic_float *o, float v)                              \
    {                                                                                             \
        return atomic_fetch_##OP##_explicit(o, v, memory_order_relaxed, memory_scope_work_group); \
    }
#ifdef WRONG_FA
#define SUB_EXPR cur + v
#define MIN_EXPR v > cur ? v : cur
#define MAX_EXPR v < cur ? v : cur
#else
#define SUB_EXPR cur - v
#define MIN_EXPR v < cur ? v : cur
#define MAX_EXPR v > cur ? v : cur
#endif
#define FAS(AS)                                                                    \
    FA(AS, atomic_fetch_add_explicit, cur + v)                                     \
    FA(AS, atomic_fetch_sub_explicit, SUB_EXPR)                                    \
    FA(AS, atomic_fetch_min_explicit, MIN_EXPR)                                    \
    FA(AS, atomic_fetch_max_explicit, MAX_EXPR)                                    \
    FORMS(AS, add) FORMS(AS, sub) FORMS(AS, min) FORMS(AS, max)
FAS(global)
FAS(local)
#ifdef __opencl_c_generic_address_space
FAS()
#endif
#endif
