"""The 64-bit legacy atomic functions (cl_khr_int64_base_atomics: atom_add,
atom_sub, atom_xchg, atom_inc, atom_dec, atom_cmpxchg; cl_khr_int64_extended_atomics:
atom_min, atom_max, atom_and, atom_or, atom_xor) on long and ulong, on __global
and __local memory.  Each probe has two parts:

- contention: every work-item calls the function once on shared cells; the
  final values are exact, and each value returned is checked in the kernel:
  it maps to a key (how many calls came before it) that sets a bit of a
  bitmap, which must end full (add, sub, inc, dec, cmpxchg, xchg, and, or,
  xor), or must be one of the values the calls could have left
  (min, max); a value that maps to no key sets a bit of `bad`;
- a chain: the first work-item alone calls the function a few times on a
  cell of its own with operands that differ in the upper 32 bits, carry or
  borrow across bit 31, or cross zero; every value returned and the final
  value are judged (atom64ref.chain).

__global probes run 1024 work-items in many work-groups where the cells can
start at 0 (the output starts zeroed), else one work-group of 64 that sets the
start first; __local probes run one work-group of 64.  Signed arithmetic in
the kernels is done on ulong and reinterpreted with as_long, so no operation
overflows; the start values keep every signed atom_add/atom_sub in range."""
import re

import atom64ref as A
import intref as R
from probewriter import int_lit

PATH = "opencl-c-1.x-legacy-atomics/atom64.probe"
N_MANY = 1024
N_GROUP = 64
M64 = (1 << 64) - 1
D = 0x00000100FFFFFFFF       # the step of add/sub/cmpxchg/xchg: carries into both words
MA = 0x9E3779B97F4A7C15      # min/max operands: g * MA + MB (mod 2^64), MA odd
MB = 0x0123456789ABCDEF
MA_INV = pow(MA, -1, 1 << 64)
PRAGMA = {"base": "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable",
          "ext": "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable"}


def ul(v):
    return "0x%XUL" % (v & M64)


def start(fn, t, n, many):
    """The start value of the contended cells."""
    if many:
        return 0
    h = n // 2
    w = t.wrap
    return {
        "add": (-h * D - 7) if t.signed else w(-h * D + 3),     # crosses 0 (long) / wraps (ulong)
        "cmpxchg": (-h * D - 7) if t.signed else w(-h * D + 3),
        "sub": (h * D + 7) if t.signed else h * D - 3,
        "inc": -h if t.signed else (1 << 32) - h,              # -1 -> 0 / 2^32 - 1 -> 2^32
        "dec": (1 << 32) + h - 1 if t.signed else h - 1,       # 2^32 -> 2^32 - 1 / 0 -> 2^64 - 1
        "xchg": w(0xFFFFFFFF),
        "and": w(M64),
        "or": 0,
        "xor": w(0xFFFFFFFF00000000),
        "min": t.max,
        "max": t.min,
    }[fn]


def operand_min_max(t, g):
    return t.wrap(g * MA + MB)


