"""Reference for the work-group collective, sub-group and float-atomic probes
(OpenCL C, unified spec: "Work-group Collective Functions", "Sub-Group
Functions"; the cl_ext_float_atomics extension). Exact arithmetic only:
integers are Python ints reduced to the type's width where the type is
unsigned (C's modulo arithmetic), and a signed sum that leaves the type's range
is an error here rather than a value (the probe would execute an undefined
overflow). Floating-point values are Fractions: the spec leaves the order of a
float reduction or scan unspecified ("The order of floating-point operations is
not guaranteed"), so the reference only accepts inputs for which every order
gives the same, exactly representable result (check_exact_any_order), and
computes that one result exactly."""
from fractions import Fraction
import math

INT_TYPES = {  # name: (bits, signed)
    "char": (8, True), "uchar": (8, False), "short": (16, True), "ushort": (16, False),
    "int": (32, True), "uint": (32, False), "long": (64, True), "ulong": (64, False),
}
FLOAT_TYPES = {  # name: significand bits (with the implicit one), smallest normal exponent
    "float": (24, -126), "double": (53, -1022), "half": (11, -14),
}
FLOAT_EMAX = {"float": 127, "double": 1023, "half": 15}
INF = math.inf


def type_min(t):
    bits, signed = INT_TYPES[t]
    return -(1 << (bits - 1)) if signed else 0


