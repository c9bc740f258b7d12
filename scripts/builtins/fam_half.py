"""Half-precision arithmetic and conversions (cl_khr_fp16; the unified spec's
"Half-Precision Floating-Point", "Rounding Modes" and "ULP Values for
Half-Precision Floating-Point Arithmetic Operations"): x + y, x - y and x * y
correctly rounded, x / y within 1 ulp, in the device's default rounding mode
for half (to nearest even where CL_DEVICE_HALF_FP_CONFIG has
CL_FP_ROUND_TO_NEAREST, the capability half_rte; else toward zero: twins);
conversions to half correctly rounded in the operator's mode (the default
one for convert_half and an implicit conversion), from half to float exact,
from half to an integer toward zero unless a mode is named, saturated where
_sat says so.

Every probe requires cl_khr_fp16. No reference driver lists it, so the
kernels are written to run unchanged through a mock that stands float in for
half (tests/e2e/test_half_mock.sh): operands come in and results go out as
bits, through as_half and as_ushort (the mock's as_ushort rounds a float to
the nearest half: exact for a half, and a single rounding of a float result),
and each output is one operation on halves, whose float result rounds to the
same half as the exact one (24 bits hold 2 * 11 + 2: double rounding is
innocuous for +, -, *, /). Operands and results stay normal and finite, so no
flush to zero or overflow needs judging. The reference is exact rational
arithmetic (halfref.py)."""
import random
import struct
from fractions import Fraction

import halfref as H

PATH = "half-precision-floating-point/"
HEADING = "OpenCL C: Half-Precision Floating-Point"
PRAGMA = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
N = 64
MIN_NORMAL = Fraction(1, 1 << 14)


def half_value(h):
    v, _ = H.float_bits_to_value(H.half_to_float_bits(h), 32)
    return v


def random_half(rng, lo=-6, hi=6):
    """A normal half of magnitude 2^lo .. 2^(hi+1), either sign."""
    e = rng.randrange(lo, hi + 1) + 15
    return (rng.randrange(2) << 15) | (e << 10) | rng.randrange(1 << 10)


def rounded(q, mode):
    return H.to_half_bits(q, 1 if q < 0 else 0, mode)


def within_one_ulp(q):
    """Every half within 1 ulp of the exact value q (normal, finite): the
    halves around q and their outer neighbours, kept where |h - q| is at
    most the gap between the two halves bracketing q."""
    down, up = rounded(q, "rtn"), rounded(q, "rtp")
    if down == up:  # q is a half: the spacing of halves in its binade
        gap = Fraction(2) ** (((down >> 10) & 0x1F) - 15 - 10)
    else:
        gap = abs(half_value(up) - half_value(down))
    seen = []
    for h in (down, up):
        for c in (h - 1, h, h + 1):
            if c not in seen and (c & 0x7C00) not in (0, 0x7C00) and abs(half_value(c) - q) <= gap:
                seen.append(c)
    return "|".join(str(c) for c in sorted(seen))


OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}
NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "div"}


def operands(rng, op):
    """N pairs whose exact result is normal and finite (redrawn otherwise)."""
    xs, ys = [], []
    while len(xs) < N:
        a, b = random_half(rng), random_half(rng)
        q = OPS[op](half_value(a), half_value(b))
        if q == 0 or abs(q) < MIN_NORMAL or abs(q) > H.HALF_MAX:
            continue
        xs.append(a)
        ys.append(b)
    return xs, ys


def arith_body(op, n):
    if n == 1:
        return ("uint i = get_global_id(0);\n"
                "half a = as_half(x[i]), b = as_half(y[i]);\n"
                "half r = a %s b;\n"
                "out[i] = as_ushort(r);" % op)
    return ("uint i = get_global_id(0);\n"
            "half%d a = as_half%d(vload%d(i, x)), b = as_half%d(vload%d(i, y));\n"
            "half%d r = a %s b;\n"
            "vstore%d(as_ushort%d(r), i, out);" % (n, n, n, n, n, n, op, n, n))


