"""Overloads of the header that no probe may call, each with the spec's
reason: counted apart from a group's figures (neither called nor uncalled)
and listed with the reason in docs/coverage.md.

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


def reason(group, name, type_text):
    """The reason an overload is excluded, or None."""
    for g, name_pat, type_pat, why in EXCLUDED:
        if g == group and re.search(name_pat, name) and re.search(type_pat, type_text):
            return why
    return None
