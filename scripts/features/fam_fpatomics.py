"""The floating-point atomics of the cl_ext_float_atomics extension
(OpenCL-Docs extensions/cl_ext_float_atomics.asciidoc: atomic_fetch_add/sub
and atomic_fetch_min/max on atomic_float and atomic_double, in global and
local memory), written by gen_features.py, cited under the unified spec's
"Atomic Functions" whose functions the extension extends.

One work-group of 32 work-items: work-item 0 initialises the object
(atomic_init), a barrier, every work-item applies its operation (relaxed,
memory_scope_work_group: the minimum every 3.0 device has), a barrier, work-item
0 loads the result; then a second operation the same way. The old values the
fetches return depend on the order and are not judged; the final values do
not: the add/sub inputs are exact in any order (collref.check_exact_any_order),
the min/max inputs have no zeros or NaNs (whose min/max the extension leaves
open: "min(-0, +0) = +0 or -0"). Each probe needs the device's capability bit
(CL_DEVICE_SINGLE/DOUBLE_FP_ATOMIC_CAPABILITIES_EXT, tokens fp32_atomic_B).

The load/store/exchange probes (the capability's LOAD_STORE bits: "atomic
load, store, and exchange") need no order argument: work-item 0 alone moves
the object through four values with barriers between, and every work-item
then loads the last. Loads and exchanges return what was stored, exactly:
-0 stays -0 (an atomic object holds a value, C11 7.17.2), and inf and
values near the type's limits pass unchanged. No subnormals (a device
without CL_FP_DENORM may flush them in arithmetic, and the probe asks
nothing of that) and no NaNs (a payload is not a value)."""
import random

import atomicref
import collref

ATO = "6.15.12-atomic-functions-c11/"
CLAUSE = "6.15.12 Atomic Functions"
LOCAL = 32
TYPES = {"float": "fp32", "double": "fp64"}


# The kernels take well under a millisecond (32 work-items, a few atomics
# each); a driver whose float atomic never returns (PoCL 5's min/max, twelve
# probes) costs 0.5 s twice each, not the default 10 s twice. A slow first
# try is retried alone before a timeout is given.
KERNEL_TIMEOUT = "0.5"

def inputs(t, op, r):
    if op == "add":
        den = 4 if t == "float" else 16
        start = collref.Fraction(r.randint(-400, 400), den)
        xs = [collref.Fraction(r.randint(-4000, 4000), den) for _ in range(LOCAL)]
        ys = [collref.Fraction(r.randint(-4000, 4000), den) for _ in range(LOCAL)]
        collref.check_exact_any_order(t, [start] + xs + ys)
        return start, xs, ys
    emax = 60 if t == "float" else 500
    vals = []
    for _ in range(1 + 2 * LOCAL):
        v = collref.Fraction(r.randint(1, 255)) * collref.Fraction(2) ** r.randint(-emax, emax)
        vals.append(-v if r.random() < 0.5 else v)
    return vals[0], vals[1:1 + LOCAL], vals[1 + LOCAL:]


def expected(t, op, start, xs, ys):
    """[value after init, after the first operation by every work-item, after
    the second]: add then sub, or min then max."""
    if op == "add":
        first = start + sum(xs)
        return [start, first, first - sum(ys)]
    first = min([start] + xs)
    return [start, first, max([first] + ys)]


def atomic_object(t, space, offset, comment):
    """The kernel lines that declare `obj`, the atomic object of type t in
    global memory (the output's element at `offset`, after `comment`) or in
    local memory, and the fence that orders it."""
    a = "atomic_" + t
    if space == "global":
        return (comment + ["volatile global %s *obj = (volatile global %s *)(out + %s);" % (a, a, offset)],
                "CLK_GLOBAL_MEM_FENCE")
    return ["local %s o;" % a, "volatile local %s *obj = &o;" % a], "CLK_LOCAL_MEM_FENCE"


def body(t, space, op):
    o1, o2 = ("add", "sub") if op == "add" else ("min", "max")
    obj, fence = atomic_object(t, space, "3", ["/* The output's last element serves as the atomic object (atomic types have",
                                               "   \"the same size as their corresponding regular types\"); it is not judged. */"])
    rl = "memory_order_relaxed, memory_scope_work_group"
    return "\n".join(obj + [
        "size_t i = get_local_id(0);",
        "if (i == 0) {",
        "    atomic_init(obj, s[0]);",
        "    out[0] = atomic_load_explicit(obj, %s);" % rl,
        "}",
        "barrier(%s);" % fence,
        "atomic_fetch_%s_explicit(obj, x[i], %s);" % (o1, rl),
        "barrier(%s);" % fence,
        "if (i == 0) out[1] = atomic_load_explicit(obj, %s);" % rl,
        "barrier(%s);" % fence,
        "atomic_fetch_%s_explicit(obj, y[i], %s);" % (o2, rl),
        "barrier(%s);" % fence,
        "if (i == 0) out[2] = atomic_load_explicit(obj, %s);" % rl,
    ])


