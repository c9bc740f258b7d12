"""The generic-address-space forms of OpenCL C 1.2 built-ins that take a
pointer, written by gen_features.py under -cl-std=CL2.0 and under CL3.0 with
__opencl_c_generic_address_space: vloadn/vstoren for every type and width,
vload_half, vload_halfn, vloada_halfn, vstore_half(n) and vstorea_halfn in
every rounding mode ("Vector Data Load and Store Functions"), and fract,
modf, frexp, remquo, sincos, lgamma_r at the vector widths the math family
does not reach through a generic pointer (2, 3, 8, 16; "Math Functions").
Every pointer is a generic one holding a private array's address.

The values are exact: loads and stores move bits (vload_half of exact half
values; the stores' float inputs round per the suffix, computed in exact
arithmetic by half_bits), and the math functions are called where Annex F or
exact arithmetic fixes the result (fract(2.5) = 0.5 and 2, modf(2.5),
frexp(6) = 0.75 * 2^3, remquo(7, 2) = -1 with the quotient's low seven bits
4, sincos(0) = 0 and 1, lgamma_r(1) = +0 with sign 1)."""
from fractions import Fraction

LDST = "OpenCL C: Vector Data Load and Store Functions"
MATH = "OpenCL C: Math Functions"
VERSIONS = {"2.0": "cl_std_2.0", "3.0": "cl_std_3.0 __opencl_c_generic_address_space"}
WIDTHS = (2, 3, 4, 8, 16)
VTYPES = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float"]
MODES = ("", "_rte", "_rtz", "_rtp", "_rtn")


def half_bits(x, mode):
    """The binary16 bits of x (a normal half value once rounded, |x| in
    [2^-14, 65504]) rounded per mode ('' and '_rte' to nearest even, '_rtz',
    '_rtp', '_rtn')."""
    x = Fraction(x)
    sign = 1 if x < 0 else 0
    a = -x if sign else x
    e = 0
    while a >= 2:
        a /= 2
        e += 1
    while a < 1:
        a *= 2
        e -= 1
    m = a * 1024                      # in [1024, 2048)
    lo = m.numerator // m.denominator
    frac = m - lo
    if mode in ("", "_rte"):
        up = frac > Fraction(1, 2) or (frac == Fraction(1, 2) and lo % 2 == 1)
    elif mode == "_rtz":
        up = False
    elif mode == "_rtp":
        up = frac > 0 and not sign
    elif mode == "_rtn":
        up = frac > 0 and bool(sign)
    else:
        raise ValueError(mode)
    q = lo + (1 if up else 0)
    if q == 2048:
        q, e = 1024, e + 1
    assert -14 <= e <= 15
    return (sign << 15) | ((e + 15) << 10) | (q - 1024)


def vloadstore_body():
    lines = []
    for t in VTYPES:
        lines += ["%s s_%s[48], d_%s[48];" % (t, t, t),
                  "for (int i = 0; i < 48; i++) s_%s[i] = (%s)(3 * (i %% 32) + 1);" % (t, t)]
    k = 0
    for t in VTYPES:
        lines += ["{", "    %s *gs = s_%s;" % (t, t), "    %s *gd = d_%s;" % (t, t)]
        for n in WIDTHS:
            lines.append("    for (int i = 0; i < 48; i++) gd[i] = (%s)0;" % t)
            lines.append("    vstore%d(vload%d(1, gs), 1, gd);" % (n, n))
            lines.append("    out[%d] = 1000 * (long)(d_%s[%d] + d_%s[%d])" % (k, t, n - 1, t, 2 * n)
                         + "".join(" + %d * (long)d_%s[%d]" % (j + 1, t, n + j) for j in range(n)) + ";")
            k += 1
        lines.append("}")
    return "\n".join(lines), k


def vloadstore_expect():
    out = []
    for _ in VTYPES:
        for n in WIDTHS:
            out.append(sum((j + 1) * (3 * (n + j) + 1) for j in range(n)))
    return out


