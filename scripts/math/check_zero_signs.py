#!/usr/bin/env python3
"""Fails when a generated math or geometric reference judges the sign of a
zero that the ledger leaves open.

The ulp measure of "Relative Error as ULPs" does not see the sign of a zero,
so a reference element may ask for one zero only (`=0` or `=-0`) where an
explicit rule fixes it: C99 F.9, the unified spec's list "Additional
Requirements Beyond C99 TC2", or the function's own definition in the Math
Functions table. Those rules are the list of the ledger entry math-zero-sign
(docs/spec-readings.md); RULES below is that list, written independently of
the generator (scripts/math/gen_math.c), and the check also fails when the
two lists name different functions.

    check_zero_signs.py [ROOT]    ROOT: the repository (default: the current folder)

Every reference file under probes/math-functions and
probes/geometric-functions is read with the inputs of the probe file
that names it (`expect_file`). `ftz:` alternatives are not looked at: the
judge accepts a zero of either sign there (7.5.3).
"""

import math
import os
import re
import sys

MATH = "probes/math-functions"
GEO = "probes/geometric-functions"
LEDGER = "docs/spec-readings.md"
ENTRY = "math-zero-sign"


def is_int(v):
    return math.isfinite(v) and v == math.floor(v)


def pos_zero(v):
    return v == 0 and math.copysign(1.0, v) > 0


