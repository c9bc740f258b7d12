"""Vector data load and store (OpenCL C 1.2 6.12.7): vloadn/vstoren address
p + offset * n elements (element alignment only: the probes use odd element
offsets), vload3/vstore3 read and write 3 packed elements, in __global,
__local and __private memory; vload_half(n) and vstore_half(n) with the
default and the _rte/_rtz/_rtp/_rtn roundings, judged bit for bit against
halfref.py."""
import random

import halfref as H
import intref as R
from probewriter import int_lit

HEADING = "OpenCL C: Vector Data Load and Store Functions"
PATH = "vector-data-load-and-store-functions/"
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
TYPES = [t.name for t in R.INTS] + ["float", "double"]
WIDTHS = [2, 3, 4, 8, 16]
SPACES = ["global", "local", "private"]
SKEW = 1  # element offset added to every pointer: not vector aligned


def data(tname, count):
    if tname in ("float", "double"):
        return ["%s" % (k * 0.75 - 9.5) for k in range(count)]
    t = next(t for t in R.INTS if t.name == tname)
    return [str(t.wrap(k * 53 + 3)) for k in range(count)]


def gen_vn(w, tname, n, space):
    """Loads vectors at offsets 0..2 from p + SKEW and stores them reversed at q + SKEW."""
    total = SKEW + 3 * n + 1
    src = data(tname, total)
    vt = "%s%d" % (tname, n)
    if space == "global":
        setup, p, q = "", "a + %d" % SKEW, "out + %d" % SKEW
        tail = ""
    else:
        decl = ("__local %s buf[%d], dst[%d];" % (tname, total, total) if space == "local"
                else "%s buf[%d], dst[%d];" % (tname, total, total))
        setup = ("%s\nfor (int k = 0; k < %d; k++) { buf[k] = a[k]; dst[k] = (%s)0; }\n"
                 % (decl, total, tname))
        if space == "local":
            setup += "barrier(CLK_LOCAL_MEM_FENCE);\n"
        p, q = "buf + %d" % SKEW, "dst + %d" % SKEW
        tail = "\nfor (int k = 0; k < %d; k++) out[k] = dst[k];" % total
    body = setup + ("%s v0 = vload%d(0, %s), v1 = vload%d(1, %s), v2 = vload%d(2, %s);\n"
                    "vstore%d(v2, 0, %s);\nvstore%d(v1, 1, %s);\nvstore%d(v0, 2, %s);"
                    % (vt, n, p, n, p, n, p, n, q, n, q, n, q)) + tail
    zero = "0.0" if tname in ("float", "double") else "0"
    exp = [zero] * total
    for k in range(3):
        for j in range(n):
            exp[SKEW + k * n + j] = src[SKEW + (2 - k) * n + j]
    w.probe(PATH + "vloadn-vstoren.probe", "vloadstore.%s.%s" % (vt, space), HEADING, "run",
            "vload%d(k, p) reads the %d elements at p + k*%d and vstore%d(v, k, p) writes them there, with p "
            "only element aligned (p = base + %d)%s; here in __%s memory, vectors stored in reverse order."
            % (n, n, n, n, SKEW, ", packed for n = 3 (no 4th element)" if n == 3 else "", space),
            body=body, inputs=[("a", tname, src)], out="%s[%d]" % (tname, total), expect=" ".join(exp),
            requires="fp64" if tname == "double" else None, prelude=FP64 if tname == "double" else None)


# float inputs for the half stores: exact halves, ties, near-ties, overflow, subnormals
def half_inputs():
    f = H.f32_bits
    pats = [f(1.0), f(-1.0), 0, 0x80000000, 0x477FE000, 0x477FF000, 0x477FEFFF, 0xC77FF000, 0x47800000,
            0x7F800000, 0xFF800000, 0x3F801000, 0x3F803000, 0x3F801001, 0xBF801000, 0x33800000, 0x33000000,
            0x33000001, 0xB3000000, 0x38800000, 0x387FC000, 0x387FE000, 0x40490FDB, 0xC0490FDB, 0x7F7FFFFF,
            0x00000001, 0x80000001, 0x007FFFFF, 0x3E2AAAAB, 0x46FFFE00, 0x46FFFF00, 0x37FFE000, 0x33C00000]
    rng = random.Random("half-inputs")
    while len(pats) < 96:
        # random floats of half's range and just around it
        e = rng.randint(127 - 26, 127 + 16)
        pats.append((rng.randint(0, 1) << 31) | (e << 23) | rng.randint(0, (1 << 23) - 1))
    return pats


