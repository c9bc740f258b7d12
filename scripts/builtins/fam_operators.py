"""Operators (OpenCL C 1.2 6.3) not covered elsewhere: shift counts taken
modulo the bit width (6.3.j; scalars after integer promotion, vectors per
element), vector (and vector-by-scalar) shifts, vector ++/-- (6.3.c), and
`scalar op= vector`, which must not build (6.3, 6.2.1)."""
import random

import intref as R
from probewriter import load, pad, store

HEADING = "OpenCL C: Operators"
PATH = "operators/"
WIDTHS = [1, 2, 3, 4, 8, 16]


def counts(t, n):
    v = [0, 1, n - 1, n, n + 1, 2 * n + 3, 63, 64, t.max]
    if t.signed:
        v += [-1, -n, t.min]
    return [c for c in v if t.fits(c)]


def shift_cases(t, op, vector):
    n = R.shift_width(t, vector)
    ref = R.shl if op == "<<" else R.shr
    rng = random.Random("%s%s%s" % (t.name, op, vector))
    a_vals = ([t.min, -1, -3] if t.signed else []) + [0, 1, 5, t.max // 3, t.max]
    cs = [(a, b) for a in a_vals for b in counts(t, n)]
    cs += [(rng.randint(t.min, t.max), rng.randint(t.min, t.max)) for _ in range(16)]
    return [c for c in cs if ref(t, c[0], c[1], vector) is not R.UNDEF]


def gen_shift(w, t, op, n, by_scalar=False):
    vector = n > 1
    ref = R.shl if op == "<<" else R.shr
    name = "shl" if op == "<<" else "shr"
    rt = t if (vector or t.bits >= 32) else R.INT
    cs = shift_cases(t, op, vector)
    if by_scalar:
        # one count per vector, shared by its components
        groups = [cs[k:k + n] for k in range(0, len(cs), n)]
        groups = [pad(g, n)[:n] for g in groups]
        a = [c[0] for g in groups for c in g]
        b = [g[0][1] for g in groups]
        exp = [ref(t, c[0], g[0][1], True) for g in groups for c in g]
        if any(e is R.UNDEF for e in exp):
            exp = ["*" if e is R.UNDEF else e for e in exp]
        k = len(groups)
        expr = "%s %s b[i]" % (load("a", n), op)
        pid = "operators.%s.%s-by-scalar.runtime" % (name, t.vec(n))
        why = ("A vector shifted by a scalar count: the count converts to the element type and each component "
               "shifts by it modulo %d (Shift Operators); signed left shifts that would overflow are left out."
               % t.bits)
    else:
        cs = pad(cs, n)
        a, b = [c[0] for c in cs], [c[1] for c in cs]
        exp = [ref(t, x, y, vector) for x, y in cs]
        k = len(cs) // n
        expr = "%s %s %s" % (load("a", n), op, load("b", n))
        pid = "operators.%s.%s.runtime" % (name, t.vec(n))
        if vector:
            why = ("E1 %s E2 on %s uses the low log2(%d) bits of each E2 element (Shift Operators), so counts "
                   ">= %d wrap; a negative E1 >> fills with ones; signed left shifts that would overflow are left "
                   "out."
                   % (op, t.vec(n), t.bits, t.bits))
        else:
            why = ("A scalar %s is promoted to %s first, so the count is taken modulo %d, the width after "
                   "integer promotion (Shift Operators); a negative E1 >> fills with ones; signed left shifts "
                   "that would overflow are left out." % (t.name, rt.name, R.shift_width(t, False)))
    body = ("for (size_t i = 0; i < %d; i++)\n    %s" % (k, store(expr, n)))
    w.probe(PATH + "shift-modulo.probe", pid, "OpenCL C: Shift Operators", "run", why, body=body,
            inputs=[("a", t.name, [str(x) for x in a]), ("b", t.name, [str(x) for x in b])],
            out="%s[%d]" % (rt.name, len(exp)), expect=" ".join(str(e) for e in exp))


def gen_folded_shifts(w, t):
    """Literal operands: the folder must apply the same modulo rule."""
    lines, exp = [], []
    for vector in (False, True):
        for op in ("<<", ">>"):
            ref = R.shl if op == "<<" else R.shr
            n = R.shift_width(t, vector)
            for a, b in [(1, n), (1, n + 1), (5, 2 * n + 1)] + ([(-64, n + 2)] if t.signed and op == ">>" else []):
                if not t.fits(b) or ref(t, a, b, vector) is R.UNDEF:
                    continue
                k = len(exp)
                from probewriter import int_lit
                if vector:
                    lines.append("out[%d] = (long)((%s)(%s) %s (%s)(%s)).s1;"
                                 % (k, t.vec(2), int_lit(t, a), op, t.vec(2), int_lit(t, b)))
                else:
                    lines.append("out[%d] = (long)(%s %s %s);" % (k, int_lit(t, a), op, int_lit(t, b)))
                exp.append(ref(t, a, b, vector))
    w.probe(PATH + "shift-modulo.probe", "operators.shift.%s.folded" % t.name, "OpenCL C: Shift Operators", "run",
            "Shift counts modulo the width with literal operands (constant folding): %s scalars after "
            "promotion to %s bits, %s2 components modulo %d." % (t.name, R.shift_width(t, False), t.name, t.bits),
            body="\n".join(lines), out="long[%d]" % len(exp), expect=" ".join(map(str, exp)))


def gen_incdec(w, t, n):
    """v++ yields the old vector and adds 1 to each component; --v subtracts first and yields the new one."""
    a = [t.min + 1 if t.signed else 0, -1 if t.signed else t.max, 0, 7, t.max - 1, 100 % (t.max + 1),
         t.min + 2 if t.signed else 1, 42][:n] if n <= 8 else None
    if a is None:
        a = [((k * 37) % 200) - (100 if t.signed else 0) for k in range(n)]
    a = pad(a, n)[:n]
    # unsigned components wrap (defined); the signed values above never reach the limits
    step1 = [t.wrap(x + 1) for x in a]          # after v++
    step2 = [t.wrap(x - 1) for x in step1]      # after --v: back to a
    step3 = [t.wrap(x - 1) for x in step2]      # after v--
    body = "\n".join([
        "%s v = %s;" % (t.vec(n), load("a", n, "0")),
        store("v++", n, "0"), store("v", n, "1"), store("--v", n, "2"), store("v--", n, "3"), store("v", n, "4")])
    exp = a + step1 + step2 + step2 + step3
    w.probe(PATH + "incdec.probe", "operators.incdec.%s" % t.vec(n), "OpenCL C: Pre- and Post-Operators", "run",
            "Postfix ++/-- on a vector yield the old value and add/subtract 1 in every component; prefix ones "
            "yield the new value; unsigned components wrap (no signed limit is crossed).",
            body=body, inputs=[("a", t.name, [str(x) for x in a])], out="%s[%d]" % (t.name, len(exp)),
            expect=" ".join(map(str, exp)))


BAD = [
    ("int-plus-assign-int4", "int s = 1;\nint4 v = (int4)(2);\ns += v;\nout[0] = s;"),
    ("float-times-assign-float2", "float s = 1.0f;\nfloat2 v = (float2)(2.0f);\ns *= v;\nout[0] = (int)s;"),
    ("uint-shift-assign-uint8", "uint s = 1u;\nuint8 v = (uint8)(1u);\ns <<= v;\nout[0] = (int)s;"),
    ("char-or-assign-char16", "char s = 1;\nchar16 v = (char16)(1);\ns |= v;\nout[0] = s;"),
    ("long-minus-assign-long3", "long s = 1;\nlong3 v = (long3)(1);\ns -= v;\nout[0] = (int)s;"),
]


def generate(w):
    for t in R.INTS:
        gen_folded_shifts(w, t)
        for n in WIDTHS:
            for op in ("<<", ">>"):
                gen_shift(w, t, op, n)
                if n > 1:
                    gen_shift(w, t, op, n, by_scalar=True)
        for n in (2, 3, 4, 8, 16):
            gen_incdec(w, t, n)
    for name, body in BAD:
        # The Assignment Operator: "The expression and lvalue must have the
        # same type, or the expression must have a type in Built-in Scalar
        # Data Types": a rule on the program, which no sentence makes an
        # error (ledger must-not-build).
        w.probe(PATH + "compound-assign.probe", "operators.compound-assign.%s" % name, "OpenCL C: Operators", "impl-defined",
                "`scalar op= vector` assigns a vector to a scalar; the Assignment Operator says the expression "
                "and lvalue \"must have the same type\" or the expression a scalar one: a rule on the program, "
                "so it may build or not; recorded, not judged [ledger: must-not-build].", body=body, out="int[1]",
                undefined="a vector result is assigned to a scalar lvalue, which the program \"must\" not do "
                          "(Assignment Operator): not valid, and may build or not")
