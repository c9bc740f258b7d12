"""Synchronisation and atomics (OpenCL C 1.2 6.12.8 barrier, 6.12.11 atomic
functions): data exchanged through __local memory across barriers for
work-group sizes up to 1024 (each needs capability wg_N), and the 32-bit
atomic functions under contention on __global (many work-groups) and
__local memory: exact final values, and return values that must be distinct
(checked through a bitmap the kernel builds with atomic_or).  Two 64-bit
atom_* probes where cl_khr_int64_base/extended_atomics are present (every
64-bit function on both memories: fam_atomics64.py).  A barrier in a
function that two cases of a uniform switch call. The 32-bit probes again
through the atom_* names of cl_khr_{global,local}_int32_{base,extended}_atomics
(atom32.probe)."""

M32 = (1 << 32) - 1
PATH = "opencl-c-1.x-legacy-atomics/atomics.probe"
BARRIER_PATH = "synchronization-functions/barrier.probe"
N_GLOBAL = 1024   # work-items of the many-group __global probes
N_GROUP = 64      # work-items of the one-group probes


def wrap(t, v):
    v &= M32
    return v - (1 << 32) if t == "int" and v >> 31 else v


def vals(fn, t, n):
    """The operand each work-item g passes, as the kernel computes it (integer ops only)."""
    if fn in ("max", "min"):
        return [wrap(t, (g * 7919) % 100003 - (50000 if t == "int" else 0)) for g in range(n)]
    if fn == "xor":
        return [wrap(t, g * 2654435761) for g in range(n)]
    return None


VAL_EXPR = {
    "max": {"int": "(int)(g * 7919u % 100003u) - 50000", "uint": "g * 7919u % 100003u"},
    "min": {"int": "(int)(g * 7919u % 100003u) - 50000", "uint": "g * 7919u % 100003u"},
    "xor": {"int": "as_int(g * 2654435761u)", "uint": "g * 2654435761u"},
}


def spec(fn, t, n):
    """(init, operation statement, key expression or None, final value or None (not judged), bitmap bits)."""
    one = "(%s)1" % t
    if fn in ("add", "inc"):
        op = "T r = atomic_add(p, %s);" % one if fn == "add" else "T r = atomic_inc(p);"
        return 0, op, "(uint)r", n, n
    if fn in ("sub", "dec"):
        op = "T r = atomic_sub(p, %s);" % one if fn == "sub" else "T r = atomic_dec(p);"
        return 0, op, "0u - (uint)r", wrap(t, -n), n
    if fn == "cmpxchg":
        op = ("T r = atomic_cmpxchg(p, (T)0, (T)0), prev;\n"
              "while ((prev = atomic_cmpxchg(p, r, r + (T)1)) != r)\n    r = prev;")
        return 0, op, "(uint)r", n, n
    if fn == "xchg":
        return 0, "T r = atomic_xchg(p, (T)(g + 1u));", "(uint)r", None, n + 1
    if fn == "or":
        return 0, "atomic_or(p, %s(1u << (g %% 32u)));" % ("as_int" if t == "int" else ""), None, wrap(t, M32), 0
    if fn == "and":
        return (wrap(t, M32), "atomic_and(p, %s(~(1u << (g %% 31u))));" % ("as_int" if t == "int" else ""),
                None, wrap(t, 0x80000000), 0)
    if fn == "xor":
        acc = 0
        for v in vals(fn, t, n):
            acc ^= v & M32
        return 0, "atomic_xor(p, %s);" % VAL_EXPR[fn][t], None, wrap(t, acc), 0
    vs = vals(fn, t, n)
    if fn == "max":
        init = 0 if t == "int" else 0
        return init, "atomic_max(p, %s);" % VAL_EXPR[fn][t], None, max([init] + vs), 0
    init = 0 if t == "int" else M32
    return init, "atomic_min(p, %s);" % VAL_EXPR[fn][t], None, min([init] + vs), 0


FUNCS = ["add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor"]


