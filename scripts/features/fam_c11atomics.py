"""The C11-style atomic functions per type, address space and form (OpenCL C
"Atomic Functions"), written by gen_features.py.

Each function comes in three forms: the implicit one (memory_order_seq_cst,
memory_scope_device), _explicit with an order (memory_scope_device), and
_explicit with an order and a scope; and for three kinds of object pointer:
__global and __local (OpenCL C 3.0) and the generic address space (OpenCL C
2.0, or 3.0 with __opencl_c_generic_address_space). The unified spec ties
each form to features in 3.0: the implicit forms need
__opencl_c_atomic_order_seq_cst and __opencl_c_atomic_scope_device, the
order-only forms __opencl_c_atomic_scope_device; the explicit orders and
scopes used here (relaxed, work_group) need none, memory_scope_all_devices
needs __opencl_c_atomic_scope_all_devices. The 64-bit types need
cl_khr_int64_base_atomics and _extended_atomics ("supported and have been
enabled": the probes enable them), atomic_double also double precision.

The probes (few and large: PoCL compiles each kernel in 0.1-0.5 s cold):

  per type     one work-item runs init, load, store, exchange, strong and
               weak compare-exchange, every fetch-and-modify and atomic_flag
               on a __global then a __local object (generic: through generic
               pointers, *expected too), one probe per type and group of
               forms with the same features; alone, every value is C11's
               sequential one (c11ref.py).
  cas-expected the 3.0 compare-exchange overloads with *expected in __local
               and __global memory, a whole program per type group, so that a
               library without them fails one build.
  pointer-sized  atomic_intptr_t, _uintptr_t, _size_t, _ptrdiff_t and their
               operand types.
  concurrent   64 work-items of one work-group apply fetch-and-modify,
               exchange, compare-exchange and test-and-set to shared objects;
               the end states are exact whatever the interleaving (sums wrap,
               exactly one compare-exchange and one test-and-set win, every
               exchanged-out value is accounted for) (c11ref.concurrent).
"""
import random

import c11ref

ATO = "atomic-functions-c11/"
HEADING = "OpenCL C: Atomic Functions"

INT64 = "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics"
TYPES = ["int", "uint", "float", "long", "ulong", "double"]

FORM_WHY = {
    "implicit": "the implicit forms (memory_order_seq_cst, memory_scope_device)",
    "order": "the _explicit forms with an order (memory_order_relaxed; memory_scope_device)",
    "scope": "the _explicit forms with an order and a scope (memory_order_relaxed, memory_scope_work_group)",
    "all_devices": "the _explicit forms with memory_order_relaxed and memory_scope_all_devices (3.0's name)",
}
FORM_NEEDS_30 = {
    "implicit": "__opencl_c_atomic_order_seq_cst __opencl_c_atomic_scope_device",
    "order": "__opencl_c_atomic_scope_device",
    "scope": "",
    "all_devices": "__opencl_c_atomic_scope_all_devices",
}


def call(form, name, args, cas=False):
    """An atomic call of `form` on args; cas: two orders (success, failure)."""
    if form == "implicit":
        return "atomic_%s(%s)" % (name, args)
    orders = "memory_order_relaxed, memory_order_relaxed" if cas else "memory_order_relaxed"
    if form == "order":
        return "atomic_%s_explicit(%s, %s)" % (name, args, orders)
    scope = "memory_scope_all_devices" if form == "all_devices" else "memory_scope_work_group"
    return "atomic_%s_explicit(%s, %s, %s)" % (name, args, orders, scope)


def lit(t, v):
    """v as an OpenCL C literal of type t."""
    if t == "float":
        return float.hex(float(v)) + "f"
    if t == "double":
        return float.hex(float(v))
    suffix = {"int": "", "uint": "u", "long": "L", "ulong": "UL"}[t]
    return "(%d%s)" % (v, suffix) if v < 0 else "%d%s" % (v, suffix)


def tok(t, v):
    """v as an expect token of type t."""
    return float.hex(float(v)) if t in c11ref.FLOAT_TYPES else str(v)