# The chains: (start, [arguments of each call]), with the upper 32 bits at work.
def chain_calls(fn, t):
    w = t.wrap
    if fn == "add":
        return (0xFFFFFFFF, [(1,), (-0x100000001,), (1,), (-(1 << 62),), ((1 << 62) + (1 << 32),)]) if t.signed \
            else (0xFFFFFFFF, [(1,), (0xFFFFFFFF00000000,), (M64,), (1,), (0x8000000080000000,)])
    if fn == "sub":
        return (1 << 32, [(1,), (0xFFFFFFFF,), (1,), (-(1 << 62),), (0x7FFFFFFF00000000,)]) if t.signed \
            else (1 << 32, [(1,), (0xFFFFFFFF,), (1,), (0xFFFFFFFF00000000,), (0x8000000000000000,)])
    if fn == "inc":
        return (0xFFFFFFFE if t.signed else M64 - 1, [()] * 4)
    if fn == "dec":
        return (0x100000001 if t.signed else 1, [()] * 4)
    if fn == "cmpxchg":
        return (0x100000005, [(0x200000005, 7), (5, 7), (0x100000005, w(0xFFFFFFFF00000000)),
                              (w(0xFFFFFFFF00000000), 0xFFFFFFFF), (w(M64), 1), (0xFFFFFFFF, w(1 << 63))])
    if fn == "xchg":
        return (1 << 32, [(w(M64),), (w(1 << 63),), (0,), (0xFFFFFFFF,)])
    if fn == "min":
        return (1 << 32, [(0xFFFFFFFF,), (w(M64),), ((1 << 63) - 1,), (w(1 << 63),), (0,)])
    if fn == "max":
        return (0xFFFFFFFF, [(1 << 32,), (w(M64),), (w(1 << 63),), ((1 << 63) - 1,), (0,)])
    if fn == "and":
        return (w(M64), [(w(v),) for v in (0xFFFFFFFF00000000, 0xFFFF0000FFFF0000, 0x8000FFFFFFFFFFFF, 0xFFFFFFFF)])
    if fn == "or":
        return (0, [(w(v),) for v in (1 << 32, 0x80000000, 1 << 63, 0xFFFFFFFF, 0x7FFFFFFE00000000)])
    return (w(0xFFFFFFFF00000000), [(w(v),) for v in (M64, 0x8000000080000000, 0xFFFFFFFF, 0x7FFFFFFF7FFFFFFF)])


def serial(fn, t, init, n, args):
    """The cell after n calls with the same arguments, in any order (they commute)."""
    return A.chain(fn, t, init, [args] * n)[1]


def contended(fn, t, n, init):
    """(kernel lines of the contended call, cells, final value of each cell,
    bits of the bitmap).  In the kernel: T/U the types, AS the as_T function
    and D the step (both written out by body_for), g the work-item's number,
    c the cells, bad and bm."""
    iu = ul(init)
    key = None
    if fn in ("add", "sub", "cmpxchg"):
        if fn == "cmpxchg":
            op = ["T r = atom_cmpxchg(c, (T)0, (T)0), prev;",
                  "while ((prev = atom_cmpxchg(c, r, AS((U)r + D))) != r)",
                  "    r = prev;"]
        else:
            op = ["T r = atom_%s(c, AS(D));" % fn]
        d = "(U)r - %s" % iu if fn != "sub" else "%s - (U)r" % iu
        op += ["U d = %s, k = d / D;" % d, "bool ok = d %% D == 0 && k < %dUL;" % n]
        return op, 1, [serial(fn if fn != "cmpxchg" else "add", t, init, n, (D,))], n
    if fn in ("inc", "dec"):
        d = "(U)r - %s" % iu if fn == "inc" else "%s - (U)r" % iu
        op = ["T r = atom_%s(c);" % fn, "U k = %s;" % d, "bool ok = k < %dUL;" % n]
        return op, 1, [serial(fn, t, init, n, ())], n
    if fn == "xchg":
        op = ["T r = atom_xchg(c, AS(%s + (U)(g + 1u) * D));" % iu,
              "U d = (U)r - %s, k = d / D;" % iu, "bool ok = d %% D == 0 && k <= %dUL;" % n]
        return op, 1, [None], n + 1
    if fn in ("and", "or", "xor"):
        words = n // 64
        bit = "((U)1 << (g % 64u))"
        if fn == "and":
            op = ["U bit = %s;" % bit, "T r = atom_and(c + g / 64u, AS(~bit));",
                  "U k = (U)(g / 64u) * 64u + 64u - popcount((U)r);", "bool ok = ((U)r & bit) != 0;"]
            return op, words, [0] * words, n
        op = ["U bit = %s;" % bit, "T r = atom_%s(c + g / 64u, AS(bit));" % fn,
              "U k = (U)(g / 64u) * 64u + popcount((U)r ^ %s);" % iu,
              "bool ok = (((U)r ^ %s) & bit) == 0;" % iu]
        return op, words, [t.wrap(init ^ M64)] * words, n
    # min, max: a value returned is the start or another work-item's operand
    op = ["T r = atom_%s(c, AS((U)g * %s + %s));" % (fn, ul(MA), ul(MB)),
          "U h = ((U)r - %s) * %s;" % (ul(MB), ul(MA_INV)),
          "bool ok = (U)r == %s || (h < %dUL && h != (U)g);" % (iu, n)]
    vals = [operand_min_max(t, g) for g in range(n)]
    final = (min if fn == "min" else max)([init] + vals)
    return op, 1, [final], None


