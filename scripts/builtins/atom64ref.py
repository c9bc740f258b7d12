"""Reference semantics of the 64-bit legacy atomic functions (unified OpenCL C
spec, "Legacy 64-Bit Atomic Extensions": cl_khr_int64_base_atomics and
cl_khr_int64_extended_atomics), one operation at a time, in exact Python
integers.

Each function "reads the 64-bit value (old) stored at p, computes ... and
stores the result at p; returns old".  step() gives (returned, stored) for
one call; chain() runs a sequence of calls by one work-item.  A signed sum or
difference that leaves the type's range is refused (ValueError): whether
atom_add on long wraps is not said, so the generators never ask for it;
unsigned arithmetic wraps modulo 2^64 (C99 6.2.5p9).
"""

BASE = ("add", "sub", "xchg", "inc", "dec", "cmpxchg")
EXTENDED = ("min", "max", "and", "or", "xor")


def _arith(t, v):
    if t.signed:
        if not t.fits(v):
            raise ValueError("signed 64-bit overflow: %d" % v)
        return v
    return t.wrap(v)


def step(fn, t, old, *args):
    """(value returned, value stored) of atom_<fn>(p, *args) with *p == old."""
    u = (1 << 64) - 1
    if fn == "add":
        new = _arith(t, old + args[0])
    elif fn == "sub":
        new = _arith(t, old - args[0])
    elif fn == "inc":
        new = _arith(t, old + 1)
    elif fn == "dec":
        new = _arith(t, old - 1)
    elif fn == "xchg":
        new = args[0]
    elif fn == "cmpxchg":
        new = args[1] if old == args[0] else old
    elif fn == "min":
        new = min(old, args[0])
    elif fn == "max":
        new = max(old, args[0])
    elif fn == "and":
        new = t.wrap((old & u) & (args[0] & u))
    elif fn == "or":
        new = t.wrap((old & u) | (args[0] & u))
    elif fn == "xor":
        new = t.wrap((old & u) ^ (args[0] & u))
    else:
        raise KeyError(fn)
    return old, new


def chain(fn, t, start, calls):
    """The values returned by each call of a sequence (each a tuple of
    arguments after p), made by one work-item on a cell holding start, and the
    cell's final value."""
    rets, cur = [], start
    for args in calls:
        r, cur = step(fn, t, cur, *args)
        rets.append(r)
    return rets, cur