def type_requires(t, version):
    if t in ("long", "ulong"):
        return INT64
    if t == "double":
        return INT64 + (" __opencl_c_fp64" if version == "3.0" else " cl_khr_fp64")
    return ""


def type_prelude(t):
    if t in ("long", "ulong"):
        return ("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
                "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable")
    if t == "double":
        return ("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
                "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n"
                "#pragma OPENCL EXTENSION cl_khr_fp64 : enable")
    return None


def requires(version, generic, form, extra):
    if version == "2.0":
        parts = ["cl_std_2.0"]
    else:
        parts = ["cl_std_3.0", FORM_NEEDS_30[form]]
        if generic:
            parts.append("__opencl_c_generic_address_space")
    parts.append(extra)
    return " ".join(p for p in parts if p)


def conv(t, out_t, expr):
    """expr (of type t) as a value of the output type: the value itself, or a
    floating-point one's bits when the output is an integer type."""
    if t == out_t:
        return expr
    if t == "float":
        return "(%s)as_int(%s)" % (out_t, expr)
    if t in ("double", "ulong"):
        return "as_long(%s)" % expr
    return "(%s)(%s)" % (out_t, expr)


def conv_tok(t, out_t, v):
    if t == out_t:
        return tok(t, v)
    if t == "float":
        return str(c11ref.float_bits(t, v))
    if t == "double":
        return str(c11ref.wrap("long", c11ref.float_bits(t, v)))
    return str(c11ref.wrap(out_t, v))


