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

ATO = "atomic-functions-c11/"
HEADING = "OpenCL C: Atomic Functions"
LOCAL = 32
TYPES = {"float": "fp32", "double": "fp64", "half": "fp16"}


# Halves travel as their bits in ushort buffers (the half family's habit:
# a probe's buffers hold no half): read through as_half, written through
# as_ushort; expected values are the halves' bits (collref.half_bits).
def rd(t, expr):
    return "as_half(%s)" % expr if t == "half" else expr


def wr(t, expr):
    return "as_ushort(%s)" % expr if t == "half" else expr


def init_line(t):
    """Work-item 0's first line: the object takes s[0]. clang's header
    declares no atomic_init for atomic_half (the extension lists none), so a
    half object is given its value by a store (its load/store capability)."""
    if t == "half":
        return "atomic_store_explicit(obj, as_half(s[0]), memory_order_relaxed, memory_scope_work_group);"
    return "atomic_init(obj, s[0]);"


def half_load_store(t, spaces):
    """The load/store capability bits a half probe's loads need besides its
    operation's: on atomic_float and atomic_double, loads are core."""
    return "".join(" fp16_atomic_%s_load_store" % sp for sp in spaces) if t == "half" else ""


def io_type(t):
    return "ushort" if t == "half" else t


def token(t, v):
    return collref.half_bits(v) if t == "half" else collref.fmt(t, v)


def type_requires(t):
    """What the type itself needs beyond the capability bits, and the
    prelude: doubles' 64-bit atomics (the extension's atomic_double
    functions sit inside their guard), half's cl_khr_fp16."""
    if t == "double":
        return (" __opencl_c_fp64 cl_khr_int64_base_atomics cl_khr_int64_extended_atomics",
                "#pragma OPENCL EXTENSION cl_khr_fp64 : enable")
    if t == "half":
        return " cl_khr_fp16", "#pragma OPENCL EXTENSION cl_khr_fp16 : enable"
    return "", None


# The kernels take well under a millisecond (32 work-items, a few atomics
# each); a driver whose float atomic never returns (PoCL 5's min/max, twelve
# probes) costs 0.5 s twice each, not the default 10 s twice. A slow first
# try is retried alone before a timeout is given.
KERNEL_TIMEOUT = "0.5"

def inputs(t, op, r):
    if op == "add":
        if t == "half":   # 11 significand bits: small integers, |sums| below 2^11
            start = collref.Fraction(r.randint(-8, 8))
            xs = [collref.Fraction(r.randint(-8, 8)) for _ in range(LOCAL)]
            ys = [collref.Fraction(r.randint(-8, 8)) for _ in range(LOCAL)]
            return start, xs, ys
        den = 4 if t == "float" else 16
        start = collref.Fraction(r.randint(-400, 400), den)
        xs = [collref.Fraction(r.randint(-4000, 4000), den) for _ in range(LOCAL)]
        ys = [collref.Fraction(r.randint(-4000, 4000), den) for _ in range(LOCAL)]
        collref.check_exact_any_order(t, [start] + xs + ys)
        return start, xs, ys
    emin, emax = {"float": (-60, 60), "double": (-500, 500), "half": (-14, 7)}[t]
    vals = []
    for _ in range(1 + 2 * LOCAL):
        v = collref.Fraction(r.randint(1, 255)) * collref.Fraction(2) ** r.randint(emin, emax)
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
        "    " + init_line(t),
        "    out[0] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
        "}",
        "barrier(%s);" % fence,
        "atomic_fetch_%s_explicit(obj, %s, %s);" % (o1, rd(t, "x[i]"), rl),
        "barrier(%s);" % fence,
        "if (i == 0) out[1] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
        "barrier(%s);" % fence,
        "atomic_fetch_%s_explicit(obj, %s, %s);" % (o2, rd(t, "y[i]"), rl),
        "barrier(%s);" % fence,
        "if (i == 0) out[2] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
    ])