def type_max(t):
    bits, signed = INT_TYPES[t]
    return (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1


def identity(op, t):
    """The exclusive scan's identity I, as the spec lists it: 0 for add; for
    min INT_MAX, UINT_MAX, LONG_MAX, ULONG_MAX and +INF for floating-point
    types; for max INT_MIN, 0, LONG_MIN, 0 and -INF."""
    if op == "add":
        return 0
    if t in FLOAT_TYPES:
        return INF if op == "min" else -INF
    return type_max(t) if op == "min" else type_min(t)


def add(t, x, y):
    """x + y in type t: unsigned types wrap modulo 2^bits; a signed result out
    of range is refused (undefined behaviour in the kernel)."""
    if t in FLOAT_TYPES:
        return Fraction(x) + Fraction(y)
    bits, signed = INT_TYPES[t]
    s = x + y
    if not signed:
        return s % (1 << bits)
    if not type_min(t) <= s <= type_max(t):
        raise ValueError("signed %s overflow: %d + %d" % (t, x, y))
    return s


def combine(op, t, x, y):
    if op == "add":
        return add(t, x, y)
    return min(x, y) if op == "min" else max(x, y)


def check_exact_any_order(t, values):
    """Refuses float inputs whose sum could round in some order: every value
    must be a multiple of one power of two 2^-k, and the sum of magnitudes
    below 2^(p-k) (p the significand bits), so that every partial sum of any
    subset, in any order, is a multiple of 2^-k below 2^(p-k): exactly
    representable. Also refuses values the type cannot hold exactly and
    subnormals (a flush to zero would change them)."""
    p, emin = FLOAT_TYPES[t]
    fr = [Fraction(v) for v in values]
    k = 0
    for v in fr:
        while (v * 2 ** k).denominator != 1:
            k += 1
    for v in fr:
        if v != 0 and abs(v) < Fraction(2) ** emin:
            raise ValueError("%s input %r is subnormal" % (t, v))
        if not representable(t, v):
            raise ValueError("%s input %r is not representable" % (t, v))
    if sum(abs(v) for v in fr) >= Fraction(2) ** (p - k):
        raise ValueError("%s inputs could round in some summation order" % t)


def representable(t, v):
    """Is the rational v exactly a finite value of type t (normal or zero)?"""
    if v == 0:
        return True
    p, emin = FLOAT_TYPES[t]
    v = abs(Fraction(v))
    e = math.floor(math.log2(v.numerator) - math.log2(v.denominator))
    while Fraction(2) ** e > v:
        e -= 1
    while Fraction(2) ** (e + 1) <= v:
        e += 1
    if e < emin or e > FLOAT_EMAX[t]:
        return False
    return (v / Fraction(2) ** (e - p + 1)).denominator == 1


def reduce(op, t, xs):
    if op == "add" and t in FLOAT_TYPES:
        check_exact_any_order(t, xs)
    r = xs[0]
    for x in xs[1:]:
        r = combine(op, t, r, x)
    return r


def scan_inclusive(op, t, xs):
    """[a0, a0 op a1, ..., a0 op ... op a(n-1)]."""
    if op == "add" and t in FLOAT_TYPES:
        check_exact_any_order(t, xs)
    out, r = [], None
    for x in xs:
        r = x if r is None else combine(op, t, r, x)
        out.append(r)
    return out


def scan_exclusive(op, t, xs):
    """[I, a0, a0 op a1, ..., a0 op ... op a(n-2)], I the identity."""
    return [identity(op, t)] + scan_inclusive(op, t, xs)[:-1]


def groups_1d(xs, local):
    """The work-groups of a 1-D launch: consecutive slices of `local` items."""
    if len(xs) % local:
        raise ValueError("global size %d is not a multiple of %d" % (len(xs), local))
    return [xs[i:i + local] for i in range(0, len(xs), local)]


def per_item(fn, xs, local):
    """fn applied to each work-group's values, expanded to one result per
    work-item: fn returns either one value (a reduction: every item gets it)
    or a list (a scan: item i gets element i)."""
    out = []
    for g in groups_1d(xs, local):
        r = fn(g)
        out += r if isinstance(r, list) else [r] * len(g)
    return out


def linear_ids(gsize, lsize):
    """For a 1-, 2- or 3-D launch without offset: for each work-item in
    global linear order (x fastest), (its work-group's linear index, its local
    linear id), both as the spec defines them (get_local_linear_id: x fastest)."""
    dims = len(gsize)
    g = list(gsize) + [1] * (3 - dims)
    lsz = list(lsize) + [1] * (3 - dims)
    ngr = [g[d] // lsz[d] for d in range(3)]
    out = []
    for z in range(g[2]):
        for y in range(g[1]):
            for x in range(g[0]):
                c = (x, y, z)
                grp = [c[d] // lsz[d] for d in range(3)]
                loc = [c[d] % lsz[d] for d in range(3)]
                out.append(((grp[2] * ngr[1] + grp[1]) * ngr[0] + grp[0],
                            (loc[2] * lsz[1] + loc[1]) * lsz[0] + loc[0]))
    return out


def per_item_nd(fn, xs, gsize, lsize):
    """per_item for a multi-dimensional launch: each work-group's values are
    ordered by local linear id (the scan order, "increasing 1D linear global
    ID within the work-group", is the same order), fn's results are handed
    back to the work-items in global linear order."""
    ids = linear_ids(gsize, lsize)
    members = {}
    for i, (grp, lin) in enumerate(ids):
        members.setdefault(grp, []).append((lin, i))
    out = [None] * len(xs)
    for grp, mem in members.items():
        mem.sort()
        r = fn([xs[i] for _, i in mem])
        for j, (_, i) in enumerate(mem):
            out[i] = r[j] if isinstance(r, list) else r
    return out


def broadcast_nd(xs, gsize, lsize, local_id):
    """work_group_broadcast(x, local_id...): every work-item of a group gets
    the value of the group's work-item at that local id (one coordinate per
    dimension)."""
    lsz = list(lsize) + [1] * (3 - len(lsize))
    lid = list(local_id) + [0] * (3 - len(local_id))
    for d in range(3):
        if not 0 <= lid[d] < lsz[d]:
            raise ValueError("broadcast id %r outside the work-group %r (undefined)" % (local_id, lsize))
    target = (lid[2] * lsz[1] + lid[1]) * lsz[0] + lid[0]
    return per_item_nd(lambda g: g[target], xs, gsize, lsize)


def half_bits(v):
    """The bits of a half that holds v exactly (a representable Fraction, or
    inf/-inf; -0 as the string "-0"), as a decimal token: the half probes
    move halves through ushort buffers (as_half / as_ushort)."""
    if isinstance(v, str) and v == "-0":
        return str(0x8000)
    if v in (INF, -INF):
        return str((0x8000 if v < 0 else 0) | 0x7C00)
    v = Fraction(v)
    if not representable("half", v):
        raise ValueError("%r is not a half" % v)
    if v == 0:
        return "0"
    sign = 0x8000 if v < 0 else 0
    a = abs(v)
    e = 0
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    while Fraction(2) ** e > a:
        e -= 1
    mant = int(a / Fraction(2) ** (e - 10)) - 1024
    return str(sign | ((e + 15) << 10) | mant)


def fmt(t, v):
    """A value as a probe token: decimal integers; floats exactly (a Fraction
    that is representable, written as Python's shortest round-trip decimal of
    that double, which strtod reads back to the same value), inf and -inf."""
    if t in INT_TYPES:
        return str(int(v))
    if v == INF:
        return "inf"
    if v == -INF:
        return "-inf"
    v = Fraction(v)
    if not representable(t, v):
        raise ValueError("%r is not a %s" % (v, t))
    if v.denominator == 1 and abs(v) < 1 << 53:
        return str(v.numerator)
    return repr(float(v))
