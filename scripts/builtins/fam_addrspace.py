"""Address-space qualifiers (OpenCL C 1.2 6.5): cases the hand-written
probes/address-space-qualifiers/misuse.probe does not cover yet: kernel
pointer arguments need __global, __constant or __local; no __global
variables in 1.2 (program scope or function scope); and what must build and
run: program-scope __constant data, __local arrays passed to functions."""

PATH = "address-space-qualifiers/more.probe"


def generate(w):
    w.probe(PATH, "as.kernel-pointer-argument-unqualified", "OpenCL C: Address Space Qualifiers", "build-fail",
            "A pointer argument of a kernel must point into __global, __constant or __local memory (6.5, 6.9.a in "
            "1.2): an unqualified (private) pointer parameter must not build.",
            source="__kernel void probe(int *p, __global int *out)\n{\n    out[0] = p[0];\n}")
    w.probe(PATH, "as.kernel-pointer-argument-private", "OpenCL C: Address Space Qualifiers", "build-fail",
            "A kernel argument declared as a pointer to __private must not build.",
            source="__kernel void probe(__private int *p, __global int *out)\n{\n    out[0] = p[0];\n}")
    w.probe(PATH, "as.program-scope-global-variable", "OpenCL C: __global (or global)", "build-fail",
            "OpenCL C 1.2 has no __global variables at program scope (only __constant ones; 2.0 added them).",
            prelude="__global int counter = 0;", body="out[0] = counter;")
    w.probe(PATH, "as.global-variable-in-function", "OpenCL C: __global (or global)", "build-fail",
            "A variable inside an ordinary function cannot be declared __global.",
            prelude="int helper(void)\n{\n    __global int g;\n    return 0;\n}", body="out[0] = helper();")
    w.probe(PATH, "as.local-pointer-argument-to-function", "OpenCL C: __local (or local)", "run",
            "A __local array declared at kernel scope may be passed to an ordinary function through a __local "
            "pointer, which reads and writes it.",
            prelude="void fill(__local int *p, int n)\n{\n    for (int k = 0; k < n; k++)\n        p[k] = k * k;\n}",
            body="__local int buf[8];\nfill(buf, 8);\nfor (int k = 0; k < 8; k++)\n    out[k] = buf[7 - k];",
            out="int[8]", expect="49 36 25 16 9 4 1 0")
    w.probe(PATH, "as.program-scope-constant-array", "OpenCL C: __constant (or constant)", "run",
            "A program-scope __constant array initialised with constants is readable from the kernel, also "
            "through a __constant pointer.",
            prelude="__constant int table[5] = {2, 3, 5, 7, 11};\n"
                    "int pick(__constant int *t, int k)\n{\n    return t[k];\n}",
            body="for (int k = 0; k < 5; k++)\n    out[k] = pick(table, 4 - k);", out="int[5]", expect="11 7 5 3 2")
    w.probe(PATH, "as.private-pointer-to-private-array", "OpenCL C: __private (or private)", "run",
            "An unqualified pointer in a function points to __private memory and may point at a private array.",
            prelude="int sum(int *p, int n)\n{\n    int s = 0;\n    for (int k = 0; k < n; k++)\n        s += p[k];\n"
                    "    return s;\n}",
            body="int a[4] = {1, 2, 3, 4};\n__private int *q = a;\nq[1] = 20;\nout[0] = sum(a, 4);",
            out="int[1]", expect="28")
