"""Reference for the per-type C11-style atomics probes (fam_c11atomics.py):
the values one work-item sees when it runs a fixed list of atomic steps on
one object of an atomic integer or floating-point type, alone (OpenCL C
"Atomic Functions", whose semantics are C11 7.17's). With no other
work-item, every order and scope gives these values.

A step is a tuple; the generator writes each as OpenCL C and this module
replays it on a model of the object:

  ("init", v)                  atomic_init
  ("load",)                    -> the value
  ("store", v)
  ("xchg", v)                  -> the old value
  ("cas", weak, space, exp, des)
                               compare_exchange with *expected = exp (in
                               private, local or global memory): -> the
                               result (1/0), then *expected afterwards (the
                               object's value on a mismatch). A weak exchange
                               whose expected matches is retried until it
                               succeeds (it may fail spuriously, C11 7.17.7.4)
  ("fetch", op, v)             op in add sub or xor and min max: -> the old value
  ("flag_clear",), ("flag_tas",)   on a separate atomic_flag: -> the old state

Integer arithmetic wraps in two's complement ("silent wrap-around on
overflow; there are no undefined results"); min and max compare as the
type's values (signed or unsigned)."""
import struct

INT_TYPES = {"int": (32, True), "uint": (32, False), "long": (64, True), "ulong": (64, False)}
FLOAT_TYPES = ("float", "double")


def wrap(t, v):
    """v as a value of integer type t (two's complement wrap-around)."""
    w, signed = INT_TYPES[t]
    v %= 1 << w
    if signed and v >= 1 << (w - 1):
        v -= 1 << w
    return v


def type_max(t):
    w, signed = INT_TYPES[t]
    return (1 << (w - 1)) - 1 if signed else (1 << w) - 1


def fetch(t, op, old, v):
    """The new value of a fetch-and-modify of op with operand v."""
    w = INT_TYPES[t][0]
    m = (1 << w) - 1
    if op == "add":
        return wrap(t, old + v)
    if op == "sub":
        return wrap(t, old - v)
    if op == "or":
        return wrap(t, (old & m) | (v & m))
    if op == "xor":
        return wrap(t, (old & m) ^ (v & m))
    if op == "and":
        return wrap(t, (old & m) & (v & m))
    if op == "min":
        return min(old, v)
    if op == "max":
        return max(old, v)
    raise ValueError(op)


def replay(t, steps):
    """Runs steps on type t; returns (outputs in order, the last value the
    global expected slot held or None, the object's final value, the flag's
    final state or None)."""
    out = []
    obj = None
    slot = None
    flag = None
    for s in steps:
        kind = s[0]
        if kind == "init":
            obj = s[1]
        elif kind == "load":
            out.append(obj)
        elif kind == "store":
            obj = s[1]
        elif kind == "xchg":
            out.append(obj)
            obj = s[1]
        elif kind == "cas":
            _, weak, space, exp, des = s
            if obj == exp:
                obj = des
                out += [1, exp]
            else:
                out += [0, obj]
                exp = obj
            if space == "global":
                slot = exp
        elif kind == "fetch":
            _, op, v = s
            out.append(obj)
            obj = fetch(t, op, obj, v)
        elif kind == "flag_clear":
            flag = 0
        elif kind == "flag_tas":
            out.append(flag)
            flag = 1
        else:
            raise ValueError(kind)
    return out, slot, obj, flag


def exact_in(t, v):
    """Whether the double v is exactly a value of floating-point type t."""
    if t == "double":
        return True
    return struct.unpack("<f", struct.pack("<f", v))[0] == v


def float_bits(t, v):
    """The bits of floating-point value v of type t, as an unsigned integer."""
    if t == "float":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def mismatch(t, cur):
    """An expected value that differs from cur and is exact in t (twice a
    nonzero float; one more for an integer)."""
    return cur * 2 if t in FLOAT_TYPES else cur + 1


