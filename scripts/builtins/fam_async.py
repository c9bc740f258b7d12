"""Async copies and prefetch (OpenCL C 1.2 6.12.10; unified spec "Async Copies
From Global to Local Memory, Local to Global Memory, and Prefetch"):
async_work_group_copy and async_work_group_strided_copy in both directions,
events shared by two copies and waited for together with wait_group_events,
for every element type (char .. ulong, float, double with fp64) and width
(1, 2, 3, 4, 8, 16; a 3-component element is copied as a 4-component one,
the footnote to n), in work-groups of 1, 7 and 64 with copy counts that are
not multiples of the group size; and prefetch, which must not change what is
read.

Every work-item of a group reaches each copy and wait with the same
arguments (they depend on the group's number only), strides are at least 1
and stay inside the buffers, and each kernel waits for its copies.  What the
copies write is exact (asyncref.py); what they do not write keeps its
sentinel: in __local memory a value the work-items stored before a barrier,
in the output buffer 0 (it starts zeroed; no copied value is 0).  After
wait_group_events the work-items read what a copy wrote to __local memory
without a further barrier, as the CTS (test_async_copy) does [ledger:
async-copy-wait-visibility]."""
import asyncref
from fam_common import FP64

DIR = "async-copies/"
HEADING = "OpenCL C: Async Copies From Global to Local Memory, Local to Global Memory, and Prefetch"
M64 = (1 << 64) - 1
# (name, bits, kind): kind "s" signed, "u" unsigned, "f" floating
TYPES = [("char", 8, "s"), ("uchar", 8, "u"), ("short", 16, "s"), ("ushort", 16, "u"), ("int", 32, "s"),
         ("uint", 32, "u"), ("long", 64, "s"), ("ulong", 64, "u"), ("float", 32, "f"), ("double", 64, "f")]
WIDTHS = [1, 2, 3, 4, 8, 16]
FLOAT_SENTINEL = -1048576.0     # -2^20: no copied value (|v| <= 500) is it


def slot(n):
    """Scalars an element of width n occupies (a 3-component vector takes 4)."""
    return 4 if n == 3 else n


def vname(name, n):
    return name if n == 1 else "%s%d" % (name, n)


def scalar(ty, i):
    """The i-th input scalar of a type: never 0 and never the __local sentinel."""
    name, bits, kind = ty
    x = ((i + 1) * 0x9E3779B97F4A7C15) & M64
    x ^= x >> 29
    if kind == "f":
        v = ((x % 4000) + 1) / 8.0
        return -v if x >> 63 else v
    v = x & ((1 << bits) - 1)
    if kind == "s" and v >> (bits - 1):
        v -= 1 << bits
    if v == 0 or v == sentinel(ty):
        v = 1
    return v


def sentinel(ty):
    name, bits, kind = ty
    if kind == "f":
        return FLOAT_SENTINEL
    v = 0x5A5A5A5A5A5A5A5A & ((1 << bits) - 1)
    return v - (1 << bits) if kind == "s" and v >> (bits - 1) else v


def lit(ty, v):
    """v as an OpenCL C expression of the scalar type."""
    name, bits, kind = ty
    if kind == "f":
        return "%r%s" % (v, "f" if bits == 32 else "")
    return "(%s)%d%s" % (name, v, "L" if bits == 64 and kind == "s" else "UL" if bits == 64 else "")


def tok(v):
    return repr(v) if isinstance(v, float) else str(v)


def elements(ty, n, count, first=0):
    """count input elements of width n from scalar number first*slot(n) on,
    each a tuple of slot(n) scalars (a 3-vector's fourth is its padding)."""
    s = slot(n)
    return [tuple(scalar(ty, (first + e) * s + c) for c in range(s)) for e in range(count)]


def flatten(elems, n, judged):
    """Tokens of the elements; a 3-vector's padding is not judged where the
    element was written as a vector (its value there is unspecified)."""
    out = []
    for e, j in zip(elems, judged):
        out += [tok(v) for v in e[:n]]
        if n == 3:
            out.append("*" if j else tok(e[3]))
    return out


