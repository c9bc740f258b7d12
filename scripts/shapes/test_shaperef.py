#!/usr/bin/env python3
"""Hand-worked cases for shaperef.py, the reference of the code-shape
family: promotions, wrap-around, undefined operations refused, the printer's
parentheses, and struct layouts worked out on paper from OpenCL C 1.2 6.1.5."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from shaperef import (TYPES, UB, Leaf, Node, arith, convert, evaluate_iter, long_output, pack_raw,  # noqa: E402
                      struct_layout, to_c)
from floatref import double_round_bits, float32_round_bits, float32_sqrt_bits, float32_to_double_bits  # noqa: E402
from fractions import Fraction  # noqa: E402

failures = 0


def check(name, cond):
    global failures
    print(("ok - " if cond else "not ok - ") + name)
    failures += 0 if cond else 1


def raises_ub(f):
    try:
        f()
    except UB:
        return True
    return False


T = TYPES
U = T["uint"]
# uchar + uchar promotes to int: 200 + 100 = 300, not 44.
check("uchar + uchar is int 300", arith("+", T["uchar"], 200, T["uchar"], 100) == (T["int"], 300))
# ...and only the assignment back to uchar wraps: 300 mod 256 = 44.
check("300 assigned to uchar is 44", convert(T["uchar"], 300) == 44)
check("uint 0 - 1 wraps to 4294967295", arith("-", U, 0, U, 1) == (U, 4294967295))
check("uint 65536 * 65536 wraps to 0", arith("*", U, 65536, U, 65536) == (U, 0))
check("int + uint is uint: -1 + 0u = 4294967295", arith("+", T["int"], -1, U, 0) == (U, 4294967295))
check("long + uint is long (wider signed)", arith("+", T["long"], -1, U, 1) == (T["long"], 0))
check("ulong 2^64-1 + 1 wraps to 0", arith("+", T["ulong"], (1 << 64) - 1, T["ulong"], 1) == (T["ulong"], 0))
check("int 2147483647 + 1 is UB", raises_ub(lambda: arith("+", T["int"], 2147483647, T["int"], 1)))
check("short 200 * 200 = 40000 is fine as int", arith("*", T["short"], 200, T["short"], 200) == (T["int"], 40000))
check("ushort 65535 * 65535 overflows int: UB", raises_ub(lambda: arith("*", T["ushort"], 65535, T["ushort"], 65535)))
check("40000 assigned to short is refused", raises_ub(lambda: convert(T["short"], 40000)))
check("uint 1 << 31 = 2147483648", arith("<<", U, 1, U, 31) == (U, 2147483648))
check("uint shift by 32 is UB", raises_ub(lambda: arith("<<", U, 1, U, 32)))
check("uint 0x80000000 >> 31 = 1", arith(">>", U, 0x80000000, U, 31) == (U, 1))
check("char -1 & 0x0f as int is 15 (two's complement)", arith("&", T["char"], -1, T["int"], 15) == (T["int"], 15))
check("float 3 * -4 = -12", arith("*", T["float"], 3, T["float"], -4) == (T["float"], -12))

a, b, c, d = (Leaf(n, U, v) for n, v in (("a", 5), ("b", 7), ("c", 11), ("d", 2)))
# (a + b) * c needs its parentheses; a + b * c does not.
check("printer: (a + b) * c", to_c(Node("*", Node("+", a, b), c)) == "(a + b) * c")
check("printer: a + b * c", to_c(Node("+", a, Node("*", b, c))) == "a + b * c")
check("printer: a - (b - c) keeps the right operand's parentheses", to_c(Node("-", a, Node("-", b, c))) == "a - (b - c)")
check("printer: a - b - c", to_c(Node("-", Node("-", a, b), c)) == "a - b - c")
# 5 - (7 - 11) = 9; (5 - 7) - 11 wraps to 2^32 - 13.
check("eval: 5 - (7 - 11) = 9", evaluate_iter(Node("-", a, Node("-", b, c)))[1] == 9)
check("eval: 5 - 7 - 11 = 4294967283", evaluate_iter(Node("-", Node("-", a, b), c))[1] == 4294967283)
check("eval: (5 ^ 7) << 2 = 8", evaluate_iter(Node("<<", Node("^", a, b), d))[1] == 8)

# struct { char c; int i; short s; }: c 0, i 4, s 8, size 12 (align 4).
check("layout char,int,short", struct_layout([("c", "char"), ("i", "int"), ("s", "short")]) == ([0, 4, 8], 12, 4))
# struct { char c; float3 v; }: float3 is sized and aligned as float4: v at 16, size 32.
check("layout char,float3", struct_layout([("c", "char"), ("v", "float3")]) == ([0, 16], 32, 16))
# struct { short2 h; char3 x; uint u; }: h 0 (4 bytes), x 4 (char3 as char4), u 8; size 12.
check("layout short2,char3,uint", struct_layout([("h", "short2"), ("x", "char3"), ("u", "uint")]) == ([0, 4, 8], 12, 4))
inner = ("struct", "I", [("c", "char"), ("l", "long")])  # size 16, align 8
# struct { char a; I in; char z; }: in at 8, z at 24, size 32.
check("layout nested", struct_layout([("a", "char"), ("in", inner), ("z", "char")]) == ([0, 8, 24], 32, 8))

# Struct arguments (worked on paper from "Alignment of Types": a type aligned
# to its size, a 3-component vector sized and aligned as 4 components, a
# struct to its largest member, no padding beyond what alignment needs).
# { char c; char3 x; short s; uint3 w; ulong u; ushort2 h; char z; }:
# c 0; x 4 (4 bytes, align 4); s 8; w 16 (16 bytes); u 32; h 40; z 44; ends 45 -> 48 (align 16).
a5 = [("c", "char"), ("x", "char3"), ("s", "short"), ("w", "uint3"), ("u", "ulong"), ("h", "ushort2"), ("z", "char")]
check("layout A5 (char3, uint3, ulong, ushort2)", struct_layout(a5) == ([0, 4, 8, 16, 32, 40, 44], 48, 16))
# { char c; double d; float f; double2 e; short k; }: d 8, f 16, e 32 (align 16), k 48; ends 50 -> 64.
ad = [("c", "char"), ("d", "double"), ("f", "float"), ("e", "double2"), ("k", "short")]
check("layout AD (double, double2)", struct_layout(ad) == ([0, 8, 16, 32, 48], 64, 16))
# { A1 a; uchar b; long l; A2 inner; char t; } with A1 = {char, int, short}
# (12, align 4) and A2 = {char, float4, int3, short} (64, align 16):
# a 0; b 12; l 16; inner 32; t 96; ends 97 -> 112.
A1 = ("struct", "A1", [("c", "char"), ("i", "int"), ("s", "short")])
A2 = ("struct", "A2", [("c", "char"), ("v", "float4"), ("w", "int3"), ("s", "short")])
a3 = [("a", A1), ("b", "uchar"), ("l", "long"), ("inner", A2), ("t", "char")]
check("layout A3 (nested A1, long, nested A2)", struct_layout(a3) == ([0, 12, 16, 32, 96], 112, 16))
# A1 {c = 0xC0, i = 0x706F0CEB, s = 0x609B} packs little-endian, padding untouched:
# C0 EE EE EE | EB 0C 6F 70 | 9B 60 EE EE.
buf = bytearray([0xEE] * 12)
pack_raw(A1, {"c": [0xC0], "i": [0x706F0CEB], "s": [0x609B]}, buf)
check("pack A1 little-endian at 0, 4, 8", bytes(buf) == bytes.fromhex("C0EEEEEEEB0C6F709B60EEEE"))
# A nested struct's fields land at its own offset plus theirs: A3.inner.w.y at 32 + 32 + 4 = 68.
buf = bytearray(112)
raw = {"a.c": [0], "a.i": [0], "a.s": [0], "b": [0], "l": [0], "inner.c": [0], "inner.v": [0, 0, 0, 0],
       "inner.w": [0, 0x01020304, 0], "inner.s": [0], "t": [0]}
pack_raw(("struct", "A3", a3), raw, buf)
check("pack nested: A3.inner.w.y at byte 68", buf[68:72] == bytes([4, 3, 2, 1]) and sum(buf) == 10)
# What the kernel writes to its long output: (long)(char)0xC0 = -64; a uint
# stays positive; as_long(ulong 2^64-1) = -1; as_int(-0.0f) = INT_MIN;
# as_long(1.0) = 0x3FF0000000000000.
check("long output of char 0xC0 is -64", long_output(T["char"], 0xC0) == -64)
check("long output of uint 0xFFFFFFFF is 4294967295", long_output(U, 0xFFFFFFFF) == 4294967295)
check("long output of ulong 2^64-1 is -1", long_output(T["ulong"], (1 << 64) - 1) == -1)
check("long output of float -0.0 bits is -2147483648", long_output(T["float"], 0x80000000) == -2147483648)
check("long output of double 1.0 is 4607182418800017408", long_output(T["double"], 0x3FF0000000000000) == 4607182418800017408)

# floatref: rounding worked out by hand. 0.1 = 0x3DCCCCCD as a float (1.6 *
# 2^-4, mantissa 0x4CCCCC.CC.. rounds up); the double nearest 1/3 is
# 0x3FD5555555555555; 1 + 2^-24 is a tie between 1 and 1 + 2^-23 and goes to
# the even 1.0; 1 + 3 * 2^-24 ties up to 1 + 2^-22; 2^-150 ties between 0 and
# the smallest subnormal and goes to 0; 3 * 2^-150 ties up to 2 * 2^-149;
# 2^128 overflows to infinity.
check("float nearest 0.1 is 0x3DCCCCCD", float32_round_bits(Fraction(1, 10)) == 0x3DCCCCCD)
check("double nearest 1/3 is 0x3FD5555555555555", double_round_bits(Fraction(1, 3)) == 0x3FD5555555555555)
check("1 + 2^-24 ties to even 1.0", float32_round_bits(1 + Fraction(1, 1 << 24)) == 0x3F800000)
check("1 + 3 * 2^-24 ties to even 1 + 2^-22", float32_round_bits(1 + Fraction(3, 1 << 24)) == 0x3F800002)
check("2^-150 ties to 0", float32_round_bits(Fraction(1, 1 << 150)) == 0)
check("3 * 2^-150 ties to 2 * 2^-149", float32_round_bits(Fraction(3, 1 << 150)) == 2)
check("-2^128 overflows to -inf", float32_round_bits(-Fraction(1 << 128)) == 0xFF800000)
check("the float 0.1 widened is 0x3FB99999A0000000", float32_to_double_bits(0x3DCCCCCD) == 0x3FB99999A0000000)
# sqrt(2) = 1.41421356237...: 0x3FB504F3 (1.4142135381698608 is nearer than
# its neighbours 1.4142134189605713 and 1.4142136573791504); sqrt(4) = 2.
check("sqrt(2.0f) is 0x3FB504F3", float32_sqrt_bits(0x40000000) == 0x3FB504F3)
check("sqrt(4.0f) is exactly 2", float32_sqrt_bits(0x40800000) == 0x40000000)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
