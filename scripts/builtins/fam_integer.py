"""Integer built-in functions (OpenCL C 1.2 6.12.3, and OpenCL C 2.0's ctz): every function, every
integer type and width, (vector, scalar) overloads, run-time operands from
buffers over many work-items and folded (literal) scalar twins at the edges."""
import itertools
import random

import intref as R
from probewriter import int_lit, load, pad, store

HEADING = "OpenCL C: Integer Functions"
WIDTHS = [1, 2, 3, 4, 8, 16]
DIR = "integer-functions/"
# One global size for every run-time probe: drivers that specialise a kernel
# for its launch size (PoCL) then compile a dispatch kernel once, not once per
# distinct size; each work-item loops over its share of the operand vectors.
GLOBAL = 1

WHY = {
    "abs": "abs returns |x| as the unsigned type of the same size, so abs(MIN) is exact (e.g. 2^31 as uint).",
    "abs_diff": "abs_diff returns |x - y| as the unsigned type, computed without modulo overflow.",
    "add_sat": "add_sat returns x + y saturated to the type's range.",
    "sub_sat": "sub_sat returns x - y saturated to the type's range.",
    "hadd": "hadd returns (x + y) >> 1 computed without intermediate overflow (the floor of the exact half sum).",
    "rhadd": "rhadd returns (x + y + 1) >> 1 computed without intermediate overflow.",
    "clamp": "clamp returns min(max(x, minval), maxval); only minval <= maxval is probed (otherwise undefined).",
    "clz": "clz counts the leading 0 bits of the two's complement pattern; clz(0) is the bit width.",
    "mad_hi": "mad_hi returns mul_hi(a, b) + c; signed sums that would overflow (undefined) are not probed, unsigned ones wrap.",
    "mad_sat": "mad_sat returns a * b + c computed exactly and saturated to the type's range.",
    "max": "max returns y if x < y, else x.",
    "min": "min returns y if y < x, else x.",
    "mul_hi": "mul_hi returns the high half of the exact double-width product x * y.",
    "rotate": "rotate shifts each element left by i modulo the bit width; bits shifted out on the left come in on the right.",
    "upsample": "upsample returns (hi << n) | lo in the type of twice the width (lo unsigned), n the bits of hi.",
    "popcount": "popcount counts the set bits of the two's complement pattern (new in OpenCL C 1.2).",
    "ctz": "ctz counts the trailing 0 bits of the two's complement pattern; ctz(0) is the bit width "
           "(\"If x is 0, returns the size in bits of the type of x or component type of x\"; OpenCL C 2.0 and later).",
    "mad24": "mad24 returns mul24(x, y) + z; judged only with x, y in the 24-bit domain and a product and sum that fit 32 bits.",
    "mul24": "mul24 multiplies 24-bit operands; judged only with x, y in [-2^23, 2^23-1] (int) or [0, 2^24-1] (uint) and a product that fits 32 bits.",
}


