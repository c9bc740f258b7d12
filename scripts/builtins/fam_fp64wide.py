"""cl_khr_fp64's overloads the per-function families leave out: the widths
2, 8 and 16 of the exactly specified math functions, every width of the
relational functions, select and bitselect, the pointer outputs of fract,
frexp and modf at those widths, vload from __constant, and vstore_half /
vstorea_half of double vectors in every rounding mode and address space.

Code generation of double vectors is what a driver pays for (PoCL spends
seconds on a cold double16 kernel), so each probe packs many calls into one
kernel: every call stores its result to its own stretch of the output. Only
functions whose result the spec fixes exactly are judged here (the
correctly rounded conversions to half, the exact math functions with the
signs of zeros Edge Case Behavior gives, comparisons); mix, smoothstep and
mad, whose precision is implementation-defined, are recorded, not judged.

References: Python floats are IEEE doubles, and every operation used here
is exact on the chosen inputs (sums of multiples of 1/8 far below 2^53,
fmod and remainder, which are always exact, sqrt of perfect squares);
fractions.Fraction where a product is involved; halfref.float_to_half for
the conversions to half."""
import math
import random
import struct
from fractions import Fraction

import halfref as H

FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
VLS = "vector-data-load-and-store-functions/"
MATH = "math-functions-fp64/"
REL = "relational-functions/"
MODES = ("", "_rte", "_rtz", "_rtp", "_rtn")
HALF_WIDTHS = (1, 2, 3, 4, 8, 16)
WIDE = (2, 8, 16)


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def tok(x):
    return "bits(0x%016x)" % bits(x)


def vt(n, base="double"):
    return base if n == 1 else "%s%d" % (base, n)


def vload(n, src, off):
    return "%s[%d]" % (src, off) if n == 1 else "vload%d(0, %s + %d)" % (n, src, off)


# ---- vstore_half / vstorea_half of doubles -----------------------------------------------

def half_patterns():
    """Doubles that test each rounding: exact halves, ties and near-ties,
    overflow to inf or the largest half, half subnormals, and random values
    over the half range."""
    rng = random.Random("fp64wide-half")
    pats = [0x3FF0000000000000, 0x3FF0020000000000, 0x3FF0020000000001, 0x40EFFE0000000000, 0x40EFFE0000000001,
            0x40EFFC0000000000, 0x3E70000000000000, 0x3E60000000000000, 0x3E60000000000001, 0xBE60000000000000,
            0x7FF0000000000000, 0xFFF0000000000000, 0x400921FB54442D18, 0x3FD5555555555555, 0xC0F86A0000000000,
            0xBFF0030000000000]
    while len(pats) < 48:
        e = rng.randint(1023 - 26, 1023 + 16)
        pats.append((rng.randint(0, 1) << 63) | (e << 52) | rng.randint(0, (1 << 52) - 1))
    return pats


def literal(n, pats):
    """A doublen literal of the bit patterns (as_double of each: folded)."""
    comps = ", ".join("as_double(0x%016xUL)" % b for b in pats)
    return comps if n == 1 else "(double%d)(%s)" % (n, comps)


def half_calls(space_ptr, pats, folded=False, widths=HALF_WIDTHS):
    """(body lines, expected tokens) of every vstore_halfN and vstorea_halfN
    in every rounding mode, each writing its own stretch of `dst` (a
    pointer expression of the address space under test), read from
    successive windows of the input `a`, or, folded, written as literals."""
    lines, exp, at, src = [], [], 0, 0
    for aligned in (False, True):
        for n in widths:
            if aligned and n == 1:
                continue
            room = 4 if aligned and n == 3 else n   # vstorea_half3 writes 4 halves' room
            for mode in MODES:
                fn = "%s%s%s" % ("vstorea_half" if aligned else "vstore_half", "" if n == 1 else n, mode)
                if src + n > len(pats):
                    src = 0
                # offset 0 into the stretch: its start is a multiple of the
                # room, so vstorea's alignment (that of halfN) holds
                while at % (4 if room == 3 else room):
                    at += 1
                    exp.append(None)
                val = literal(n, pats[src:src + n]) if folded else vload(n, "a", src)
                lines.append("%s(%s, 0, %s + %d);" % (fn, val, space_ptr, at))
                rm = mode[1:] or "rte"
                for j in range(n):
                    exp.append(str(H.float_to_half(pats[src + j], rm, 64)))
                exp += [None] * (room - n)
                at += room
                src += n
    return lines, exp


