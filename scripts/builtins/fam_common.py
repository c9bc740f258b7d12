"""Common functions (OpenCL C 1.2 6.12.4): clamp, max, min, step (exact),
sign (exact, with the NaN and signed-zero rules), degrees and radians
(2 ulp, Table 7.1: the correctly rounded value and its neighbours within
2 ulp pass), with the (vector, scalar) overloads, float and double.  Inputs
avoid what 6.12.4 leaves undefined (NaN or infinite operands of max/min/
clamp, minval > maxval) and zeros of both signs where fmin/fmax may return
either; mix and smoothstep, whose precision is implementation-defined, are
recorded, not judged."""
import random
import struct
from fractions import Fraction

import constref as C

HEADING = "OpenCL C: Common Functions"
PATH = "common-functions/"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
WIDTHS = [1, 2, 3, 4, 8, 16]


class FT:
    def __init__(self, name, bits):
        self.name, self.bits = name, bits
        self.fmt, self.ufmt = ("<f", "<I") if bits == 32 else ("<d", "<Q")

    def to_bits(self, x):
        return struct.unpack(self.ufmt, struct.pack(self.fmt, x))[0]

    def tok(self, b):
        return ("bits(0x%08x)" if self.bits == 32 else "bits(0x%016x)") % b

    def round(self, q):
        """Bits of the nearest value to rational q (normal range, any sign)."""
        if q == 0:
            return 0
        b = C.f32(abs(q)) if self.bits == 32 else C.f64(abs(q))
        return b | ((1 << (self.bits - 1)) if q < 0 else 0)


FLOAT, DOUBLE = FT("float", 32), FT("double", 64)
NAN = {32: 0x7FC00000, 64: 0x7FF8000000000000}
INF = {32: 0x7F800000, 64: 0x7FF0000000000000}


def finite_vals(ft, rng, count, lo_exp=-20, hi_exp=20):
    out = [1.0, -1.0, 0.5, -2.5, 3.0, 1e-5, -7.25, 100.0]
    while len(out) < count:
        out.append(rng.choice([-1, 1]) * rng.uniform(1, 2) * 2.0 ** rng.randint(lo_exp, hi_exp))
    if ft.bits == 32:
        out = [struct.unpack("<f", struct.pack("<f", x))[0] for x in out]
    return out


def vload(n, name, idx="i"):
    return "%s[%s]" % (name, idx) if n == 1 else "vload%d(%s, %s)" % (n, idx, name)


def vstore(expr, n, idx="i"):
    return "out[%s] = %s;" % (idx, expr) if n == 1 else "vstore%d(%s, %s, out);" % (n, expr, idx)


def pad(xs, n):
    xs = list(xs)
    k = 0
    while len(xs) % n:
        xs.append(xs[k])
        k += 1
    return xs


def emit(w, ft, fn, n, args, exp_toks, why, scalar_args=0, variant=""):
    """args: list of per-argument value lists (already padded); the last `scalar_args` are one per vector."""
    k = len(args[0]) // n
    names = "abc"
    call = ", ".join(vload(n, names[j]) if j < len(args) - scalar_args else "%s[i]" % names[j]
                     for j in range(len(args)))
    body = "for (size_t i = 0; i < %d; i++)\n    %s" % (k, vstore("%s(%s)" % (fn, call), n))
    tname = ft.name if n == 1 else "%s%d" % (ft.name, n)
    w.probe(PATH + fn + ".probe", "common.%s.%s%s.runtime" % (fn, tname, variant), HEADING, "run", why, body=body,
            inputs=[(names[j], ft.name, [ft.tok(ft.to_bits(x)) if not isinstance(x, int) else ft.tok(x)
                                         for x in args[j]]) for j in range(len(args))],
            out="%s[%d]" % (ft.name, len(exp_toks)), expect=" ".join(exp_toks),
            requires="fp64" if ft.bits == 64 else None, prelude=FP64 if ft.bits == 64 else None)