def is_f32_subnormal(b):
    return (b & 0x7F800000) == 0 and (b & 0x7FFFFF) != 0


def half_tok(b, mode):
    """Expected half pattern; a float subnormal input may be flushed to zero first, and then the
    sign of that zero is undefined (Edge Case Behavior in Flush to Zero Mode)."""
    h = H.float_to_half(b, mode)
    alts = [h]
    if is_f32_subnormal(b):
        for z in (0, 0x80000000):
            hz = H.float_to_half(z, mode)
            if hz not in alts:
                alts.append(hz)
    return "|".join(str(a) for a in alts)


def ftok(b):
    return "bits(0x%08x)" % b


def gen_store_half(w, n, mode, space="global"):
    pats = half_inputs()
    fn = "vstore_half%s%s" % ("" if n == 1 else str(n), "" if mode == "default" else "_" + mode)
    rm = "rte" if mode == "default" else mode
    k = len(pats) // n * n
    pats = pats[:k]
    ld = "a[i]" if n == 1 else "vload%d(i, a)" % n
    if space == "global":
        body = "for (size_t i = 0; i < %d; i++)\n    %s(%s, i, (__global half *)out);" % (k // n, fn, ld)
    else:
        q = "__local" if space == "local" else "__private"
        body = ("%s ushort tmp[%d];\nfor (size_t i = 0; i < %d; i++)\n    %s(%s, i, (%s half *)tmp);\n"
                "for (int j = 0; j < %d; j++)\n    out[j] = tmp[j];" % (q, k, k // n, fn, ld, q, k))
    w.probe(PATH + "vstore-half.probe", "vloadstore.%s.float%s" % (fn, "" if space == "global" else "." + space),
            HEADING, "run",
            "%s rounds each float to half (%s) and stores its 16 bits; judged bit for bit "
            "(overflow: infinity or the largest half by the rounding direction; a float subnormal may be flushed "
            "to a zero of either sign first on a device without float denormals)."
            % (fn, "round to nearest even, the default rounding mode" if mode == "default" else
               {"rte": "round to nearest even", "rtz": "round toward zero", "rtp": "round toward +infinity",
                "rtn": "round toward -infinity"}[mode]) + ("" if space == "global" else " Stored to __%s memory." % space),
            body=body, inputs=[("a", "float", [ftok(b) for b in pats])], out="ushort[%d]" % k,
            expect=" ".join(half_tok(b, rm) for b in pats))


def gen_store_half_double(w, mode):
    rng = random.Random("half-double")
    pats = [0x3FF0000000000000, 0x3FF0020000000000, 0x3FF0020000000001, 0x40EFFE0000000000, 0x40EFFE0000000001,
            0x40EFFC0000000000, 0x3E70000000000000, 0x3E60000000000000, 0x3E60000000000001, 0xBE60000000000000,
            0x0000000000000001, 0x7FF0000000000000, 0xFFF0000000000000, 0x400921FB54442D18, 0x3FD5555555555555]
    while len(pats) < 32:
        e = rng.randint(1023 - 26, 1023 + 16)
        pats.append((rng.randint(0, 1) << 63) | (e << 52) | rng.randint(0, (1 << 52) - 1))
    fn = "vstore_half%s" % ("" if mode == "default" else "_" + mode)
    rm = "rte" if mode == "default" else mode
    exp = []
    for b in pats:
        h = H.float_to_half(b, rm, 64)
        if (b & 0x7FF0000000000000) == 0 and (b & 0xFFFFFFFFFFFFF):
            hz = H.float_to_half(b & (1 << 63), rm, 64)
            exp.append("%d|%d" % (h, hz) if hz != h else str(h))
        else:
            exp.append(str(h))
    body = "for (size_t i = 0; i < %d; i++)\n    %s(a[i], i, (__global half *)out);" % (len(pats), fn)
    w.probe(PATH + "vstore-half.probe", "vloadstore.%s.double" % fn, HEADING, "run",
            "%s of a double rounds the exact double value to half directly (one rounding, %s); judged bit for bit."
            % (fn, rm), body=body, inputs=[("a", "double", ["bits(0x%016x)" % b for b in pats])],
            out="ushort[%d]" % len(pats), expect=" ".join(exp), requires="fp64", prelude=FP64)


def half_patterns():
    rng = random.Random("half-patterns")
    pats = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00,
            0x3555, 0x0200, 0x4248, 0x7BFE]
    pats += [rng.randint(0, 0xFFFF) for _ in range(48)]
    # NaN patterns are left out: their float payload is not fixed by 6.12.7
    return [h for h in pats if (h & 0x7C00) != 0x7C00 or (h & 0x3FF) == 0]


def gen_load_half(w, n):
    pats = half_patterns()
    k = len(pats) // n * n
    pats = pats[:k]
    fn = "vload_half%s" % ("" if n == 1 else str(n))
    body = ("for (size_t i = 0; i < %d; i++)\n    %s" % (
        k // n, "out[i] = vload_half(i, (const __global half *)a);" if n == 1 else
        "vstore%d(%s(i, (const __global half *)a), i, out);" % (n, fn)))
    w.probe(PATH + "vload-half.probe", "vloadstore.%s" % fn, HEADING, "run",
            "%s reads halves and returns them as floats; every half (subnormals included) is exactly a float, "
            "so the result is judged bit for bit." % fn,
            body=body, inputs=[("a", "ushort", [str(h) for h in pats])], out="float[%d]" % k,
            expect=" ".join("bits(0x%08x)" % H.half_to_float_bits(h) for h in pats))


def gen_half_nan(w):
    body = ("__private ushort h[4];\n"
            "vstore_half(a[0], 0, (__private half *)h);\nvstore_half_rtz(a[1], 1, (__private half *)h);\n"
            "vstore_half_rtp(a[0], 2, (__private half *)h);\nvstore_half_rtn(a[1], 3, (__private half *)h);\n"
            "for (int k = 0; k < 4; k++)\n"
            "    out[k] = (h[k] & 0x7C00) == 0x7C00 && (h[k] & 0x3FF) != 0;")
    w.probe(PATH + "vstore-half.probe", "vloadstore.vstore_half.nan", HEADING, "run",
            "A float NaN stored as half is a half NaN (exponent all ones, mantissa not zero) in every rounding; "
            "the payload is not fixed, so the kernel checks the class (stored in __private memory).",
            body=body, inputs=[("a", "float", ["nan", "bits(0xffc00001)"])], out="int[4]", expect="1 1 1 1")


def gen_aligned_half(w, n, mode):
    """vstorea_halfn writes n halves at p + offset * n, with 4 in place of n for n = 3 (the aligned
    variants treat a 3-vector as a 4-vector); the 4th half of each 3-vector slot stays untouched."""
    pats = half_inputs()
    step = 4 if n == 3 else n
    vecs = 6
    src = pats[:vecs * n]
    fn = "vstorea_half%d%s" % (n, "" if mode == "default" else "_" + mode)
    rm = "rte" if mode == "default" else mode
    exp = ["0"] * (vecs * step)
    for k in range(vecs):
        for j in range(n):
            exp[k * step + j] = half_tok(src[k * n + j], rm)
    body = ("for (size_t i = 0; i < %d; i++)\n    %s(vload%d(i, a), i, (__global half *)out);" % (vecs, fn, n))
    w.probe(PATH + "vstorea-half.probe", "vloadstore.%s.float" % fn, HEADING, "run",
            "%s stores vector i at half offset i * %d (%s), rounding %s; bit for bit." %
            (fn, step, "a 3-vector takes 4 slots, its 4th left alone" if n == 3 else "n slots per vector", rm),
            body=body, inputs=[("a", "float", [ftok(b) for b in src])], out="ushort[%d]" % len(exp),
            expect=" ".join(exp))


def gen_aligned_half_load(w, n):
    pats = half_patterns()
    step = 4 if n == 3 else n
    vecs = min(6, len(pats) // step)
    src = pats[:vecs * step]
    exp = []
    for k in range(vecs):
        exp += ["bits(0x%08x)" % H.half_to_float_bits(src[k * step + j]) for j in range(n)]
    w.probe(PATH + "vload-half.probe", "vloadstore.vloada_half%d" % n, HEADING, "run",
            "vloada_half%d reads vector i from half offset i * %d (%s) and converts exactly to float."
            % (n, step, "a 3-vector occupies 4 slots" if n == 3 else "n slots per vector"),
            body="for (size_t i = 0; i < %d; i++)\n    vstore%d(vloada_half%d(i, (const __global half *)a), i, out);"
                 % (vecs, n, n),
            inputs=[("a", "ushort", [str(h) for h in src])], out="float[%d]" % len(exp), expect=" ".join(exp))


# ---- the address spaces the probes above leave out: vloadn from __constant,
# the half loads from __constant, __local and __private, the half stores to
# __local and __private at every width. One probe calls every width of a
# function (each from its own 16-element region), so a space costs few kernels.

HALF_WIDTHS = [1, 2, 3, 4, 8, 16]


def gen_vn_constant(w, tname):
    """vloadn(1, p) from a __constant array, p only element aligned, for n = 2, 3, 4, 8, 16."""
    regions = [(n, sum(2 * m + 1 for m in WIDTHS[:i])) for i, n in enumerate(WIDTHS)]
    total = sum(2 * n + 1 for n in WIDTHS)
    src = data(tname, total)
    cname = "vls_constant_%s" % tname
    if tname == "float":
        lits = [v + "f" for v in src]
    else:
        t = next(t for t in R.INTS if t.name == tname)
        lits = [int_lit(t, int(v)) for v in src]
    prelude = "__constant %s %s[%d] = {%s};" % (tname, cname, total, ", ".join(lits))
    # each region of 2n + 1 elements: one scalar and two vectors, copied to the same place in out
    body = "\n".join("out[%d] = %s[%d];\nvstore%d(vload%d(0, %s + %d), 0, out + %d);\n"
                      "vstore%d(vload%d(1, %s + %d), 1, out + %d);"
                      % (base, cname, base, n, n, cname, base + 1, base + 1, n, n, cname, base + 1, base + 1)
                      for n, base in regions)
    exp = list(src)
    w.probe(PATH + "vloadn-vstoren.probe", "vloadstore.%s.constant" % tname, HEADING, "run",
            "vloadn(k, p) reads the n elements at p + k*n from __constant memory too, p only element aligned "
            "(p = base + 1), for n = 2, 3 (packed), 4, 8 and 16; each vector is stored back where it came from.",
            body=body, prelude=prelude, out="%s[%d]" % (tname, total), expect=" ".join(exp))


def space_decl(space, name, count):
    """A ushort array aligned as a vector of 16 halves (what vstorea_half16 and vloada_half16 need)."""
    return "%sushort %s[%d] __attribute__((aligned(32)));" % ("__local " if space == "local" else "", name, count)


def gen_load_half_spaces(w, space, aligned):
    """vload_halfn (or vloada_halfn) from __constant, __local or __private memory, every width."""
    widths = HALF_WIDTHS if not aligned else HALF_WIDTHS[1:]
    pats = (half_patterns() * 2)[:16 * len(widths)]
    q = "__%s" % space
    fn = "vloada_half" if aligned else "vload_half"
    lines = []
    prelude = None
    if space == "constant":
        cname = "vls_%s_halves" % fn
        prelude = "__constant ushort %s[%d] __attribute__((aligned(32))) = {%s};" % (
            cname, len(pats), ", ".join("0x%04x" % h for h in pats))
        p = cname
    else:
        lines.append(space_decl(space, "buf", len(pats)))
        lines.append("for (int k = 0; k < %d; k++)\n    vstore16(vload16(k, a), k, buf);" % (len(pats) // 16))
        if space == "local":
            lines.append("barrier(CLK_LOCAL_MEM_FENCE);")
        p = "buf"
    lines.append("for (int k = 0; k < %d; k++)\n    vstore16((float16)(0.0f), k, out);" % (len(pats) // 16))
    exp = ["0"] * len(pats)
    for j, n in enumerate(widths):
        call = "%s%s(0, (const %s half *)(%s + %d))" % (fn, "" if n == 1 else n, q, p, 16 * j)
        lines.append("out[%d] = %s;" % (16 * j, call) if n == 1 else "vstore%d(%s, 0, out + %d);" % (n, call, 16 * j))
        for i in range(n):
            exp[16 * j + i] = "bits(0x%08x)" % H.half_to_float_bits(pats[16 * j + i])
    w.probe(PATH + "vload-half.probe", "vloadstore.%s.%s" % (fn, space), HEADING, "run",
            "%sn reads n halves from %s memory too and returns them as floats, exactly (every half is a float), "
            "for n = %s; each vector from a 16-half region of its own (32-byte aligned)."
            % (fn, q, ", ".join(str(n) for n in widths)),
            body="\n".join(lines), prelude=prelude,
            inputs=[] if space == "constant" else [("a", "ushort", [str(h) for h in pats])],
            out="float[%d]" % len(pats), expect=" ".join(exp))


def gen_store_half_spaces(w, space, aligned, modes):
    """vstore_halfn (or vstorea_halfn) in the rounding modes given to __local or __private memory, at
    every width the probes above leave out there."""
    fn = "vstorea_half" if aligned else "vstore_half"
    q = "__%s" % space
    calls = []  # (mode, n)
    for mode in modes:
        if aligned:
            widths = HALF_WIDTHS[1:]
        elif mode == "default":
            widths = HALF_WIDTHS
        else:
            widths = [n for n in HALF_WIDTHS if n not in (1, 4)]  # gen_store_half has 1 and 4
        calls += [(mode, n) for n in widths]
    total = 16 * len(calls)
    inputs = half_inputs()
    pats = [inputs[k % len(inputs)] for k in range(total)]
    lines = [space_decl(space, "tmp", total),
             "for (int k = 0; k < %d; k++)\n    vstore16((ushort16)(0), k, tmp);" % (total // 16)]
    exp = ["0"] * total
    for j, (mode, n) in enumerate(calls):
        rm = "rte" if mode == "default" else mode
        sfx = "" if mode == "default" else "_" + mode
        ld = "a[%d]" % (16 * j) if n == 1 else "vload%d(0, a + %d)" % (n, 16 * j)
        lines.append("%s%s%s(%s, 0, (%s half *)(tmp + %d));" % (fn, "" if n == 1 else n, sfx, ld, q, 16 * j))
        for i in range(n):
            exp[16 * j + i] = half_tok(pats[16 * j + i], rm)
    if space == "local":
        lines.append("barrier(CLK_LOCAL_MEM_FENCE);")
    lines.append("for (int k = 0; k < %d; k++)\n    vstore16(vload16(k, tmp), k, out);" % (total // 16))
    w.probe(PATH + ("vstorea-half.probe" if aligned else "vstore-half.probe"),
            "vloadstore.%s.widths.%s" % (fn, space), HEADING, "run",
            "%s each float to half (%s) and store%s its 16 bits in %s memory too, for n = %s; each call "
            "to a 16-half region of its own (32-byte aligned), the rest left zero; judged bit for bit (a float "
            "subnormal may be flushed to a zero of either sign first on a device without float denormals)."
            % (", ".join(fn + "n" + ("" if m == "default" else "_" + m) for m in modes) +
               (" round" if len(modes) > 1 else " rounds"),
               "the default and _rte to nearest even, _rtz toward zero, _rtp toward +infinity, _rtn toward "
               "-infinity" if len(modes) > 1 else "to nearest even", "" if len(modes) > 1 else "s", q,
               ", ".join(str(n) for n in HALF_WIDTHS[1 if aligned else 0:])),
            body="\n".join(lines), inputs=[("a", "float", [ftok(b) for b in pats])],
            out="ushort[%d]" % total, expect=" ".join(exp))


def gen_other_spaces(w):
    for tname in TYPES:
        if tname != "double":
            gen_vn_constant(w, tname)
    for space in ("constant", "local", "private"):
        for aligned in (False, True):
            gen_load_half_spaces(w, space, aligned)
    # __private: the default rounding only. Its rounding-mode variants (36 overloads) cost rusticl
    # (Mesa 22.3) several seconds of code generation a probe, cold: each call stores to a private
    # array, which llvmpipe keeps in scratch memory.
    for space, modes in (("local", ("default", "rte", "rtz", "rtp", "rtn")), ("private", ("default",))):
        for aligned in (False, True):
            gen_store_half_spaces(w, space, aligned, modes)


def generate(w):
    for tname in TYPES:
        for n in WIDTHS:
            for space in SPACES:
                gen_vn(w, tname, n, space)
    for n in [1, 2, 3, 4, 8, 16]:
        gen_load_half(w, n)
        for mode in ("default", "rte", "rtz", "rtp", "rtn"):
            gen_store_half(w, n, mode)
    for mode in ("default", "rte", "rtz", "rtp", "rtn"):
        gen_store_half_double(w, mode)
    gen_half_nan(w)
    for space in ("local", "private"):
        for n in (1, 4):
            for mode in ("rte", "rtz", "rtp", "rtn"):
                gen_store_half(w, n, mode, space)
    for n in [2, 3, 4, 8, 16]:
        gen_aligned_half_load(w, n)
        for mode in ("default", "rte", "rtz", "rtp", "rtn"):
            gen_aligned_half(w, n, mode)
    gen_other_spaces(w)