# function -> predicate(a, b, out): is the sign of a zero result fixed at the
# operands a, b (the first and second argument; ldexp's, pown's and rootn's
# int is b) for output out (0, or 1 for the second float result)?
RULES = {
    # C99 F.9 (the functions C99 has)
    "acos": lambda a, b, o: a == 1,                      # F.9.1.1
    "acosh": lambda a, b, o: a == 1,                     # F.9.2.1
    "asin": lambda a, b, o: a == 0,                      # F.9.1.2
    "asinh": lambda a, b, o: a == 0,                     # F.9.2.2
    "atan": lambda a, b, o: a == 0,                      # F.9.1.3
    "atan2": lambda a, b, o: (a == 0 and (b > 0 or pos_zero(b))) or (math.isfinite(a) and b == math.inf),  # F.9.1.4
    "atanh": lambda a, b, o: a == 0,                     # F.9.2.3
    "cbrt": lambda a, b, o: a == 0,                      # F.9.4.1
    "ceil": lambda a, b, o: a == 0 or -1 < a < 0,        # F.9.6.1; the list: ceil(-1 < x < 0) = -0
    "erf": lambda a, b, o: a == 0,                       # F.9.5.1
    "erfc": lambda a, b, o: a == math.inf,               # F.9.5.2
    "exp": lambda a, b, o: a == -math.inf,               # F.9.3.1
    "exp2": lambda a, b, o: a == -math.inf,              # F.9.3.2
    "expm1": lambda a, b, o: a == 0,                     # F.9.3.3
    "fabs": lambda a, b, o: a == 0,                      # F.9.4.2
    "floor": lambda a, b, o: a == 0,                     # F.9.6.2
    "fmod": lambda a, b, o: True,                        # F.9.7.1: copysign(result, x)
    "frexp": lambda a, b, o: a == 0,                     # F.9.3.4
    "hypot": lambda a, b, o: a == 0 or b == 0,           # F.9.4.3
    "ldexp": lambda a, b, o: a == 0,                     # F.9.3.6
    "lgamma": lambda a, b, o: a in (1, 2),               # F.9.5.3
    "lgamma_r": lambda a, b, o: a in (1, 2),             # F.9.5.3
    "log": lambda a, b, o: a == 1,                       # F.9.3.7
    "log10": lambda a, b, o: a == 1,                     # F.9.3.8
    "log1p": lambda a, b, o: a == 0,                     # F.9.3.9
    "log2": lambda a, b, o: a == 1,                      # F.9.3.10
    "pow": lambda a, b, o: a == 0 or math.isinf(a) or math.isinf(b),  # F.9.4.4
    "rint": lambda a, b, o: a == 0 or -0.5 <= a < 0,     # F.9.6.4; the list: rint(-0.5 <= x < 0) = -0
    "round": lambda a, b, o: a == 0 or -0.5 < a < 0,     # F.9.6.6; the list: round(-0.5 < x < 0) = -0
    "sin": lambda a, b, o: a == 0,                       # F.9.1.6
    "sincos": lambda a, b, o: o == 0 and a == 0,         # F.9.1.6 (its sine)
    "sinh": lambda a, b, o: a == 0,                      # F.9.2.5
    "sqrt": lambda a, b, o: a == 0,                      # F.9.4.5
    "tan": lambda a, b, o: a == 0,                       # F.9.1.7
    "tanh": lambda a, b, o: a == 0,                      # F.9.2.6
    "trunc": lambda a, b, o: a == 0 or -1 < a < 0,       # F.9.6.8; the list: trunc(-1 < x < 0) = -0
    # the list "Additional Requirements Beyond C99 TC2" (OpenCL's own functions)
    "acospi": lambda a, b, o: a == 1,
    "asinpi": lambda a, b, o: a == 0,
    "atanpi": lambda a, b, o: a == 0,
    "atan2pi": lambda a, b, o: (a == 0 and (b > 0 or pos_zero(b))) or (math.isfinite(a) and b == math.inf),
    "cospi": lambda a, b, o: math.isfinite(a) and a - math.floor(a) == 0.5,
    "exp10": lambda a, b, o: a == -math.inf,
    "fract": lambda a, b, o: a == 0 or (o == 0 and math.isinf(a)),
    "pown": lambda a, b, o: a == 0,
    "powr": lambda a, b, o: a == 0,
    "rootn": lambda a, b, o: a == 0,
    "sinpi": lambda a, b, o: is_int(a),
    "tanpi": lambda a, b, o: is_int(a),
    "normalize": None,  # normalize(v) = v for v all zeros: checked per vector below
    # the function's own definition (Math Functions table)
    "copysign": lambda a, b, o: True,                    # x with the sign of y
    "fdim": lambda a, b, o: not a > b,                   # "+0 if x is less than or equal to y"
    "fma": lambda a, b, o: True,                         # "Edge case behavior is per the IEEE 754-2008 standard"
    "fmax": lambda a, b, o: True,                        # returns x or y
    "fmin": lambda a, b, o: True,
    "maxmag": lambda a, b, o: True,
    "minmag": lambda a, b, o: True,
    "modf": lambda a, b, o: True,                        # "each of which has the same sign as the argument"
    "remainder": lambda a, b, o: True,                   # "If r is zero, it is given the same sign as x"
    "remquo": lambda a, b, o: o == 0,
}

# Functions whose second section of results is an int (frexp's exponent,
# remquo's quo, lgamma_r's sign): not floats, not looked at.
INT_SECOND = {"frexp", "remquo", "lgamma_r"}


def parse_value(tok):
    t = tok.lower()
    if t in ("nan", "-nan"):
        return math.nan
    if t in ("inf", "-inf"):
        return float(t)
    if "0x" in t:
        return float.fromhex(t)
    return float(t)


def probe_files(root, sub):
    for d, _, files in os.walk(os.path.join(root, sub)):
        for f in sorted(files):
            if f.endswith(".probe"):
                yield os.path.join(d, f)


def inputs_by_ref(path):
    """{ref path: {input name: values}} of the probes in one file (defaults
    included), the first probe that names a reference giving its inputs."""
    probes, defaults, cur = [], {}, None
    for line in open(path):
        s = line.strip()
        if s.startswith("[probe "):
            cur = dict(defaults)
            probes.append(cur)
            continue
        if s == "[defaults]":
            defaults, cur = {}, None
            continue
        m = re.match(r"(expect_file|input \w+)\s*=\s*(.*)$", s)
        if m:
            (cur if cur is not None else defaults)[m.group(1)] = m.group(2)
    result = {}
    for keys in probes:
        if "expect_file" not in keys:
            continue
        ref = os.path.join(os.path.dirname(path), keys["expect_file"])
        if ref in result:
            continue
        result[ref] = {k.split()[1]: [parse_value(t) for t in v.split(":", 1)[1].split()]
                       for k, v in keys.items() if k.startswith("input ")}
    return result