def no_mixed_zero(a, b):
    return not (a == 0 and b == 0)


def gen_minmax_clamp(w, ft, n, rng):
    xs = finite_vals(ft, rng, 24)
    ys = finite_vals(ft, rng, 24)
    pairs = [(x, y) for x, y in zip(xs, ys[::-1])] + [(x, x) for x in xs[:4]]
    pairs = pad([p for p in pairs if no_mixed_zero(*p)], n)
    for fn, f in (("max", max), ("min", min)):
        exp = [ft.tok(ft.to_bits(f(x, y) if x != y else y if fn == "max" else y)) for x, y in pairs]
        emit(w, ft, fn, n, [[p[0] for p in pairs], [p[1] for p in pairs]], exp,
             "%s returns %s; finite operands only (Common Functions leaves NaN and infinite operands "
             "undefined)."
             % (fn, "y if x < y, else x" if fn == "max" else "y if y < x, else x"))
        if n > 1:
            groups = [pairs[k:k + n] for k in range(0, len(pairs), n)]
            a = [p[0] for g in groups for p in g]
            b = [g[0][1] for g in groups]
            exp = [ft.tok(ft.to_bits(f(p[0], g[0][1]))) for g in groups for p in g]
            emit(w, ft, fn, n, [a, b], exp, "%s(gentype x, scalar y): y applies to every component." % fn,
                 scalar_args=1, variant="-scalar")
    trip = []
    for k in range(len(xs)):
        lo, hi = sorted((ys[k], xs[(k + 5) % len(xs)]))
        trip.append((xs[(k + 3) % len(xs)], lo, hi))
    trip = pad(trip, n)
    exp = [ft.tok(ft.to_bits(min(max(x, lo), hi))) for x, lo, hi in trip]
    emit(w, ft, "clamp", n, [[t[0] for t in trip], [t[1] for t in trip], [t[2] for t in trip]], exp,
         "clamp returns fmin(fmax(x, minval), maxval); minval <= maxval, finite operands.")
    if n > 1:
        groups = [trip[k:k + n] for k in range(0, len(trip), n)]
        a = [t[0] for g in groups for t in g]
        lo = [g[0][1] for g in groups]
        hi = [g[0][2] for g in groups]
        exp = [ft.tok(ft.to_bits(min(max(t[0], g[0][1]), g[0][2]))) for g in groups for t in g]
        emit(w, ft, "clamp", n, [a, lo, hi], exp, "clamp(gentype x, scalar minval, scalar maxval).",
             scalar_args=2, variant="-scalar")