def gen_float_atomics(w):
    for t, fp in TYPES.items():
        for space in ("global", "local"):
            for op in ("add", "min_max"):
                start, xs, ys = inputs(t, op, random.Random("fpatomic:%s:%s:%s" % (t, space, op)))
                exp = [collref.fmt(t, v) for v in expected(t, op, start, xs, ys)]
                if space == "global":
                    exp.append("*")
                req = "cl_std_3.0 cl_ext_float_atomics %s_atomic_%s_%s wg_%d" % (fp, space, op, LOCAL)
                prelude = None
                if t == "double":
                    req += " __opencl_c_fp64 cl_khr_int64_base_atomics cl_khr_int64_extended_atomics"
                    prelude = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
                ops = "atomic_fetch_add then atomic_fetch_sub" if op == "add" else "atomic_fetch_min then atomic_fetch_max"
                w.probe(ATO + "float-atomics.probe", "atomic-float.%s.%s.%s" % (op.replace("_", "-"), fp, space),
                        CLAUSE, "run",
                        "cl_ext_float_atomics on atomic_%s in %s memory: %d work-items each apply %s (relaxed, "
                        "work-group scope, a barrier between), work-item 0 loads after each: out = the initial "
                        "value, then %s; the inputs make the results independent of the order (%s)."
                        % (t, space, LOCAL, ops,
                           "start + sum(x), then minus sum(y), exact in any order" if op == "add" else
                           "min(start, x...), then max(that, y...), no zeros or NaNs",
                           "-cl-std=CL3.0, where the device's capability query has the bit"),
                        body=body(t, space, op), out="%s[%d]" % (t, 4 if space == "global" else 3),
                        expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                        local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                        inputs=[("s", t, [collref.fmt(t, start)]), ("x", t, [collref.fmt(t, v) for v in xs]),
                                ("y", t, [collref.fmt(t, v) for v in ys])])


# The values a load/store probe moves through, per type: -0, the largest
# finite, -inf, and an ordinary value.
LOAD_STORE_VALUES = {
    "float": ["-0", "3.4028234663852886e+38", "-inf", "1.5"],
    "double": ["-0", "1.7976931348623157e+308", "-inf", "1.5"],
}


def load_store_body(t, space):
    obj, fence = atomic_object(t, space, "4 + %d" % LOCAL,
                               ["/* The output's last element serves as the atomic object; it is not judged. */"])
    rl = "memory_order_relaxed, memory_scope_work_group"
    return "\n".join(obj + [
        "size_t i = get_local_id(0);",
        "if (i == 0) {",
        "    atomic_init(obj, s[0]);",
        "    out[0] = atomic_load_explicit(obj, %s);" % rl,
        "    out[1] = atomic_exchange_explicit(obj, s[1], %s);" % rl,
        "    out[2] = atomic_load_explicit(obj, %s);" % rl,
        "    atomic_store_explicit(obj, s[2], %s);" % rl,
        "    out[3] = atomic_exchange_explicit(obj, s[3], %s);" % rl,
        "}",
        "barrier(%s);" % fence,
        "out[4 + i] = atomic_load_explicit(obj, %s);" % rl,
    ])


def gen_float_atomic_load_store(w):
    for t, fp in TYPES.items():
        vals = LOAD_STORE_VALUES[t]
        for space in ("global", "local"):
            # init s0, load s0; exchange to s1 returns s0; load s1; store s2;
            # exchange to s3 returns s2; after the barrier every work-item
            # loads s3.
            exp = [vals[0], vals[0], vals[1], vals[2]] + [vals[3]] * LOCAL
            if space == "global":
                exp.append("*")
            req = "cl_std_3.0 cl_ext_float_atomics %s_atomic_%s_load_store wg_%d" % (fp, space, LOCAL)
            prelude = None
            if t == "double":
                req += " __opencl_c_fp64 cl_khr_int64_base_atomics cl_khr_int64_extended_atomics"
                prelude = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
            w.probe(ATO + "float-atomics.probe", "atomic-float.load-store.%s.%s" % (fp, space), CLAUSE, "run",
                    "cl_ext_float_atomics' load/store capability on atomic_%s in %s memory: work-item 0 initialises "
                    "the object to -0 and loads it, exchanges in the largest finite value (getting -0 back), loads "
                    "that, stores -inf, exchanges in 1.5 (getting -inf back); after a barrier each of the %d "
                    "work-items loads 1.5. An atomic object holds the value stored, exactly: -0 and inf included "
                    "(relaxed, work-group scope; -cl-std=CL3.0, where the device's capability query has the bit)."
                    % (t, space, LOCAL),
                    body=load_store_body(t, space), out="%s[%d]" % (t, len(exp)),
                    expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                    local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                    inputs=[("s", t, vals)])