def exact_zero_alts(tok):
    return [a for a in tok.split("|") if a in ("=0", "=-0")]


def check_math_ref(ref, ins, errors):
    lines = open(ref).read().split("\n")
    m = re.match(r"# (\S+)(?: signp)?\((float|double)\)", lines[0])
    if not m:
        errors.append("%s: no '# NAME(TYPE)' header" % ref)
        return
    name = m.group(1)
    base = name[5:] if name.startswith("half_") else name
    rule = RULES.get(base)
    a_in = ins.get("x", [])
    b_in = ins.get("y", ins.get("n", []))
    out, i = 0, 0
    for lineno, tok in enumerate(lines[1:], start=2):
        if tok == "# the second results":
            out, i = 1, 0
            continue
        if not tok or tok.startswith("#"):
            continue
        if not (out == 1 and base in INT_SECOND):
            for alt in exact_zero_alts(tok):
                a = a_in[i] if i < len(a_in) else math.nan
                b = b_in[i] if i < len(b_in) else math.nan
                if rule is None or not rule(a, b, out):
                    errors.append("%s:%d: %s(%r, %r) %s: the ledger (%s) leaves this zero's sign open"
                                  % (ref, lineno, name, a, b, alt, ENTRY))
        i += 1


def check_geo_ref(ref, ins, errors):
    lines = open(ref).read().split("\n")
    m = re.match(r"# (\S+)\((float|double)(\d+)\)", lines[0])
    if not m:
        errors.append("%s: no '# NAME(TYPEn)' header" % ref)
        return
    name, n = m.group(1), int(m.group(3))
    per = n if name in ("normalize", "fast_normalize", "cross") else 1
    xs = ins.get("x", [])
    k = 0
    for lineno, tok in enumerate(lines[1:], start=2):
        if not tok or tok.startswith("#"):
            continue
        if exact_zero_alts(tok):
            v = k // per
            vec = xs[v * n:(v + 1) * n]
            if not (name == "normalize" and vec and all(c == 0 for c in vec)):
                errors.append("%s:%d: %s of vector %d %s: the ledger (%s) leaves this zero's sign open"
                              % (ref, lineno, name, v, tok, ENTRY))
        k += 1


def ledger_functions(root):
    """The function names the ledger entry's list gives: each bullet line's
    `name`s before its colon."""
    text = open(os.path.join(root, LEDGER)).read()
    m = re.search(r"^## %s\n(.*?)(?=^## |\Z)" % re.escape(ENTRY), text, re.S | re.M)
    if not m:
        return None
    names = set()
    for line in m.group(1).split("\n"):
        if line.startswith("- ") and ":" in line:
            names.update(re.findall(r"`([a-z0-9_]+)`", line.split(":", 1)[0]))
    return names


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    errors = []
    listed = ledger_functions(root)
    if listed is None:
        errors.append("%s has no entry ## %s" % (LEDGER, ENTRY))
    elif listed != set(RULES):
        errors.append("%s's entry %s lists %s; this check's rules are for %s" %
                      (LEDGER, ENTRY, sorted(listed - set(RULES)) or "no more", sorted(set(RULES) - listed) or "no more"))
    count = 0
    for sub, checker in ((MATH, check_math_ref), (GEO, check_geo_ref)):
        for probe in probe_files(root, sub):
            for ref, ins in inputs_by_ref(probe).items():
                checker(ref, ins, errors)
                count += 1
    if count == 0:
        errors.append("no reference files under %s and %s" % (MATH, GEO))
    for e in errors[:40]:
        print(e, file=sys.stderr)
    if len(errors) > 40:
        print("... and %d more" % (len(errors) - 40), file=sys.stderr)
    if not errors:
        print("%d references: every judged zero sign is one the ledger fixes" % count)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