class Seq:
    """Builds a kernel that runs segments (one type, form, object space each)
    one after another, results into r[] of the output type, scratch global
    memory (objects, the global *expected) after the results in out[]."""

    def __init__(self, out_t, generic):
        self.out_t, self.generic = out_t, generic
        self.top, self.blocks, self.expect, self.scratch = [], [], [], 0

    def segment(self, t, space, form, espaces, flag, fetch):
        a = "atomic_" + t
        q = "" if self.generic else space + " "
        n = len(self.blocks)
        scratch = []
        top = ["%s pe%d;" % (t, n), "local %s le%d;" % (t, n)]
        lines = []
        if "global" in espaces:
            scratch.append("ge")
        if space == "global":
            scratch.append("obj")
        if flag and space == "global":
            scratch.append("fl")
        slot = {}
        for k in scratch:
            slot[k] = "SCRATCH%d" % (self.scratch)
            self.scratch += 1
        if "global" in espaces:
            lines.append("global %s *ge = (global %s *)(out + %s);" % (t, t, slot["ge"]))
        if space == "global":
            lines.append("volatile %s%s *obj = (volatile global %s *)(out + %s);" % (q, a, a, slot["obj"]))
        else:
            top.append("local %s lo%d;" % (a, n))
            lines.append("volatile %s%s *obj = &lo%d;" % (q, a, n))
        if flag:
            if space == "global":
                lines.append("volatile %satomic_flag *fl = (volatile global atomic_flag *)(out + %s);" % (q, slot["fl"]))
            else:
                top.append("local atomic_flag lf%d;" % n)
                lines.append("volatile %satomic_flag *fl = &lf%d;" % (q, n))
        named = {"private": "&pe%d" % n, "local": "&le%d" % n, "global": "ge"}
        if self.generic:
            lines.append("/* Generic pointers to *expected in each named space. */")
            for sp in espaces:
                lines.append("%s *e_%s = %s;" % (t, sp, named[sp]))
            eptr = {sp: "e_" + sp for sp in espaces}
        else:
            eptr = named
        lines.append("bool ok;")
        steps = c11ref.steps_for(t, espaces, flag, fetch)
        base = len(self.expect)
        i = base

        def put(expr):
            return "r[%d] = %s;" % (i, conv(t, self.out_t, expr))
        for m, s in enumerate(steps):
            k = s[0]
            if k == "init":
                lines.append("atomic_init(obj, %s);" % lit(t, s[1]))
            elif k == "load":
                lines.append(put(call(form, "load", "obj")))
                i += 1
            elif k == "store":
                lines.append("%s;" % call(form, "store", "obj, %s" % lit(t, s[1])))
            elif k == "xchg":
                lines.append(put(call(form, "exchange", "obj, %s" % lit(t, s[1]))))
                i += 1
            elif k == "cas":
                _, weak, sp, exp, des = s
                e = eptr[sp]
                fn = "compare_exchange_weak" if weak else "compare_exchange_strong"
                c = call(form, fn, "obj, %s, %s" % (e, lit(t, des)), cas=True)
                if weak and c11ref.replay(t, steps[:m])[2] == exp:
                    # A weak exchange may fail spuriously (C11 7.17.7.4): retry, boundedly.
                    lines += ["ok = false;",
                              "for (int k = 0; k < 1000 && !ok; k++) {",
                              "    *(%s) = %s;" % (e, lit(t, exp)),
                              "    ok = %s;" % c,
                              "}"]
                else:
                    lines += ["*(%s) = %s;" % (e, lit(t, exp)), "ok = %s;" % c]
                lines.append("r[%d] = (%s)ok;" % (i, self.out_t))
                i += 1
                lines.append(put("*(%s)" % e))
                i += 1
            elif k == "fetch":
                lines.append(put(call(form, "fetch_" + s[1], "obj, %s" % lit(t, s[2]))))
                i += 1
            elif k == "flag_clear":
                lines.append("%s;" % call(form, "flag_clear", "fl"))
            elif k == "flag_tas":
                lines.append("r[%d] = (%s)%s;" % (i, self.out_t, call(form, "flag_test_and_set", "fl")))
                i += 1
        outs = c11ref.replay(t, steps)[0]
        assert len(outs) == i - base
        j = 0
        for s in steps:
            if s[0] == "cas":
                self.expect += [str(outs[j]) if self.out_t not in c11ref.FLOAT_TYPES else tok(self.out_t, outs[j]),
                                conv_tok(t, self.out_t, outs[j + 1])]
                j += 2
            elif s[0] == "flag_tas":
                self.expect.append(tok(self.out_t, outs[j]))
                j += 1
            elif s[0] in ("load", "xchg", "fetch"):
                self.expect.append(conv_tok(t, self.out_t, outs[j]))
                j += 1
        self.top += top
        self.blocks.append(lines)

    def render(self):
        n = len(self.expect)
        body = list(self.top) + ["%s r[%d];" % (self.out_t, n)]
        for lines in self.blocks:
            body += ["{"] + ["    " + l.replace("SCRATCH", "%d + " % n) for l in lines] + ["}"]
        body.append("for (int i = 0; i < %d; i++) out[i] = r[i];" % n)
        return "\n".join(body), self.expect + ["*"] * self.scratch


ALL_SPACES = ("private", "local", "global")
FORMS = ("implicit", "order", "scope")


# The forms a probe runs, by the features they need in OpenCL C 3.0: the
# implicit and order-only forms both need __opencl_c_atomic_scope_device (the
# implicit ones also __opencl_c_atomic_order_seq_cst), so they share a probe;
# the order-and-scope forms (relaxed, work_group) need nothing and run apart.
FORM_GROUPS = {"device": ("implicit", "order"), "scoped": ("scope",)}
# memory_scope_all_devices, OpenCL C 3.0's alias of memory_scope_all_svm_devices,
# on atomic_int only (the scope changes no value a lone work-item sees).
ALL_DEVICES = ("int", "3.0", False, "all-devices", ("all_devices",))


def group_requires(version, generic, forms, extra):
    return requires(version, generic, "implicit" if "implicit" in forms else forms[0], extra)


