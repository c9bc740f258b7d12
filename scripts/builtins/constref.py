"""Exact values of the floating-point constants OpenCL C predefines (M_*_F,
M_*, FLT_*, DBL_*), rounded correctly (to nearest, ties to even) to binary32
and binary64 from 80-digit decimal values computed here with integer and
decimal arithmetic only; no host floating point is involved."""
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 90


def _pi():
    """Machin: pi = 16 atan(1/5) - 4 atan(1/239), in fixed point with 100 guard digits."""
    scale = 10 ** 100

    def atan_inv(x):
        total, term, k, sign = 0, scale // x, 1, 1
        while term:
            total += sign * (term // k)
            term //= x * x
            k += 2
            sign = -sign
        return total
    return Decimal(16 * atan_inv(5) - 4 * atan_inv(239)) / Decimal(scale)


PI = _pi()
E = Decimal(1).exp()
LN2 = Decimal(2).ln()
LN10 = Decimal(10).ln()
SQRT2 = Decimal(2).sqrt()

# name (without the _F suffix) -> exact decimal value
CONSTANTS = {
    "M_E": E, "M_LOG2E": 1 / LN2, "M_LOG10E": 1 / LN10, "M_LN2": LN2, "M_LN10": LN10,
    "M_PI": PI, "M_PI_2": PI / 2, "M_PI_4": PI / 4, "M_1_PI": 1 / PI, "M_2_PI": 2 / PI,
    "M_2_SQRTPI": 2 / PI.sqrt(), "M_SQRT2": SQRT2, "M_SQRT1_2": 1 / SQRT2,
}


def round_binary(x, mant_bits, exp_bits):
    """Bit pattern of the IEEE binary format nearest to the positive rational x
    (normal range only, which every constant here is in), ties to even."""
    x = Fraction(x)
    bias = (1 << (exp_bits - 1)) - 1
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while Fraction(2) ** e > x:
        e -= 1
    while Fraction(2) ** (e + 1) <= x:
        e += 1
    q = x / Fraction(2) ** (e - mant_bits)
    m = q.numerator // q.denominator
    rem = q - m
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and m % 2):
        m += 1
    if m == 1 << (mant_bits + 1):
        m >>= 1
        e += 1
    assert 1 - bias <= e <= bias
    return ((e + bias) << mant_bits) | (m - (1 << mant_bits))


def f32(x):
    return round_binary(x, 23, 8)


def f64(x):
    return round_binary(x, 52, 11)


FLT_MAX = ((0xFE << 23) | 0x7FFFFF)
FLT_MIN = 0x00800000
FLT_EPSILON = (127 - 23) << 23
DBL_MAX = (0x7FE << 52) | ((1 << 52) - 1)
DBL_MIN = 1 << 52
DBL_EPSILON = (1023 - 52) << 52
