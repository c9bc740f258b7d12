"""shuffle and shuffle2 (OpenCL C 1.2 6.12.12) in full: every element type,
every input width m and mask/result width n of {2, 4, 8, 16}; masks with high
bits set (only the low bits select); every mask whose element size differs
from the result's must not build."""
import random

import intref as R
import shufref
from probewriter import int_lit

HEADING = "OpenCL C: Miscellaneous Vector Functions"
PATH = "miscellaneous-vector-functions/shuffle-full.probe"
WIDTHS = [2, 4, 8, 16]
FP64 = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"


class Elem:
    """An element type of shuffle's data: name, size in bits, float or not."""
    def __init__(self, name, bits, fp):
        self.name, self.bits, self.fp = name, bits, fp

    def vec(self, n):
        return "%s%d" % (self.name, n)


ELEMS = [Elem(t.name, t.bits, False) for t in R.INTS] + [Elem("float", 32, True), Elem("double", 64, True)]
MASKS = 3  # mask vectors per probe


def data(e, count, base):
    """count distinct values of e, exact in the type, written as probe tokens and literals."""
    if e.fp:
        vals = ["%s" % ((base + k) * 1.25 - 7.5) for k in range(count)]
        return vals, ["%s%s" % (v, "f" if e.name == "float" else "") for v in vals]
    t = next(t for t in R.INTS if t.name == e.name)
    vals = [str(t.wrap((base + k) * 37 - 11)) for k in range(count)]
    return vals, [int_lit(t, int(v)) for v in vals]


def masks(rng, mt, m2, n):
    """MASKS mask vectors of n elements: an in-range ramp, then values over the whole mask type."""
    out = [[k % m2 for k in range(n)]]
    for _ in range(MASKS - 1):
        out.append([rng.randint(0, mt.max) for _ in range(n)])
    return out


def req(e):
    return "fp64" if e.name == "double" else None


def gen_run(w, e, m, n, two):
    fn = "shuffle2" if two else "shuffle"
    mt = R.UNSIGNED[e.bits]
    rng = random.Random("%s/%s/%d/%d" % (fn, e.name, m, n))
    xv, _ = data(e, m, 1)
    yv, _ = data(e, m, 100)
    ms = masks(rng, mt, 2 * m if two else m, n)
    exp = []
    for mk in ms:
        exp += shufref.shuffle2(xv, yv, mk) if two else shufref.shuffle(xv, mk)
    inputs = [("x", e.name, xv)] + ([("y", e.name, yv)] if two else []) + \
             [("m", mt.name, [str(v) for mk in ms for v in mk])]
    args = "vload%d(0, x), %svload%d(i, m)" % (m, ("vload%d(0, y), " % m) if two else "", n)
    body = ("for (size_t i = 0; i < %d; i++)\n    vstore%d(%s(%s), i, out);" % (MASKS, n, fn, args))
    bits = "ilogb(2m-1)+1" if two else "ilogb(2m-1)"
    w.probe(PATH, "shuffle.%s.%s-to-%d.runtime" % (fn, e.vec(m), n), HEADING, "run",
            "%s of %s%s with a %s mask: component k of the result is %s[mask[k] mod %d], only the low %s "
            "bits of the mask counting; data and masks from input buffers."
            % (fn, e.vec(m), " pairs" if two else "", mt.vec(n), "(x,y)" if two else "x",
               2 * m if two else m, bits),
            body=body, inputs=inputs, out="%s[%d]" % (e.name, len(exp)), expect=" ".join(exp),
            requires=req(e), prelude=FP64 if e.name == "double" else None)


def gen_folded(w, e, two):
    """One literal probe per type: 4 -> 8 with a mask of large values."""
    fn = "shuffle2" if two else "shuffle"
    mt = R.UNSIGNED[e.bits]
    m, n = 4, 8
    xv, xl = data(e, m, 1)
    yv, yl = data(e, m, 100)
    mk = [mt.max, 5, 250 & mt.max, 3, 8, 6, 1, 0x7F]
    exp = shufref.shuffle2(xv, yv, mk) if two else shufref.shuffle(xv, mk)
    x = "(%s)(%s)" % (e.vec(m), ", ".join(xl))
    y = "(%s)(%s), " % (e.vec(m), ", ".join(yl)) if two else ""
    mlit = "(%s)(%s)" % (mt.vec(n), ", ".join(int_lit(mt, v) for v in mk))
    w.probe(PATH, "shuffle.%s.%s-to-%d.folded" % (fn, e.vec(m), n), HEADING, "run",
            "%s with literal data and a mask of large values (constant folding): only the low bits of "
            "each mask element select." % fn,
            body="vstore%d(%s(%s, %s%s), 0, out);" % (n, fn, x, y, mlit),
            out="%s[%d]" % (e.name, len(exp)), expect=" ".join(exp), requires=req(e),
            prelude=FP64 if e.name == "double" else None)


def gen_bad_masks(w, e, two):
    """A mask of another element size breaks a rule on the program ("must
    match"), which the compiler need not diagnose: the probe records whether
    it builds and what it gives, never judges it (ledger shuffle-mask-size)."""
    fn = "shuffle2" if two else "shuffle"
    for bits in (8, 16, 32, 64):
        if bits == e.bits:
            continue
        mt = R.UNSIGNED[bits]
        args = "x, x, m" if two else "x, m"
        body = ("%s x = (%s)(0);\n%s m = (%s)(0);\n%s r = %s(%s);\nout[0] = (int)r.s0;"
                % (e.vec(4), e.vec(4), mt.vec(4), mt.vec(4), e.vec(4), fn, args))
        w.probe(PATH, "shuffle.%s.%s.mask-%s" % (fn, e.vec(4), mt.vec(4)), HEADING, "impl-defined",
                "The size of each element in the mask of %s must match the size of each element in the "
                "result (%d bits): a rule on the program, so a %s mask may build or not; recorded, not judged "
                "[ledger: shuffle-mask-size]." % (fn, e.bits, mt.vec(4)), body=body, out="int[1]",
                requires=req(e), prelude=FP64 if e.name == "double" else None,
                undefined="the mask's element size differs from the result's, which the program \"must\" "
                          "not do (Miscellaneous Vector Functions): not valid, and may build or not")


def generate(w):
    for e in ELEMS:
        for two in (False, True):
            gen_folded(w, e, two)
            for m in WIDTHS:
                for n in WIDTHS:
                    gen_run(w, e, m, n, two)
            gen_bad_masks(w, e, two)
