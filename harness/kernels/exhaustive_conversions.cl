// Exhaustive conversion sweeps (clconform --exhaustive conversions).
//
// Every kernel walks inputs u = offset + k * stride (mod 2^32), k < n, each
// work-item `per_item` of them, converts with the OpenCL built-in under test
// and compares with a reference that works on the input's bits with integer
// arithmetic only: no floating-point conversion, no floating-point operation
// at all, so it is independent of what it checks. (The reference itself is
// checked against scripts/convert/convref.c by tests/unit/test_exhaustive_ref.c
// through the ref_* kernels at the end.)
//
// Rules, OpenCL C 1.2:
//   6.2.3.2  rounding modes _rte _rtz _rtp _rtn; without one, conversions to an
//            integer type round toward zero, to float to nearest even.
//   6.2.3.3  an operand out of range (its value rounded in the call's mode
//            greater than the type's greatest value or less than its least:
//            the CTS's reading, docs/spec-readings.md conv-out-of-range 2c)
//            without _sat: not judged; with _sat: clamped to the type's
//            range; NaN converts to 0 under _sat.
//   7.5.3    a device without single-precision denormals may flush a denormal
//            input to zero (of either sign): both results are accepted there.
//
// Mismatches travel back, nothing else: counts[0] counts them, found[] holds
// the first `cap` as (input bits, actual bits, expected bits); counts[1]
// counts inputs the spec does not judge.

#define MODE_RTE 0
#define MODE_RTZ 1
#define MODE_RTP 2
#define MODE_RTN 3

// Whether the magnitude q + rem / 2^k (halfway = 2^(k-1), rem < 2^k) rounds up
// to q + 1 under mode, for a value of this sign.
static uint round_up(ulong q, ulong rem, ulong halfway, int mode, uint sign)
{
    if (rem == 0)
        return 0;
    if (mode == MODE_RTE)
        return rem > halfway || (rem == halfway && (q & 1));
    if (mode == MODE_RTP)
        return !sign;
    if (mode == MODE_RTN)
        return sign;
    return 0;
}

// The float with bits u converted to an integer type of `width` bits
// (signed if sgn), with or without saturation, under rounding mode `mode`.
// Returns 0 when the spec leaves the result undefined, else 1 with *out =
// the result's bits, zero-extended.
static int ref_f2i_bits(uint u, int width, int sgn, int sat, int mode, ulong *out)
{
    uint sign = u >> 31, ex = (u >> 23) & 0xffu, man = u & 0x7fffffu;
    ulong mask = width == 64 ? ~(ulong)0 : (((ulong)1 << width) - 1);
    ulong max_pos = sgn ? (((ulong)1 << (width - 1)) - 1) : mask; // largest magnitude, positive
    ulong max_neg = sgn ? ((ulong)1 << (width - 1)) : 0;         // largest magnitude, negative
    ulong lo = ((ulong)0 - max_neg) & mask;                       // bits of the least value
    if (ex == 255u) {
        if (!sat)
            return 0;
        *out = man ? 0 : (sign ? lo : max_pos); // NaN -> 0; +-inf clamps
        return 1;
    }
    ulong m = ex ? (man | 0x800000u) : man; // value = m * 2^e2
    int e2 = (ex ? (int)ex : 1) - 150;
    ulong q = 0; // the magnitude's integer part
    int huge = 0;
    uint inc = 0;
    if (m != 0) {
        if (e2 >= 0) {
            // m < 2^24: m << e2 fits 64 bits up to e2 = 40; beyond, the
            // magnitude is at least 2^64, out of every range.
            if (e2 > 40)
                huge = 1;
            else
                q = m << e2;
        } else {
            int k = -e2;
            ulong rem, halfway;
            if (k > 40) { // m < 2^24 <= halfway: below one half, not zero
                rem = m;
                halfway = ~(ulong)0;
            } else {
                q = m >> k;
                rem = m & ((((ulong)1) << k) - 1);
                halfway = ((ulong)1) << (k - 1);
            }
            inc = round_up(q, rem, halfway, mode, sign);
        }
    }
    // 6.2.3.3: the operand is out of range when its value rounded in the
    // call's mode is greater than the greatest or less than the least value
    // of the type (convert_uchar_rtp(-0.5f) is 0, convert_uchar_rtn(-0.5f)
    // out of range). q < 2^24 whenever inc is 1, so q + inc cannot wrap.
    ulong lim = sign ? max_neg : max_pos;
    q += inc;
    if (huge || q > lim) {
        if (!sat)
            return 0;
        *out = sign ? lo : max_pos;
        return 1;
    }
    *out = (sign ? (ulong)0 - q : q) & mask;
    return 1;
}

// The 32-bit integer with bits x (signed if sgn) converted to float under
// mode: the float's bits.
static uint ref_i2f_bits(uint x, int sgn, int mode)
{
    uint sign = sgn ? x >> 31 : 0;
    uint mag = sign ? 0u - x : x;
    if (mag == 0)
        return 0;
    int p = 31; // position of the leading one
    while (!(mag >> p))
        p--;
    uint q;
    if (p <= 23) {
        q = mag << (23 - p);
    } else {
        int k = p - 23;
        q = mag >> k;
        uint rem = mag & ((1u << k) - 1);
        q += round_up(q, rem, (ulong)1 << (k - 1), mode, sign);
        if (q == 0x1000000u) { // rounded up to the next power of two
            q >>= 1;
            p++;
        }
    }
    return (sign << 31) | ((uint)(p + 127) << 23) | (q & 0x7fffffu);
}

