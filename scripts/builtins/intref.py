"""Reference semantics of OpenCL C integer built-ins (OpenCL C 1.2, 6.12.3).

Exact Python integers; no OpenCL involved.  Every function takes the element
type (an IntType) and plain integers already in that type's range, and returns
the exact result as an integer in the result type's range, or UNDEF where the
specification leaves the result undefined or implementation-defined (the
probe then writes `*` for that element and never judges it).
"""

UNDEF = None


class IntType:
    def __init__(self, name, bits, signed):
        self.name, self.bits, self.signed = name, bits, signed

    @property
    def min(self):
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self):
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def unsigned(self):
        return UNSIGNED[self.bits]

    def wrap(self, v):
        """v modulo 2^bits, read as this type."""
        v &= (1 << self.bits) - 1
        if self.signed and v >> (self.bits - 1):
            v -= 1 << self.bits
        return v

    def sat(self, v):
        return min(max(v, self.min), self.max)

    def fits(self, v):
        return self.min <= v <= self.max

    def vec(self, n):
        return self.name if n == 1 else "%s%d" % (self.name, n)

    def __repr__(self):
        return self.name


CHAR, UCHAR = IntType("char", 8, True), IntType("uchar", 8, False)
SHORT, USHORT = IntType("short", 16, True), IntType("ushort", 16, False)
INT, UINT = IntType("int", 32, True), IntType("uint", 32, False)
LONG, ULONG = IntType("long", 64, True), IntType("ulong", 64, False)
INTS = [CHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG]
UNSIGNED = {8: UCHAR, 16: USHORT, 32: UINT, 64: ULONG}
SIGNED = {8: CHAR, 16: SHORT, 32: INT, 64: LONG}
# upsample(hi, lo): hi of 8/16/32 bits gives a result of twice the width.
UPSAMPLE_RESULT = {CHAR: SHORT, UCHAR: USHORT, SHORT: INT, USHORT: UINT, INT: LONG, UINT: ULONG}


def _defined(t, v):
    """A signed result out of range is an overflow: undefined (C99 6.5p5, OpenCL C 6.3)."""
    if t.signed:
        return v if t.fits(v) else UNDEF
    return t.wrap(v)


def abs_(t, x):
    """abs returns ugentype |x|: abs(INT_MIN) is 2^31 as uint."""
    return abs(x)


def abs_diff(t, x, y):
    """|x - y| without modulo overflow, as ugentype."""
    return abs(x - y)


def add_sat(t, x, y):
    return t.sat(x + y)


def sub_sat(t, x, y):
    return t.sat(x - y)


def hadd(t, x, y):
    """(x + y) >> 1 without overflow: floor of the exact half sum."""
    return (x + y) >> 1


def rhadd(t, x, y):
    """(x + y + 1) >> 1 without overflow."""
    return (x + y + 1) >> 1


def clamp(t, x, lo, hi):
    """min(max(x, lo), hi); undefined when lo > hi."""
    if lo > hi:
        return UNDEF
    return min(max(x, lo), hi)


def clz(t, x):
    """Leading zero bits of x's two's complement pattern; clz(0) is the bit width."""
    u = x & ((1 << t.bits) - 1)
    return t.bits - u.bit_length()


def ctz(t, x):
    """Trailing zero bits of x's two's complement pattern; ctz(0) is the bit width
    (OpenCL C 2.0 and later)."""
    u = x & ((1 << t.bits) - 1)
    return (u & -u).bit_length() - 1 if u else t.bits


def popcount(t, x):
    return bin(x & ((1 << t.bits) - 1)).count("1")


def mul_hi(t, x, y):
    """The high half of the exact 2n-bit product."""
    return (x * y) >> t.bits


def mad_hi(t, x, y, z):
    """mul_hi(x, y) + z; for signed types an overflowing add is undefined,
    for unsigned types it wraps (C99 6.2.5p9)."""
    return _defined(t, mul_hi(t, x, y) + z)


def mad_sat(t, x, y, z):
    """x * y + z computed exactly, then saturated."""
    return t.sat(x * y + z)


def max_(t, x, y):
    return max(x, y)


def min_(t, x, y):
    return min(x, y)


def rotate(t, v, i):
    """Left rotate by i modulo the bit width (bits shifted out on the left come in on the right)."""
    n = t.bits
    s = i & (n - 1)  # the low log2(n) bits of i's two's complement pattern
    u = v & ((1 << n) - 1)
    r = ((u << s) | (u >> (n - s))) & ((1 << n) - 1)
    return t.wrap(r)


def upsample(t, hi, lo):
    """(hi << n) | lo with lo an unsigned n-bit value; the result type is twice as wide."""
    r = UPSAMPLE_RESULT[t]
    return r.wrap((hi << t.bits) | lo)


def in24(t, v):
    """The domain 6.12.3 gives mul24/mad24: [-2^23, 2^23-1] signed, [0, 2^24-1] unsigned."""
    return (-(1 << 23) <= v < (1 << 23)) if t.signed else (0 <= v < (1 << 24))


def mul24(t, x, y):
    """Defined only with both operands in the 24-bit domain.  We judge only products that fit the
    32-bit type as well, so no reading of how a 46-bit product is narrowed is needed."""
    if not (in24(t, x) and in24(t, y)):
        return UNDEF
    p = x * y
    return p if t.fits(p) else UNDEF


def mad24(t, x, y, z):
    """mul24(x, y) + z, judged only where mul24 is and the sum fits the type."""
    p = mul24(t, x, y)
    if p is UNDEF:
        return UNDEF
    return p + z if t.fits(p + z) else UNDEF


# name -> (reference, arity, result type of the element type)
FUNCTIONS = {
    "abs": (abs_, 1, lambda t: t.unsigned),
    "abs_diff": (abs_diff, 2, lambda t: t.unsigned),
    "add_sat": (add_sat, 2, lambda t: t),
    "sub_sat": (sub_sat, 2, lambda t: t),
    "hadd": (hadd, 2, lambda t: t),
    "rhadd": (rhadd, 2, lambda t: t),
    "clamp": (clamp, 3, lambda t: t),
    "clz": (clz, 1, lambda t: t),
    "mad_hi": (mad_hi, 3, lambda t: t),
    "mad_sat": (mad_sat, 3, lambda t: t),
    "max": (max_, 2, lambda t: t),
    "min": (min_, 2, lambda t: t),
    "mul_hi": (mul_hi, 2, lambda t: t),
    "rotate": (rotate, 2, lambda t: t),
    "upsample": (upsample, 2, lambda t: UPSAMPLE_RESULT[t]),
    "popcount": (popcount, 1, lambda t: t),
    "ctz": (ctz, 1, lambda t: t),
    "mad24": (mad24, 3, lambda t: t),
    "mul24": (mul24, 2, lambda t: t),
}


def shift_width(t, vector):
    """6.3.j: the bits of E1's type after integer promotion (scalars: char and short
    promote to int) or of the element type (vectors)."""
    return t.bits if vector or t.bits >= 32 else 32


def shl(t, a, b, vector):
    """a << b with b taken modulo the width (its low log2(N) bits, b seen as unsigned);
    UNDEF when a signed result would overflow (C99 6.5.7p4: never judged)."""
    n = shift_width(t, vector)
    rt = t if n == t.bits else INT
    s = b & (n - 1)
    r = a << s
    if rt.signed:
        return r if (a >= 0 and rt.fits(r)) else UNDEF
    return rt.wrap(r)


def shr(t, a, b, vector):
    """a >> b with b modulo the width; a negative signed a fills with ones (6.3.j)."""
    n = shift_width(t, vector)
    return a >> (b & (n - 1))