def body_for(fn, t, n, space, multi, legacy=False):
    init, op, key, final, bits = spec(fn, t, n)
    if legacy:  # the extensions' own names: atom_add ... (the bitmap keeps atomic_or)
        op = op.replace("atomic_%s(" % fn, "atom_%s(" % fn)
    words = (bits + 31) // 32
    bm_set = ("if (k < %du) atomic_or(&bm[k / 32u], %s(1u << (k %% 32u)));\nelse atomic_or(&bad[0], (T)1);"
              % (bits, "as_int" if t == "int" else "")) if key else ""
    use = "%s\n%s" % (op, ("uint k = %s;\n%s" % (key, bm_set)) if key else "")
    post_xchg = ("{ uint k = (uint)*p; %s }" % bm_set.replace("\n", " ")) if fn == "xchg" else ""
    lines = ["typedef %s T;" % t, "uint g = get_global_id(0), l = get_local_id(0);"]
    if space == "global":
        lines.append("volatile __global T *p = out, *bad = out + 1, *bm = out + 2;")
        if multi:
            lines += [use]
        else:
            lines += ["if (l == 0) *p = (T)%s;" % lit(t, init), "barrier(CLK_GLOBAL_MEM_FENCE);", use,
                      "barrier(CLK_GLOBAL_MEM_FENCE);"]
            if post_xchg:
                lines.append("if (l == 0) %s" % post_xchg)
    else:
        lines += ["__local T cell[%d];" % (2 + max(words, 1)),
                  "volatile __local T *p = cell, *bad = cell + 1, *bm = cell + 2;",
                  "for (uint k = l; k < %du; k += get_local_size(0)) cell[k] = (T)0;" % (2 + max(words, 1)),
                  "barrier(CLK_LOCAL_MEM_FENCE);",
                  "if (l == 0) *p = (T)%s;" % lit(t, init), "barrier(CLK_LOCAL_MEM_FENCE);", use,
                  "barrier(CLK_LOCAL_MEM_FENCE);"]
        if post_xchg:
            lines += ["if (l == 0) %s" % post_xchg, "barrier(CLK_LOCAL_MEM_FENCE);"]
        lines.append("if (l == 0)\n    for (uint k = 0; k < %du; k++) out[k] = cell[k];" % (2 + max(words, 1)))
    exp = ["*" if final is None else str(final), "0"]
    full = bits
    for wd in range(max(words, 1)):
        nb = min(32, max(full - 32 * wd, 0))
        exp.append(str(wrap(t, (1 << nb) - 1)))
    return "\n".join(lines), exp


def lit(t, v):
    if t == "uint":
        return "%du" % v
    return "(-2147483647-1)" if v == -2**31 else str(v)


WHY = {
    "add": "atomic_add(p, 1) from every work-item: the final value is their count and the values returned are "
           "distinct, exactly 0 .. N-1 (each sets its bit in a bitmap).",
    "inc": "atomic_inc from every work-item: the final value is their count and the returned old values are "
           "exactly 0 .. N-1, each once.",
    "sub": "atomic_sub(p, 1) from every work-item starting at 0: the final value is -N (modulo 2^32) and the "
           "returned values are distinct, exactly 0, -1, ..., -(N-1).",
    "dec": "atomic_dec from every work-item starting at 0: the final value is -N (modulo 2^32) and the returned "
           "values are exactly 0, -1, ..., -(N-1), each once.",
    "cmpxchg": "A lock-free counter built on atomic_cmpxchg: each successful exchange returns a distinct old value "
               "0 .. N-1, and the final value is N.",
    "xchg": "atomic_xchg(p, g+1) from every work-item: the returned values and the final value are 0 .. N, each "
            "exactly once (the final value itself is not fixed: not judged).",
    "or": "atomic_or of bit g mod 32 from every work-item: all 32 bits end set.",
    "and": "atomic_and of ~(1 << (g mod 31)) from every work-item on all ones: only bit 31 is left.",
    "xor": "atomic_xor of g * 2654435761 (mod 2^32) from every work-item: the final value is the xor of them all.",
    "max": "atomic_max of a value computed from g: the final value is the largest of them and the start value.",
    "min": "atomic_min of a value computed from g: the final value is the smallest of them and the start value.",
}


