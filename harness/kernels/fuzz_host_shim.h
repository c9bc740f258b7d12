/* The host side of `clconform fuzz --self-check`: the OpenCL C types and
 * built-ins that the generator's programs use, in C11 with GCC/clang
 * vector extensions, so the same kernel body compiles as C. Each built-in
 * follows its OpenCL C definition (6.12.3 integer functions, 6.12.2 math
 * functions that are exact, 6.2.3 explicit conversions, 6.2.4.2 as_type,
 * 6.12.7 vloadn/vstoren, 6.12.8 barrier); the body is compiled with
 * -fsanitize=undefined, so an undefined operation the generator let through
 * stops the check. A work-group runs as one thread per work-item, __local
 * arrays are static (shared) and barrier() is a pthread barrier.
 * Conversions and as_type are defined by the generated file itself, one
 * macro per name (FZ_CV, FZ_CVV, FZ_AS below). 3-component vectors are held
 * in 4 lanes (as OpenCL stores them); the generator never divides them. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(long) == 8, "OpenCL C's long is 64 bits");

/* OpenCL C's char is signed: the check compiles with -fsigned-char. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef __int128 fz_i128;

#define FZ_VECS(E, S)                                                                                                 \
    typedef E E##2 __attribute__((vector_size(2 * S)));                                                                \
    typedef E E##3 __attribute__((vector_size(4 * S)));                                                                \
    typedef E E##4 __attribute__((vector_size(4 * S)));                                                                \
    typedef E E##8 __attribute__((vector_size(8 * S)));                                                                \
    typedef E E##16 __attribute__((vector_size(16 * S)));
FZ_VECS(char, 1) FZ_VECS(uchar, 1) FZ_VECS(short, 2) FZ_VECS(ushort, 2) FZ_VECS(int, 4) FZ_VECS(uint, 4)
FZ_VECS(long, 8) FZ_VECS(ulong, 8) FZ_VECS(float, 4) FZ_VECS(double, 8)

/* ---- macros the generator writes (the device's are in each probe's prelude) ------- */