def requires_for(ty, extra=()):
    r = list(extra)
    if ty[0] == "double":
        r.append("fp64")
    return " ".join(r) or None


def wg_cap(L):
    p = 1
    while p < L:
        p *= 2
    return "wg_%d" % p if p > 1 else None


# ---- every type and width: three copies, two events, in a group of 7 ----

# (dst offset, src offset, count, stride) of the three copies of a group;
# the second is strided and shares the first's event, the third has its own.
L_SWEEP, G_SWEEP = 7, 2
# Two copies a width, the strided one on the first's event (the shapes probes
# wait for several events at once): every width of a type is in one kernel,
# whose code generation is what the family costs.
G2L = [(1, 0, 10, None), (12, 10, 6, 3)]
G2L_SRC, G2L_DST = 26, 19          # elements a group reads, and its __local array
L2G = [(1, 0, 10, None), (12, 10, 6, 3)]
L2G_SRC, L2G_DST = 16, 30          # its __local elements, and its part of the output



def alone(name, lines, prelude=None):
    """The probe's whole program (a `source` probe, built alone). A driver
    whose async copies crash at their first launch (PoCL 5 lacks
    wait_group_events in its kernel library: "undefined symbol
    _Z21_cl_wait_group_eventsiPU9CLprivate9ocl_event") costs a worker per
    probe, and a new worker builds its batch again: in batches of other
    families' probes that was 1.3 s a crash, 200 s for 138 crashes. Alone,
    a crash costs only the crashing probe's own build; and one probe covers
    every width (or every count), so there are few to crash."""
    head = (prelude + "\n") if prelude else ""
    return (head + "__kernel void probe(__global const %s *a, __global %s *out)\n{\n" % (name, name) +
            "\n".join("    " + l for l in lines) + "\n}")


def copies_text(calls, dst, src, direction):
    lines = ["event_t ev[1];"]
    for k, (d_at, s_at, num, stride) in enumerate(calls):
        target = "ev[0]"
        event = "ev[0]" if k == 1 else "0"
        if stride is None:
            lines.append("%s = async_work_group_copy(%s + %d, %s + %d, %d, %s);"
                         % (target, dst, d_at, src, s_at, num, event))
        else:
            lines.append("%s = async_work_group_strided_copy(%s + %d, %s + %d, %d, %d, %s);"
                         % (target, dst, d_at, src, s_at, num, stride, event))
    lines.append("wait_group_events(1, ev);")
    return lines


# Where each width's block starts, in scalars of the input, the __local
# arrays and the output: a multiple of 16, so a vector of any width read or
# written through a cast pointer is aligned to its size.
def align16(n):
    return (n + 15) // 16 * 16


