"""Vector data load and store (OpenCL C 1.2 6.12.7): vloadn/vstoren address
p + offset * n elements (element alignment only: the probes use odd element
offsets), vload3/vstore3 read and write 3 packed elements, in __global,
__local and __private memory; vload_half(n) and vstore_half(n) with the
default and the _rte/_rtz/_rtp/_rtn roundings, judged bit for bit against
halfref.py."""
import random

import halfref as H
import intref as R

CLAUSE = "6.12.7"
PATH = "6.12.7-vector-data-load-store/"
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
    w.probe(PATH + "vloadn-vstoren.probe", "vloadstore.%s.%s" % (vt, space), CLAUSE, "run",
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
            CLAUSE, "run",
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
    w.probe(PATH + "vstore-half.probe", "vloadstore.%s.double" % fn, CLAUSE, "run",
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
    w.probe(PATH + "vload-half.probe", "vloadstore.%s" % fn, CLAUSE, "run",
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
    w.probe(PATH + "vstore-half.probe", "vloadstore.vstore_half.nan", CLAUSE, "run",
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
    w.probe(PATH + "vstorea-half.probe", "vloadstore.%s.float" % fn, CLAUSE, "run",
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
    w.probe(PATH + "vload-half.probe", "vloadstore.vloada_half%d" % n, CLAUSE, "run",
            "vloada_half%d reads vector i from half offset i * %d (%s) and converts exactly to float."
            % (n, step, "a 3-vector occupies 4 slots" if n == 3 else "n slots per vector"),
            body="for (size_t i = 0; i < %d; i++)\n    vstore%d(vloada_half%d(i, (const __global half *)a), i, out);"
                 % (vecs, n, n),
            inputs=[("a", "ushort", [str(h) for h in src])], out="float[%d]" % len(exp), expect=" ".join(exp))


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