def gen_step_sign(w, ft, n, rng):
    xs = finite_vals(ft, rng, 20) + [0.0, -0.0, float("inf"), float("-inf")]
    es = finite_vals(ft, rng, 20) + [0.0, 0.0, 1.0, float("inf")]
    pairs = pad(list(zip(es, xs)) + [(x, x) for x in xs[:3]], n)
    one, zero = ft.to_bits(1.0), ft.to_bits(0.0)
    exp = [ft.tok(zero if x < e else one) for e, x in pairs]
    emit(w, ft, "step", n, [[p[0] for p in pairs], [p[1] for p in pairs]], exp,
         "step(edge, x) is 0.0 if x < edge, else 1.0 (so 1.0 when x == edge, and -0.0 < +0.0 is false).")
    if n > 1:
        groups = [pairs[k:k + n] for k in range(0, len(pairs), n)]
        # step(scalar edge, gentype x): the edge is argument a here
        e = [g[0][0] for g in groups]
        x = [p[1] for g in groups for p in g]
        exp = [ft.tok(zero if p[1] < g[0][0] else one) for g in groups for p in g]
        k = len(groups)
        body = "for (size_t i = 0; i < %d; i++)\n    vstore%d(step(a[i], vload%d(i, b)), i, out);" % (k, n, n)
        w.probe(PATH + "step.probe", "common.step.%s%d-scalar-edge.runtime" % (ft.name, n), HEADING, "run",
                "step(scalar edge, gentype x): one edge for every component.", body=body,
                inputs=[("a", ft.name, [ft.tok(ft.to_bits(v)) for v in e]),
                        ("b", ft.name, [ft.tok(ft.to_bits(v)) for v in x])],
                out="%s[%d]" % (ft.name, len(exp)), expect=" ".join(exp),
                requires="fp64" if ft.bits == 64 else None, prelude=FP64 if ft.bits == 64 else None)
    sx = pad(finite_vals(ft, rng, 12) + [0.0, -0.0, float("inf"), float("-inf"), NAN[ft.bits],
                                          NAN[ft.bits] | (1 << (ft.bits - 1))], n)

    def sgn(v):
        if isinstance(v, int):
            return ft.to_bits(0.0)
        if v > 0:
            return one
        if v < 0:
            return ft.to_bits(-1.0)
        return ft.to_bits(v)  # keeps the sign of zero
    emit(w, ft, "sign", n, [sx], [ft.tok(sgn(v)) for v in sx],
         "sign(x) is 1.0 for x > 0, -1.0 for x < 0, x itself for +-0.0 (sign kept) and 0.0 for a NaN.")


def ulp_alts(ft, exact):
    """The floats within 2 ulp of an exact value that no float equals: with f0 < |exact| < f1 the two
    neighbours, f0 - 1 ulp, f0, f1 and f1 + 1 ulp (f0 - 2 ulp and f1 + 2 ulp are more than 2 ulp away)."""
    b = ft.round(exact)
    mag = b & ((1 << (ft.bits - 1)) - 1)
    sign = b & (1 << (ft.bits - 1))
    val = Fraction(struct.unpack(ft.fmt, struct.pack(ft.ufmt, mag))[0])
    assert val != abs(exact)
    f0 = mag if val < abs(exact) else mag - 1
    return "|".join(ft.tok(sign | m) for m in (f0 - 1, f0, f0 + 1, f0 + 2))


def gen_angles(w, ft, n, rng):
    xs = pad(finite_vals(ft, rng, 24, -10, 10), n)
    pi = Fraction(C.PI)
    for fn, conv in (("degrees", lambda x: Fraction(x) * 180 / pi), ("radians", lambda x: Fraction(x) * pi / 180)):
        exp = [ulp_alts(ft, conv(x)) for x in xs]
        emit(w, ft, fn, n, [xs], exp,
             "%s(x) = %s; accuracy 2 ulp (Table 7.1): the four values within 2 ulp of the exact result pass." % (fn, "(180 / pi) * x" if fn == "degrees" else "(pi / 180) * x"))


def gen_recorded(w, ft):
    pre = FP64 if ft.bits == 64 else None
    req = "fp64" if ft.bits == 64 else None
    suf = "f" if ft.bits == 32 else ""
    w.probe(PATH + "mix.probe", "common.mix-smoothstep.%s.recorded" % ft.name, HEADING, "impl-defined",
            "mix and smoothstep have implementation-defined precision (Table 7.1): values recorded, not judged.",
            body="out[0] = mix(1.0%s, 3.0%s, 0.25%s);\nout[1] = mix(-2.0%s, 2.0%s, 0.5%s);\n"
                 "out[2] = smoothstep(0.0%s, 1.0%s, 0.5%s);\nout[3] = smoothstep(0.0%s, 2.0%s, 3.0%s);"
                 % ((suf,) * 12),
            out="%s[4]" % ft.name, requires=req, prelude=pre)
    # the overloads with scalar operands: mix(gentype x, gentype y, scalar a) and
    # smoothstep(scalar edge0, scalar edge1, gentype x), operands from buffers
    tok = lambda vals: [ft.tok(ft.to_bits(v)) for v in vals]
    w.probe(PATH + "mix.probe", "common.mix-smoothstep.%s4-scalar.recorded" % ft.name, HEADING, "impl-defined",
            "mix(gentype x, gentype y, scalar a) and smoothstep(scalar edge0, scalar edge1, gentype x): the scalars "
            "apply to every component (a in [0, 1], edge0 < edge1); precision implementation-defined (Table 7.1): "
            "values recorded, not judged.",
            body="vstore4(mix(vload4(0, a), vload4(0, b), c[0]), 0, out);\n"
                 "vstore4(smoothstep(c[1], c[2], vload4(0, a)), 1, out);",
            inputs=[("a", ft.name, tok([1.0, -2.0, 0.0, 10.0])), ("b", ft.name, tok([3.0, 2.0, 1.0, 20.0])),
                    ("c", ft.name, tok([0.25, 0.0, 2.0]))],
            out="%s[8]" % ft.name, requires=req, prelude=pre)