def gen_float_atomics(w):
    for t, fp in TYPES.items():
        for space in ("global", "local"):
            for op in ("add", "min_max"):
                start, xs, ys = inputs(t, op, random.Random("fpatomic:%s:%s:%s" % (t, space, op)))
                exp = [token(t, v) for v in expected(t, op, start, xs, ys)]
                if space == "global":
                    exp.append("*")
                req = "cl_std_3.0 cl_ext_float_atomics %s_atomic_%s_%s wg_%d" % (fp, space, op, LOCAL)
                req += half_load_store(t, (space,))
                treq, prelude = type_requires(t)
                req += treq
                ops = "atomic_fetch_add then atomic_fetch_sub" if op == "add" else "atomic_fetch_min then atomic_fetch_max"
                w.probe(ATO + "float-atomics.probe", "atomic-float.%s.%s.%s" % (op.replace("_", "-"), fp, space),
                        HEADING, "run",
                        "cl_ext_float_atomics on atomic_%s in %s memory: %d work-items each apply %s (relaxed, "
                        "work-group scope, a barrier between), work-item 0 loads after each: out = the initial "
                        "value, then %s; the inputs make the results independent of the order (%s)."
                        % (t, space, LOCAL, ops,
                           "start + sum(x), then minus sum(y), exact in any order" if op == "add" else
                           "min(start, x...), then max(that, y...), no zeros or NaNs",
                           "-cl-std=CL3.0, where the device's capability query has the bit"),
                        body=body(t, space, op), out="%s[%d]" % (io_type(t), 4 if space == "global" else 3),
                        expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                        local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                        inputs=[("s", io_type(t), [token(t, start)]), ("x", io_type(t), [token(t, v) for v in xs]),
                                ("y", io_type(t), [token(t, v) for v in ys])])


# The values a load/store probe moves through, per type: -0, the largest
# finite, -inf, and an ordinary value.
LOAD_STORE_VALUES = {
    "float": ["-0", "3.4028234663852886e+38", "-inf", "1.5"],
    "double": ["-0", "1.7976931348623157e+308", "-inf", "1.5"],
    "half": ["-0", "65504", "-inf", "1.5"],
}


def value_token(t, v):
    """A LOAD_STORE_VALUES entry as the probe's token."""
    if t != "half":
        return v
    if v in ("-0", "-inf"):
        return collref.half_bits(-collref.INF if v == "-inf" else v)
    return collref.half_bits(collref.Fraction(v))


def load_store_body(t, space):
    obj, fence = atomic_object(t, space, "4 + %d" % LOCAL,
                               ["/* The output's last element serves as the atomic object; it is not judged. */"])
    rl = "memory_order_relaxed, memory_scope_work_group"
    return "\n".join(obj + [
        "size_t i = get_local_id(0);",
        "if (i == 0) {",
        "    " + init_line(t),
        "    out[0] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
        "    out[1] = %s;" % wr(t, "atomic_exchange_explicit(obj, %s, %s)" % (rd(t, "s[1]"), rl)),
        "    out[2] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
        "    atomic_store_explicit(obj, %s, %s);" % (rd(t, "s[2]"), rl),
        "    out[3] = %s;" % wr(t, "atomic_exchange_explicit(obj, %s, %s)" % (rd(t, "s[3]"), rl)),
        "}",
        "barrier(%s);" % fence,
        "out[4 + i] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
    ])