# The widths each address space's probe writes. Double-to-half conversions
# of double8 and double16 are what PoCL 3.1 spends its cold code generation
# on (about 3 s a probe, where widths 1 to 4 take 0.4 s): __private keeps to
# widths 1 to 4 (scripts/coverage/excluded.py lists the rest as left for
# cost); the generic probe runs only where the generic address space is.
SPACE_WIDTHS = {"global": HALF_WIDTHS, "local": HALF_WIDTHS, "private": (1, 2, 3, 4), "generic": HALF_WIDTHS}


def gen_vstore_half(w):
    pats = half_patterns()
    for space in ("global", "local", "private", "generic"):
        lines, exp = half_calls("dst", pats, widths=SPACE_WIDTHS[space])
        n = len(exp)
        if space in ("global", "generic"):
            decl = ("half *dst = (__global half *)out;   /* a generic pointer to the output */" if space == "generic"
                    else "__global half *dst = (__global half *)out;")
            body = [decl] + lines
            exp = ["*" if e is None else e for e in exp]
        else:
            q = "__local" if space == "local" else "__private"
            # aligned for vstorea_half16 (32 bytes: "aligned to sizeof(halfn)")
            body = (["%s ushort tmp[%d] __attribute__((aligned(32)));" % (q, n), "for (int j = 0; j < %d; j++)" % n,
                     "    tmp[j] = 0;",
                     "%s half *dst = (%s half *)tmp;" % (q, q)] + lines +
                    ["for (int j = 0; j < %d; j++)" % n, "    out[j] = tmp[j];"])
            exp = ["0" if e is None else e for e in exp]
        generic = space == "generic"
        w.probe(VLS + "vstore-half-double.probe", "vloadstore.vstore_half.double-vectors.%s" % space, "OpenCL C: Vector Data Load and Store Functions", "run",
                "vstore_halfN and vstorea_halfN (N = %s; vstorea from 2) of double vectors in every "
                "rounding mode (none: round to nearest even; _rte, _rtz, _rtp, _rtn) to %s, each call to its own "
                "stretch of the output: each double is rounded to half directly, once, and stored as its 16 bits; "
                "judged bit for bit (the 4th half of vstorea_half3 is not written)%s."
                % (", ".join(str(k) for k in SPACE_WIDTHS[space]),
                   "a generic pointer to __global memory (-cl-std=CL3.0)" if generic else "__%s memory" % space,
                   "" if space == "global" else "" if generic else ", copied out after"),
                body="\n".join(body), inputs=[("a", "double", ["bits(0x%016x)" % b for b in pats])],
                out="ushort[%d]" % n, expect=" ".join(exp),
                requires="cl_std_3.0 __opencl_c_fp64 __opencl_c_generic_address_space" if generic else "fp64",
                options="-cl-std=CL3.0" if generic else None, prelude=FP64)


# ---- exact math at widths 2, 8, 16 -------------------------------------------------------

def sgnzero(r, x):
    """r, with a zero result taking x's sign (Edge Case Behavior: ceil,
    trunc, round, rint of -1 < x < 0 give -0)."""
    return math.copysign(0.0, x) if r == 0 else float(r)


def rint_ref(x):
    f = math.floor(x)
    d = x - f
    r = f + 1 if d > 0.5 or (d == 0.5 and f % 2) else f
    return sgnzero(r, x)


def round_ref(x):
    r = math.floor(abs(x) + 0.5) if abs(x) % 1 != 0.5 else math.floor(abs(x)) + 1
    return sgnzero(math.copysign(r, x), x)


