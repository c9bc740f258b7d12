"""Reference for the half-precision storage functions (OpenCL C 1.2, 6.12.7):
float/double -> half bit patterns with the four IEEE 754 rounding modes, and
half -> float.  Exact rational arithmetic (fractions.Fraction): no host
floating-point conversion is involved, so nothing depends on the host's FPU.
"""
import struct
from fractions import Fraction

HALF_MAX = Fraction(65504)
MIN_NORMAL_EXP = -14
MANT_BITS = 10


def float_bits_to_value(bits, width=32):
    """('nan'|'inf'|'-inf'|Fraction, sign) of an IEEE binary32/binary64 pattern."""
    if width == 32:
        ebits, mbits, bias = 8, 23, 127
    else:
        ebits, mbits, bias = 11, 52, 1023
    sign = bits >> (width - 1)
    e = (bits >> mbits) & ((1 << ebits) - 1)
    m = bits & ((1 << mbits) - 1)
    if e == (1 << ebits) - 1:
        return ("nan" if m else ("-inf" if sign else "inf")), sign
    if e == 0:
        v = Fraction(m, 1 << (mbits + bias - 1))
    else:
        v = Fraction((1 << mbits) | m) * Fraction(2) ** (e - bias - mbits)
    return (-v if sign else v), sign


def _floor_log2(v):
    """floor(log2(v)) for a positive Fraction."""
    e = v.numerator.bit_length() - v.denominator.bit_length()
    while Fraction(2) ** e > v:
        e -= 1
    while Fraction(2) ** (e + 1) <= v:
        e += 1
    return e


def _round_int(q, mode):
    """q (a Fraction) to an integer by mode: rte, rtz, rtp, rtn."""
    fl = q.numerator // q.denominator
    if fl == q:
        return fl
    if mode == "rtn":
        return fl
    if mode == "rtp":
        return fl + 1
    if mode == "rtz":
        return fl if q > 0 else fl + 1
    # rte: nearest, ties to even
    rem = q - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        return fl + 1
    return fl


def to_half_bits(x, sign, mode):
    """The half pattern of value x (Fraction, 'inf', '-inf', not NaN) rounded by mode.
    sign is the input's sign bit (it decides the sign of a zero result)."""
    s = 0x8000 if sign else 0
    if x == "inf":
        return 0x7C00
    if x == "-inf":
        return 0xFC00
    if x == 0:
        return s
    e = max(_floor_log2(abs(x)), MIN_NORMAL_EXP)
    quantum = Fraction(2) ** (e - MANT_BITS)
    k = _round_int(x / quantum, mode)
    r = abs(k) * quantum
    if r > HALF_MAX:
        # Overflow: to infinity unless the rounding goes toward zero for this sign.
        toward_zero = mode == "rtz" or (mode == "rtp" and sign) or (mode == "rtn" and not sign)
        return s | (0x7BFF if toward_zero else 0x7C00)
    if r == 0:
        return s
    if r < Fraction(2) ** MIN_NORMAL_EXP:
        return s | int(r / Fraction(2) ** (MIN_NORMAL_EXP - MANT_BITS))
    re = _floor_log2(r)
    mant = int(r / Fraction(2) ** (re - MANT_BITS)) - (1 << MANT_BITS)
    return s | ((re + 15) << MANT_BITS) | mant


def float_to_half(bits, mode, width=32):
    """Half pattern of the float (width 32) or double (64) with pattern bits; None for NaN."""
    v, sign = float_bits_to_value(bits, width)
    if v == "nan":
        return None
    return to_half_bits(v, sign, mode)


def half_to_float_bits(h):
    """The binary32 pattern of half pattern h (exact: every half is a float)."""
    sign = (h >> 15) & 1
    e = (h >> 10) & 0x1F
    m = h & 0x3FF
    if e == 0x1F:
        return (sign << 31) | 0x7F800000 | (m << 13)
    if e == 0:
        if m == 0:
            return sign << 31
        # subnormal half: normalise
        shift = 0
        while not (m & 0x400):
            m <<= 1
            shift += 1
        m &= 0x3FF
        fe = 1 - shift - 15 + 127
        return (sign << 31) | (fe << 23) | (m << 13)
    return (sign << 31) | ((e - 15 + 127) << 23) | (m << 13)


def f32_bits(x):
    """The binary32 pattern of a Python float that is exactly representable in binary32."""
    return struct.unpack("<I", struct.pack("<f", x))[0]