def gen_arith(w, rng):
    for op in ("+", "-", "*", "/"):
        xs, ys = operands(rng, op)
        exact = [OPS[op](half_value(a), half_value(b)) for a, b in zip(xs, ys)]
        for n in (1, 4):
            ty = "half" if n == 1 else "half%d" % n
            ins = [("x", "ushort", [str(v) for v in xs]), ("y", "ushort", [str(v) for v in ys])]
            if op == "/":
                w.probe(PATH + "arithmetic.probe", "half.div.%s" % ty, HEADING, "run",
                        "x / y on %s within 1 ulp of the exact quotient (ULP Values for Half-Precision "
                        "Floating-Point Arithmetic Operations: <= 1 ulp), for %d pairs of normal halves read at "
                        "run time; every quotient is normal." % (ty, N),
                        body=arith_body(op, n), inputs=ins, out="ushort[%d]" % N,
                        expect=" ".join(within_one_ulp(q) for q in exact), global_=str(N // n),
                        requires="cl_khr_fp16", prelude=PRAGMA)
                continue
            for mode, req, said in (("rte", "half_rte", "to nearest even (CL_FP_ROUND_TO_NEAREST is in "
                                     "CL_DEVICE_HALF_FP_CONFIG)"),
                                    ("rtz", "!half_rte", "toward zero (CL_FP_ROUND_TO_NEAREST is not in "
                                     "CL_DEVICE_HALF_FP_CONFIG)")):
                w.probe(PATH + "arithmetic.probe", "half.%s.%s.%s" % (NAMES[op], ty, mode), HEADING, "run",
                        "x %s y on %s is correctly rounded (ULP Values for Half-Precision Floating-Point Arithmetic "
                        "Operations) in the device's default rounding mode for half, here %s (Rounding Modes), for "
                        "%d pairs of normal halves read at run time; every result is normal and finite."
                        % (op, ty, said, N),
                        body=arith_body(op, n), inputs=ins, out="ushort[%d]" % N,
                        expect=" ".join(str(rounded(q, mode)) for q in exact), global_=str(N // n),
                        requires="cl_khr_fp16 " + req, prelude=PRAGMA)


def float_operands(rng):
    """Floats whose half is normal and finite: random ones, exact halves,
    ties between two halves, and values just beside a tie."""
    vals = []
    while len(vals) < N:
        h = random_half(rng, -12, 14)
        if h & 0x7C00 == 0x7C00 or rounded(half_value(h), "rtz") != h:
            continue
        v = half_value(h)
        if ((h >> 10) & 0x1F) == 30 and (h & 0x3FF) == 0x3FF:
            continue  # the largest half: ties above it round to infinity
        ulp = Fraction(2) ** (((h >> 10) & 0x1F) - 15 - 10)
        kind = len(vals) % 4
        q = v + (0 if kind == 0 else ulp / 2 if kind == 1 else ulp / 2 + ulp / 4096 if kind == 2
                 else Fraction(rng.randrange(1, 1 << 13), 1 << 13) * ulp)
        bits = H.f32_bits(float(q))
        if H.float_bits_to_value(bits, 32)[0] != q:
            continue  # keep operands that are exactly this float
        vals.append(bits)
    return vals


def gen_to_half(w, rng):
    fl = float_operands(rng)
    body = ("uint i = get_global_id(0);\n"
            "half h = %s(as_float(x[i]));\n"
            "out[i] = as_ushort(h);")
    ins = [("x", "uint", [str(v) for v in fl])]
    for mode in ("rte", "rtz", "rtp", "rtn"):
        w.probe(PATH + "conversions.probe", "half.convert_half_%s.float" % mode, HEADING, "run",
                "convert_half_%s of a float: \"Conversions to half floating-point format must be correctly rounded "
                "using the indicated convert operator rounding mode\" (Rounding Modes), for %d floats read at run "
                "time: exact halves, ties between two halves and values beside them; every result normal."
                % (mode, N),
                body=body % ("convert_half_" + mode), inputs=ins, out="ushort[%d]" % N,
                expect=" ".join(str(H.float_to_half(b, mode)) for b in fl), global_=str(N),
                requires="cl_khr_fp16", prelude=PRAGMA)
    for mode, req in (("rte", "half_rte"), ("rtz", "!half_rte")):
        for form, text in (("convert_half", "convert_half"), ("implicit", "")):
            w.probe(PATH + "conversions.probe", "half.%s.float.%s" % (form, mode), HEADING, "run",
                    "%s of a float rounds in the default rounding mode for half (Rounding Modes: \"or the default "
                    "rounding mode for half-precision floating-point operations if no rounding mode is specified by "
                    "the operator, or a C-style cast is used\"), here %s, for %d floats read at run time."
                    % ("convert_half" if text else "An implicit conversion (half h = f)",
                       "to nearest even" if mode == "rte" else "toward zero", N),
                    body=body % text, inputs=ins, out="ushort[%d]" % N,
                    expect=" ".join(str(H.float_to_half(b, mode)) for b in fl), global_=str(N),
                    requires="cl_khr_fp16 " + req, prelude=PRAGMA)


def int_of(q, mode, lo, hi, sat):
    k = H._round_int(q, mode)
    if sat:
        return max(lo, min(hi, k))
    assert lo <= k <= hi
    return k


def gen_from_half(w, rng):
    hs = [random_half(rng, -6, 14) for _ in range(N)]
    # half -> float is exact: the float holding the half's value.
    w.probe(PATH + "conversions.probe", "half.convert_float.half", HEADING, "run",
            "convert_float of a half is exact (\"All conversions from half to floating-point formats are exact\"), "
            "for %d halves read at run time." % N,
            body="uint i = get_global_id(0);\nhalf h = as_half(x[i]);\nout[i] = as_uint(convert_float(h));",
            inputs=[("x", "ushort", [str(v) for v in hs])], out="uint[%d]" % N,
            expect=" ".join(str(H.half_to_float_bits(h)) for h in hs), global_=str(N),
            requires="cl_khr_fp16", prelude=PRAGMA)
    small = [h for h in hs if abs(half_value(h)) < 2 ** 15][:N]
    for name, fn, mode, lo, hi, sat, what in (
            ("convert_int", "convert_int", "rtz", -2 ** 31, 2 ** 31 - 1, False,
             "toward zero, as no rounding mode is named"),
            ("convert_int_rte", "convert_int_rte", "rte", -2 ** 31, 2 ** 31 - 1, False, "to nearest even"),
            ("convert_short_rtp", "convert_short_rtp", "rtp", -2 ** 15, 2 ** 15 - 1, False, "toward +inf"),
            ("convert_char_sat", "convert_char_sat", "rtz", -128, 127, True,
             "toward zero, then saturated to char's range"),
            ("convert_uchar_sat_rtn", "convert_uchar_sat_rtn", "rtn", 0, 255, True,
             "toward -inf, then saturated to uchar's range")):
        exp = [int_of(half_value(h), mode, lo, hi, sat) for h in small]
        w.probe(PATH + "conversions.probe", "half.%s.half" % name, HEADING, "run",
                "%s of a half rounds %s (Rounding Modes: \"Conversions from half to integer format shall correctly "
                "round using the indicated convert operator rounding mode, or towards zero if no rounding mode is "
                "specified\"), for %d halves read at run time, each within the destination's range%s."
                % (fn, what, len(small), " before saturation" if sat else ""),
                body="uint i = get_global_id(0);\nhalf h = as_half(x[i]);\nout[i] = (int)%s(h);" % fn,
                inputs=[("x", "ushort", [str(v) for v in small])], out="int[%d]" % len(small), expect=" ".join(map(str, exp)),
                global_=str(len(small)), requires="cl_khr_fp16", prelude=PRAGMA)


def double_bits_of_float(fbits):
    """The double holding exactly the float of these bits (widening is exact)."""
    return struct.unpack("<Q", struct.pack("<d", struct.unpack("<f", struct.pack("<I", fbits))[0]))[0]


def gen_from_double(w, rng):
    fl = float_operands(rng)  # floats are doubles too: the same ties and values
    dbits = [double_bits_of_float(b) for b in fl]
    for mode in ("rte", "rtz"):
        w.probe(PATH + "conversions.probe", "half.convert_half_%s.double" % mode, HEADING, "run",
                "convert_half_%s of a double: \"Conversions from double to half are correctly rounded\" in the "
                "operator's mode, for %d doubles read at run time (exact halves, ties, values beside ties)."
                % (mode, N),
                body="uint i = get_global_id(0);\nhalf h = convert_half_%s(as_double(x[i]));\n"
                     "out[i] = as_ushort(h);" % mode,
                inputs=[("x", "ulong", [str(v) for v in dbits])], out="ushort[%d]" % N,
                expect=" ".join(str(H.float_to_half(b, mode)) for b in fl), global_=str(N),
                requires="cl_khr_fp16 fp64", prelude=PRAGMA + "\n" + FP64)


def generate(w):
    rng = random.Random(1616)
    gen_arith(w, rng)
    gen_to_half(w, rng)
    gen_from_half(w, rng)
    gen_from_double(w, rng)