def fmod_ref(x, y):
    r = Fraction(x) - Fraction(y) * int(Fraction(x) / Fraction(y))
    return sgnzero(float(r), x)


def remainder_ref(x, y):
    q = Fraction(x) / Fraction(y)
    n = math.floor(q)
    if q - n > Fraction(1, 2) or (q - n == Fraction(1, 2) and n % 2):
        n += 1
    return sgnzero(float(Fraction(x) - n * Fraction(y)), x)


def logb_ref(x):
    return float(math.frexp(x)[1] - 1)


def maxmag_ref(x, y):
    return x if abs(x) > abs(y) else y if abs(y) > abs(x) else max(x, y)


def minmag_ref(x, y):
    return x if abs(x) < abs(y) else y if abs(y) < abs(x) else min(x, y)


def fma_ref(x, y, z):
    return float(Fraction(x) * Fraction(y) + Fraction(z))


# name: (arity, reference, input set per argument)
EXACT = {
    "fabs": (1, abs, "x"), "floor": (1, lambda x: float(math.floor(x)), "x"),
    "ceil": (1, lambda x: sgnzero(math.ceil(x), x), "x"), "trunc": (1, lambda x: sgnzero(math.trunc(x), x), "x"),
    "rint": (1, rint_ref, "x"), "round": (1, round_ref, "x"), "copysign": (2, math.copysign, "xy"),
    "fdim": (2, lambda x, y: x - y if x > y else 0.0, "xy"), "fmax": (2, max, "xy"), "fmin": (2, min, "xy"),
    "maxmag": (2, maxmag_ref, "xy"), "minmag": (2, minmag_ref, "xy"), "fma": (3, fma_ref, "xyx"),
    "sqrt": (1, math.sqrt, "s"), "logb": (1, logb_ref, "x"), "nextafter": (2, math.nextafter, "xy"),
    "fmod": (2, fmod_ref, "xy"), "remainder": (2, remainder_ref, "xy"),
}


def exact_inputs():
    """x, y: nonzero multiples of 1/8 (halves and quarters among them, and
    values in (-1, 0)), never equal in magnitude at one index with opposite
    signs of zero; s: squares of multiples of 1/8."""
    rng = random.Random("fp64wide-exact")
    x = [0.5, -0.5, 1.5, 2.5, -2.5, -0.25, 0.75, -1.0, 3.0, -7.5, 100.125, -0.125, 4.5, -3.5, 0.375, 12.0]
    while len(x) < 48:
        v = rng.randint(-4000, 4000)
        if v:
            x.append(v / 8)
    y = []
    while len(y) < 48:
        v = rng.randint(-400, 400)
        if v:
            y.append(v / 8)
    y[3] = -x[3]    # |x| == |y|: maxmag and minmag fall back to fmax and fmin
    s = [(rng.randint(1, 3000) / 8) ** 2 for _ in range(48)]
    return {"x": x, "y": y, "s": s}