def edges(t):
    """Limits, sign boundaries and bit-pattern values of t."""
    h = t.bits // 2
    if t.signed:
        v = [t.min, t.min + 1, -(1 << h), -2, -1, 0, 1, 2, (1 << h) - 1, 1 << h, t.max - 1, t.max]
    else:
        v = [0, 1, 2, (1 << h) - 1, 1 << h, t.max // 2, t.max // 2 + 1, t.max - 1, t.max]
    v.append(R.IntType("x", t.bits, t.signed).wrap(int("55" * (t.bits // 8), 16)))
    return sorted(set(v))


def small_edges(t):
    if t.signed:
        return [t.min, -1, 0, 1, t.max]
    return [0, 1, t.max // 2 + 1, t.max - 1, t.max]


def domain24(t):
    if t.signed:
        return [-(1 << 23), -(1 << 23) + 1, -4096, -255, -1, 0, 1, 3, 255, 4095, 46340, (1 << 23) - 1]
    return [0, 1, 3, 255, 4095, 65535, 65536, (1 << 24) - 1]


def rot_counts(t):
    n = t.bits
    v = [0, 1, n // 2, n - 1, n, n + 1, 2 * n + 3, t.max]
    if t.signed:
        v += [-1, -n, t.min]
    return [c for c in v if t.fits(c)]


def rand_vals(rng, t, count):
    return [rng.randint(t.min, t.max) for _ in range(count)]


def operand_types(fn, t):
    if fn == "upsample":
        return [t, t.unsigned]
    return [t] * R.FUNCTIONS[fn][1]


def cases(fn, t):
    """The operand tuples of one function at one type: edge products first, then
    seeded random tuples; tuples whose result the spec leaves undefined are dropped."""
    ref = R.FUNCTIONS[fn][0]
    ar = R.FUNCTIONS[fn][1]
    rng = random.Random("%s/%s" % (fn, t.name))
    ts = operand_types(fn, t)
    if fn in ("mul24", "mad24"):
        d = domain24(t)
        base = [(x, y) for x in d for y in d]
        if ar == 3:
            zs = [t.min, -1, 0, 1, t.max] if t.signed else [0, 1, t.max]
            base = [(x, y, z) for (x, y), z in zip(base, itertools.cycle(zs))]
        lo, hi = (-(1 << 23), (1 << 23) - 1) if t.signed else (0, (1 << 24) - 1)
        extra = [tuple(rng.randint(lo, hi) >> rng.randint(0, 20) for _ in range(2)) +
                 ((rng.randint(-1000, 1000) if t.signed else rng.randint(0, 1000)),)[:ar - 2]
                 for _ in range(40)]
        tup = base + extra
    elif fn == "ctz":
        # every count of trailing zeros: 1 << k and an odd value shifted by k, of both signs
        tup = [(x,) for x in edges(t)]
        for k in range(t.bits):
            tup += [(t.wrap(v << k),) for v in (1, -1, rng.randint(0, t.max) | 1)]
        tup += [(x,) for x in rand_vals(rng, t, 12)]
    elif ar == 1:
        tup = [(x,) for x in edges(t)] + [(x,) for x in rand_vals(rng, t, 20)]
    elif fn == "rotate":
        tup = [(x, c) for x in small_edges(t) + [0x5A & t.max] for c in rot_counts(t)]
        tup += [(rng.randint(t.min, t.max), rng.randint(t.min, t.max)) for _ in range(16)]
    elif ar == 2:
        e0, e1 = (edges(ts[0]), edges(ts[1])) if fn == "upsample" else (small_edges(t), small_edges(t))
        if fn == "upsample":
            e0, e1 = small_edges(ts[0]), small_edges(ts[1])
        tup = [(x, y) for x in e0 for y in e1]
        if fn in ("hadd", "rhadd", "abs_diff", "mul_hi", "add_sat", "sub_sat"):
            tup += [(t.max, t.max - 1), (t.min, t.min + 1), (t.max - 1, t.max)]
        tup += [tuple(rng.randint(u.min, u.max) for u in ts) for _ in range(24)]
    else:
        e = small_edges(t)
        tup = [(x, y, z) for x in e for y in e for z in e]
        if fn == "clamp":
            tup = [(x, min(y, z), max(y, z)) for (x, y, z) in tup]
            tup += [(x, min(y, z), max(y, z)) for x, y, z in
                    (tuple(rand_vals(rng, t, 3)) for _ in range(24))]
        else:
            tup += [tuple(rand_vals(rng, t, 3)) for _ in range(24)]
        if fn == "mad_sat":
            # products just around the limits
            r = int(round(t.max ** 0.5))
            tup += [(r, r, 0), (r + 1, r + 1, t.max), (-r, r, -1) if t.signed else (r, r + 1, 5)]
    seen, out = set(), []
    for c in tup:
        if c in seen or ref(t, *c) is R.UNDEF:
            continue
        assert all(u.fits(v) for u, v in zip(ts, c)), (fn, t, c)
        seen.add(c)
        out.append(c)
    return out


# ctz is OpenCL C 2.0's ("Requires support for OpenCL C 2.0 or newer"): its
# probes are built once per -cl-std that has it, each paired with the device
# listing that version (cl_std_X.Y), as probes/optional-functionality are.
STDS = {"ctz": ["2.0", "3.0"]}


def requires_for(fn, t, std=None):
    r = []
    if fn == "popcount":
        r.append("opencl_c_1.2")
    if std:
        r.append("cl_std_" + std)
    return " ".join(r) or None


def options_for(std):
    return "-cl-std=CL" + std if std else None


def std_suffix(std):
    return ".cl" + std if std else ""


def runtime_probe(w, fn, t, n, scalar_args=False, std=None):
    """One probe: fn over all cases of t, packed in n-wide vectors, one per work-item."""
    ref, ar, rt = R.FUNCTIONS[fn][0], R.FUNCTIONS[fn][1], R.FUNCTIONS[fn][2](t)
    ts = operand_types(fn, t)
    cs = cases(fn, t)
    names = "abc"[:ar]
    if scalar_args:
        # (vector, scalar...) overload: the scalar operands are per work-item, one tuple per vector
        groups = [cs[k:k + n] for k in range(0, len(cs), n)]
        xs, others = [], [[] for _ in range(ar - 1)]
        exp = []
        for g in groups:
            g = pad(g, n)[:n] if len(g) < n else g
            # every element of a vector shares the scalar operands of the group's first tuple
            sc = g[0][1:]
            for j in range(ar - 1):
                others[j].append(sc[j])
            for c in g:
                xs.append(c[0])
                exp.append(ref(t, c[0], *sc))
        inputs = [("a", t.name, [str(v) for v in xs])] + \
                 [(names[j + 1], t.name, [str(v) for v in others[j]]) for j in range(ar - 1)]
        args = ", ".join([load("a", n)] + ["%s[i]" % names[j + 1] for j in range(ar - 1)])
        k = len(groups)
        pid = "intfn.%s.%s-%s.runtime%s" % (fn, t.vec(n), t.name, std_suffix(std))
        why = WHY[fn] + " Here the (vector, scalar) overload: the scalar operands apply to every component."
    else:
        cs = pad(cs, n)
        k = len(cs) // n
        inputs = [(names[j], ts[j].name, [str(c[j]) for c in cs]) for j in range(ar)]
        exp = [ref(t, *c) for c in cs]
        args = ", ".join(load(names[j], n) for j in range(ar))
        pid = "intfn.%s.%s.runtime%s" % (fn, t.vec(n), std_suffix(std))
        why = WHY[fn] + " Operands from input buffers, one vector per work-item."
    body = ("for (size_t i = get_global_id(0); i < %d; i += get_global_size(0))\n"
            "    %s" % (k, store("%s(%s)" % (fn, args), n)))
    w.probe(DIR + fn + ".probe", pid, HEADING, "run", why, body=body, inputs=inputs,
            global_=GLOBAL if GLOBAL != 1 else None, out="%s[%d]" % (rt.name, len(exp)), expect=" ".join(str(v) for v in exp),
            requires=requires_for(fn, t, std), options=options_for(std))


def folded_probe(w, fn, t, std=None):
    """Scalar edge cases as literals, so a compiler's constant folder is checked too."""
    ref, ar, rt = R.FUNCTIONS[fn][0], R.FUNCTIONS[fn][1], R.FUNCTIONS[fn][2](t)
    ts = operand_types(fn, t)
    cs = [c for c in cases(fn, t)][:40]
    lines, exp = [], []
    for k, c in enumerate(cs):
        args = ", ".join(int_lit(ts[j], c[j]) for j in range(ar))
        lines.append("out[%d] = %s(%s);" % (k, fn, args))
        exp.append(ref(t, *c))
    w.probe(DIR + fn + ".probe", "intfn.%s.%s.folded%s" % (fn, t.name, std_suffix(std)), HEADING, "run",
            WHY[fn] + " Edge operands as literals (constant folding).", body="\n".join(lines),
            out="%s[%d]" % (rt.name, len(exp)), expect=" ".join(str(v) for v in exp),
            requires=requires_for(fn, t, std), options=options_for(std))


def folded_vector_probe(w, fn, t, n=4, std=None):
    """The edge cases as n-wide vector literals: the folder's vector path."""
    ref, ar, rt = R.FUNCTIONS[fn][0], R.FUNCTIONS[fn][1], R.FUNCTIONS[fn][2](t)
    ts = operand_types(fn, t)
    cs = pad(cases(fn, t)[:4 * n], n)
    lines, exp = [], []
    for k in range(0, len(cs), n):
        grp = cs[k:k + n]
        args = ", ".join("(%s)(%s)" % (ts[j].vec(n), ", ".join(int_lit(ts[j], c[j]) for c in grp))
                         for j in range(ar))
        lines.append("vstore%d(%s(%s), %d, out);" % (n, fn, args, k // n))
        exp += [ref(t, *c) for c in grp]
    w.probe(DIR + fn + ".probe", "intfn.%s.%s.folded%s" % (fn, t.vec(n), std_suffix(std)), HEADING, "run",
            WHY[fn] + " Edge operands as vector literals (constant folding of the vector form).",
            body="\n".join(lines), out="%s[%d]" % (rt.name, len(exp)), expect=" ".join(str(v) for v in exp),
            requires=requires_for(fn, t, std), options=options_for(std))


def types_for(fn):
    if fn in ("mul24", "mad24"):
        return [R.INT, R.UINT]
    if fn == "upsample":
        return [t for t in R.INTS if t.bits < 64]
    return R.INTS


def generate(w):
    for fn in R.FUNCTIONS:
        for std in STDS.get(fn, [None]):
            for t in types_for(fn):
                folded_probe(w, fn, t, std=std)
                folded_vector_probe(w, fn, t, std=std)
                for n in WIDTHS:
                    runtime_probe(w, fn, t, n, std=std)
                if fn in ("clamp", "max", "min"):
                    for n in WIDTHS[1:]:
                        runtime_probe(w, fn, t, n, scalar_args=True, std=std)
