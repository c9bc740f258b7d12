"""The reference of the code-shape family: C's integer promotions and usual
arithmetic conversions (OpenCL C 1.2 6.2.6, C99 6.3.1.1, 6.3.1.8) over
expression trees, evaluated exactly, and the struct layout rules of OpenCL C
1.2 6.1.5 (Alignment of Types). Undefined behaviour (signed overflow, a
shift count out of range, a signed narrowing out of range) raises UB: the
generator then picks other operands, so no probe it writes contains one."""


class UB(Exception):
    pass


class T:
    def __init__(self, name, bits, signed, is_float=False):
        self.name, self.bits, self.signed, self.is_float = name, bits, signed, is_float
        if not is_float:
            self.min = -(1 << (bits - 1)) if signed else 0
            self.max = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1


TYPES = {t.name: t for t in [
    T("char", 8, True), T("uchar", 8, False), T("short", 16, True), T("ushort", 16, False),
    T("int", 32, True), T("uint", 32, False), T("long", 64, True), T("ulong", 64, False),
    T("float", 32, True, True), T("double", 64, True, True)]}


def promoted(t):
    """Integer promotion (C99 6.3.1.1): char, uchar, short, ushort become int."""
    return TYPES["int"] if (not t.is_float and t.bits < 32) else t


def common(a, b):
    """Usual arithmetic conversions of two promoted types (C99 6.3.1.8)."""
    if a.is_float or b.is_float:
        if a.is_float and b.is_float:
            return a if a.bits >= b.bits else b
        return a if a.is_float else b
    if a.bits != b.bits:
        return a if a.bits > b.bits else b
    return a if not a.signed else b


def fits(t, v):
    return t.min <= v <= t.max


def wrap(t, v):
    """v converted to unsigned t: modulo 2^bits (C99 6.3.1.3p2)."""
    return v & ((1 << t.bits) - 1)


def convert(t, v):
    """v converted to t by assignment; out-of-range signed is not ours to judge."""
    if t.is_float:
        return v
    if t.signed:
        if not fits(t, v):
            raise UB("conversion of %d to %s" % (v, t.name))
        return v
    return wrap(t, v)


def arith(op, ta, a, tb, b):
    """a op b with C's rules; returns (type, value). Float operands are
    integers small enough that every result is exact in float."""
    if op in ("<<", ">>"):
        t = promoted(ta)
        tb_p = promoted(tb)
        if t.is_float or tb_p.is_float:
            raise ValueError("shift of a float")
        if b < 0 or b >= t.bits:
            raise UB("shift count %d" % b)
        if op == "<<":
            if t.signed and (a < 0 or (a << b) > t.max):
                raise UB("signed left shift out of range")
            r = a << b
        else:
            if t.signed and a < 0:
                raise UB("right shift of a negative value (implementation-defined in C99)")
            r = a >> b
        return t, (wrap(t, r) if not t.signed else r)
    t = common(promoted(ta), promoted(tb))
    if t.is_float:
        if op in ("&", "|", "^"):
            raise ValueError("bitwise op on float")
        r = {"+": a + b, "-": a - b, "*": a * b}[op]
        if abs(r) > (1 << 24):
            raise UB("float result not exact")
        return t, r
    if not t.signed:
        a, b = wrap(t, a), wrap(t, b)
    r = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b}[op]
    if t.signed:
        if not fits(t, r):
            raise UB("signed overflow in %s" % op)
        return t, r
    return t, wrap(t, r)


PREC = {"*": 10, "+": 9, "-": 9, "<<": 8, ">>": 8, "&": 7, "^": 6, "|": 5}


class Leaf:
    def __init__(self, text, t, value):
        self.text, self.t, self.value = text, t, value

    def eval(self, env):
        """value is a number, or a function of env (an input element, say)."""
        return self.t, (self.value(env) if callable(self.value) else self.value)


class Node:
    def __init__(self, op, left, right):
        self.op, self.left, self.right = op, left, right

    def eval(self, env):
        ta, a = self.left.eval(env)
        tb, b = self.right.eval(env)
        return arith(self.op, ta, a, tb, b)


def to_c(n, parent=None, right=False):
    """C text of a tree with only the parentheses precedence needs (all these
    operators associate to the left)."""
    if isinstance(n, Leaf):
        return n.text
    s = "%s %s %s" % (to_c(n.left, n.op, False), n.op, to_c(n.right, n.op, True))
    if parent is not None and (PREC[n.op] < PREC[parent] or (right and PREC[n.op] == PREC[parent])):
        return "(" + s + ")"
    return s


def depth(n):
    return 0 if isinstance(n, Leaf) else 1 + max(depth(n.left), depth(n.right))


def evaluate_iter(n, env=None):
    """Evaluates a tree without recursion (deep trees): returns (type, value)."""
    stack, out = [(n, False)], []
    while stack:
        node, done = stack.pop()
        if isinstance(node, Leaf):
            out.append(node.eval(env))
        elif done:
            tb, b = out.pop()
            ta, a = out.pop()
            out.append(arith(node.op, ta, a, tb, b))
        else:
            stack += [(node, True), (node.right, False), (node.left, False)]
    return out[0]


# ---- struct layout (OpenCL C 1.2 6.1.5) -----------------------------------------

def field_size_align(ftype):
    """(size, alignment) of a scalar, vector or struct field. A type is
    aligned to its size; a 3-component vector is sized and aligned as 4."""
    if isinstance(ftype, tuple):  # ("struct", name, fields)
        return struct_layout(ftype[2])[1:3]
    base, n = split_vec(ftype)
    size = TYPES[base].bits // 8 * (4 if n == 3 else n)
    return size, size


def split_vec(name):
    i = len(name)
    while i > 0 and name[i - 1].isdigit():
        i -= 1
    return (name[:i], int(name[i:])) if i < len(name) else (name, 1)


def struct_layout(fields):
    """fields: [(name, type)] -> ([offset per field], size, alignment), the
    layout a C compiler gives the same struct on the host (the rules agree)."""
    off, align, offs = 0, 1, []
    for _, ft in fields:
        size, a = field_size_align(ft)
        off = (off + a - 1) // a * a
        offs.append(off)
        off += size
        align = max(align, a)
    return offs, (off + align - 1) // align * align, align


def pack_raw(st, raw, buf, base=0):
    """Writes raw bit patterns (field path -> list of components, floats as
    their bits) of struct st = ("struct", name, fields) into bytearray buf at
    base, little-endian, at the offsets struct_layout gives; the padding
    bytes are left as they are."""
    offs, _, _ = struct_layout(st[2])
    for (fn, ft), off in zip(st[2], offs):
        if isinstance(ft, tuple):
            pack_raw(ft, {k[len(fn) + 1:]: v for k, v in raw.items() if k.startswith(fn + ".")}, buf, base + off)
            continue
        size = TYPES[split_vec(ft)[0]].bits // 8
        for j, v in enumerate(raw[fn]):
            buf[base + off + j * size: base + off + (j + 1) * size] = v.to_bytes(size, "little")


def long_output(t, bits):
    """The long a kernel writes for a component of type t holding these bits:
    (long)x for the integer types but ulong, whose as_long(x) is its bits as
    a signed 64-bit integer; for float (long)as_int(x), for double as_long(x)."""
    signed_bits = t.is_float or t.signed or t.bits == 64
    if signed_bits and bits >> (t.bits - 1):
        return bits - (1 << t.bits)
    return bits