# The other forms of the fetch functions (the extension lists each with the
# three forms of the C11-style functions, for a __global, a __local and a
# generic object): the explicit form with an order alone (scope
# memory_scope_device), the implicit form (memory_order_seq_cst,
# memory_scope_device), and, through a generic pointer to a global or a
# local object, all three. The probe shape is gen_float_atomics': every
# work-item applies the step's operation, a barrier, work-item 0 loads; two
# steps (add then sub, or min then max) per form, the object's value after
# each step the output, from atomicref.float_fetch_sequence. The forms
# without a scope argument need the device scope, the implicit form also
# the seq_cst order (OpenCL C "Atomic Functions"); the generic pointer
# needs the generic address space and, by the extension, both the global
# and the local capability bits.
FORMS = {
    "scope": ("_explicit", ", memory_order_relaxed, memory_scope_work_group", ""),
    "order": ("_explicit", ", memory_order_relaxed", " __opencl_c_atomic_scope_device"),
    "implicit": ("", "", " __opencl_c_atomic_order_seq_cst __opencl_c_atomic_scope_device"),
}
SPACE_FORMS = {
    "global": ("global", ("order", "implicit")),
    "local": ("local", ("order", "implicit")),
    "generic-global": ("global", ("scope", "order", "implicit")),
    "generic-local": ("local", ("scope", "order", "implicit")),
}


def forms_body(t, space, op, forms):
    o1, o2 = ("add", "sub") if op == "add" else ("min", "max")
    where, _ = SPACE_FORMS[space]
    slots = 1 + 2 * len(forms)
    obj, fence = atomic_object(t, where, str(slots),
                               ["/* The output's last element serves as the atomic object; it is not judged. */"])
    if space.startswith("generic"):
        obj += ["volatile atomic_%s *gen = obj;   /* a generic pointer to it */" % t]
        target = "gen"
    else:
        target = "obj"
    rl = "memory_order_relaxed, memory_scope_work_group"
    lines = obj + ["size_t i = get_local_id(0);",
                   "if (i == 0) {",
                   "    atomic_init(obj, s[0]);",
                   "    out[0] = atomic_load_explicit(obj, %s);" % rl,
                   "}"]
    slot = 1
    for form in forms:
        suffix, args, _ = FORMS[form]
        for fn, src in ((o1, "x"), (o2, "y")):
            lines += ["barrier(%s);" % fence,
                      "atomic_fetch_%s%s(%s, %s[i]%s);" % (fn, suffix, target, src, args),
                      "barrier(%s);" % fence,
                      "if (i == 0) out[%d] = atomic_load_explicit(obj, %s);" % (slot, rl)]
            slot += 1
    return "\n".join(lines)


def gen_float_atomic_forms(w):
    for t, fp in TYPES.items():
        for space, (where, forms) in SPACE_FORMS.items():
            for op in ("add", "min_max"):
                start, xs, ys = inputs(t, op, random.Random("fpatomic-forms:%s:%s:%s" % (t, space, op)))
                o1, o2 = ("add", "sub") if op == "add" else ("min", "max")
                steps = [(o1, xs), (o2, ys)] * len(forms)
                if op == "add":
                    collref.check_exact_any_order(t, [start] + xs * len(forms) + ys * len(forms))
                exp = [collref.fmt(t, v) for v in atomicref.float_fetch_sequence(start, steps)]
                if where == "global":
                    exp.append("*")
                generic = space.startswith("generic")
                caps = ["%s_atomic_%s_%s" % (fp, sp, op) for sp in (("global", "local") if generic else (where,))]
                req = "cl_std_3.0 cl_ext_float_atomics %s wg_%d" % (" ".join(caps), LOCAL)
                req += "".join(" " + f for f in sorted({tok for form in forms for tok in FORMS[form][2].split()}))
                if generic:
                    req += " __opencl_c_generic_address_space"
                prelude = None
                if t == "double":
                    req += " __opencl_c_fp64 cl_khr_int64_base_atomics cl_khr_int64_extended_atomics"
                    prelude = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"
                named = {"scope": "explicit with order and scope (relaxed, work-group)",
                         "order": "explicit with an order alone (relaxed; device scope)",
                         "implicit": "implicit (seq_cst, device scope)"}
                w.probe(ATO + "float-atomics.probe", "atomic-float.%s.%s.%s-forms" % (op.replace("_", "-"), fp, space),
                        CLAUSE, "run",
                        "cl_ext_float_atomics on atomic_%s %s: the forms %s, each as two steps: %d work-items each "
                        "apply atomic_fetch_%s then atomic_fetch_%s, a barrier around each, work-item 0 loads after "
                        "each: out = the initial value, then the value after each step; the inputs make every result "
                        "independent of the order (%s; -cl-std=CL3.0, where the device's capability query has the "
                        "bit%s)."
                        % (t, "through a generic pointer to a %s object" % where if generic
                           else "in %s memory" % where, ", then ".join(named[f] for f in forms), LOCAL, o1, o2,
                           "sums exact in any order" if op == "add" else "no zeros or NaNs",
                           "s" if generic else ""),
                        body=forms_body(t, space, op, forms), out="%s[%d]" % (t, len(exp)),
                        expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                        local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                        inputs=[("s", t, [collref.fmt(t, start)]), ("x", t, [collref.fmt(t, v) for v in xs]),
                                ("y", t, [collref.fmt(t, v) for v in ys])])