def sweep_probe(w, ty, direction):
    """Every width of one element type in one kernel, each with its own
    __local array and its own part of the input and output."""
    name = ty[0]
    g2l = direction == "global-to-local"
    calls = G2L if g2l else L2G
    src_n, dst_n = (G2L_SRC, G2L_DST) if g2l else (L2G_SRC, L2G_DST)
    decls, blocks, exp_by_group, inputs = [], [], [[] for _ in range(G_SWEEP)], []
    in_at = 0
    out_at = []
    out_total = 0
    for n in WIDTHS:
        s = slot(n)
        out_at.append(out_total)
        out_total += align16(dst_n * s)
    per = out_total                    # scalars of the output a group's six widths fill (with gaps)
    for n, o_at in zip(WIDTHS, out_at):
        T, s = vname(name, n), slot(n)
        src = elements(ty, n, G_SWEEP * src_n)
        flat = [v for e in src for v in e]
        inputs += flat + [flat[0]] * (align16(len(flat)) - len(flat))
        for grp in range(G_SWEEP):
            mine = src[grp * src_n:(grp + 1) * src_n]
            dst = [tuple([sentinel(ty) if g2l else 0] * s)] * dst_n
            written = [False] * dst_n
            for d_at, s_at, num, stride in calls:
                if g2l:
                    dst = asyncref.to_local(dst, d_at, mine, s_at, num, stride)
                else:
                    dst = asyncref.to_global(dst, d_at, mine, s_at, num, stride)
                    written = asyncref.to_global(written, d_at, [True] * src_n, s_at, num, stride)
            toks = flatten(dst, n, [True] * dst_n if g2l else written)
            exp_by_group[grp].append((o_at, toks))
        loc = "loc%d" % n
        decls.append("__local %s %s[%d];" % (T, loc, dst_n if g2l else src_n))
        b = ["{", "    const __global %s *src = (const __global %s *)(a + %du) + grp * %du;" % (T, T, in_at, src_n)]
        sent = "(%s)(%s)" % (T, lit(ty, sentinel(ty)))
        if g2l:
            b += ["    for (uint k = lid; k < %du; k += L) %s[k] = %s;" % (dst_n, loc, sent),
                  "    barrier(CLK_LOCAL_MEM_FENCE);"]
            b += ["    " + x for x in copies_text(calls, loc, "src", direction)]
            b += ["    __global %s *o = (__global %s *)(out + grp * %du + %du);" % (T, T, per, o_at),
                  "    for (uint k = lid; k < %du; k += L) o[k] = %s[k];" % (dst_n, loc)]
        else:
            b += ["    for (uint k = lid; k < %du; k += L) %s[k] = src[k];" % (src_n, loc),
                  "    barrier(CLK_LOCAL_MEM_FENCE);",
                  "    __global %s *dst = (__global %s *)(out + grp * %du + %du);" % (T, T, per, o_at)]
            b += ["    " + x for x in copies_text(calls, "dst", loc, direction)]
        b.append("}")
        blocks += b
        in_at += align16(len(flat))
    exp = []
    for grp in range(G_SWEEP):
        row = ["0"] * per  # the output starts zeroed; nothing else writes the gaps
        for o_at, toks in exp_by_group[grp]:
            row[o_at:o_at + len(toks)] = toks
        exp += row
    lines = ["uint lid = get_local_id(0), L = get_local_size(0), grp = get_group_id(0);"] + decls + blocks
    if g2l:
        what = ("into a __local array from an input buffer; the work-items then store the whole __local array "
                "(sentinels between the copies) to out")
    else:
        what = ("from a __local array (filled by the work-items, then a barrier) to out; elements no copy writes "
                "stay 0")
    why = ("For each width of %s (1, 2, 3, 4, 8, 16), two work-groups of %d each make two async copies %s: "
           "async_work_group_copy of 10 elements and async_work_group_strided_copy of 6 with stride 3 (%s) "
           "sharing the first's event; wait_group_events(1, ...) waits for both. "
           "Each element lands where the spec's gather/scatter puts it; a 3-component element takes 4 components' "
           "room (its fourth is not judged)." % (
               name, L_SWEEP, what, "src_stride: read every third" if g2l else "dst_stride: written to every third"))
    if g2l:
        why += " [ledger: async-copy-wait-visibility]"
    w.probe(DIR + "async-copy-%s.probe" % direction, "async.copy.%s.%s" % (name, direction), HEADING, "run",
            why, source=alone(name, lines, FP64 if name == "double" else None),
            inputs=[("a", name, [tok(v) for v in inputs])],
            global_=str(L_SWEEP * G_SWEEP), local=str(L_SWEEP), out="%s[%d]" % (name, len(exp)),
            expect=" ".join(exp), requires=requires_for(ty, ["opencl_c_1.1", wg_cap(L_SWEEP)]),
)


# ---- shapes: group sizes, counts and strides, on uint ----

