/* float standing in for half, on a device without cl_khr_fp16
 * (tests/e2e/test_half_mock.sh). The half probes (probes/half-precision-floating-point)
 * take operands as bits through as_half and give results as bits through
 * as_ushort; here as_half widens the half those bits hold to a float
 * (vload_half: exact) and as_ushort rounds a float to the nearest half
 * (vstore_half_rte), so a float result of one operation on halves becomes
 * the correctly rounded half result. convert_half_<mode> rounds in its mode
 * and keeps the half value in a float. Defined before the macros below, so
 * their own `half` is the real type (pointers to half need no extension). */
float clc_half_of_bits(ushort u) { return vload_half(0, (const __private half *)&u); }
ushort clc_bits_of_half(float f) { ushort u; vstore_half_rte(f, 0, (__private half *)&u); return u; }
float4 clc_half4_of_bits(ushort4 u) { return vload_half4(0, (const __private half *)&u); }
ushort4 clc_bits_of_half4(float4 f) { ushort4 u; vstore_half4_rte(f, 0, (__private half *)&u); return u; }
#define CLC_ROUND_HALF(mode) \
    float __attribute__((overloadable)) clc_half_##mode(float x) \
    { ushort u; vstore_half_##mode(x, 0, (__private half *)&u); return clc_half_of_bits(u); }
CLC_ROUND_HALF(rte)
CLC_ROUND_HALF(rtz)
CLC_ROUND_HALF(rtp)
CLC_ROUND_HALF(rtn)
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define CLC_ROUND_HALF_D(mode) \
    float __attribute__((overloadable)) clc_half_##mode(double x) \
    { ushort u; vstore_half_##mode(x, 0, (__private half *)&u); return clc_half_of_bits(u); }
CLC_ROUND_HALF_D(rte)
CLC_ROUND_HALF_D(rtz)
CLC_ROUND_HALF_D(rtp)
CLC_ROUND_HALF_D(rtn)
#endif
#define half float
#define half4 float4
#define as_half(u) clc_half_of_bits(u)
#define as_ushort(f) clc_bits_of_half(f)
#define as_half4(u) clc_half4_of_bits(u)
#define as_ushort4(f) clc_bits_of_half4(f)
#define convert_half(x) clc_half_rte(x)
#define convert_half_rte(x) clc_half_rte(x)
#define convert_half_rtz(x) clc_half_rtz(x)
#define convert_half_rtp(x) clc_half_rtp(x)
#define convert_half_rtn(x) clc_half_rtn(x)