def body_for(fn, t, space, many):
    """The kernel body and expected output.  The chain runs before the
    contention, in the block where the first work-item sets the start, so
    that on __global memory nothing but uniform code follows a barrier (a
    function whose first work-item alone works after a barrier loses that
    work on PoCL 3.1 when a dispatch kernel's switch calls it:
    barrier.same-function-in-two-switch-cases.wg64, in that register)."""
    n = N_MANY if many else N_GROUP
    init = start(fn, t, n, many)
    op, cells, finals, bits = contended(fn, t, n, init)
    words = (bits + 63) // 64 if bits else 0
    size = cells + 1 + words
    q0, calls = chain_calls(fn, t)
    rets, qfinal = A.chain(fn, t, q0, calls)
    local = space == "local"
    sp = "__local" if local else "__global"
    fence = "barrier(CLK_%s_MEM_FENCE);" % ("LOCAL" if local else "GLOBAL")
    lines = ["typedef %s T;" % t.name, "typedef ulong U;", "uint g = get_global_id(0), l = get_local_id(0);"]
    if local:
        lines += ["__local T cell[%d], qcell[1];" % size, "volatile __local T *c = cell, *q = qcell;",
                  "for (uint k = l; k < %du; k += get_local_size(0)) cell[k] = (T)0;" % size, fence]
    else:
        lines += ["volatile __global T *c = out, *q = out + %d;" % (size + len(rets))]
    lines.append("volatile %s T *bad = c + %d, *bm = c + %d;" % (sp, cells, cells + 1))
    first = ["*q = %s;" % int_lit(t, q0)]
    for k, args in enumerate(calls):
        first.append("out[%d] = atom_%s(q%s);" % (size + k, fn, "".join(", " + int_lit(t, a) for a in args)))
    if local:
        first.append("out[%d] = *q;" % (size + len(rets)))
    if not many:
        first.append("for (uint k = 0; k < %du; k++) c[k] = AS(%s);" % (cells, ul(init)))
    lines += ["if (%s) {" % ("g == 0" if many else "l == 0")] + ["    " + x for x in first] + ["}"]
    if not many:
        lines.append(fence)
    lines += ["{"] + ["    " + x for x in op]
    if bits:
        lines += ["    if (ok && k < %dUL) atom_or(bm + k / 64u, AS((U)1 << (k %% 64u)));" % bits,
                  "    else atom_or(bad, (T)1);"]
    else:
        lines.append("    if (!ok) atom_or(bad, (T)2);")
    lines.append("}")
    if fn == "xchg":
        # every work-item marks the final value (atom_or of the same bit is idempotent)
        lines += [fence, "{", "    U d = (U)c[0] - %s, k = d / D;" % ul(init),
                  "    if (d %% D == 0 && k <= %dUL) atom_or(bm + k / 64u, AS((U)1 << (k %% 64u)));" % n,
                  "    else atom_or(bad, (T)4);", "}"]
    if local:
        lines += [fence, "if (l == 0)", "    for (uint k = 0; k < %du; k++) out[k] = c[k];" % size]
    exp = ["*" if v is None else str(v) for v in finals] + ["0"]
    for wd in range(words):
        nb = min(64, bits - 64 * wd)
        exp.append(str(t.wrap((1 << nb) - 1)))
    exp += [str(v) for v in rets] + [str(qfinal)]
    # AS and D stand for the reinterpretation and the step; no macros, since
    # batched probes share one program
    text = re.sub(r"\bAS\(", "as_%s(" % t.name, "\n".join(lines))
    return re.sub(r"\bD\b", ul(D), text), exp, n, init