SHAPE_SIZES = [1, 7, 64]
# One element alone (PoCL 3.1 crashes copying one element from __local to
# __global), then several, in one kernel.
SHAPE_COUNTS = [[1], [13, 100]]
SHAPE_STRIDES = [None, 1, 2, 5]     # None: async_work_group_copy; else the strided copy's stride
G_SHAPE = 3
UINT = ("uint", 32, "u")


def shape_layout(count, g2l):
    """Per copy: (its dst region's start and length); the source's length.
    Global to local: every copy gathers from one source region of a group;
    local to global: every copy scatters the group's one __local array."""
    regions, at = [], 0
    for stride in SHAPE_STRIDES:
        span = (count - 1) * (stride or 1) + 1
        n = count + 2 if g2l else span + 2          # one sentinel before and after
        regions.append((at, n))
        at += n
    src_n = (count - 1) * max(x or 1 for x in SHAPE_STRIDES) + 1 if g2l else count
    return regions, at, src_n


def shape_probe(w, L, direction, counts):
    """Copy counts of one group size and direction in one kernel, each with
    its own __local array and its own part of the input and output."""
    g2l = direction == "global-to-local"
    layouts = [shape_layout(count, g2l) for count in counts]
    src_total = sum(src_n for _, _, src_n in layouts)
    dst_total = sum(dst_n for _, dst_n, _ in layouts)
    src = elements(UINT, 1, G_SHAPE * src_total)
    exp = []
    for grp in range(G_SHAPE):
        mine_all = src[grp * src_total:(grp + 1) * src_total]
        s_at = 0
        for count, (regions, dst_n, src_n) in zip(counts, layouts):
            mine = mine_all[s_at:s_at + src_n]
            dst = [(sentinel(UINT) if g2l else 0,)] * dst_n
            for (at, _), stride in zip(regions, SHAPE_STRIDES):
                if g2l:
                    dst = asyncref.to_local(dst, at + 1, mine, 0, count, stride)
                else:
                    dst = asyncref.to_global(dst, at + 1, mine, 0, count, stride)
            exp += [tok(e[0]) for e in dst]
            s_at += src_n
    lines = ["uint lid = get_local_id(0), L = get_local_size(0), grp = get_group_id(0);",
             "event_t ev[%d];" % len(SHAPE_STRIDES)]
    lines += ["__local uint loc%d[%d];" % (count, dst_n if g2l else src_n)
              for count, (_, dst_n, src_n) in zip(counts, layouts)]
    s_at = d_at = 0
    for count, (regions, dst_n, src_n) in zip(counts, layouts):
        loc = "loc%d" % count
        to, fro = (loc, "src") if g2l else ("dst", loc)
        b = ["{", "    const __global uint *src = a + grp * %du + %du;" % (src_total, s_at)]
        calls = []
        for k, ((at, _), stride) in enumerate(zip(regions, SHAPE_STRIDES)):
            if stride is None:
                calls.append("ev[%d] = async_work_group_copy(%s + %d, %s, %du, 0);" % (k, to, at + 1, fro, count))
            else:
                calls.append("ev[%d] = async_work_group_strided_copy(%s + %d, %s, %du, %du, 0);"
                             % (k, to, at + 1, fro, count, stride))
        calls.append("wait_group_events(%d, ev);" % len(SHAPE_STRIDES))
        if g2l:
            b += ["    for (uint k = lid; k < %du; k += L) %s[k] = %du;" % (dst_n, loc, sentinel(UINT)),
                  "    barrier(CLK_LOCAL_MEM_FENCE);"] + ["    " + c for c in calls]
            b.append("    for (uint k = lid; k < %du; k += L) out[grp * %du + %du + k] = %s[k];"
                     % (dst_n, dst_total, d_at, loc))
        else:
            b += ["    for (uint k = lid; k < %du; k += L) %s[k] = src[k];" % (src_n, loc),
                  "    barrier(CLK_LOCAL_MEM_FENCE);",
                  "    __global uint *dst = out + grp * %du + %du;" % (dst_total, d_at)] + ["    " + c for c in calls]
        b.append("}")
        lines += b
        s_at += src_n
        d_at += dst_n
    why = ("Each of %d work-groups of %d work-item%s copies %s uint element%s %s, for each count four times, each "
           "copy with its own event, all four waited for by one wait_group_events(4, ...): async_work_group_copy, "
           "then async_work_group_strided_copy with %s 1, 2 and 5 (element k goes from %s to %s); the elements "
           "around each copy keep their sentinel." % (
               G_SHAPE, L, "" if L == 1 else "s", " and ".join(str(c) for c in counts), "s" if counts[-1] > 1 else "",
               "from global to local memory" if g2l else "from local to global memory",
               "src_stride" if g2l else "dst_stride", "src[k * stride]" if g2l else "src[k]",
               "dst[k]" if g2l else "dst[k * stride]"))
    if g2l:
        why += " [ledger: async-copy-wait-visibility]"
    w.probe(DIR + "async-copy-shapes.probe", "async.shape.wg%d.n%s.%s" % (L, "-".join(map(str, counts)), direction),
            HEADING,
            "run", why, source=alone("uint", lines), inputs=[("a", "uint", [tok(e[0]) for e in src])],
            global_=str(L * G_SHAPE), local=str(L), out="uint[%d]" % len(exp), expect=" ".join(exp),
            requires=" ".join(r for r in (wg_cap(L), "opencl_c_1.1") if r))


