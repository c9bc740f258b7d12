"""Reference for the C11-style atomics probes: the values one work-item sees
when it runs the probes' fixed sequence of atomic operations alone (OpenCL C
6.15.12 Atomic Functions, whose semantics are C11 7.17's). With one work-item
there is no other thread, so every order and scope gives the same values:
the probes check that each claimed order/scope is accepted and computes them.
Integers wrap as 32-bit two's complement only where the sequence stays in
range (it never overflows a signed value, which C11 leaves well defined for
atomics but we do not rely on)."""

M32 = 1 << 32


def to_int32(v):
    v %= M32
    return v - M32 if v >= 1 << 31 else v


def to_uint32(v):
    return v % M32


def run_sequence():
    """The sequence the generated kernel performs, step for step; returns
    the values it stores into out[0..], in order."""
    out = []
    a = 10                      # atomic_init(&a, 10)
    out.append(a)               # r0 = load
    a = -7                      # store -7
    out.append(a)               # r1 = load
    old, a = a, 100             # r2 = exchange(100)
    out.append(old)
    expected = 100              # r3, r4: compare_exchange_strong(&e=100, 42) succeeds
    ok = a == expected
    if ok:
        a = 42
    else:
        expected = a
    out += [int(ok), expected]
    expected = 5                # r5, r6: compare_exchange_strong(&e=5, 9) fails, e <- 42
    ok = a == expected
    if ok:
        a = 9
    else:
        expected = a
    out += [int(ok), expected]
    for op, arg in (("add", 8), ("sub", 60), ("and", 0xFF), ("or", 0x100), ("xor", 0x0F),
                    ("min", -3), ("max", 7)):
        out.append(a)           # r7..r13: fetch_<op> returns the old value
        if op == "add":
            a = to_int32(a + arg)
        elif op == "sub":
            a = to_int32(a - arg)
        elif op == "and":
            a = to_int32((a % M32) & (arg % M32))
        elif op == "or":
            a = to_int32((a % M32) | (arg % M32))
        elif op == "xor":
            a = to_int32((a % M32) ^ (arg % M32))
        elif op == "min":
            a = min(a, arg)
        elif op == "max":
            a = max(a, arg)
    # r14: compare_exchange_weak(&e=a, 11) in a bounded loop until it
    # succeeds (a weak exchange may fail spuriously, C11 7.17.7.4)
    a = 11
    out.append(1)
    out.append(a)               # r15 = load
    u = 0xFFFFFFFF              # atomic_uint: unsigned arithmetic wraps (C11 6.2.5p9)
    out.append(to_int32(u))     # r16: fetch_add(2) returns the old value
    u = to_uint32(u + 2)
    out.append(to_int32(u))     # r17 = load
    out += [0, 1]               # r18, r19: test_and_set after clear, then again
    return out


def float_fetch_sequence(start, steps):
    """The value of a float atomic object after each step of a probe in
    which every work-item applies one fetch operation per step, a barrier
    between steps (cl_ext_float_atomics: fetch_add/sub/min/max): [start,
    after step 1, ...]. steps: [(op, operands)], op add, sub, min or max,
    operands the work-items' values (Fractions). A step's result does not
    depend on the work-items' order only where its sums are exact
    (collref.check_exact_any_order, the caller's check) and its min/max
    operands hold no zeros (min(-0, +0) may be either); this is the one
    value such a step can give."""
    out, cur = [start], start
    for op, xs in steps:
        if op == "add":
            cur = cur + sum(xs)
        elif op == "sub":
            cur = cur - sum(xs)
        elif op == "min":
            cur = min([cur] + list(xs))
        elif op == "max":
            cur = max([cur] + list(xs))
        else:
            raise ValueError("unknown float atomic operation %r" % op)
        out.append(cur)
    return out