def gen_sequences(w):
    """Per type and form group: the sequence on a __global then a __local
    object in each form, *expected in private memory (named spaces), or
    through generic pointers to each space (generic: objects reached through
    generic pointers)."""
    variants = [(t, version, generic, gname, forms) for t in TYPES
                for version, generic in (("3.0", False), ("3.0", True), ("2.0", True))
                for gname, forms in FORM_GROUPS.items()] + [ALL_DEVICES]
    for t, version, generic, gname, forms in variants:
        espaces = ALL_SPACES if generic else ("private",)
        seq = Seq(t, generic)
        for form in forms:
            for space in ("global", "local"):
                seq.segment(t, space, form, espaces, t == "int", True)
        body, expect = seq.render()
        where = ("generic pointers to a __global then a __local object, *expected through generic pointers "
                 "to private, local and global memory" if generic else
                 "a __global then a __local object, *expected in private memory")
        pid = "atomic-c11.%s.%s.%s.cl%s" % (t, "generic" if generic else "named", gname, version)
        w.probe(ATO + "per-type.probe", pid, HEADING, "run",
                "One work-item runs %s on atomic_%s, %s (OpenCL C %s): init, load, store, exchange, strong "
                "and weak compare_exchange succeeding (a weak one retried) and failing (which writes the "
                "object's value to *expected)%s%s; alone, every result is C11's sequential value "
                "(scripts/features/c11ref.py)."
                % (" then ".join(FORM_WHY[f] for f in forms), t, where, version,
                   ", every fetch_ op with operands that wrap and that tell signed from unsigned order"
                   if t not in c11ref.FLOAT_TYPES else "",
                   ", atomic_flag clear and test_and_set" if t == "int" else ""),
                out="%s[%d]" % (t, len(expect)), expect=" ".join(expect),
                requires=group_requires(version, generic, forms, type_requires(t, version)),
                options="-cl-std=CL" + version, global_="1", local="1", **program(t, body))


def program(t, body):
    """A floating-point type's sequence is a whole program (`source`), built
    alone: rusticl's compiler aborts on compare_exchange of an atomic_float,
    and a compiler that dies in a batch costs a rebuild of the batch in
    ever smaller parts (225 probes, on rusticl seconds each). The integer
    types' sequences join their batch."""
    if t not in c11ref.FLOAT_TYPES:
        return {"body": body, "prelude": type_prelude(t)}
    out_t = t
    return {"source": "%s\n__kernel void probe(__global %s *out)\n{\n%s\n}" % (
        type_prelude(t) or "", out_t, "\n".join("    " + l for l in body.split("\n")))}


CAS_GROUPS = [("core", ("int", "uint", "float"), ""), ("int64", ("long", "ulong", "double"),
                                                       INT64 + " __opencl_c_fp64")]


def gen_cas_expected(w):
    """The OpenCL C 3.0 compare-exchange overloads with *expected in __local
    and __global memory, every form, type and object space in one program
    per type group: a whole program (`source`), so that a driver without
    these overloads fails one build, not the batch of the others. The
    output is long: integers as values, floating-point results as bits."""
    for name, types, extra in CAS_GROUPS:
        seq = Seq("long", False)
        for t in types:
            for form in FORMS:
                for space in ("global", "local"):
                    seq.segment(t, space, form, ("local", "global"), False, False)
        body, expect = seq.render()
        prelude = type_prelude("double") if name == "int64" else ""
        source = "%s\n__kernel void probe(__global long *out)\n{\n%s\n}" % (
            prelude, "\n".join("    " + l for l in body.split("\n")))
        w.probe(ATO + "per-type.probe", "atomic-c11.cas-expected.%s.cl3.0" % name, HEADING, "run",
                "One work-item runs strong and weak compare_exchange, succeeding (a weak one retried) and failing "
                "(which writes the object's value to *expected), with *expected in __local and in __global memory, "
                "on atomic_%s objects in __global and __local memory, in the implicit, order-only and "
                "order-and-scope forms (OpenCL C 3.0 declares these overloads beside the __private ones); alone, "
                "every result is C11's sequential value (scripts/features/c11ref.py); floating-point results are "
                "compared as their bits." % ", atomic_".join(types),
                source=source, out="long[%d]" % len(expect), expect=" ".join(expect),
                requires=" ".join(x for x in ("cl_std_3.0", FORM_NEEDS_30["implicit"], extra) if x),
                options="-cl-std=CL3.0", global_="1", local="1")