#define V2(T, a, b) ((T){a, b})
#define V3(T, a, b, c) ((T){a, b, c})
#define V4(T, a, b, c, d) ((T){a, b, c, d})
#define V8(T, a, b, c, d, e, f, g, h) ((T){a, b, c, d, e, f, g, h})
#define V16(T, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p) ((T){a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p})
#define SW1(v, a) ((v)[0x##a])
#define SW2(v, a, b) __builtin_shufflevector((v), (v), 0x##a, 0x##b)
#define SW3(v, a, b, c) __builtin_shufflevector((v), (v), 0x##a, 0x##b, 0x##c, 0x##a)
#define SW4(v, a, b, c, d) __builtin_shufflevector((v), (v), 0x##a, 0x##b, 0x##c, 0x##d)
#define SW8(v, a, b, c, d, e, f, g, h)                                                                                \
    __builtin_shufflevector((v), (v), 0x##a, 0x##b, 0x##c, 0x##d, 0x##e, 0x##f, 0x##g, 0x##h)
#define SW16(v, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                                                        \
    __builtin_shufflevector((v), (v), 0x##a, 0x##b, 0x##c, 0x##d, 0x##e, 0x##f, 0x##g, 0x##h, 0x##i, 0x##j, 0x##k,     \
                            0x##l, 0x##m, 0x##n, 0x##o, 0x##p)
#define LO2(v) ((v)[0])
#define HI2(v) ((v)[1])
#define EVEN2(v) ((v)[0])
#define ODD2(v) ((v)[1])
#define LO4(v) __builtin_shufflevector((v), (v), 0, 1)
#define HI4(v) __builtin_shufflevector((v), (v), 2, 3)
#define EVEN4(v) __builtin_shufflevector((v), (v), 0, 2)
#define ODD4(v) __builtin_shufflevector((v), (v), 1, 3)
#define LO8(v) __builtin_shufflevector((v), (v), 0, 1, 2, 3)
#define HI8(v) __builtin_shufflevector((v), (v), 4, 5, 6, 7)
#define EVEN8(v) __builtin_shufflevector((v), (v), 0, 2, 4, 6)
#define ODD8(v) __builtin_shufflevector((v), (v), 1, 3, 5, 7)
#define LO16(v) __builtin_shufflevector((v), (v), 0, 1, 2, 3, 4, 5, 6, 7)
#define HI16(v) __builtin_shufflevector((v), (v), 8, 9, 10, 11, 12, 13, 14, 15)
#define EVEN16(v) __builtin_shufflevector((v), (v), 0, 2, 4, 6, 8, 10, 12, 14)
#define ODD16(v) __builtin_shufflevector((v), (v), 1, 3, 5, 7, 9, 11, 13, 15)

/* ---- conversions (6.2.3) and as_type (6.2.4.2) ------------------------------------ */

#define FZ_AS(T, x) ({ __typeof__(x) fz_ax_ = (x); T fz_ar_; memcpy(&fz_ar_, &fz_ax_, sizeof fz_ar_); fz_ar_; })

/* An integer value converted to integer type E: saturated, or (E unsigned)
 * modulo 2^bits; the generator converts to a signed type without _sat only
 * in range. */
#define FZ_INT_CONV(E, MIN, MAX)                                                                                      \
    static inline E fz_cvi_##E(fz_i128 x, int sat, int mode)                                                         \
    {                                                                                                                  \
        (void)mode;                                                                                                    \
        if (sat)                                                                                                       \
            return x < (fz_i128)(MIN) ? (E)(MIN) : x > (fz_i128)(MAX) ? (E)(MAX) : (E)x;                            \
        return (E)(unsigned __int128)x;                                                                                \
    }                                                                                                                  \
    static inline E fz_cvf_##E(double x, int sat, int mode)                                                          \
    {                                                                                                                  \
        double r = mode == 'e' ? __builtin_nearbyint(x) : mode == 'p' ? __builtin_ceil(x)                             \
                 : mode == 'n' ? __builtin_floor(x) : __builtin_trunc(x);                                            \
        if (sat && r < (double)(MIN))                                                                                 \
            return (E)(MIN);                                                                                           \
        if (sat && r >= (double)(MAX))                                                                                \
            return (E)(MAX);                                                                                           \
        return (E)r;                                                                                                   \
    }
FZ_INT_CONV(char, SCHAR_MIN, SCHAR_MAX) FZ_INT_CONV(uchar, 0, UCHAR_MAX) FZ_INT_CONV(short, SHRT_MIN, SHRT_MAX)
FZ_INT_CONV(ushort, 0, USHRT_MAX) FZ_INT_CONV(int, INT_MIN, INT_MAX) FZ_INT_CONV(uint, 0, UINT_MAX)
FZ_INT_CONV(long, LONG_MIN, LONG_MAX) FZ_INT_CONV(ulong, 0, ULONG_MAX)
static inline float fz_cvi_float(fz_i128 x, int sat, int mode) { (void)sat; (void)mode; return (float)x; }
static inline float fz_cvf_float(double x, int sat, int mode) { (void)sat; (void)mode; return (float)x; }
static inline double fz_cvi_double(fz_i128 x, int sat, int mode) { (void)sat; (void)mode; return (double)x; }
static inline double fz_cvf_double(double x, int sat, int mode) { (void)sat; (void)mode; return x; }

#define FZ_CV(E, SAT, MODE, x) _Generic((x), float: fz_cvf_##E, double: fz_cvf_##E, default: fz_cvi_##E)((x), SAT, MODE)
#define FZ_CVV(T, E, N, SAT, MODE, x)                                                                                 \
    ({                                                                                                                 \
        __typeof__(x) fz_cx_ = (x);                                                                                    \
        T fz_cr_ = {0};                                                                                                \
        for (int fz_i_ = 0; fz_i_ < N; fz_i_++)                                                                        \
            fz_cr_[fz_i_] = FZ_CV(E, SAT, MODE, fz_cx_[fz_i_]);                                                        \
        fz_cr_;                                                                                                        \
    })

static inline ulong upsample(uint hi, uint lo) { return (ulong)hi << 32 | lo; }

/* ---- integer built-ins (6.12.3), per element type, then per vector ------------------ */

#define FZ_ELEM_FNS(E, UE, B, MIN, MAX)                                                                               \
    static inline E fz_e_min_##E(E a, E b) { return a < b ? a : b; }                                                    \
    static inline E fz_e_max_##E(E a, E b) { return a > b ? a : b; }                                                    \
    static inline E fz_e_sat_##E(fz_i128 v) { return v < (fz_i128)(MIN) ? (E)(MIN) : v > (fz_i128)(MAX) ? (E)(MAX) : (E)v; } \
    static inline E fz_e_add_sat_##E(E a, E b) { return fz_e_sat_##E((fz_i128)a + b); }                                   \
    static inline E fz_e_sub_sat_##E(E a, E b) { return fz_e_sat_##E((fz_i128)a - b); }                                   \
    static inline E fz_e_mul_hi_##E(E a, E b)                                                                            \
    {                                                                                                                  \
        if (B == 64 && (E)-1 > 0)                                                                                      \
            return (E)(((unsigned __int128)(ulong)a * (ulong)b) >> 64);                                                \
        return (E)(((fz_i128)a * b) >> B);                                                                             \
    }                                                                                                                  \
    static inline E fz_e_rotate_##E(E a, E b)                                                                            \
    {                                                                                                                  \
        UE u = (UE)a;                                                                                                  \
        int k = (int)((UE)b & (B - 1));                                                                                \
        return k ? (E)(UE)((UE)(u << k) | (UE)(u >> (B - k))) : a;                                                     \
    }                                                                                                                  \
    static inline E fz_e_hadd_##E(E a, E b) { return (E)(((fz_i128)a + b) >> 1); }                                     \
    static inline E fz_e_rhadd_##E(E a, E b) { return (E)(((fz_i128)a + b + 1) >> 1); }                                \
    static inline UE fz_e_abs_diff_##E(E a, E b) { return (UE)(a > b ? (fz_i128)a - b : (fz_i128)b - a); }              \
    static inline UE fz_e_abs_##E(E a) { return (UE)(a < 0 ? -(fz_i128)a : (fz_i128)a); }                               \
    static inline E fz_e_clamp_##E(E x, E lo, E hi) { return fz_e_min_##E(fz_e_max_##E(x, lo), hi); }                      \
    static inline E fz_e_clz_##E(E a)                                                                                    \
    {                                                                                                                  \
        UE u = (UE)a;                                                                                                  \
        E n = 0;                                                                                                       \
        for (int i = B - 1; i >= 0 && !((u >> i) & 1); i--)                                                            \
            n++;                                                                                                       \
        return n;                                                                                                      \
    }                                                                                                                  \
    static inline E fz_e_popcount_##E(E a)                                                                               \
    {                                                                                                                  \
        UE u = (UE)a;                                                                                                  \
        E n = 0;                                                                                                       \
        for (; u; u &= (UE)(u - 1))                                                                                    \
            n++;                                                                                                       \
        return n;                                                                                                      \
    }
FZ_ELEM_FNS(char, uchar, 8, SCHAR_MIN, SCHAR_MAX) FZ_ELEM_FNS(uchar, uchar, 8, 0, UCHAR_MAX)
FZ_ELEM_FNS(short, ushort, 16, SHRT_MIN, SHRT_MAX) FZ_ELEM_FNS(ushort, ushort, 16, 0, USHRT_MAX)
FZ_ELEM_FNS(int, uint, 32, INT_MIN, INT_MAX) FZ_ELEM_FNS(uint, uint, 32, 0, UINT_MAX)
FZ_ELEM_FNS(long, ulong, 64, LONG_MIN, LONG_MAX) FZ_ELEM_FNS(ulong, ulong, 64, 0, ULONG_MAX)

/* ---- exact float built-ins (6.12.2: 0 ulp) ---------------------------------------- */

#define FZ_FLT_FNS(E, SUF)                                                                                            \
    static inline E fz_e_fmin_##E(E a, E b) { return __builtin_fmin##SUF(a, b); }                                      \
    static inline E fz_e_fmax_##E(E a, E b) { return __builtin_fmax##SUF(a, b); }                                      \
    static inline E fz_e_copysign_##E(E a, E b) { return __builtin_copysign##SUF(a, b); }                              \
    static inline E fz_e_fma_##E(E a, E b, E c) { return __builtin_fma##SUF(a, b, c); }                               \
    static inline E fz_e_fabs_##E(E a) { return __builtin_fabs##SUF(a); }                                              \
    static inline E fz_e_floor_##E(E a) { return __builtin_floor##SUF(a); }                                            \
    static inline E fz_e_ceil_##E(E a) { return __builtin_ceil##SUF(a); }                                              \
    static inline E fz_e_trunc_##E(E a) { return __builtin_trunc##SUF(a); }
FZ_FLT_FNS(float, f) FZ_FLT_FNS(double, )

/* Per type T (element E, N lanes; N = 1 a scalar), lane by lane. */
#define FZ_W1(fn, T, E, N, RT, RE)                                                                                    \
    static inline RT fz_##fn##_##T(T a)                                                                                \
    {                                                                                                                  \
        E x[N];                                                                                                        \
        RE z[N];                                                                                                       \
        RT r;                                                                                                          \
        memcpy(x, &a, sizeof x);                                                                                       \
        for (int i = 0; i < N; i++)                                                                                    \
            z[i] = fz_e_##fn##_##E(x[i]);                                                                                \
        memcpy(&r, z, sizeof r);                                                                                       \
        return r;                                                                                                      \
    }
#define FZ_W2(fn, T, E, N, RT, RE)                                                                                    \
    static inline RT fz_##fn##_##T(T a, T b)                                                                           \
    {                                                                                                                  \
        E x[N], y[N];                                                                                                  \
        RE z[N];                                                                                                       \
        RT r;                                                                                                          \
        memcpy(x, &a, sizeof x);                                                                                       \
        memcpy(y, &b, sizeof y);                                                                                       \
        for (int i = 0; i < N; i++)                                                                                    \
            z[i] = fz_e_##fn##_##E(x[i], y[i]);                                                                          \
        memcpy(&r, z, sizeof r);                                                                                       \
        return r;                                                                                                      \
    }
#define FZ_W3(fn, T, E, N)                                                                                            \
    static inline T fz_##fn##_##T(T a, T b, T c)                                                                       \
    {                                                                                                                  \
        E x[N], y[N], w[N];                                                                                            \
        T r;                                                                                                           \
        memcpy(x, &a, sizeof x);                                                                                       \
        memcpy(y, &b, sizeof y);                                                                                       \
        memcpy(w, &c, sizeof w);                                                                                       \
        for (int i = 0; i < N; i++)                                                                                    \
            x[i] = fz_e_##fn##_##E(x[i], y[i], w[i]);                                                                    \
        memcpy(&r, x, sizeof r);                                                                                       \
        return r;                                                                                                      \
    }

/* Every integer type but the 3-component ones (which are the 4-component
 * types here): X(T, E, N, UT, UE). */
#define FZ_INT_ROW(X, E, UE) X(E, E, 1, UE, UE) X(E##2, E, 2, UE##2, UE) X(E##4, E, 4, UE##4, UE) X(E##8, E, 8, UE##8, UE) X(E##16, E, 16, UE##16, UE)
#define FZ_INT_TYPES(X)                                                                                               \
    FZ_INT_ROW(X, char, uchar) FZ_INT_ROW(X, uchar, uchar) FZ_INT_ROW(X, short, ushort) FZ_INT_ROW(X, ushort, ushort) \
    FZ_INT_ROW(X, int, uint) FZ_INT_ROW(X, uint, uint) FZ_INT_ROW(X, long, ulong) FZ_INT_ROW(X, ulong, ulong)
#define FZ_FLT_ROW(X, E) X(E, E, 1, E, E) X(E##2, E, 2, E, E) X(E##4, E, 4, E, E) X(E##8, E, 8, E, E) X(E##16, E, 16, E, E)
#define FZ_FLT_TYPES(X) FZ_FLT_ROW(X, float) FZ_FLT_ROW(X, double)

#define FZ_DEF_INT(T, E, N, UT, UE)                                                                                   \
    FZ_W2(min, T, E, N, T, E) FZ_W2(max, T, E, N, T, E) FZ_W2(add_sat, T, E, N, T, E) FZ_W2(sub_sat, T, E, N, T, E) \
    FZ_W2(mul_hi, T, E, N, T, E) FZ_W2(rotate, T, E, N, T, E) FZ_W2(hadd, T, E, N, T, E)                            \
    FZ_W2(rhadd, T, E, N, T, E) FZ_W2(abs_diff, T, E, N, UT, UE) FZ_W1(abs, T, E, N, UT, UE)                        \
    FZ_W1(clz, T, E, N, T, E) FZ_W1(popcount, T, E, N, T, E) FZ_W3(clamp, T, E, N)
FZ_INT_TYPES(FZ_DEF_INT)
#define FZ_DEF_FLT(T, E, N, UT, UE)                                                                                   \
    FZ_W2(fmin, T, E, N, T, E) FZ_W2(fmax, T, E, N, T, E) FZ_W2(copysign, T, E, N, T, E) FZ_W3(fma, T, E, N)        \
    FZ_W1(fabs, T, E, N, T, E) FZ_W1(floor, T, E, N, T, E) FZ_W1(ceil, T, E, N, T, E) FZ_W1(trunc, T, E, N, T, E)
FZ_FLT_TYPES(FZ_DEF_FLT)

#define FZ_CASE(fn, T) T: fz_##fn##_##T,
#define FZ_C_min(T, E, N, UT, UE) FZ_CASE(min, T)
#define FZ_C_max(T, E, N, UT, UE) FZ_CASE(max, T)
#define FZ_C_add_sat(T, E, N, UT, UE) FZ_CASE(add_sat, T)
#define FZ_C_sub_sat(T, E, N, UT, UE) FZ_CASE(sub_sat, T)
#define FZ_C_mul_hi(T, E, N, UT, UE) FZ_CASE(mul_hi, T)
#define FZ_C_rotate(T, E, N, UT, UE) FZ_CASE(rotate, T)
#define FZ_C_hadd(T, E, N, UT, UE) FZ_CASE(hadd, T)
#define FZ_C_rhadd(T, E, N, UT, UE) FZ_CASE(rhadd, T)
#define FZ_C_abs_diff(T, E, N, UT, UE) FZ_CASE(abs_diff, T)
#define FZ_C_abs(T, E, N, UT, UE) FZ_CASE(abs, T)
#define FZ_C_clz(T, E, N, UT, UE) FZ_CASE(clz, T)
#define FZ_C_popcount(T, E, N, UT, UE) FZ_CASE(popcount, T)
#define FZ_C_clamp(T, E, N, UT, UE) FZ_CASE(clamp, T)
#define FZ_C_fmin(T, E, N, UT, UE) FZ_CASE(fmin, T)
#define FZ_C_fmax(T, E, N, UT, UE) FZ_CASE(fmax, T)
#define FZ_C_copysign(T, E, N, UT, UE) FZ_CASE(copysign, T)
#define FZ_C_fma(T, E, N, UT, UE) FZ_CASE(fma, T)
#define FZ_C_fabs(T, E, N, UT, UE) FZ_CASE(fabs, T)
#define FZ_C_floor(T, E, N, UT, UE) FZ_CASE(floor, T)
#define FZ_C_ceil(T, E, N, UT, UE) FZ_CASE(ceil, T)
#define FZ_C_trunc(T, E, N, UT, UE) FZ_CASE(trunc, T)
#define FZ_I(fn, a) _Generic((a), FZ_INT_TYPES(FZ_C_##fn) default: 0)
#define FZ_F(fn, a) _Generic((a), FZ_FLT_TYPES(FZ_C_##fn) default: 0)

#define min(a, b) FZ_I(min, a)(a, b)
#define max(a, b) FZ_I(max, a)(a, b)
#define add_sat(a, b) FZ_I(add_sat, a)(a, b)
#define sub_sat(a, b) FZ_I(sub_sat, a)(a, b)
#define mul_hi(a, b) FZ_I(mul_hi, a)(a, b)
#define rotate(a, b) FZ_I(rotate, a)(a, b)
#define hadd(a, b) FZ_I(hadd, a)(a, b)
#define rhadd(a, b) FZ_I(rhadd, a)(a, b)
#define abs_diff(a, b) FZ_I(abs_diff, a)(a, b)
#define abs(a) FZ_I(abs, a)(a)
#define clz(a) FZ_I(clz, a)(a)
#define popcount(a) FZ_I(popcount, a)(a)
#define clamp(a, b, c) FZ_I(clamp, a)(a, b, c)
#define fmin(a, b) FZ_F(fmin, a)(a, b)
#define fmax(a, b) FZ_F(fmax, a)(a, b)
#define copysign(a, b) FZ_F(copysign, a)(a, b)
#define fma(a, b, c) FZ_F(fma, a)(a, b, c)
#define fabs(a) FZ_F(fabs, a)(a)
#define floor(a) FZ_F(floor, a)(a)
#define ceil(a) FZ_F(ceil, a)(a)
#define trunc(a) FZ_F(trunc, a)(a)

/* select(a, b, c) (6.12.6): per component, b where c's sign bit is set. */
#define select(a, b, c)                                                                                                \
    ({                                                                                                                 \
        __typeof__(a) fz_sa_ = (a), fz_sb_ = (b);                                                                      \
        __typeof__(c) fz_sc_ = (c);                                                                                    \
        for (unsigned fz_i_ = 0; fz_i_ < sizeof fz_sa_ / sizeof fz_sa_[0]; fz_i_++)                                    \
            if (fz_sc_[fz_i_] < 0)                                                                                     \
                fz_sa_[fz_i_] = fz_sb_[fz_i_];                                                                         \
        fz_sa_;                                                                                                        \
    })

/* ---- vloadn / vstoren (6.12.7) on uint and float pointers ------------------------- */

#define FZ_VLOAD(N, E, T)                                                                                             \
    static inline T fz_vload##N##_##E(size_t o, const E *p)                                                            \
    {                                                                                                                  \
        T r = {0};                                                                                                     \
        for (int i = 0; i < N; i++)                                                                                    \
            r[i] = p[o * N + (size_t)i];                                                                               \
        return r;                                                                                                      \
    }
FZ_VLOAD(2, uint, uint2) FZ_VLOAD(3, uint, uint3) FZ_VLOAD(4, uint, uint4) FZ_VLOAD(8, uint, uint8)
FZ_VLOAD(2, float, float2) FZ_VLOAD(3, float, float3) FZ_VLOAD(4, float, float4) FZ_VLOAD(8, float, float8)
#define FZ_VL(N, o, p) _Generic((p), const uint *: fz_vload##N##_uint, uint *: fz_vload##N##_uint, const float *: fz_vload##N##_float)(o, p)
#define vload2(o, p) FZ_VL(2, o, p)
#define vload3(o, p) FZ_VL(3, o, p)
#define vload4(o, p) FZ_VL(4, o, p)
#define vload8(o, p) FZ_VL(8, o, p)
#define FZ_VSTORE(N)                                                                                                  \
    static inline void vstore##N(uint##N v, size_t o, uint *p)                                                        \
    {                                                                                                                  \
        for (int i = 0; i < N; i++)                                                                                    \
            p[o * N + (size_t)i] = v[i];                                                                               \
    }
FZ_VSTORE(2) FZ_VSTORE(3) FZ_VSTORE(4) FZ_VSTORE(8) FZ_VSTORE(16)

/* ---- work-groups -------------------------------------------------------------------- */

#define __local static
#define CLK_LOCAL_MEM_FENCE 1
static _Thread_local size_t fz_lid;
static pthread_barrier_t fz_barrier;
static inline size_t get_local_id(int d) { return d == 0 ? fz_lid : 0; }
static inline void barrier(int flags) { (void)flags; pthread_barrier_wait(&fz_barrier); }

typedef void (*fz_kernel)(const uint *, const float *, uint *);
typedef struct {
    fz_kernel k;
    size_t lid;
    const uint *in;
    const float *fin;
    uint *out;
} fz_item;

static void *fz_item_run(void *arg)
{
    fz_item *it = arg;
    fz_lid = it->lid;
    it->k(it->in, it->fin, it->out);
    return NULL;
}

/* Runs the kernel once per work-item of one work-group, each on a thread. */
static void fz_run(fz_kernel k, unsigned items, const uint *in, const float *fin, uint *out)
{
    pthread_t t[64];
    fz_item it[64];
    pthread_barrier_init(&fz_barrier, NULL, items);
    for (unsigned i = 0; i < items && i < 64; i++) {
        fz_item one = {k, i, in, fin, out};
        it[i] = one;
        if (pthread_create(&t[i], NULL, fz_item_run, &it[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            _Exit(2);
        }
    }
    for (unsigned i = 0; i < items && i < 64; i++)
        pthread_join(t[i], NULL);
}