def gen_float_atomic_load_store(w):
    for t, fp in TYPES.items():
        vals = [value_token(t, v) for v in LOAD_STORE_VALUES[t]]
        for space in ("global", "local"):
            # init s0, load s0; exchange to s1 returns s0; load s1; store s2;
            # exchange to s3 returns s2; after the barrier every work-item
            # loads s3.
            exp = [vals[0], vals[0], vals[1], vals[2]] + [vals[3]] * LOCAL
            if space == "global":
                exp.append("*")
            req = "cl_std_3.0 cl_ext_float_atomics %s_atomic_%s_load_store wg_%d" % (fp, space, LOCAL)
            treq, prelude = type_requires(t)
            req += treq
            w.probe(ATO + "float-atomics.probe", "atomic-float.load-store.%s.%s" % (fp, space), HEADING, "run",
                    "cl_ext_float_atomics' load/store capability on atomic_%s in %s memory: work-item 0 initialises "
                    "the object to -0 and loads it, exchanges in the largest finite value (getting -0 back), loads "
                    "that, stores -inf, exchanges in 1.5 (getting -inf back); after a barrier each of the %d "
                    "work-items loads 1.5. An atomic object holds the value stored, exactly: -0 and inf included "
                    "(relaxed, work-group scope; -cl-std=CL3.0, where the device's capability query has the bit)."
                    % (t, space, LOCAL),
                    body=load_store_body(t, space), out="%s[%d]" % (io_type(t), len(exp)),
                    expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                    local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                    inputs=[("s", io_type(t), vals)])


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
                   "    " + init_line(t),
                   "    out[0] = %s;" % wr(t, "atomic_load_explicit(obj, %s)" % rl),
                   "}"]
    slot = 1
    for form in forms:
        suffix, args, _ = FORMS[form]
        for fn, src in ((o1, "x"), (o2, "y")):
            lines += ["barrier(%s);" % fence,
                      "atomic_fetch_%s%s(%s, %s%s);" % (fn, suffix, target, rd(t, src + "[i]"), args),
                      "barrier(%s);" % fence,
                      "if (i == 0) out[%d] = %s;" % (slot, wr(t, "atomic_load_explicit(obj, %s)" % rl))]
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
                exp = [token(t, v) for v in atomicref.float_fetch_sequence(start, steps)]
                if where == "global":
                    exp.append("*")
                generic = space.startswith("generic")
                caps = ["%s_atomic_%s_%s" % (fp, sp, op) for sp in (("global", "local") if generic else (where,))]
                req = "cl_std_3.0 cl_ext_float_atomics %s wg_%d" % (" ".join(caps), LOCAL)
                req += half_load_store(t, ("global", "local") if generic else (where,))
                req += "".join(" " + f for f in sorted({tok for form in forms for tok in FORMS[form][2].split()}))
                if generic:
                    req += " __opencl_c_generic_address_space"
                treq, prelude = type_requires(t)
                req += treq
                named = {"scope": "explicit with order and scope (relaxed, work-group)",
                         "order": "explicit with an order alone (relaxed; device scope)",
                         "implicit": "implicit (seq_cst, device scope)"}
                w.probe(ATO + "float-atomics.probe", "atomic-float.%s.%s.%s-forms" % (op.replace("_", "-"), fp, space),
                        HEADING, "run",
                        "cl_ext_float_atomics on atomic_%s %s: the forms %s, each as two steps: %d work-items each "
                        "apply atomic_fetch_%s then atomic_fetch_%s, a barrier around each, work-item 0 loads after "
                        "each: out = the initial value, then the value after each step; the inputs make every result "
                        "independent of the order (%s; -cl-std=CL3.0, where the device's capability query has the "
                        "bit%s)."
                        % (t, "through a generic pointer to a %s object" % where if generic
                           else "in %s memory" % where, ", then ".join(named[f] for f in forms), LOCAL, o1, o2,
                           "sums exact in any order" if op == "add" else "no zeros or NaNs",
                           "s" if generic else ""),
                        body=forms_body(t, space, op, forms), out="%s[%d]" % (io_type(t), len(exp)),
                        expect=" ".join(exp), requires=req, options="-cl-std=CL3.0", global_=str(LOCAL),
                        local=str(LOCAL), prelude=prelude, timeout=KERNEL_TIMEOUT,
                        inputs=[("s", io_type(t), [token(t, start)]), ("x", io_type(t), [token(t, v) for v in xs]),
                                ("y", io_type(t), [token(t, v) for v in ys])])


