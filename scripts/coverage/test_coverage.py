#!/usr/bin/env python3
"""Checks the coverage measurement's parts on programs and headers small
enough to work out by hand: clang resolving calls to distinct overloads and
the calls landing on the probe that makes them, the batching's recovery
from one probe breaking a shared program, the guard classification, and the
signature shortening. Prints TAP-style `ok - ` / `not ok - ` lines; exits 1
on any failure."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clang_ast  # noqa: E402
import excluded  # noqa: E402
import figures  # noqa: E402
import markdown  # noqa: E402
import probe_calls  # noqa: E402
import universe  # noqa: E402

failures = 0


def check(name, got, want):
    global failures
    if got == want:
        print("ok - %s" % name)
    else:
        failures += 1
        print("not ok - %s: got %r, want %r" % (name, got, want))


def serial_map(f, items):
    return [f(x) for x in items]


LDEXP_SCALAR = clang_ast.overload_key("ldexp", "float4 (__private float4, __private int)")
LDEXP_VECTOR = clang_ast.overload_key("ldexp", "float4 (__private float4, __private int4)")

clang = clang_ast.Clang()

# Two calls of one name, one with an int exponent and one with int4: two
# overloads, each called once; the kernel's own helper is no built-in.
KERNEL = """
float4 twice(float4 v) { return v + v; }
__kernel void k(__global float *out)
{
    float4 a = ldexp((float4)(1.0f), 2);
    float4 b = ldexp((float4)(1.0f), (int4)(2));
    vstore4(twice(a + b), 0, out);
}
"""
probes = [{"id": "t.ldexp", "kind": "run", "options": "-cl-std=CL1.2", "alone": False, "program": KERNEL}]
calls, errors = probe_calls.resolve(clang, probes, serial_map)
got = calls.get(0, {})
check("ldexp(float4, int) and ldexp(float4, int4) resolve to two overloads",
      sorted(k for k in got if k.startswith("ldexp ")), sorted([LDEXP_SCALAR, LDEXP_VECTOR]))
check("each ldexp overload is called once", [got.get(LDEXP_SCALAR), got.get(LDEXP_VECTOR)], [1, 1])
check("the program's own function is not counted", [k for k in got if k.startswith("twice ")], [])
check("vstore4 resolves to its __global float overload",
      clang_ast.overload_key("vstore4", "void (__private float4, __private size_t, __global float *__private)") in got,
      True)
check("no clang error in the tiny kernel", errors, {})

# The universe meets the calls: both overloads are declarations of the header.
decls = {clang_ast.overload_key(n, t) for n, t, _, _ in clang.header_overloads("CL1.2", "+all")}
check("both ldexp overloads are in the header's OpenCL C 1.2 declarations",
      [LDEXP_SCALAR in decls, LDEXP_VECTOR in decls], [True, True])

# Three probes in one program: calls go to the probe that makes them, and a
# probe that breaks the program (its prelude redefines the first probe's
# helper) is parsed again alone, its calls kept.
HELPER = "float helper(float x) { return x; }"
three = [
    {"id": "a", "kind": "run", "options": "-cl-std=CL1.2", "alone": False,
     "program": HELPER + "\n__kernel void ka(__global float *out) { out[0] = sqrt(helper(out[0])); }"},
    {"id": "b", "kind": "run", "options": "-cl-std=CL1.2", "alone": False,
     "program": "__kernel void kb(__global int *out) { out[0] = popcount(out[0]); }"},
    {"id": "c", "kind": "run", "options": "-cl-std=CL1.2", "alone": False,
     "program": HELPER + "\n__kernel void kc(__global float *out) { out[0] = cbrt(helper(out[0])); }"},
    {"id": "d", "kind": "build-fail", "options": "-cl-std=CL1.2", "alone": False,
     "program": "__kernel void kd(__global float *out) { out[0] = rsqrt(out[0]); }"},
]
calls, errors = probe_calls.resolve(clang, three, serial_map)
names = {i: sorted(k.split(" :: ")[0] for k in calls.get(i, {})) for i in range(4)}
check("calls are attributed to the probe making them", [names[0], names[1], names[2]],
      [["sqrt"], ["popcount"], ["cbrt"]])
check("a probe breaking a shared program is parsed alone and builds there", errors, {})
check("build-fail probes are not parsed", 3 in calls, False)

# A probe clang cannot parse even alone is reported with its error.
broken = [{"id": "x", "kind": "run", "options": "-cl-std=CL1.2", "alone": True,
           "program": "__kernel void probe(__global int *out) { out[0] = NOT_DEFINED; }"}]
calls, errors = probe_calls.resolve(clang, broken, serial_map)
check("a program clang rejects alone is reported", list(errors), [0])

# clang's own built-ins (declared implicitly on first use) are calls too,
# outside the header's overloads.
pipes = [{"id": "p", "kind": "build-ok", "options": "-cl-std=CL2.0", "alone": True,
          "program": "__kernel void probe(read_only pipe int p, __global int *out) { read_pipe(p, out); }"}]
calls, errors = probe_calls.resolve(clang, pipes, serial_map)
check("a call of clang's implicitly declared read_pipe is found", (sorted(calls.get(0, {})), errors),
      ([clang_ast.overload_key("read_pipe", "int ()")], {}))

# The probe's options: its -cl-std selects the language, -D reaches the parse.
opts = [{"id": "v", "kind": "run", "options": "-cl-std=CL2.0 -D N=3", "alone": False,
         "program": "__kernel void kv(__global int *out) { out[0] = ctz(N); }"}]
calls, errors = probe_calls.resolve(clang, opts, serial_map)
check("a -cl-std=CL2.0 probe reaches ctz, and its -D macro is defined",
      (sorted(calls.get(0, {})), errors), ([clang_ast.overload_key("ctz", "int (__private int)")], {}))
check("split_options separates language and preprocessor words",
      probe_calls.split_options('-cl-std=CL3.0 -cl-fast-relaxed-math -D A=1 -I "/x y"'),
      ("CL3.0", ("-cl-fast-relaxed-math",), ["-D", "A=1", "-I", "/x y"]))
check("split_options drops -cl-denorms-are-zero, which clang's front end refuses",
      probe_calls.split_options("-cl-denorms-are-zero -cl-mad-enable"), ("CL1.2", ("-cl-mad-enable",), []))

# Guards, by hand: a small header's lines and the groups they put
# declarations in.
HEADER = "\n".join([
    "int __ovld a(int);",                                                   # 1
    "#ifdef cl_khr_fp64",                                                   # 2
    "double __ovld a(double);",                                             # 3
    "#if defined(__opencl_c_generic_address_space)",                       # 4
    "double __ovld b(double, double *);",                                   # 5
    "#endif",                                                               # 6
    "#endif //cl_khr_fp64",                                                 # 7
    "#if defined(cl_khr_int64_base_atomics) && \\",                          # 8
    "    defined(cl_khr_int64_extended_atomics)",                           # 9
    "#if defined(__opencl_c_ext_fp64_global_atomic_add)",                  # 10
    "double __ovld c(volatile __global atomic_double *, double);",          # 11
    "#endif",                                                               # 12
    "long __ovld d(volatile __global atomic_long *);",                      # 13
    "#endif",                                                               # 14
    "#if (__OPENCL_C_VERSION__ >= CL_VERSION_3_0)",                          # 15
    "int __ovld e(volatile __global atomic_int *);",                        # 16
    "#endif",                                                               # 17
    "#if defined(__OPENCL_CPP_VERSION__) || (__OPENCL_C_VERSION__ >= CL_VERSION_2_0)",  # 18
    "int __ovld ctz(int);",                                                 # 19
    "#endif",                                                               # 20
    "#ifdef cl_khr_fp16",                                                   # 21
    "half4 __ovld read_imageh(read_only image2d_t, sampler_t, int2);",      # 22
    "#endif",                                                               # 23
    "#if defined(__opencl_subgroup_builtins)",                              # 24
    "uint __ovld get_sub_group_size(void);",                                # 25
    "#endif",                                                               # 26
])
stacks = universe.guard_stack(HEADER)
cases = [(1, "int (int)", "core 1.2"), (3, "double (double)", "cl_khr_fp64"),
         (5, "double (double, __generic double *)", "cl_khr_fp64"),
         (11, "double (volatile __global atomic_double *, double)", "cl_ext_float_atomics"),
         (13, "long (volatile __global atomic_long *)", "cl_khr_int64_base_atomics+cl_khr_int64_extended_atomics"),
         (16, "int (volatile __global atomic_int *)", "core 3.0"), (19, "int (int)", "core 2.0"),
         (22, "half4 (read_only image2d_t, sampler_t, int2)", "images"), (25, "uint (void)", "sub-groups")]
check("guards put each declaration of a hand-made header in its group",
      [universe.classify(stacks[line], t) for line, t, _ in cases], [g for _, _, g in cases])
check("a continued #if line is one guard", stacks[13],
      ("defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)",))

check("short_type drops by-value __private and a pointer's own, keeps the pointee's",
      markdown.short_type("float (__private float, __private float *__private, const __global half *__private)"),
      "float (float, __private float *, const __global half *)")

# An atomic on a __private object is undefined (OpenCL C "Atomic Functions >
# Restrictions"): such an overload is excluded, counted in no figure but
# "excluded"; its generic-pointer twin stays in the figures.
PRIV = "float (volatile __private atomic_float *__private, __private float)"
GEN = "float (volatile __generic atomic_float *__private, __private float)"
check("a float atomic on a __private object is excluded, with a reason",
      bool(excluded.reason("cl_ext_float_atomics", "atomic_fetch_add", PRIV)), True)
check("its generic-pointer form is not", excluded.reason("cl_ext_float_atomics", "atomic_fetch_add", GEN), None)
uni = {"p": {"name": "atomic_fetch_add", "type": PRIV, "group": "cl_ext_float_atomics", "excluded": "x"},
       "g": {"name": "atomic_fetch_add", "type": GEN, "group": "cl_ext_float_atomics", "excluded": None}}
check("an excluded overload counts in no figure but its own",
      figures.group_figures(uni, {"g": [0]})["cl_ext_float_atomics"],
      {"names": 1, "names_called": 1, "overloads": 1, "overloads_called": 1, "excluded": 1})

sys.exit(1 if failures else 0)
