"""The host reference of the image family: what the unified OpenCL C
specification says image reads and writes return, in exact arithmetic
(Python ints and Fractions), never taken from a driver.

Sections used (OpenCL_C.txt of KhronosGroup/OpenCL-Docs):
  Converting Normalized Integer Channel Data Types to Floating-point Values
  Converting Floating-Point Values to Normalized Integer Channel Data Types
  Conversion Rules for Half-Precision Floating-Point Channel Data Type
  Conversion Rules for Signed and Unsigned Integer Channel Data Types
  Mapping Image Channels to Color Values Returned by read_image ...
  Determining the Border Color or Value
  Addressing and Filter Modes
  Selecting an Image From an Image Array
"""
import math
import struct
from fractions import Fraction

# channel data type -> (element C type, bits, signed, kind); kind is how
# read_image* sees it: 'unorm', 'snorm', 'sint', 'uint', 'half', 'float'.
DTYPES = {
    "CL_UNORM_INT8": ("uchar", 8, False, "unorm"),
    "CL_UNORM_INT16": ("ushort", 16, False, "unorm"),
    "CL_SNORM_INT8": ("char", 8, True, "snorm"),
    "CL_SNORM_INT16": ("short", 16, True, "snorm"),
    "CL_SIGNED_INT8": ("char", 8, True, "sint"),
    "CL_SIGNED_INT16": ("short", 16, True, "sint"),
    "CL_SIGNED_INT32": ("int", 32, True, "sint"),
    "CL_UNSIGNED_INT8": ("uchar", 8, False, "uint"),
    "CL_UNSIGNED_INT16": ("ushort", 16, False, "uint"),
    "CL_UNSIGNED_INT32": ("uint", 32, False, "uint"),
    "CL_HALF_FLOAT": ("ushort", 16, False, "half"),
    "CL_FLOAT": ("float", 32, True, "float"),
}

# channel order -> the channels stored per pixel, in memory order.
ORDERS = {
    "CL_R": "r", "CL_A": "a", "CL_RG": "rg", "CL_RA": "ra", "CL_RGBA": "rgba", "CL_BGRA": "bgra",
    "CL_ARGB": "argb", "CL_INTENSITY": "I", "CL_LUMINANCE": "L",
}


def kind(dtype):
    return DTYPES[dtype][3]


def channels(order):
    return len(ORDERS[order])


# ---- stored channel value -> the value read_image* returns ----------------

def half_to_fraction(bits):
    """A half's exact value (finite halves only)."""
    sign = -1 if bits & 0x8000 else 1
    e = (bits >> 10) & 0x1F
    m = bits & 0x3FF
    if e == 0x1F:
        raise ValueError("infinite or NaN half")
    if e == 0:
        return sign * Fraction(m, 1 << 24)
    return sign * Fraction(1024 + m, 1 << 10) * Fraction(2) ** (e - 15)


def read_channel(dtype, c):
    """read_imagef of a unorm/snorm/half/float channel: an exact Fraction
    (for float, the float's value); read_imagei/ui: the int."""
    _, bits, _, k = DTYPES[dtype]
    if k == "unorm":
        return Fraction(c, (1 << bits) - 1)
    if k == "snorm":
        return max(Fraction(-1), Fraction(c, (1 << (bits - 1)) - 1))
    if k == "half":
        return half_to_fraction(c)
    if k == "float":
        return Fraction(c)
    return c