def gen_atomics(w):
    for fn in FUNCS:
        for t in ("int", "uint"):
            multi = fn not in ("xchg", "and") and not (fn == "min" and t == "uint")
            for space in ("global", "local"):
                many = space == "global" and multi
                n = N_GLOBAL if many else N_GROUP
                body, exp = body_for(fn, t, n, space, many)
                where = ("%d work-items in many work-groups on __global memory" % n if many else
                         "one work-group of %d on %s memory" % (n, "__global" if space == "global" else "__local"))
                w.probe(PATH, "atomic.%s.%s.%s" % (fn, t, space), "OpenCL C: OpenCL C 1.x Legacy Atomics", "run",
                        WHY[fn] + " Here %s." % where, body=body, global_=str(n),
                        local=None if many else str(n), out="%s[%d]" % (t, len(exp)), expect=" ".join(exp),
                        requires=None if many else "wg_%d" % n)
                gen_atom32(w, fn, t, space, many, n, where)


BASE32 = ("add", "sub", "xchg", "inc", "dec", "cmpxchg")
ATOM32_PATH = "opencl-c-1.x-legacy-atomics/atom32.probe"


def gen_atom32(w, fn, t, space, many, n, where):
    """The same probe through the name the 32-bit atomics extensions give the
    function (atom_add ...): "promoted to OpenCL C 1.1, with the supported
    functions renamed to use the atomic_ prefix rather than the atom_
    prefix"; a device listing the extension still provides atom_*."""
    ext = "cl_khr_%s_int32_%s_atomics" % (space, "base" if fn in BASE32 else "extended")
    body, exp = body_for(fn, t, n, space, many, legacy=True)
    heading = "OpenCL C: %s 32-Bit %s Atomics" % (space.capitalize(), "Base" if fn in BASE32 else "Extended")
    w.probe(ATOM32_PATH, "atomic.atom32.%s.%s.%s" % (fn, t, space), heading, "run",
            WHY[fn].replace("atomic_", "atom_") + " Here %s, through %s's atom_%s." % (where, ext, fn),
            body=body, global_=str(n), local=None if many else str(n), out="%s[%d]" % (t, len(exp)),
            expect=" ".join(exp), prelude="#pragma OPENCL EXTENSION %s : enable" % ext,
            requires=ext if many else "%s wg_%d" % (ext, n))