# atomic_half's load, store and exchange in their other forms (the
# extension adds them for atomic_half alone: on atomic_float and
# atomic_double they are the core functions, probed by the C11 atomics
# family): per FORMS form, on a __global, a __local, or through a generic
# pointer to either object, work-item 0 alone loads the object, exchanges
# in the next value (getting the current back) and stores the one after;
# then every work-item loads the last.
def load_store_forms_body(t, space, forms, vals):
    where, _ = SPACE_FORMS[space]
    obj, fence = atomic_object(t, where, str(3 * len(forms) + LOCAL),
                               ["/* The output's last element serves as the atomic object; it is not judged. */"])
    target = "obj"
    if space.startswith("generic"):
        obj += ["volatile atomic_%s *gen = obj;   /* a generic pointer to it */" % t]
        target = "gen"
    rl = "memory_order_relaxed, memory_scope_work_group"
    lines = obj + ["size_t i = get_local_id(0);", "if (i == 0) {", "    " + init_line(t)]
    slot, v = 0, 0
    for form in forms:
        suffix, args, _ = FORMS[form]
        lines += ["    out[%d] = %s;" % (slot, wr(t, "atomic_load%s(%s%s)" % (suffix, target, args))),
                  "    out[%d] = %s;" % (slot + 1, wr(t, "atomic_exchange%s(%s, %s%s)"
                                                        % (suffix, target, rd(t, "s[%d]" % ((v + 1) % len(vals))), args))),
                  "    out[%d] = %s;" % (slot + 2, wr(t, "atomic_load_explicit(obj, %s)" % rl)),
                  "    atomic_store%s(%s, %s%s);" % (suffix, target, rd(t, "s[%d]" % ((v + 2) % len(vals))), args)]
        slot, v = slot + 3, (v + 2) % len(vals)
    lines += ["}", "barrier(%s);" % fence, "out[%d + i] = %s;" % (slot, wr(t, "atomic_load_explicit(obj, %s)" % rl))]
    return "\n".join(lines), v


def gen_half_atomic_load_store_forms(w):
    t, fp = "half", "fp16"
    vals = [value_token(t, v) for v in LOAD_STORE_VALUES[t]]
    for space, (where, forms) in SPACE_FORMS.items():
        body, last = load_store_forms_body(t, space, forms, vals)
        exp, v = [], 0
        for _ in forms:
            # load: the current value; exchange: returns it; load: the next
            exp += [vals[v], vals[v], vals[(v + 1) % len(vals)]]
            v = (v + 2) % len(vals)
        exp += [vals[last]] * LOCAL
        if where == "global":
            exp.append("*")
        generic = space.startswith("generic")
        caps = ["%s_atomic_%s_load_store" % (fp, sp) for sp in (("global", "local") if generic else (where,))]
        req = "cl_std_3.0 cl_ext_float_atomics %s wg_%d" % (" ".join(caps), LOCAL)
        req += "".join(" " + f for f in sorted({tok for form in forms for tok in FORMS[form][2].split()}))
        if generic:
            req += " __opencl_c_generic_address_space"
        treq, prelude = type_requires(t)
        req += treq
        w.probe(ATO + "float-atomics.probe", "atomic-float.load-store.%s.%s-forms" % (fp, space), HEADING, "run",
                "cl_ext_float_atomics' atomic_load, atomic_exchange and atomic_store on atomic_half %s, in the forms "
                "%s: work-item 0 alone, per form, loads the object, exchanges in the next of -0, 65504, -inf, 1.5 "
                "(getting the current back), loads that, and stores the one after; after a barrier each of the %d "
                "work-items loads the last. An atomic object holds the value stored, exactly (halves as their bits; "
                "-cl-std=CL3.0, where the device's capability query has the bit%s)."
                % ("through a generic pointer to a %s object" % where if generic else "in %s memory" % where,
                   ", ".join(forms), LOCAL, "s" if generic else ""),
                body=body, out="ushort[%d]" % len(exp), expect=" ".join(exp), requires=req,
                options="-cl-std=CL3.0", global_=str(LOCAL), local=str(LOCAL), prelude=prelude,
                timeout=KERNEL_TIMEOUT, inputs=[("s", "ushort", vals)])
