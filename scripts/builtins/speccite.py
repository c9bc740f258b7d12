"""Which section of the unified OpenCL specification (KhronosGroup/OpenCL-Docs)
a probe cites in its `spec` key, by the OpenCL C 1.2 number its `clause`
keeps as a second reference (the OpenCL C 2.0/3.0 families, which have no
1.2 number, keep the unified spec's number and heading; API clauses are the
OpenCL 3.0 API specification's numbers). The headings are lines of
docs/unified-spec-headings.txt; scripts/spec_headings.py check holds every
probe file to them (tests/e2e/test_spec_headings.sh), the C generators and
the hand-written probe files included."""

_C = {
    "6": "The OpenCL C Programming Language",
    "6.1.1": "Built-in Scalar Data Types",
    "6.1.1.1": "The half Data Type",
    "6.1.5": "Alignment of Types",
    "6.1.6": "Vector Literals",
    "6.1.7": "Vector Components",
    "6.2.1": "Implicit Conversions",
    "6.2.2": "Explicit Casts",
    "6.2.3.1": "Data Types",
    "6.2.3.2": "Explicit Conversions > Rounding Modes",
    "6.2.3.3": "Out-of-Range Behavior and Saturated Conversions",
    "6.2.4.2": "Reinterpreting Types Using as_type() and as_typen()",
    "6.2.6": "Usual Arithmetic Conversions",
    "6.3": "Operators",
    "6.3.a": "Arithmetic Operators",
    "6.3.b": "Unary Operators",
    "6.3.c": "Pre- and Post-Operators",
    "6.3.d": "Relational Operators",
    "6.3.e": "Equality Operators",
    "6.3.f": "Bitwise Operators",
    "6.3.g": "Logical Operators",
    "6.3.h": "Unary Logical Operator",
    "6.3.i": "Ternary Selection Operator",
    "6.3.j": "Shift Operators",
    "6.3.k": "Sizeof Operator",
    "6.3.l": "Comma Operator",
    "6.3.m": "Indirection Operator",
    "6.3.n": "Address Operator",
    "6.3.o": "Assignment Operator",
    "6.5": "Address Space Qualifiers",
    "6.5.1": "__global (or global)",
    "6.5.2": "__local (or local)",
    "6.5.3": "__constant (or constant)",
    "6.5.4": "__private (or private)",
    "6.9": "The OpenCL C Programming Language > Restrictions",
    "6.10": "Preprocessor Directives and Macros",
    "6.12.1": "Work-Item Functions",
    "6.12.2": "Math Functions",
    "6.12.2.1": "Floating-point Macros and Pragmas",
    "6.12.3": "Integer Functions",
    "6.12.4": "Common Functions",
    "6.12.5": "Geometric Functions",
    "6.12.6": "Relational Functions",
    "6.12.7": "Vector Data Load and Store Functions",
    "6.12.8": "Synchronization Functions",
    "6.12.10": "Async Copies From Global to Local Memory, Local to Global Memory, and Prefetch",
    "6.12.11": "OpenCL C 1.x Legacy Atomics",
    "6.12.12": "Miscellaneous Vector Functions",
    "cl_khr_fp16": "Half-Precision Floating-Point",
    "cl_khr_global_int32_base_atomics": "Global 32-Bit Base Atomics",
    "cl_khr_local_int32_base_atomics": "Local 32-Bit Base Atomics",
    "cl_khr_global_int32_extended_atomics": "Global 32-Bit Extended Atomics",
    "cl_khr_local_int32_extended_atomics": "Local 32-Bit Extended Atomics",
    "9.3 (cl_khr_int64_base_atomics)": "Legacy 64-Bit Atomic Extensions",
    "9.4 (cl_khr_int64_extended_atomics)": "Legacy 64-Bit Atomic Extensions",
    # Clauses of the OpenCL C 2.0/3.0 families (scripts/features/gen_features.py),
    # which have no 1.2 number: the unified spec's number and its heading.
    "6.1 Unified Specification": "Unified Specification",
    "6.2.1 Features": "Features",
    "6.7.5 The Generic Address Space": "The Generic Address Space",
    "6.7.6 Usage for Declaration Scopes and Variable Types": "Usage for Declaration Scopes and Variable Types",
    "6.12 Preprocessor Directives and Macros": "Preprocessor Directives and Macros",
    "6.12.1 Preprocessor Directives for Optional Extensions": "Preprocessor Directives for Optional Extensions",
    "6.15.12 Atomic Functions": "Atomic Functions",
    "6.15.1 Work-Item Functions": "Work-Item Functions",
    "6.15.8 Synchronization Functions": "Synchronization Functions",
    "6.15.10 Address Space Qualifier Functions": "Address Space Qualifier Functions",
    "6.15.16 Work-group Collective Functions": "Work-group Collective Functions",
    "6.15.18 Pipe Functions": "Pipe Functions",
    "6.15.19 Enqueuing Kernels": "Enqueuing Kernels",
    "6.15.20 Sub-Group Functions": "Sub-Group Functions",
}

# The API clauses are the OpenCL 3.0 API specification's numbers (3.2 and
# 4.2 are the same in 1.2; the chapter 5 numbers are not).
_API = {
    "3.2": "Execution Model",
    "4.2": "Querying Devices",
    "5.2.1": "Creating Buffer Objects",
    "5.8.6.1": "Preprocessor Options",
    "5.8.6.2": "Math Intrinsics Options",
    "5.8.6.3": "Optimization Options",
    "5.8.6.4": "Options to Request or Suppress Warnings",
    "5.8.6.5": "Options Controlling the OpenCL C Version",
    "5.8.6.6": "Options for Querying Kernel Argument Information",
    "5.9.1": "Creating Kernel Objects",
    "5.10": "Executing Kernels",
}


def spec_for(clause):
    """The `spec` value for a probe of this (OpenCL C 1.2) clause."""
    if clause in _C:
        return "OpenCL C (unified): " + _C[clause]
    if clause in _API:
        return "OpenCL API (unified): " + _API[clause]
    raise KeyError("no unified-spec heading for clause %r: add it to scripts/builtins/speccite.py" % clause)
