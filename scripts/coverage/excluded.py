"""Overloads of the header that no probe may call, each with the spec's
reason: counted apart from a group's figures (neither called nor uncalled)
and listed with the reason in docs/coverage.md. And overloads left uncalled
on purpose (LEFT): still counted as uncalled, listed with the reason.

An entry is (group, name pattern, type pattern, reason); both patterns are
regular expressions searched in the overload's name and its type as clang
prints it (universe.py)."""

import re

EXCLUDED = [
    # clang 15 declares the extension's unqualified-pointer forms outside any
    # generic-address-space guard, so without that feature they take a
    # __private object; the core atomics' such forms are guarded. Through a
    # generic pointer a call resolves to the __generic form, never to these.
    ("cl_ext_float_atomics", r"^atomic_", r"volatile __private atomic_",
     "an atomic object in __private memory: \"The behavior of atomic operations where pointer arguments to the "
     "atomic functions refers to an atomic type in the `private` address space is undefined\" (OpenCL C (unified): "
     "Atomic Functions > Restrictions); clang 15 declares these forms where the generic address space is off"),
]


# The double math functions the math family judges against MPFR, one kernel
# a function and width (scripts/math/gen_math.c).
ULP_MATH = ("acos|acosh|acospi|asin|asinh|asinpi|atan|atan2|atan2pi|atanh|atanpi|cbrt|cos|cosh|cospi|erf|erfc|exp|"
            "exp10|exp2|expm1|hypot|lgamma|lgamma_r|log|log10|log1p|log2|pow|pown|powr|remquo|rootn|rsqrt|sin|"
            "sincos|sinh|sinpi|tan|tanh|tanpi|tgamma")
LEFT = [
    ("cl_khr_fp64", r"^(%s)$" % ULP_MATH, r"double(2|3|8|16)\b",
     "the math family judges each function and width in a kernel of its own against MPFR; its double2, double8 "
     "and double16 kernels (and the pointer forms of double3) cost PoCL 3.1 seconds of cold code generation "
     "each, double16 minutes for some (scripts/math: gen_math --full), so cl_khr_fp64 reaches its 90% without "
     "them"),
    ("cl_khr_fp64", r"^vstorea?_half(8|16)(_rt[enpz])?$", r"__private half \*",
     "double8 and double16 to half cost PoCL 3.1 about 3 s of cold code generation a probe: the __private probe "
     "keeps to widths 1 to 4 (scripts/builtins/fam_fp64wide.py); the other spaces have every width"),
]


def left(group, name, type_text):
    """Why an overload is left uncalled on purpose, or None."""
    for g, name_pat, type_pat, why in LEFT:
        if g == group and re.search(name_pat, name) and re.search(type_pat, type_text):
            return why
    return None


def reason(group, name, type_text):
    """The reason an overload is excluded, or None."""
    for g, name_pat, type_pat, why in EXCLUDED:
        if g == group and re.search(name_pat, name) and re.search(type_pat, type_text):
            return why
    return None
