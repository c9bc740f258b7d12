/* The host side of `clconform fuzz --self-check`: the OpenCL C types and
 * built-ins that harness/fuzz_gen.c's programs use, in C11 with GCC/clang
 * vector extensions, so the same kernel body compiles as C. Each built-in
 * follows its OpenCL C 1.2 definition (6.12.3 integer functions, 6.2.3
 * explicit conversions, 6.2.4.2 as_type); the body is compiled with
 * -fsanitize=undefined, so an undefined operation the generator let through
 * stops the check. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned int uint;
typedef unsigned int uint4 __attribute__((vector_size(16)));
typedef int int4 __attribute__((vector_size(16)));

#define U4(a, b, c, d) ((uint4){(a), (b), (c), (d)})
#define I4(a, b, c, d) ((int4){(a), (b), (c), (d)})

static inline uint as_uint_u(uint x) { return x; }
static inline uint as_uint_i(int x) { uint r; memcpy(&r, &x, sizeof r); return r; }
static inline int as_int_u(uint x) { int r; memcpy(&r, &x, sizeof r); return r; }
static inline int as_int_i(int x) { return x; }
#define as_uint(x) _Generic((x), uint: as_uint_u, int: as_uint_i)(x)
#define as_int(x) _Generic((x), uint: as_int_u, int: as_int_i)(x)
#define as_uint4(x) ((uint4)(x))
#define as_int4(x) ((int4)(x))

static inline int convert_int_sat(uint x) { return x > INT_MAX ? INT_MAX : (int)x; }
static inline uint convert_uint_sat(int x) { return x < 0 ? 0u : (uint)x; }
static inline int4 convert_int4_sat(uint4 v) { int4 r; for (int i = 0; i < 4; i++) r[i] = convert_int_sat(v[i]); return r; }
static inline uint4 convert_uint4_sat(int4 v) { uint4 r; for (int i = 0; i < 4; i++) r[i] = convert_uint_sat(v[i]); return r; }

static inline uint min_u(uint a, uint b) { return a < b ? a : b; }
static inline int min_i(int a, int b) { return a < b ? a : b; }
static inline uint max_u(uint a, uint b) { return a > b ? a : b; }
static inline int max_i(int a, int b) { return a > b ? a : b; }
static inline uint add_sat_u(uint a, uint b) { return a > UINT_MAX - b ? UINT_MAX : a + b; }
static inline int add_sat_i(int a, int b) { long long s = (long long)a + b; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s; }
static inline uint sub_sat_u(uint a, uint b) { return a > b ? a - b : 0u; }
static inline int sub_sat_i(int a, int b) { long long s = (long long)a - b; return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s; }
static inline uint mul_hi_u(uint a, uint b) { return (uint)(((unsigned long long)a * b) >> 32); }
static inline int mul_hi_i(int a, int b) { long long p = (long long)a * b; return (int)(p >> 32); }
static inline uint rotate_u(uint a, uint b) { uint k = b & 31u; return k ? (a << k) | (a >> (32u - k)) : a; }
static inline uint clz_u(uint a) { return a ? (uint)__builtin_clz(a) : 32u; }
static inline uint abs_i(int a) { return a < 0 ? 0u - (uint)a : (uint)a; }

/* Vector versions, lane by lane. */
#define LANES2(name, vt, f) static inline vt name(vt a, vt b) { vt r; for (int i = 0; i < 4; i++) r[i] = f(a[i], b[i]); return r; }
LANES2(min_u4, uint4, min_u) LANES2(min_i4, int4, min_i) LANES2(max_u4, uint4, max_u) LANES2(max_i4, int4, max_i)
LANES2(add_sat_u4, uint4, add_sat_u) LANES2(add_sat_i4, int4, add_sat_i) LANES2(sub_sat_u4, uint4, sub_sat_u)
LANES2(sub_sat_i4, int4, sub_sat_i) LANES2(mul_hi_u4, uint4, mul_hi_u) LANES2(mul_hi_i4, int4, mul_hi_i)
LANES2(rotate_u4, uint4, rotate_u)
static inline uint4 clz_u4(uint4 a) { uint4 r; for (int i = 0; i < 4; i++) r[i] = clz_u(a[i]); return r; }
static inline uint4 abs_i4(int4 a) { uint4 r; for (int i = 0; i < 4; i++) r[i] = abs_i(a[i]); return r; }

#define GEN2(name, a, b) _Generic((a), uint: name##_u, int: name##_i, uint4: name##_u4, int4: name##_i4)(a, b)
#define min(a, b) GEN2(min, a, b)
#define max(a, b) GEN2(max, a, b)
#define add_sat(a, b) GEN2(add_sat, a, b)
#define sub_sat(a, b) GEN2(sub_sat, a, b)
#define mul_hi(a, b) GEN2(mul_hi, a, b)
#define rotate(a, b) _Generic((a), uint: rotate_u, uint4: rotate_u4)(a, b)
#define clz(a) _Generic((a), uint: clz_u, uint4: clz_u4)(a)
#define abs(a) _Generic((a), int: abs_i, int4: abs_i4)(a)

static inline void vstore4(uint4 v, size_t offset, uint *p) { memcpy(p + offset * 4, &v, sizeof v); }