WHY = {
    "add": "atom_add(p, 0x100FFFFFFFF) from every work-item: the final value is the start plus N times it, each "
           "value returned is the start plus a distinct multiple 0 .. N-1 of it (bitmap)",
    "sub": "atom_sub(p, 0x100FFFFFFFF) from every work-item: the final value is the start minus N times it, each "
           "value returned the start minus a distinct multiple 0 .. N-1 (bitmap)",
    "inc": "atom_inc from every work-item: the final value is the start plus N, the values returned are the start "
           "plus 0 .. N-1, each once (bitmap)",
    "dec": "atom_dec from every work-item: the final value is the start minus N, the values returned are the start "
           "minus 0 .. N-1, each once (bitmap)",
    "cmpxchg": "a lock-free counter on atom_cmpxchg adding 0x100FFFFFFFF: each successful exchange returns a distinct "
               "start plus 0 .. N-1 times the step (bitmap), and the final value is the start plus N steps",
    "xchg": "atom_xchg(p, start + (g+1) * 0x100FFFFFFFF) from every work-item: the values returned and the final "
            "value are the start and the N operands, each exactly once (bitmap; the final value itself is not fixed)",
    "and": "atom_and clearing bit g mod 64 of word g / 64 from every work-item: every word ends 0, and each value "
           "returned still holds the caller's bit and lacks exactly as many bits as calls came before it (bitmap)",
    "or": "atom_or setting bit g mod 64 of word g / 64 from every work-item: every word ends all ones, and each "
          "value returned lacks the caller's bit and holds exactly as many bits as calls came before it (bitmap)",
    "xor": "atom_xor flipping bit g mod 64 of word g / 64 from every work-item: every word ends the complement of "
           "its start, and each value returned differs from the start in exactly as many bits as calls came before "
           "it, not the caller's (bitmap)",
    "min": "atom_min of g * 0x9E3779B97F4A7C15 + 0x0123456789ABCDEF (mod 2^64) from every work-item: the final value "
           "is the smallest of them and the start, and each value returned is the start or another work-item's operand",
    "max": "atom_max of g * 0x9E3779B97F4A7C15 + 0x0123456789ABCDEF (mod 2^64) from every work-item: the final value "
           "is the largest of them and the start, and each value returned is the start or another work-item's operand",
}


def generate(w):
    for fn in A.BASE + A.EXTENDED:
        ext = "base" if fn in A.BASE else "ext"
        heading = "OpenCL C: Legacy 64-Bit Atomic Extensions"
        # the bitmap and `bad` are set with atom_or (extended) in every probe
        req = "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics" if ext == "base" \
            else "cl_khr_int64_extended_atomics"
        prelude = PRAGMA["base"] + "\n" + PRAGMA["ext"] if ext == "base" else PRAGMA["ext"]
        for t in (R.LONG, R.ULONG):
            for space in ("global", "local"):
                # many work-groups need cells that may start at 0 (the output starts zeroed)
                many = space == "global" and fn not in ("xchg", "and") and not (fn == "min" and not t.signed)
                body, exp, n, init = body_for(fn, t, space, many)
                where = ("%d work-items in many work-groups on __global memory, from 0" % n if many else
                         "one work-group of %d on %s memory, from %d" % (n, "__" + space, init))
                w.probe(PATH, "atomic.int64.%s.%s.%s" % (fn, t.name, space), heading, "run",
                        "%s. Here %s; and the first work-item's chain of calls on a cell of its own, every value "
                        "returned judged (upper 32 bits, carries, zero crossings)." % (WHY[fn], where),
                        body=body, prelude=prelude, global_=str(n), local=None if many else str(n),
                        out="%s[%d]" % (t.name, len(exp)), expect=" ".join(exp),
                        requires=req if many else req + " wg_%d" % n)