# The many-work-item probe's objects, in the order of out[] (the flag last,
# and only when the objects are out's own elements: its set state is any
# non-zero value).
CONCURRENT_SLOTS = ["add", "sub", "or", "and", "xor", "min", "max", "xchg", "xsum", "cas", "wins", "agree",
                    "loop", "flagwins", "flag"]
CONCURRENT_N = 64


def concurrent_values(t):
    """Operands for the work-items: random over the type's range (never its
    minimum), distinct, none the compare-exchange sentinel 0."""
    r = random.Random("c11atomic-concurrent:" + t)
    w, signed = c11ref.INT_TYPES[t]
    lo, hi = (-(1 << (w - 1)) + 1, (1 << (w - 1)) - 1) if signed else (1, (1 << w) - 1)
    vals = []
    while len(vals) < CONCURRENT_N:
        v = r.randint(lo, hi)
        if v != 0 and v not in vals:
            vals.append(v)
    return vals


def concurrent_body(t, space, form, base=0):
    """(kernel-scope declarations, the block) of the scenario on objects in
    `space`: global ones are out[base...]; local ones are copied to out[0...]."""
    a = "atomic_" + t
    n = len(CONCURRENT_SLOTS) - 1
    w, signed = c11ref.INT_TYPES[t]
    bits = w - 1 if signed else w
    o = {name: "&o[%d]" % i for i, name in enumerate(CONCURRENT_SLOTS)}
    one = "(%s)1" % t

    def f(name, args, cas=False):
        return call(form, name, args, cas)
    if space == "global":
        top = []
        lines = ["/* The objects are out's own elements (atomic types have the size of their types). */",
                 "volatile global %s *o = (volatile global %s *)(out + %d);" % (a, a, base),
                 "volatile global atomic_flag *fl = (volatile global atomic_flag *)(out + %d);" % (base + n)]
        fence = "CLK_GLOBAL_MEM_FENCE"
    else:
        top = ["local %s lo[%d];" % (a, n), "local atomic_flag lfl;"]
        lines = ["volatile local %s *o = lo;" % a, "volatile local atomic_flag *fl = &lfl;"]
        fence = "CLK_LOCAL_MEM_FENCE"
    bar = "work_group_barrier(%s);" % fence
    inits = {"add": c11ref.type_max(t) - 1000, "sub": 5, "and": -1 if signed else c11ref.type_max(t)}
    lines += ["if (i == 0) {"]
    lines += ["    atomic_init(%s, %s);" % (o[s], lit(t, inits.get(s, 0))) for s in CONCURRENT_SLOTS[:n]]
    lines += ["    %s;" % f("flag_clear", "fl"), "}", bar,
              "%s;" % f("fetch_add", "%s, x" % o["add"]),
              "%s;" % f("fetch_sub", "%s, x" % o["sub"]),
              "%s;" % f("fetch_or", "%s, %s << (i %% %d)" % (o["or"], one, bits)),
              "%s;" % f("fetch_and", "%s, ~(%s << (i %% %d))" % (o["and"], one, bits)),
              "%s;" % f("fetch_xor", "%s, x" % o["xor"]),
              "%s;" % f("fetch_min", "%s, x" % o["min"]),
              "%s;" % f("fetch_max", "%s, x" % o["max"]),
              "/* Every value exchanged out is added to xsum, and at the end the one left in. */",
              "%s;" % f("fetch_add", "%s, %s" % (o["xsum"], f("exchange", "%s, x" % o["xchg"]))),
              "/* Exactly one work-item finds the flag clear. */",
              "if (!%s) %s;" % (f("flag_test_and_set", "fl"), f("fetch_add", "%s, %s" % (o["flagwins"], one))),
              "/* One increment each, by a weak compare-exchange loop. */",
              "%s cur = %s;" % (t, f("load", o["loop"])),
              "for (int k = 0; k < 1000000 && !%s; k++)"
              % f("compare_exchange_weak", "%s, &cur, cur + %s" % (o["loop"], one), cas=True),
              "    ;",
              "/* One strong compare-exchange from the sentinel 0 wins; each loser's expected becomes the winner's value. */",
              "%s e = 0;" % t,
              "bool won = %s;" % f("compare_exchange_strong", "%s, &e, x" % o["cas"], cas=True),
              bar,
              "%s fin = %s;" % (t, f("load", o["cas"])),
              "if (won) %s;" % f("fetch_add", "%s, %s" % (o["wins"], one)),
              "else if (e == fin) %s;" % f("fetch_add", "%s, %s" % (o["agree"], one)),
              bar,
              "if (i == 0) {",
              "    %s;" % f("fetch_add", "%s, %s" % (o["xsum"], f("exchange", "%s, 0" % o["xchg"]))),
              "    %s;" % f("store", "%s, 0" % o["cas"]),
              "    %s;" % f("flag_clear", "fl")]
    if space == "local":
        lines.append("    for (int k = 0; k < %d; k++) out[k] = %s;" % (n, f("load", "&o[k]")))
    lines.append("}")
    return top, lines