def gen_exact(w):
    ins = exact_inputs()
    lines, exp, at = [], [], 0
    srcs = {"x": 0, "y": 0, "s": 0}

    def window(which, n):
        off = srcs[which]
        if off + n > len(ins[which]):
            off = 0
        srcs[which] = off + n
        return off

    def emit(call, vals, n):
        nonlocal at
        lines.append("vstore%d(%s, 0, out + %d);" % (n, call, at))
        exp.extend(tok(v) for v in vals)
        at += n

    for n in WIDE:
        for fn, (arity, ref, sets) in EXACT.items():
            offs = [window(c, n) for c in sets]
            args = [[ins[c][o + j] for j in range(n)] for c, o in zip(sets, offs)]
            call = "%s(%s)" % (fn, ", ".join(vload(n, c if c != "s" else "s", o) for c, o in zip(sets, offs)))
            emit(call, [ref(*[a[j] for a in args]) for j in range(n)], n)
        # ilogb: an int vector, widened to double (exact)
        o = window("x", n)
        emit("convert_%s(ilogb(%s))" % (vt(n), vload(n, "x", o)), [logb_ref(ins["x"][o + j]) for j in range(n)], n)
        # fmax/fmin with a scalar second operand
        for fn, ref in (("fmax", max), ("fmin", min)):
            o, k = window("x", n), window("y", 1)
            emit("%s(%s, y[%d])" % (fn, vload(n, "x", o), k), [ref(ins["x"][o + j], ins["y"][k]) for j in range(n)], n)
        # ldexp with an int vector and with one int: x * 2^e exactly
        o = window("x", n)
        es = [(j * 7) % 41 - 20 for j in range(n)]
        emit("ldexp(%s, (int%d)(%s))" % (vload(n, "x", o), n, ", ".join(str(e) for e in es)),
             [math.ldexp(ins["x"][o + j], es[j]) for j in range(n)], n)
    # select: the MSB of each component of c picks b; a scalar picks b where c != 0
    sel = [(2, "long"), (3, "long"), (4, "long"), (8, "long"), (1, "ulong"), (3, "ulong"), (4, "ulong"),
           (8, "ulong"), (16, "ulong")]
    for n, ct in sel:
        oa, ob = window("x", n), window("y", n)
        if n == 1:
            cs, lit = [5], "5ul"
            picks = [True]
        else:
            cs = [(-1 if ct == "long" else 0x8000000000000000) if (j * 5) % 3 == 0 else (j + 1) for j in range(n)]
            lit = "(%s%d)(%s)" % (ct, n, ", ".join(("%dL" if ct == "long" else "0x%xUL") % c for c in cs))
            picks = [c < 0 or c >= 1 << 63 for c in cs]
        call = "select(%s, %s, %s)" % (vload(n, "x", oa), vload(n, "y", ob), lit)
        vals = [ins["y"][ob + j] if picks[j] else ins["x"][oa + j] for j in range(n)]
        if n == 1:
            lines.append("out[%d] = %s;" % (at, call))
            exp.append(tok(vals[0]))
            at += 1
        else:
            emit(call, vals, n)
    # bitselect: bits of b where c's bits are set, else a's; c only takes
    # the sign and mantissa bits, so the result is a finite double
    for n in (1, 2, 3, 8, 16):
        oa, ob = window("x", n), window("y", n)
        masks = [(0x800FFFFFFFFFFFFF if j % 2 else 0x0000F0F0F0F0F0F0) for j in range(n)]
        c = "as_%s((%s)(%s))" % (vt(n), vt(n, "ulong"), ", ".join("0x%xUL" % m for m in masks))
        if n == 1:
            c = "as_double(0x%xUL)" % masks[0]
        call = "bitselect(%s, %s, %s)" % (vload(n, "x", oa), vload(n, "y", ob), c)
        vals = [struct.unpack("<d", struct.pack("<Q", (bits(ins["x"][oa + j]) & ~masks[j] & (2 ** 64 - 1))
                                                | (bits(ins["y"][ob + j]) & masks[j])))[0] for j in range(n)]
        if n == 1:
            lines.append("out[%d] = %s;" % (at, call))
            exp.append(tok(vals[0]))
            at += 1
        else:
            emit(call, vals, n)
    # vloadN from __constant memory (a program-scope table)
    table = [ins["x"][j] for j in range(16)]
    for n in (2, 3, 4, 8, 16):
        emit("vload%d(0, kc)" % n, table[:n], n)
    prelude = FP64 + "\n__constant double kc[16] = {%s};" % ", ".join(repr(v) for v in table)
    gen_ldexp_scalar(w, ins)
    w.probe(MATH + "fp64-wide.probe", "math.exact.double-wide", "OpenCL C: Math Functions", "run",
            "The exactly specified double functions at widths 2, 8 and 16, packed into one kernel, each call storing "
            "to its own stretch of the output: fabs, floor, ceil, trunc, rint, round, copysign, fdim, fmax, fmin "
            "(also with a scalar y), maxmag, minmag, fma, sqrt (of perfect squares), logb, ilogb, nextafter, fmod, "
            "remainder, ldexp (with an int vector); select (long and ulong masks, and the scalar form) "
            "and bitselect at the widths not probed elsewhere; vloadN from a __constant table. Every input is a "
            "multiple of 1/8 (no zeros, no NaNs): each result is exact, zeros signed as Edge Case Behavior says "
            "(ceil, trunc, round, rint of -1 < x < 0 give -0); judged bit for bit.",
            body="\n".join(lines),
            inputs=[(c, "double", [tok(v) for v in ins[c]]) for c in ("x", "y", "s")],
            out="double[%d]" % len(exp), expect=" ".join(exp), requires="fp64", prelude=prelude)