# Exact half values for the loads; float inputs for the stores, with ties and
# values between two halves so each rounding mode differs somewhere.
LOAD_VALUES = [Fraction(v) for v in (1, -2, 0.5, 3.25, -0.75, 100, 1024, -65504, 0.125, 7.5, -1.5, 2048, 0.0625,
                                     -3, 96, 1.25)]
STORE_VALUES = [Fraction(1) + Fraction(1, 4096), -(Fraction(1) + Fraction(1, 4096)), Fraction(3) + Fraction(1, 1024),
                Fraction(3) + Fraction(3, 1024), Fraction(-5) - Fraction(1, 512), Fraction(3, 2),
                Fraction(-2.25), Fraction(1000) + Fraction(1, 4), Fraction(7) + Fraction(1, 256),
                Fraction(-7) - Fraction(1, 256), Fraction(0.1015625), Fraction(65504), Fraction(-0.5),
                Fraction(12345, 1), Fraction(2) + Fraction(1, 1024), Fraction(-300) - Fraction(1, 8)]


def flit(v):
    return float.hex(float(v)) + "f"


def half_body():
    """Loads first (floats, as bits in out), then stores (half bits)."""
    hv = ", ".join("(ushort)%d" % half_bits(v, "") for v in LOAD_VALUES)
    lines = ["/* Sixteen halves twice, 32-byte aligned (vloada/vstorea_half16 need it). */",
             "ushort16 hs[2] = {(ushort16)(%s), (ushort16)(%s)};" % (hv, hv),
             "ushort16 hd[2];",
             "const half *gs = (const half *)hs;",
             "half *gd = (half *)hd;",
             "float16 f;"]
    k = 0
    for i in (0, 5):
        lines.append("out[%d] = as_uint(vload_half(%d, gs));" % (k, i))
        k += 1
    for n in WIDTHS:
        for fn in ("vload_half", "vloada_half"):
            name = "%s%d" % (fn, n)
            lines.append("{ float%d v = %s(1, gs);" % (n, name))
            for j in range(n):
                lines.append("  out[%d] = as_uint(v.s%s);" % (k, "0123456789abcdef"[j]))
                k += 1
            lines.append("}")
    svals = ", ".join(flit(v) for v in STORE_VALUES)
    lines.append("f = (float16)(%s);" % svals)
    for mode in MODES:
        lines += ["hd[0] = (ushort16)0;", "vstore_half%s(f.s0, 1, gd);" % mode,
                  "out[%d] = ((ushort *)hd)[1];" % k]
        k += 1
    for n in WIDTHS:
        part = "f" if n == 16 else "f.s%s" % "0123456789abcdef"[:n]
        for fn in ("vstore_half", "vstorea_half"):
            for mode in MODES:
                at = 4 if (fn == "vstorea_half" and n == 3) else n
                lines += ["hd[0] = (ushort16)0; hd[1] = (ushort16)0;",
                          "%s%d%s(%s, 1, gd);" % (fn, n, mode, part),
                          "for (int j = 0; j < %d; j++) out[%d + j] = ((ushort *)hd)[%d + j];" % (n, k, at)]
                k += n
    return "\n".join(lines), k


def float_bits(v):
    import struct
    return struct.unpack("<I", struct.pack("<f", float(v)))[0]


def half_expect():
    out = [float_bits(LOAD_VALUES[0]), float_bits(LOAD_VALUES[5])]
    for n in WIDTHS:
        for fn in ("vload_half", "vloada_half"):
            at = 4 if (fn == "vloada_half" and n == 3) else n
            out += [float_bits(LOAD_VALUES[(at + j) % 16]) for j in range(n)]
    for mode in MODES:
        out.append(half_bits(STORE_VALUES[0], mode))
    for n in WIDTHS:
        for _ in ("vstore_half", "vstorea_half"):
            for mode in MODES:
                out += [half_bits(STORE_VALUES[j], mode) for j in range(n)]
    return out