def concurrent_expect(t):
    """The local scenario's copied results, then the global objects (the
    flag's set state is any non-zero value: not judged)."""
    vals = concurrent_values(t)
    res = c11ref.concurrent(t, vals, CONCURRENT_N)
    toks = [str(res[s]) for s in CONCURRENT_SLOTS[:-1]]
    return vals, toks + toks + ["*"]


def gen_concurrent(w):
    n = len(CONCURRENT_SLOTS) - 1
    # Two probes keep the cold cost down (PoCL compiles each in ~0.3 s): the
    # scoped form on a 32-bit signed type, the implicit one on a 64-bit
    # unsigned type.
    for t, form in (("int", "scope"), ("ulong", "implicit")):
        vals, expect = concurrent_expect(t)
        ltop, local_lines = concurrent_body(t, "local", form)
        _, global_lines = concurrent_body(t, "global", form, n)
        body = "\n".join(ltop + ["size_t i = get_local_id(0);", "%s x = v[i];" % t]
                         + ["{"] + ["    " + l for l in local_lines] + ["}", "{"]
                         + ["    " + l for l in global_lines] + ["}"])
        w.probe(ATO + "concurrent.probe", "atomic-c11.concurrent.%s.%s" % (t, form), HEADING, "run",
                "%d work-items of one work-group share atomic_%s objects in __local, then in __global memory, "
                "%s (OpenCL C 3.0): fetch_add/sub of their operands (wrapping), fetch_or/and of one bit each, "
                "fetch_xor/min/max, exchange (the values exchanged out plus the one left sum to the "
                "operands'), a weak compare-exchange increment loop, one strong compare-exchange from 0 "
                "(exactly one wins, every loser's expected is the winner's value), test_and_set (exactly one "
                "finds the flag clear): the end states are exact in any interleaving "
                "(scripts/features/c11ref.py)." % (CONCURRENT_N, t, FORM_WHY[form]),
                body=body, out="%s[%d]" % (t, len(expect)), expect=" ".join(expect),
                requires=requires("3.0", False, form, type_requires(t, "3.0") + " wg_%d" % CONCURRENT_N),
                options="-cl-std=CL3.0", prelude=type_prelude(t), global_=str(CONCURRENT_N),
                local=str(CONCURRENT_N), inputs=[("v", t, [str(x) for x in vals])])