def gen_ldexp_scalar(w, ins):
    """ldexp(doublen, int), one exponent for every component: a probe of its
    own, so that a driver wrong in this one form (Oclgrind: the components
    past the first take no exponent of theirs) has the others judged."""
    lines, exp, at = [], [], 0
    for n, o in zip(WIDE, (0, 4, 16)):
        lines.append("vstore%d(ldexp(%s, %d), 0, out + %d);" % (n, vload(n, "x", o), -3 - n, at))
        exp += [tok(math.ldexp(ins["x"][o + j], -3 - n)) for j in range(n)]
        at += n
    w.probe(MATH + "fp64-wide.probe", "math.ldexp.double-wide-int", "OpenCL C: Math Functions", "run",
            "ldexp(doublen x, int k) at widths 2, 8 and 16, one k for every component: x * 2^k, exact for these "
            "inputs (multiples of 1/8, no underflow); judged bit for bit.",
            body="\n".join(lines), inputs=[("x", "double", [tok(v) for v in ins["x"]])],
            out="double[%d]" % len(exp), expect=" ".join(exp), requires="fp64", prelude=FP64)


# ---- pointer outputs: fract, frexp, modf --------------------------------------------------

def fract_ref(x):
    f = math.floor(x)
    return min(x - f, float.fromhex("0x1.fffffffffffffp-1")), float(f)


def frexp_ref(x):
    m, e = math.frexp(x)
    return m, float(e)


def modf_ref(x):
    ip = sgnzero(math.trunc(x), x)
    return sgnzero(x - ip, x), ip


PTR_FNS = {"fract": (fract_ref, "double"), "frexp": (frexp_ref, "int"), "modf": (modf_ref, "double")}


def gen_pointer_outputs(w):
    """Per address space one probe: each call's value to the first half of
    the output, what it stores through its pointer read back (frexp's int
    exponents converted to double, exactly) to the second half."""
    x = exact_inputs()["x"]
    widths = (2, 3, 8, 16)
    # Every call's stretch is 16 elements long and starts at a multiple of
    # 16: a pointer to doublen or intn must be aligned to its size (double16:
    # 128 bytes; the output's base is aligned to CL_DEVICE_MEM_BASE_ADDR_ALIGN,
    # at least that). The stretches' unused elements are not judged.
    room = 16 * len(widths) * len(PTR_FNS)
    for space in ("global", "local", "private", "generic"):
        lines, vals, at, src = [], [], 0, 0
        if space in ("local", "private"):
            q = "__local " if space == "local" else ""
            lines += ["%sdouble ld[%d] __attribute__((aligned(128)));" % (q, room),
                      "%sint li[%d] __attribute__((aligned(128)));" % (q, room)]
        for fn, (ref, it) in PTR_FNS.items():
            for n in widths:
                if src + n > len(x):
                    src = 0
                if space in ("global", "generic"):
                    # the pointer's stretch of the output's second half holds
                    # the n results (ints take half its bytes)
                    where = "(__global %s *)(out + %d)" % (it, room + at)
                    ptr = "(%s%s *)%s" % ("__global " if space == "global" else "", vt(n, it), where)
                else:
                    where = "%s + %d" % ("ld" if it == "double" else "li", at)
                    ptr = "(%s %s *)(%s)" % ("__local" if space == "local" else "__private", vt(n, it), where)
                lines.append("vstore%d(%s(%s, %s), 0, out + %d);" % (n, fn, vload(n, "x", src), ptr, at))
                back = "vload%d(0, %s)" % (n, where)
                if it == "int":
                    back = "convert_%s(%s)" % (vt(n), back)
                if it == "int" or space in ("local", "private"):
                    lines.append("vstore%d(%s, 0, out + %d);" % (n, back, room + at))
                vals += [ref(x[src + j]) for j in range(n)] + [None] * (16 - n)
                at += 16
                src += n
        generic = space == "generic"
        why = ("fract, frexp and modf of double2, double3, double8 and double16, the second result through a "
               "pointer to %s, packed into one kernel: fract(x) = fmin(x - floor(x), 0x1.fffffffffffffp-1) with "
               "floor(x) stored, frexp's mantissa in [0.5, 1) and its exponent, modf's fraction and integral part "
               "with x's sign (Edge Case Behavior); every input a nonzero multiple of 1/8, every result exact, "
               "judged bit for bit: the values returned, then what each call stored (read back; frexp's int "
               "exponents converted to double); each call has a 16-element stretch, aligned for the pointer."
               % ("a generic pointer to __global memory (-cl-std=CL3.0)" if generic else "__%s memory" % space))
        w.probe(MATH + "fp64-wide.probe", "math.pointer-out.double-wide.%s" % space, "OpenCL C: Math Functions", "run", why,
                body="\n".join(lines), inputs=[("x", "double", [tok(v) for v in x])],
                out="double[%d]" % (2 * room), expect=" ".join(["*" if v is None else tok(v[0]) for v in vals] +
                                                              ["*" if v is None else tok(v[1]) for v in vals]),
                requires="cl_std_3.0 __opencl_c_fp64 __opencl_c_generic_address_space" if generic else "fp64",
                options="-cl-std=CL3.0" if generic else None, prelude=FP64)