def exact_read(dtype, c):
    """The values the spec pins exactly for normalized reads (0, the
    largest code, and -1 for the two lowest snorm codes), else None."""
    _, bits, _, k = DTYPES[dtype]
    if k == "unorm" and c in (0, (1 << bits) - 1):
        return Fraction(c // ((1 << bits) - 1) if c else 0)
    if k == "snorm":
        top = (1 << (bits - 1)) - 1
        if c in (-top - 1, -top):
            return Fraction(-1)
        if c in (0, top):
            return Fraction(c // top if c else 0)
    return None


def color(order, stored, zero=0, one=1):
    """The (x, y, z, w) read_image* returns for one pixel's stored channels
    (memory order), the missing components filled: `zero` for red, green
    and blue, `one` for alpha."""
    names = ORDERS[order]
    v = dict(zip(names, stored))
    if "I" in v:
        return [v["I"]] * 4
    if "L" in v:
        return [v["L"]] * 3 + [one]
    return [v.get("r", zero), v.get("g", zero), v.get("b", zero), v.get("a", one)]


def border(order, zero=0, one=1):
    """The border color of CLK_ADDRESS_CLAMP (Determining the Border Color
    or Value): alpha 1 for CL_R, CL_RG, CL_RGB and CL_LUMINANCE, else 0."""
    return [zero, zero, zero, one if order in ("CL_R", "CL_RG", "CL_RGB", "CL_LUMINANCE") else zero]


def stored_from_color(order, rgba):
    """The channels write_image* stores, in memory order, from (x, y, z, w)."""
    comp = dict(zip("rgba", rgba))
    return [comp[c] for c in ORDERS[order]]


# ---- write_image* conversions ------------------------------------------------

def f32(x):
    """x rounded to float, correctly (round to nearest even)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def rte(q):
    """A Fraction rounded to the nearest integer, ties to even."""
    fl = math.floor(q)
    d = q - fl
    if d > Fraction(1, 2) or (d == Fraction(1, 2) and fl % 2):
        return fl + 1
    return fl


def write_norm(dtype, f):
    """write_imagef of float f to a unorm/snorm channel: every stored value
    the spec allows. The preferred result is convert_<t>_sat_rte(f * max.0f)
    (the product a float); another rounding mode may be used when its result
    is within 0.6 of the exact product clamped to the type's range (read as
    the half-precision section writes it; ledger image-write-rounding)."""
    _, bits, signed, k = DTYPES[dtype]
    top = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    lo = -top - 1 if signed else 0
    p = Fraction(f32(f * float(top)))
    preferred = min(max(rte(p), lo), top)
    clamped = min(max(p, lo), top)
    allowed = {preferred}
    for m in (math.floor(clamped), math.ceil(clamped)):
        if lo <= m <= top and abs(m - clamped) <= Fraction(3, 5):
            allowed.add(m)
    return sorted(allowed)


def float_to_half_bits(x, mode):
    """A float's half bits rounded to nearest even ('rte') or toward zero
    ('rtz'); overflow gives inf (rte) or the largest half (rtz). Finite,
    normal-range results only are asked of it here."""
    q = Fraction(x)
    sign = 0x8000 if q < 0 or (q == 0 and math.copysign(1, x) < 0) else 0
    q = abs(q)
    if q == 0:
        return sign
    e = math.floor(math.log2(q))
    while Fraction(2) ** e > q:
        e -= 1
    while Fraction(2) ** (e + 1) <= q:
        e += 1
    if e < -14:
        raise ValueError("half subnormal: not asked")
    m = q / Fraction(2) ** e * 1024          # in [1024, 2048)
    mi = rte(m) if mode == "rte" else math.floor(m)
    if mi == 2048:
        mi, e = 1024, e + 1
    if e > 15:
        return sign | (0x7C00 if mode == "rte" else 0x7BFF)
    return sign | ((e + 15) << 10) | (mi - 1024)


def write_half(f):
    """write_imagef to CL_HALF_FLOAT: round to nearest even or toward zero."""
    return sorted({float_to_half_bits(f, "rte"), float_to_half_bits(f, "rtz")})


def write_int(dtype, i):
    """write_imagei/ui: convert_<t>_sat of the 32-bit value."""
    _, bits, signed, _ = DTYPES[dtype]
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return min(max(i, lo), hi)


# ---- addressing (nearest filtering) ---------------------------------------------

def address_unnormalized(mode, u, size):
    """The texel index of unnormalized coordinate u with CLK_FILTER_NEAREST
    (address_mode((int)floor(u))), or None where it lies outside the image
    (the border color). mode: 'none', 'clamp_to_edge', 'clamp'."""
    i = math.floor(Fraction(u))
    if mode == "clamp_to_edge":
        i = min(max(i, 0), size - 1)
    elif mode == "clamp":
        i = min(max(i, -1), size)
    return i if 0 <= i < size else None


def address_normalized(mode, s, size):
    """The texel index of normalized coordinate s with CLK_FILTER_NEAREST,
    or None for the border color. mode: 'repeat', 'mirrored_repeat',
    'clamp_to_edge', 'clamp'."""
    s = Fraction(s)
    if mode == "repeat":
        i = math.floor((s - math.floor(s)) * size)
        return i - size if i > size - 1 else i
    if mode == "mirrored_repeat":
        sp = abs(s - 2 * rte(s / 2))
        return min(math.floor(sp * size), size - 1)
    return address_unnormalized(mode, s * size, size)


def array_layer(coord, layers):
    """The layer an image array coordinate selects: clamp(rint(coord), 0,
    layers - 1), whatever the addressing mode (Selecting an Image From an
    Image Array; Samplers)."""
    return min(max(rte(Fraction(coord)), 0), layers - 1)


# ---- linear filtering ---------------------------------------------------------------

def linear_axis(mode, normalized, s, size):
    """(i0, i1, a) of CLK_FILTER_LINEAR along one axis, as the spec's
    formulas give them; an index is None where it lies outside the image
    (CLK_ADDRESS_CLAMP: the border color)."""
    s = Fraction(s)
    if mode == "repeat":
        u = (s - math.floor(s)) * size
        i0 = math.floor(u - Fraction(1, 2))
        i1 = i0 + 1
        i0 = i0 + size if i0 < 0 else i0
        i1 = i1 - size if i1 > size - 1 else i1
        return i0, i1, (u - Fraction(1, 2)) - math.floor(u - Fraction(1, 2))
    if mode == "mirrored_repeat":
        u = abs(s - 2 * rte(s / 2)) * size
        i0 = math.floor(u - Fraction(1, 2))
        return max(i0, 0), min(i0 + 1, size - 1), (u - Fraction(1, 2)) - i0
    u = s * size if normalized else s
    base = math.floor(u - Fraction(1, 2))

    def addr(i):
        if mode == "clamp_to_edge":
            i = min(max(i, 0), size - 1)
        elif mode == "clamp":
            i = min(max(i, -1), size)
        return i if 0 <= i < size else None
    return addr(base), addr(base + 1), (u - Fraction(1, 2)) - base


def linear(texel, axes):
    """The filtered color: axes is one (i0, i1, a) per dimension; texel(idx)
    gives the color at an index tuple, or is called with None in it for the
    border. Sum over the 2^n corners of the weighted texels."""
    total = None
    for corner in range(1 << len(axes)):
        w, idx = Fraction(1), []
        for d, (i0, i1, a) in enumerate(axes):
            hi = corner >> d & 1
            w *= a if hi else 1 - a
            idx.append(i1 if hi else i0)
        c = texel(tuple(idx))
        part = [w * v for v in c]
        total = part if total is None else [t + p for t, p in zip(total, part)]
    return total