# The pointer-sized atomic types (64-bit on the devices that have them
# here: "if the device address space is 64-bits ... supported if the
# cl_khr_int64_base_atomics and cl_khr_int64_extended_atomics extensions are
# supported and have been enabled"). For add/sub on atomic_intptr_t and
# atomic_uintptr_t M is ptrdiff_t; for or, xor, and, min and max it is the
# object's own type (clang's header also takes the other signedness, which
# the non-negative operands below make the same value).
# (object, its type, its initial value, [(op, operand cast, operand)])
POINTER_SIZED = [
    ("u", "uintptr_t", 1000, [("add", "ptrdiff_t", 24), ("sub", "ptrdiff_t", 8), ("or", "intptr_t", 0x10000),
                              ("xor", "intptr_t", 3), ("and", "intptr_t", 0xFFFF), ("min", "intptr_t", 1000),
                              ("max", "uintptr_t", 1 << 40)]),
    ("s", "intptr_t", -5, [("add", "ptrdiff_t", -3), ("or", "uintptr_t", 4), ("xor", "uintptr_t", 1),
                           ("and", "uintptr_t", 0xFF), ("min", "uintptr_t", 7), ("max", "intptr_t", -9)]),
    ("z", "size_t", 3, [("add", "size_t", 5), ("sub", "size_t", 2)]),
    ("d", "ptrdiff_t", -2, [("sub", "ptrdiff_t", 5), ("max", "ptrdiff_t", 4)]),
]
SIGNED_PTR = {"uintptr_t": "ulong", "intptr_t": "long", "size_t": "ulong", "ptrdiff_t": "long"}


def pointer_sized_expect():
    out = []
    for _, ty, init, ops in POINTER_SIZED:
        t = SIGNED_PTR[ty]
        cur = init
        for op, _, v in ops:
            out.append(c11ref.wrap("long", cur))
            cur = c11ref.fetch(t, op, cur, c11ref.wrap(t, v))
        out.append(c11ref.wrap("long", cur))
    return out


def pointer_sized_body(form, generic):
    """The fetch ops on __global objects (out's elements after the results),
    then on __local ones; results into out[]."""
    q = {sp: "" if generic else sp + " " for sp in ("global", "local")}
    n = len(pointer_sized_expect())
    lines = ["local atomic_%s lo_%s;" % (ty, name) for name, ty, _, _ in POINTER_SIZED]
    i = 0
    for space in ("global", "local"):
        lines.append("{")
        for k, (name, ty, _, _) in enumerate(POINTER_SIZED):
            if space == "global":
                src = "(volatile global atomic_%s *)(out + %d)" % (ty, 2 * n + k)
            else:
                src = "&lo_%s" % name
            lines.append("    volatile %satomic_%s *%s = %s;" % (q[space], ty, name, src))
        for name, ty, init, ops in POINTER_SIZED:
            lines.append("    atomic_init(%s, (%s)%s);" % (name, ty, lit("long", init)))
            for op, cast, v in ops:
                lines.append("    out[%d] = (long)%s;" % (i, call(form, "fetch_" + op, "%s, (%s)%s" % (name, cast, lit("long", v)))))
                i += 1
            lines.append("    out[%d] = (long)%s;" % (i, call(form, "load", name)))
            i += 1
        lines.append("}")
    return "\n".join(lines)


def gen_pointer_sized(w):
    expect = [str(v) for v in pointer_sized_expect()] * 2 + ["*"] * len(POINTER_SIZED)
    for version, generic in (("3.0", False), ("3.0", True), ("2.0", True)):
        for form in FORMS:
            w.probe(ATO + "per-type.probe", "atomic-c11.pointer-sized.%s.%s.cl%s"
                    % ("generic" if generic else "named", form, version), HEADING, "run",
                    "One work-item runs every fetch_ op the header declares for atomic_uintptr_t (ptrdiff_t "
                    "operands for add/sub), atomic_intptr_t, atomic_size_t and atomic_ptrdiff_t, %s, on %s__global "
                    "then __local objects (OpenCL C %s), loading each at the end: the old and final values of "
                    "64-bit integer arithmetic." % (FORM_WHY[form], "generic pointers to " if generic else "", version),
                    body=pointer_sized_body(form, generic), out="long[%d]" % len(expect), expect=" ".join(expect),
                    requires=requires(version, generic, form, INT64), options="-cl-std=CL" + version,
                    prelude=type_prelude("long"), global_="1", local="1")


def gen_c11_atomics(w):
    gen_sequences(w)
    gen_cas_expected(w)
    gen_pointer_sized(w)
    gen_concurrent(w)