# ---- relational functions on every width ---------------------------------------------------

REL_FNS = {
    "isequal": lambda x, y: x == y, "isnotequal": lambda x, y: x != y, "isgreater": lambda x, y: x > y,
    "isgreaterequal": lambda x, y: x >= y, "isless": lambda x, y: x < y, "islessequal": lambda x, y: x <= y,
    "islessgreater": lambda x, y: x < y or x > y,
    "isordered": lambda x, y: x == x and y == y, "isunordered": lambda x, y: x != x or y != y,
}
REL_UNARY = {
    "isfinite": math.isfinite, "isinf": math.isinf, "isnan": math.isnan,
    "isnormal": lambda x: math.isfinite(x) and x != 0 and abs(x) >= 2.0 ** -1022,
    "signbit": lambda x: math.copysign(1.0, x) < 0,
}


def gen_relational(w):
    nan = float("nan")
    x = [1.5, -2.0, nan, math.inf, -math.inf, 0.0, -0.0, 1.5, 1e300, -3.25, 2.0 ** -1022, 7.0, nan, -0.0, 4.0, 0.5]
    y = [1.5, 3.0, 1.0, math.inf, 5.0, -0.0, 0.0, nan, -1e300, -3.25, 1.0, 7.5, nan, 2.0, 4.0, -0.5]
    lines, exp, at = [], [], 0
    for n in (2, 3, 4, 8, 16):
        for fn, ref in list(REL_FNS.items()) + list(REL_UNARY.items()):
            off = (at * 3) % (len(x) - n + 1)
            unary = fn in REL_UNARY
            args = vload(n, "x", off) + ("" if unary else ", " + vload(n, "y", off))
            lines.append("vstore%d(%s(%s), 0, out + %d);" % (n, fn, args, at))
            for j in range(n):
                r = ref(x[off + j]) if unary else ref(x[off + j], y[off + j])
                exp.append("-1" if r else "0")
            at += n
        if n in WIDE:
            # nan(ulongN) is a NaN whatever the payload: its isnan is all ones
            lines.append("vstore%d(isnan(nan((ulong%d)(%s))), 0, out + %d);"
                         % (n, n, ", ".join("%dUL" % (j + 1) for j in range(n)), at))
            exp += ["-1"] * n
            at += n
    w.probe(REL + "fp64-wide.probe", "relational.double-wide", "OpenCL C: Relational Functions", "run",
            "The relational functions on double2, double3, double4, double8 and double16 (isequal, isnotequal, "
            "isgreater, isgreaterequal, isless, islessequal, islessgreater, isordered, isunordered, isfinite, "
            "isinf, isnan, isnormal, signbit) over NaNs, infinities, zeros of both signs, the smallest normal and "
            "ordinary values, packed into one kernel: a vector result is -1 (all bits set) where true and 0 where "
            "false; also nan(ulongN) at widths 2, 8, 16, whose isnan is true in every component.",
            body="\n".join(lines),
            inputs=[("x", "double", [tok(v) for v in x]), ("y", "double", [tok(v) for v in y])],
            out="long[%d]" % len(exp), expect=" ".join(exp), requires="fp64", prelude=FP64)