def gen_recorded_widths(w):
    """mix and smoothstep on float vectors of every width, all-vector and with scalar operands."""
    tok = lambda vals: [FLOAT.tok(FLOAT.to_bits(v)) for v in vals]
    xs = [1.0, -2.0, 0.0, 10.0, 0.5, -7.25, 3.0, 100.0, -0.5, 2.5, 64.0, -1.0, 0.25, 8.0, -3.0, 5.0]
    ys = [3.0, 2.0, 1.0, 20.0, -0.5, 7.25, 3.5, -100.0, 0.5, 12.5, 0.0, -4.0, 1.25, 9.0, 3.0, -5.0]
    ts = [0.25, 0.5, 0.0, 1.0, 0.75, 0.125, 0.9, 0.3, 0.5, 0.0625, 1.0, 0.6, 0.2, 0.875, 0.4, 0.05]
    e0 = [0.0, -3.0, -1.0, 5.0, 0.0, -10.0, 2.0, 50.0, -1.0, 2.0, 0.0, -2.0, 0.0, 7.0, -4.0, 4.0]
    e1 = [2.0, 1.0, 1.0, 15.0, 1.0, 0.0, 4.0, 150.0, 0.0, 3.0, 100.0, 0.0, 0.5, 9.0, 4.0, 6.0]
    for n in (2, 3, 4, 8, 16):
        tn = "float%d" % n
        w.probe(PATH + "mix.probe", "common.mix-smoothstep.%s.recorded" % tn, HEADING, "impl-defined",
                "mix(x, y, a) and smoothstep(edge0, edge1, x) on %s, all-vector and with the scalar a, edge0 and "
                "edge1 that apply to every component (a in [0, 1], edge0 < edge1); precision "
                "implementation-defined (Table 7.1): values recorded, not judged." % tn,
                body="float%d x = vload%d(0, a), y = vload%d(0, b);\n"
                     "vstore%d(mix(x, y, vload%d(0, t)), 0, out);\n"
                     "vstore%d(mix(x, y, t[0]), 1, out);\n"
                     "vstore%d(smoothstep(vload%d(0, e), vload%d(0, f), x), 2, out);\n"
                     "vstore%d(smoothstep(e[1], f[1], x), 3, out);" % ((n,) * 10),
                inputs=[("a", "float", tok(xs[:n])), ("b", "float", tok(ys[:n])), ("t", "float", tok(ts[:n])),
                        ("e", "float", tok(e0[:n])), ("f", "float", tok(e1[:n]))],
                out="float[%d]" % (4 * n))


def generate(w):
    for ft in (FLOAT, DOUBLE):
        rng = random.Random("common/" + ft.name)
        for n in WIDTHS:
            gen_minmax_clamp(w, ft, n, rng)
            gen_step_sign(w, ft, n, rng)
            gen_angles(w, ft, n, rng)
        gen_recorded(w, ft)
    gen_recorded_widths(w)