def gen_atomics64(w):
    pre_b = "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable"
    pre_e = "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable"
    n = N_GLOBAL
    for t in ("long", "ulong"):
        M = (1 << 64) - 1

        def w64(v):
            v &= M
            return v - (1 << 64) if t == "long" and v >> 63 else v
        big = "0x100000000%s" % ("L" if t == "long" else "UL")
        w.probe(PATH, "atomic.atom_add.%s.global" % t, "OpenCL C: Legacy 64-Bit Atomic Extensions", "run",
                "atom_add of 2^32 + 1 from each of %d work-items: the 64-bit sum carries past bit 31 exactly, and "
                "atom_inc returns distinct values (bitmap)." % n,
                body="volatile __global %s *p = out;\nuint g = get_global_id(0);\natom_add(p, (%s)%s + 1);\n"
                     "%s r = atom_inc(p + 1);\nuint k = (uint)r;\n"
                     "if (k < %du) atom_or(p + 3 + k / 64u, (%s)1 << (k %% 64u));\nelse atom_add(p + 2, (%s)1);"
                     % (t, t, big, t, n, t, t),
                prelude=pre_b + "\n" + pre_e, global_=str(n), out="%s[%d]" % (t, 3 + n // 64),
                expect=" ".join([str(w64(n * ((1 << 32) + 1))), str(n), "0"] + [str(w64(M))] * (n // 64)),
                requires="cl_khr_int64_base_atomics cl_khr_int64_extended_atomics")
        vs = [w64(g * 0x9E3779B97F4A7C15) for g in range(n)]
        acc = 0
        for v in vs:
            acc ^= v & M
        w.probe(PATH, "atomic.atom_minmax_xor.%s.global" % t, "OpenCL C: Legacy 64-Bit Atomic Extensions", "run",
                "atom_min, atom_max and atom_xor of g * 0x9E3779B97F4A7C15 (mod 2^64) from %d work-items: the "
                "smallest (with the start 0), the largest (with 0) and the xor of all." % n,
                body="volatile __global %s *p = out;\n%s v = (%s)(get_global_id(0) * 0x9E3779B97F4A7C15UL);\n"
                     "atom_min(p, v);\natom_max(p + 1, v);\natom_xor(p + 2, v);" % (t, t, t),
                prelude=pre_e, global_=str(n), out="%s[3]" % t,
                expect="%d %d %d" % (min([0] + vs), max([0] + vs), w64(acc)),
                requires="cl_khr_int64_extended_atomics")


BARRIER_SIZES = [1, 2, 3, 4, 5, 7, 8, 13, 16, 32, 64, 100, 128, 256, 512, 1024]


def gen_barrier(w):
    for L in BARRIER_SIZES:
        p2 = 1
        while p2 < L:
            p2 *= 2
        exp = []
        for grp in range(2):
            buf = [grp * 100000 + lid * 3 + 1 for lid in range(L)]
            a = [buf[(lid + 1) % L] for lid in range(L)]
            b = [buf[L - 1 - lid] for lid in range(L)]
            buf = [a[k] + b[k] for k in range(L)]
            exp += [buf[(lid + L // 2) % L] for lid in range(L)]
        body = ("__local uint buf[%d];\nuint lid = get_local_id(0), L = get_local_size(0);\n"
                "buf[lid] = (uint)get_group_id(0) * 100000u + lid * 3u + 1u;\nbarrier(CLK_LOCAL_MEM_FENCE);\n"
                "uint a = buf[(lid + 1u) %% L], b = buf[L - 1u - lid];\nbarrier(CLK_LOCAL_MEM_FENCE);\n"
                "buf[lid] = a + b;\nbarrier(CLK_LOCAL_MEM_FENCE);\nout[get_global_id(0)] = buf[(lid + L / 2u) %% L];"
                % L)
        w.probe(BARRIER_PATH, "barrier.local-exchange.wg%d" % L, "OpenCL C: Synchronization Functions", "run",
                "Work-items of a work-group of %d exchange values through __local memory across barriers "
                "(neighbour, mirror, then half-rotation): after barrier(CLK_LOCAL_MEM_FENCE) every store of the "
                "group is visible to every work-item; two groups." % L,
                body=body, global_=str(2 * L), local=str(L), out="uint[%d]" % len(exp),
                expect=" ".join(map(str, exp)), requires="wg_%d" % p2 if p2 > 1 else None)
    L = 64
    exp = []
    for grp in range(2):
        vals = [grp * 1000 + lid * 7 for lid in range(L)]
        exp += [vals[L - 1 - lid] for lid in range(L)]
    w.probe(BARRIER_PATH, "barrier.global-exchange.wg64", "OpenCL C: Synchronization Functions", "run",
            "barrier(CLK_GLOBAL_MEM_FENCE) orders __global stores within a work-group: each work-item reads the "
            "value its mirror in the group wrote before the barrier.",
            body="uint lid = get_local_id(0), L = get_local_size(0), base = get_group_id(0) * L;\n"
                 "volatile __global uint *s = out + 2u * 64u;\n"
                 "s[base + lid] = (uint)get_group_id(0) * 1000u + lid * 7u;\nbarrier(CLK_GLOBAL_MEM_FENCE);\n"
                 "out[base + lid] = s[base + L - 1u - lid];",
            global_="128", local="64", out="uint[256]",
            expect=" ".join(map(str, exp + [x for grp in range(2) for x in [grp * 1000 + lid * 7 for lid in range(L)]])),
            requires="wg_64")


SWITCH_SOURCE = """void stage(__global uint *out)
{
    uint l = get_local_id(0);
    if (l == 0) out[1] = 100u;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) { out[0] = 5u; out[2] = 7u; }
}
__kernel void probe(__global const uint *sel, __global uint *out)
{
    switch (sel[0]) {
    case 0: stage(out); break;
    case 1: stage(out); break;
    }
}"""


def gen_barrier_in_switch(w):
    """A barrier in a function that two cases of a switch on a uniform value
    call (the shape of the harness's dispatch kernels when two probes' bodies
    compile to the same code): every work-item of the group takes the same
    case, so each reaches the barrier, and what the first work-item does
    after it must happen."""
    w.probe(BARRIER_PATH, "barrier.same-function-in-two-switch-cases.wg64", "OpenCL C: Synchronization Functions", "run",
            "A function with a barrier, called from two cases of a switch on a value every work-item reads the same "
            "(sel[0] = 0): all work-items of the group execute the barrier (the rule for a barrier inside a "
            "conditional is met), so work-item 0's stores before it (out[1] = 100) and after it (out[0] = 5, "
            "out[2] = 7) all happen.",
            source=SWITCH_SOURCE, inputs=[("sel", "uint", ["0"])], global_="64", local="64", out="uint[3]",
            expect="5 100 7", requires="wg_64")


def gen_float_xchg(w):
    """atomic_xchg on float, the one floating-point atomic of OpenCL C 1.2:
    64 work-items of one group each exchange (float)(l + 1) into a cell that
    starts at 0; the values returned and the final value are 0 .. 64, each
    exactly once (a bitmap in __local memory; work-item 0 writes 1.0f when it
    is full). The final value itself depends on the order: not judged."""
    for space in ("global", "local"):
        cell = ("volatile __global float *p = out;" if space == "global" else
                "__local float c[1];\nvolatile __local float *p = c;")
        body = ("uint l = get_local_id(0);\n__local uint bm[3];\n%s\n"
                "if (l < 3u) bm[l] = 0u;\nif (l == 0u) *p = 0.0f;\n"
                "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
                "float r = atomic_xchg(p, (float)(l + 1u));\n"
                "uint k = (r >= 0.0f && r <= 64.0f) ? (uint)r : 65u;   /* no out-of-range conversion */\n"
                "if (k <= 64u) atomic_or(&bm[k / 32u], 1u << (k %% 32u));\n"
                "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
                "if (l == 0u) {\n"
                "    float v = *p;\n"
                "    uint f = (v >= 0.0f && v <= 64.0f) ? (uint)v : 65u;\n"
                "    if (f <= 64u) atomic_or(&bm[f / 32u], 1u << (f %% 32u));\n"
                "    out[1] = (bm[0] == 0xffffffffu && bm[1] == 0xffffffffu && bm[2] == 1u) ? 1.0f : 0.0f;\n"
                "%s}" % (cell, "" if space == "global" else "    out[0] = *p;\n"))
        w.probe(PATH, "atomic.xchg.float.%s" % space, "OpenCL C: OpenCL C 1.x Legacy Atomics", "run",
                "atomic_xchg(p, (float)(l + 1)) on a float in %s memory from one work-group of 64, starting at 0: "
                "the values returned and the final value are 0 .. 64, each exactly once (out[1] = 1 when a bitmap "
                "of them is full; the final value, out[0], depends on the order and is not judged)." % space,
                body=body, global_="64", local="64", out="float[2]", expect="* 1", requires="wg_64")


def gen_mem_fences(w):
    """read_mem_fence and write_mem_fence order one work-item's own loads and
    stores: in one work-item a store, the fences and a load of the same
    location see the stored value (any fence preserves program order within
    a work-item)."""
    w.probe(BARRIER_PATH, "barrier.read-write-mem-fence.single", "OpenCL C: Synchronization Functions", "run",
            "write_mem_fence and read_mem_fence between a work-item's store to global memory and its load of the "
            "same location: the load sees the store (the fences only order; within a work-item program order "
            "holds): out is 7 then 8.",
            body="out[0] = 7;\nwrite_mem_fence(CLK_GLOBAL_MEM_FENCE);\nread_mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
                 "out[1] = out[0] + 1;\nmem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);",
            out="int[2]", expect="7 8")


def generate(w):
    gen_barrier(w)
    gen_barrier_in_switch(w)
    gen_mem_fences(w)
    gen_atomics(w)
    gen_float_xchg(w)
    gen_atomics64(w)