def gen_recorded(w):
    """mix, smoothstep and mad, whose precision the spec leaves to the
    implementation (mix and smoothstep: Table 7.2; mad: "any precision"):
    recorded, not judged, at the double widths no other probe calls."""
    xs = [1.0, -2.0, 0.0, 10.0, 0.5, -7.25, 3.0, 100.0, -0.5, 2.5, 64.0, -1.0, 0.25, 8.0, -3.0, 5.0]
    ys = [3.0, 2.0, 1.0, 20.0, -0.5, 7.25, 3.5, -100.0, 0.5, 12.5, 0.0, -4.0, 1.25, 9.0, 3.0, -5.0]
    ts = [0.25, 0.5, 0.0, 1.0, 0.75, 0.125, 0.875, 0.375, 0.5, 0.0625, 1.0, 0.625, 0.25, 0.875, 0.5, 0.0625]
    e0 = [0.0, -3.0, -1.0, 5.0, 0.0, -10.0, 2.0, 50.0, -1.0, 2.0, 0.0, -2.0, 0.0, 7.0, -4.0, 4.0]
    e1 = [2.0, 1.0, 1.0, 15.0, 1.0, 0.0, 4.0, 150.0, 0.0, 3.0, 100.0, 0.0, 0.5, 9.0, 4.0, 6.0]
    lines, at = [], 0
    for n in (2, 3, 4, 8, 16):
        calls = ["mix(vload%d(0, a), vload%d(0, b), vload%d(0, t))" % (n, n, n),
                 "smoothstep(vload%d(0, e), vload%d(0, f), vload%d(0, a))" % (n, n, n)]
        if n != 4:   # the scalar-operand forms at width 4 are common.mix-smoothstep.double4-scalar's
            calls += ["mix(vload%d(0, a), vload%d(0, b), t[1])" % (n, n),
                      "smoothstep(e[1], f[1], vload%d(0, a))" % n]
        if n in WIDE:
            calls.append("mad(vload%d(0, a), vload%d(0, b), vload%d(0, t))" % (n, n, n))
        for c in calls:
            lines.append("vstore%d(%s, 0, out + %d);" % (n, c, at))
            at += n
    w.probe("common-functions/mix.probe", "common.mix-smoothstep-mad.double-wide.recorded", "OpenCL C: Common Functions",
            "impl-defined",
            "mix(x, y, a) and smoothstep(edge0, edge1, x) on double2, 3, 4, 8 and 16 (all-vector, and with the "
            "scalar a, edge0, edge1 that apply to every component; a in [0, 1], edge0 < edge1) and mad at widths "
            "2, 8 and 16, packed into one kernel: their precision is implementation-defined (Table 7.2; mad: any "
            "precision): values recorded, not judged.",
            body="\n".join(lines),
            inputs=[(nm, "double", [tok(v) for v in vals]) for nm, vals in
                    (("a", xs), ("b", ys), ("t", ts), ("e", e0), ("f", e1))],
            out="double[%d]" % at, requires="fp64", prelude=FP64)


def generate(w):
    gen_recorded(w)
    gen_vstore_half(w)
    gen_exact(w)
    gen_pointer_outputs(w)
    gen_relational(w)