# ---- prefetch ----

PF_ELEMS, PF_ITEMS = 16, 8


def prefetch_probe(w, ty, count_type="size_t"):
    """count_type: the type of the count argument as written; the spec's
    parameter is size_t, so a uint count converts to it implicitly."""
    name = ty[0]
    lines = ["uint g = get_global_id(0);"]
    exp, base = [], 0
    src_scalars = PF_ELEMS * 16
    per = PF_ELEMS // PF_ITEMS
    for n in WIDTHS:
        T = vname(name, n)
        lines += ["{", "    const __global %s *p = (const __global %s *)a + g * %du;" % (T, T, per),
                  "    prefetch(p, (%s)%du);" % (count_type, per),
                  "    __global %s *o = (__global %s *)(out + %d) + g * %du;" % (T, T, base, per),
                  "    for (uint k = 0; k < %du; k++) o[k] = p[k];" % per, "}"]
        exp += flatten(elements(ty, n, PF_ELEMS), n, [True] * PF_ELEMS)
        base += PF_ELEMS * slot(n)
    src = [scalar(ty, i) for i in range(src_scalars)]
    pid = "async.prefetch.%s" % name + ("" if count_type == "size_t" else ".%s-count" % count_type)
    w.probe(DIR + "prefetch.probe", pid, HEADING, "run",
            "prefetch(p, (%s)2) by each work-item of the two %s elements it then reads, for every width: prefetch "
            "\"does not affect the functional behavior of the kernel\", so what is read and stored is the input "
            "(a 3-component element read as one, its fourth component not judged)%s." % (
                count_type, name, "" if count_type == "size_t" else
                "; the count is a %s, which converts to the size_t parameter the spec declares (C99 6.5.2.2: "
                "arguments convert as if by assignment to the prototype's types)" % count_type),
            body="\n".join(lines), inputs=[("a", name, [tok(v) for v in src])], global_=str(PF_ITEMS),
            out="%s[%d]" % (name, len(exp)), expect=" ".join(exp), requires=requires_for(ty, ["opencl_c_1.1"]),
            prelude=FP64 if name == "double" else None)


def generate(w):
    for direction in ("global-to-local", "local-to-global"):
        for ty in TYPES:
            sweep_probe(w, ty, direction)
        for L in SHAPE_SIZES:
            for counts in SHAPE_COUNTS:
                shape_probe(w, L, direction, counts)
    for ty in TYPES:
        prefetch_probe(w, ty)
    prefetch_probe(w, UINT, "uint")