static void note_mismatch(__global uint *counts, __global ulong *found, uint cap, uint u, ulong got, ulong want)
{
    uint slot = atomic_inc(&counts[0]);
    if (slot < cap) {
        found[3 * slot] = u;
        found[3 * slot + 1] = got;
        found[3 * slot + 2] = want;
    }
}

#define INPUT(k) ((uint)((ulong)(k) * stride + offset))

// float -> integer type T (UT: its unsigned twin, W bits, S signed),
// SATS "" or _sat, RND "" or _rte.., MODE the rounding the name means.
#define F2I(T, UT, W, S, SAT, SATS, RND, MODE)                                                  \
    __kernel void f2i_##T##SATS##RND(uint offset, uint stride, uint n, uint per_item, uint ftz, \
                                     __global uint *counts, __global ulong *found, uint cap)     \
    {                                                                                           \
        uint first = (uint)get_global_id(0) * per_item, skipped = 0;                            \
        for (uint j = 0; j < per_item && first + j < n; j++) {                                  \
            uint u = INPUT(first + j);                                                          \
            ulong want;                                                                         \
            if (!ref_f2i_bits(u, W, S, SAT, MODE, &want)) {                                     \
                skipped++;                                                                      \
                continue;                                                                       \
            }                                                                                   \
            ulong got = (ulong)(UT)convert_##T##SATS##RND(as_float(u));                         \
            /* A flushed denormal is +-0, which converts to 0 in every mode. */                 \
            int flushed_ok = ftz && (u & 0x7f800000u) == 0 && got == 0;                         \
            if (got != want && !flushed_ok)                                                     \
                note_mismatch(counts, found, cap, u, got, want);                                \
        }                                                                                       \
        if (skipped)                                                                            \
            atomic_add(&counts[1], skipped);                                                    \
    }

#define F2I_ROUNDINGS(T, UT, W, S, SAT, SATS)          \
    F2I(T, UT, W, S, SAT, SATS, , MODE_RTZ)            \
    F2I(T, UT, W, S, SAT, SATS, _rte, MODE_RTE)        \
    F2I(T, UT, W, S, SAT, SATS, _rtz, MODE_RTZ)        \
    F2I(T, UT, W, S, SAT, SATS, _rtp, MODE_RTP)        \
    F2I(T, UT, W, S, SAT, SATS, _rtn, MODE_RTN)

#define F2I_TYPE(T, UT, W, S)                 \
    F2I_ROUNDINGS(T, UT, W, S, 0, )           \
    F2I_ROUNDINGS(T, UT, W, S, 1, _sat)

F2I_TYPE(char, uchar, 8, 1)
F2I_TYPE(uchar, uchar, 8, 0)
F2I_TYPE(short, ushort, 16, 1)
F2I_TYPE(ushort, ushort, 16, 0)
F2I_TYPE(int, uint, 32, 1)
F2I_TYPE(uint, uint, 32, 0)
F2I_TYPE(long, ulong, 64, 1)
F2I_TYPE(ulong, ulong, 64, 0)

// 32-bit integer type T (S signed) -> float, RND "" or _rte.., MODE the
// rounding the name means (none: to nearest even).
#define I2F(T, S, RND, MODE)                                                                    \
    __kernel void i2f_##T##RND(uint offset, uint stride, uint n, uint per_item, uint ftz,       \
                               __global uint *counts, __global ulong *found, uint cap)          \
    {                                                                                           \
        uint first = (uint)get_global_id(0) * per_item;                                         \
        for (uint j = 0; j < per_item && first + j < n; j++) {                                  \
            uint u = INPUT(first + j);                                                          \
            uint want = ref_i2f_bits(u, S, MODE);                                               \
            uint got = as_uint(convert_float##RND(as_##T(u)));                                  \
            if (got != want)                                                                    \
                note_mismatch(counts, found, cap, u, got, want);                                \
        }                                                                                       \
    }

#define I2F_ROUNDINGS(T, S)          \
    I2F(T, S, , MODE_RTE)            \
    I2F(T, S, _rte, MODE_RTE)        \
    I2F(T, S, _rtz, MODE_RTZ)        \
    I2F(T, S, _rtp, MODE_RTP)        \
    I2F(T, S, _rtn, MODE_RTN)

I2F_ROUNDINGS(int, 1)
I2F_ROUNDINGS(uint, 0)

// The reference alone, for checking it against convref.c: expected bits of
// inputs offset + k * stride, k < n, and whether each is judged.
__kernel void ref_f2i(uint offset, uint stride, uint n, int width, int sgn, int sat, int mode,
                      __global ulong *want, __global uchar *judged)
{
    uint k = (uint)get_global_id(0);
    if (k >= n)
        return;
    ulong w = 0;
    judged[k] = (uchar)ref_f2i_bits(INPUT(k), width, sgn, sat, mode, &w);
    want[k] = w;
}

__kernel void ref_i2f(uint offset, uint stride, uint n, int sgn, int mode, __global uint *want)
{
    uint k = (uint)get_global_id(0);
    if (k >= n)
        return;
    want[k] = ref_i2f_bits(INPUT(k), sgn, mode);
}