# (function, input(s), outputs of the two results per lane: value, second output)
MATH_CASES = [
    ("fract", "2.5f", "float", (0.5, 2.0)),
    ("modf", "2.5f", "float", (0.5, 2.0)),
    ("frexp", "6.0f", "int", (0.75, 3)),
    ("remquo", "7.0f, 2.0f", "int", (-1.0, 4)),
    ("sincos", "0.0f", "float", (0.0, 1.0)),
    ("lgamma_r", "1.0f", "int", (0.0, 1)),
]


def math_body():
    lines = []
    k = 0
    for w in (2, 3, 8, 16):
        for fn, args, second, _ in MATH_CASES:
            vt = "%s%d" % (second, w)
            vargs = ", ".join("(float%d)(%s)" % (w, a.strip()) for a in args.split(","))
            lines += ["{", "    %s o2;" % vt, "    %s *g2 = &o2;" % vt,
                      "    float%d r = %s(%s, g2);" % (w, fn, vargs)]
            if fn == "remquo":
                lines.append("    o2 &= (int%d)0x7F;  /* the quotient's low seven bits */" % w)
            for j in range(w):
                c = "0123456789abcdef"[j]
                lines.append("    out[%d] = r.s%s; out[%d] = (float)o2.s%s;" % (k, c, k + 1, c))
                k += 2
            lines.append("}")
    return "\n".join(lines), k


def math_expect():
    out = []
    for w in (2, 3, 8, 16):
        for _, _, _, (a, b) in MATH_CASES:
            out += [float.hex(float(a)), float.hex(float(b))] * w
    return out


def gen_generic_builtins(w):
    ldst_body, n1 = vloadstore_body()
    h_body, n2 = half_body()
    m_body, n3 = math_body()
    assert n1 == len(vloadstore_expect()) and n2 == len(half_expect()) and n3 == len(math_expect())
    for v, req in VERSIONS.items():
        w.probe("vector-data-load-and-store-functions/generic.probe", "vload-vstore.generic.cl%s" % v, LDST, "run",
                "vloadn and vstoren through generic pointers to private arrays (OpenCL C %s), every type and width: "
                "vstoren(vloadn(1, s), 1, d) moves s[n..2n-1] (s[i] = 3(i mod 32)+1, within every type's range) to d[n..2n-1] and leaves d[n-1] and "
                "d[2n] zero (d cleared before each); out = 1000 * (d[n-1] + d[2n]) + sum of (j+1) * d[n+j]." % v,
                body=ldst_body, out="long[%d]" % n1, expect=" ".join(str(x) for x in vloadstore_expect()),
                requires=req, options="-cl-std=CL" + v, global_="1", local="1")
        w.probe("vector-data-load-and-store-functions/generic.probe", "vload-vstore-half.generic.cl%s" % v, LDST, "run",
                "vload_half, vload_halfn and vloada_halfn (vloada_half3 from p + offset * 4) read exact half values "
                "through a generic pointer, as float bits; vstore_half, vstore_halfn and vstorea_halfn in every "
                "rounding mode write through a generic pointer (OpenCL C %s), as half bits: float inputs between two "
                "halves and at ties round per the suffix, none by default to nearest even (scripts/features/"
                "fam_generic_builtins.half_bits, exact)." % v,
                body=h_body, out="uint[%d]" % n2, expect=" ".join(str(x) for x in half_expect()),
                requires=req, options="-cl-std=CL" + v, global_="1", local="1")
        w.probe("math-functions-generic/generic-widths.probe", "math.pointer-out.generic-widths.cl%s" % v, MATH,
                "run", "fract, modf, frexp, remquo, sincos and lgamma_r on float2, float3, float8 and float16 with "
                "their second result through a generic pointer (OpenCL C %s), where the result is exact: fract(2.5) "
                "= 0.5 and 2, modf(2.5) = 0.5 and 2, frexp(6) = 0.75 and 3, remquo(7, 2) = -1 and a quotient whose "
                "low seven bits are 4, sincos(0) = +0 and 1 (Annex F), lgamma_r(1) = +0 (Annex F) with sign 1." % v,
                body=m_body, out="float[%d]" % n3, expect=" ".join(math_expect()),
                requires=req, options="-cl-std=CL" + v, global_="1", local="1")