def steps_for(t, espaces, with_flag, with_fetch=True):
    """The fixed step list for type t: init, load, store, exchange, for each
    space of `espaces` a strong and a weak compare-exchange that succeed and
    two that fail, then (integers, with_fetch) every fetch-and-modify with operands that
    wrap and that tell a signed from an unsigned comparison, and (with_flag)
    atomic_flag clear/test_and_set."""
    if t in FLOAT_TYPES:
        # Exact values of the type (checked by exact_in); double's need more
        # than float's 24 bits.
        if t == "double":
            vals = [1.5, -2.25, 1.5 * 2.0 ** 900, 1.0 + 2.0 ** -40, -1024.0 - 2.0 ** -30, 7.0 + 2.0 ** -45, 96.5,
                    -0.75 - 2.0 ** -50, 5.0, 11.0 + 2.0 ** -48, 13.0, 17.0]
        else:
            vals = [1.5, -2.25, 1.5 * 2.0 ** 100, 1.0 + 2.0 ** -20, -1024.0 - 2.0 ** -12, 7.0 + 2.0 ** -18, 96.5,
                    -0.75 - 2.0 ** -22, 5.0, 11.0 + 2.0 ** -19, 13.0, 17.0]
        assert all(exact_in(t, v) for v in vals)
    else:
        w, signed = INT_TYPES[t]
        base = 1 << (w - 12)
        vals = [base + 10, -7 if signed else type_max(t) - 6, 3 * base + 100, 4 * base + 42, 5 * base - 3,
                6 * base + 7, 7 * base + 9, 8 * base + 1, 9 * base + 5, 10 * base + 11, 11 * base + 13,
                12 * base + 15]
    steps = [("init", vals[0]), ("load",), ("store", vals[1]), ("load",), ("xchg", vals[2]), ("load",)]
    cur = vals[2]
    k = 3
    for space in espaces:
        for weak in (False, True):
            des = vals[k]
            k += 1
            steps.append(("cas", weak, space, cur, des))
            cur = des
            steps.append(("cas", weak, space, mismatch(t, cur), vals[k % len(vals)]))
    steps.append(("load",))
    if with_fetch and t not in FLOAT_TYPES:
        w, signed = INT_TYPES[t]
        top = 1 << (w - 1)
        steps += [
            ("store", type_max(t) - 5),
            ("fetch", "add", 9),            # wraps past the maximum
            ("fetch", "sub", 10),           # and back
            ("fetch", "and", (top >> 1) | 0x0FF0 if signed else top | 0x0FF0),
            ("fetch", "or", 0x3C000 | 1),
            ("fetch", "xor", (top >> 2) | 0x5A5),
            # min: a negative operand (signed) / one with the top bit (unsigned)
            ("fetch", "min", -(1 << (w - 3)) if signed else top | 7),
            ("fetch", "max", (1 << (w - 4)) + 3),
            ("load",),
        ]
    if with_flag:
        steps += [("flag_clear",), ("flag_tas",), ("flag_tas",), ("flag_clear",), ("flag_tas",), ("flag_clear",)]
    return steps


def concurrent(t, values, n):
    """The exact end state of the many-work-item probe on integer type t:
    n work-items, work-item i holding values[i] (distinct, none 0), adding
    it, subtracting it, or-ing in bit i mod B and and-ing it out (B the
    type's value bits: the sign bit is never shifted into), xor/min/max-ing
    it, exchanging it in; returns the final value per slot name."""
    vs = values[:n]
    w, signed = INT_TYPES[t]
    bits = w - 1 if signed else w
    set_bits = 0
    for i in range(n):
        set_bits |= 1 << (i % bits)
    x = 0
    for v in vs:
        x ^= v % (1 << w)
    return {
        "add": wrap(t, type_max(t) - 1000 + sum(vs)),
        "sub": wrap(t, 5 - sum(vs)),
        "or": wrap(t, set_bits),
        "and": wrap(t, -1 & ~set_bits),
        "xor": wrap(t, x),
        "min": min([0] + vs),
        "max": max([0] + vs),
        "xchg": 0,              # work-item 0 exchanges it back to 0 at the end
        "xsum": wrap(t, sum(vs)),
        "cas": 0,               # stored back to 0 at the end
        "wins": 1,
        "agree": n - 1,
        "loop": n,
        "flagwins": 1,
    }
