"""Exact IEEE 754 rounding for the build-option probes of the code-shape
family: a rational value rounded to binary32 or binary64 (round to nearest,
ties to even, as the correctly rounded operations and
-cl-fp32-correctly-rounded-divide-sqrt require), the correctly rounded
square root of a float, and the floats either side of a value (C99 6.4.4.2
lets a floating constant be the nearest representable value or either
neighbour of it). Python's integers and Fractions only: no float arithmetic
of the host decides a result."""
import math
import random
from fractions import Fraction


def _round_bits(q, mbits, ebits):
    """Bits of the binary format (mbits stored mantissa bits, ebits exponent
    bits) nearest the Fraction q, ties to even; an overflow gives infinity."""
    sign = 1 if q < 0 else 0
    q = abs(q)
    bias = (1 << (ebits - 1)) - 1
    if q == 0:
        return sign << (mbits + ebits)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    e = max(e, 1 - bias)                     # subnormals share the smallest exponent
    scaled = q / Fraction(2) ** (e - mbits)  # the significand, in units of the last place
    m = scaled.numerator // scaled.denominator
    rest = scaled - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m & 1):
        m += 1
    if m == 1 << (mbits + 1):                # rounding carried into the next binade
        m >>= 1
        e += 1
    if e > bias:
        return (sign << (mbits + ebits)) | (((1 << ebits) - 1) << mbits)
    if m < 1 << mbits:                       # subnormal (or zero after rounding)
        return (sign << (mbits + ebits)) | m
    return (sign << (mbits + ebits)) | ((e + bias) << mbits) | (m - (1 << mbits))


def float32_round_bits(q):
    return _round_bits(Fraction(q), 23, 8)


def double_round_bits(q):
    return _round_bits(Fraction(q), 52, 11)


def _value(bits, mbits, ebits):
    sign = -1 if bits >> (mbits + ebits) else 1
    e = (bits >> mbits) & ((1 << ebits) - 1)
    m = bits & ((1 << mbits) - 1)
    bias = (1 << (ebits - 1)) - 1
    assert e != (1 << ebits) - 1, "not finite"
    if e == 0:
        return sign * Fraction(m) * Fraction(2) ** (1 - bias - mbits)
    return sign * Fraction(m + (1 << mbits)) * Fraction(2) ** (e - bias - mbits)


def float32_value(bits):
    return _value(bits, 23, 8)


def double_value(bits):
    return _value(bits, 52, 11)


def float32_to_double_bits(fbits):
    """The double holding exactly the float of these bits (finite)."""
    return double_round_bits(float32_value(fbits))


def float32_sqrt_bits(xbits):
    """Correctly rounded sqrt of a positive finite float. The exact root is
    never halfway between two floats unless it is a float itself, so
    rounding a root computed to 60 extra bits (with a sticky bit) is exact."""
    x = float32_value(xbits)
    assert x > 0
    k = 120                                     # bits of the root's fraction kept
    n = x * Fraction(4) ** k
    r = math.isqrt(n.numerator // n.denominator)
    root = Fraction(r, 2 ** k)
    if root * root != x:
        root += Fraction(1, 2 ** (k + 1))       # sticky: strictly above the truncated root
    return float32_round_bits(root)


def neighbours(bits):
    """The value below, the value itself and the value above, as bits, for a
    positive finite float or double that is not the largest or smallest."""
    return [bits - 1, bits, bits + 1]


def divide_sqrt_operands(rng, n):
    """n pairs of positive normal floats (as bits) whose quotients, reciprocals
    and roots are normal: exponents kept within +-40, so no result is near the
    subnormal range or overflow. The first pairs are the classic hard cases
    (quotients just off a tie), then random ones."""
    hard = [(0x3F800001, 0x3F7FFFFF), (0x4B7FFFFF, 0x3F800001), (0x3FFFFFFF, 0x3F800003), (0x40400000, 0x40E00000)]
    xs, ys = [p[0] for p in hard], [p[1] for p in hard]
    while len(xs) < n:
        e1, e2 = rng.randrange(127 - 40, 127 + 40), rng.randrange(127 - 40, 127 + 40)
        xs.append((e1 << 23) | rng.randrange(1 << 23))
        ys.append((e2 << 23) | rng.randrange(1 << 23))
    return xs, ys
