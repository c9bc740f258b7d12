"""The `spec` value a probe cites: the section of the unified OpenCL
specification (KhronosGroup/OpenCL-Docs) by its heading, never by a number
(OpenCL C 1.2 and 3.0 number the same sections differently). Generators name
a section as a line of docs/unified-spec-headings.txt ("OpenCL C: Math
Functions", "OpenCL API: Executing Kernels"); scripts/spec_headings.py check
holds every probe file to the same list (tests/e2e/test_spec_headings.sh)."""
import os

_HEADINGS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                              "unified-spec-headings.txt")
with open(_HEADINGS_FILE, encoding="utf-8") as _f:
    HEADINGS = frozenset(line.rstrip("\n") for line in _f if line.strip() and not line.startswith("#"))


def spec_for(heading):
    """The `spec` value for a probe of HEADING ("OpenCL C: Math Functions"
    gives "OpenCL C (unified): Math Functions")."""
    if heading not in HEADINGS:
        raise KeyError("%r is not a line of docs/unified-spec-headings.txt" % heading)
    doc, _, title = heading.partition(": ")
    return "%s (unified): %s" % (doc, title)
