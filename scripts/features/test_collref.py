"""Hand-worked unit table for collref.py (the work-group, sub-group and float
atomic reference): each expected value below was worked out on paper from
the spec's definitions, not by running the reference (make check runs this
through tests/e2e/test_features.sh)."""
import math
import os
import sys
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collref  # noqa: E402


class Scans(unittest.TestCase):
    def test_spec_example_inclusive_add(self):
        # "Work-group Collective Functions": [3 1 7 0 4 1 6 3] -> [3 4 11 11 15 16 22 25]
        self.assertEqual(collref.scan_inclusive("add", "int", [3, 1, 7, 0, 4, 1, 6, 3]),
                         [3, 4, 11, 11, 15, 16, 22, 25])

    def test_spec_example_exclusive_add(self):
        # the same set, exclusive: [0 3 4 11 11 15 16 22]
        self.assertEqual(collref.scan_exclusive("add", "int", [3, 1, 7, 0, 4, 1, 6, 3]),
                         [0, 3, 4, 11, 11, 15, 16, 22])

    def test_exclusive_min_max_start_with_the_identities(self):
        self.assertEqual(collref.scan_exclusive("min", "uint", [5, 3, 9]), [4294967295, 5, 3])
        self.assertEqual(collref.scan_exclusive("max", "uint", [5, 3, 9]), [0, 5, 5])
        self.assertEqual(collref.scan_exclusive("min", "int", [-2, 4]), [2147483647, -2])
        self.assertEqual(collref.scan_exclusive("max", "long", [-2, 4]), [-9223372036854775808, -2])
        self.assertEqual(collref.scan_exclusive("min", "ulong", [7]), [18446744073709551615])
        self.assertEqual(collref.scan_exclusive("min", "float", [1.5, -2]), [math.inf, 1.5])
        self.assertEqual(collref.scan_exclusive("max", "double", [1.5, -2]), [-math.inf, 1.5])

    def test_inclusive_min_max(self):
        self.assertEqual(collref.scan_inclusive("min", "int", [4, 6, 2, 3]), [4, 4, 2, 2])
        self.assertEqual(collref.scan_inclusive("max", "int", [4, 6, 2, 7]), [4, 6, 6, 7])


class Reductions(unittest.TestCase):
    def test_unsigned_add_wraps(self):
        self.assertEqual(collref.reduce("add", "uint", [0xFFFFFFFF, 2]), 1)
        self.assertEqual(collref.reduce("add", "ulong", [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF]),
                         0xFFFFFFFFFFFFFFFE)

    def test_signed_overflow_is_refused(self):
        with self.assertRaises(ValueError):
            collref.reduce("add", "int", [2147483647, 1])
        self.assertEqual(collref.reduce("add", "int", [2147483647, -1, 1]), 2147483647)

    def test_float_sum_exact_in_any_order(self):
        self.assertEqual(collref.reduce("add", "float", [Fraction(1, 4), Fraction(-3, 2), 100]), Fraction(395, 4))

    def test_float_sum_that_could_round_is_refused(self):
        # 2^24 + 1 - 2^24: (2^24 + 1) rounds in float, so the order matters
        with self.assertRaises(ValueError):
            collref.reduce("add", "float", [1 << 24, 1, -(1 << 24)])
        # in double the same sum is exact in any order
        self.assertEqual(collref.reduce("add", "double", [1 << 24, 1, -(1 << 24)]), 1)

    def test_min_max(self):
        self.assertEqual(collref.reduce("min", "long", [3, -9223372036854775808, 5]), -9223372036854775808)
        self.assertEqual(collref.reduce("max", "float", [-1.5, -0.25, -8]), -0.25)


class Layout(unittest.TestCase):
    def test_per_item_1d(self):
        # groups of 2: [1 2][3 4] -> reductions 3 3 7 7
        self.assertEqual(collref.per_item(lambda g: collref.reduce("add", "int", g), [1, 2, 3, 4], 2), [3, 3, 7, 7])

    def test_broadcast_2d(self):
        # global 4x2, local 2x2: items (x,y) in order (0,0)(1,0)(2,0)(3,0)(0,1)(1,1)(2,1)(3,1),
        # values 10..17; id (1,1) is item 5 in group 0 and item 7 in group 1
        self.assertEqual(collref.broadcast_nd(list(range(10, 18)), (4, 2), (2, 2), (1, 1)),
                         [15, 15, 17, 17, 15, 15, 17, 17])

    def test_scan_2d_follows_local_linear_order(self):
        # group 0 in local linear order: items 0, 1, 4, 5 (10 11 14 15) -> 10 21 35 50;
        # group 1: items 2, 3, 6, 7 (12 13 16 17) -> 12 25 41 58
        self.assertEqual(collref.per_item_nd(lambda g: collref.scan_inclusive("add", "int", g),
                                             list(range(10, 18)), (4, 2), (2, 2)),
                         [10, 21, 12, 25, 35, 50, 41, 58])

    def test_broadcast_outside_the_group_is_refused(self):
        with self.assertRaises(ValueError):
            collref.broadcast_nd([1, 2], (2,), (2,), (2,))


class NarrowIntegers(unittest.TestCase):
    def test_ranges(self):
        # char: -2^7 .. 2^7-1, uchar 0 .. 2^8-1, short -2^15 .. 2^15-1, ushort 0 .. 2^16-1
        self.assertEqual((collref.type_min("char"), collref.type_max("char")), (-128, 127))
        self.assertEqual((collref.type_min("uchar"), collref.type_max("uchar")), (0, 255))
        self.assertEqual((collref.type_min("short"), collref.type_max("short")), (-32768, 32767))
        self.assertEqual((collref.type_min("ushort"), collref.type_max("ushort")), (0, 65535))

    def test_unsigned_wraps_and_signed_overflow_is_refused(self):
        self.assertEqual(collref.add("uchar", 200, 100), 44)
        self.assertEqual(collref.add("ushort", 65535, 2), 1)
        with self.assertRaises(ValueError):
            collref.add("char", 100, 28)
        self.assertEqual(collref.fmt("char", -128), "-128")


class Tokens(unittest.TestCase):
    def test_formats(self):
        self.assertEqual(collref.fmt("float", math.inf), "inf")
        self.assertEqual(collref.fmt("double", -math.inf), "-inf")
        self.assertEqual(collref.fmt("float", Fraction(-3, 4)), "-0.75")
        self.assertEqual(collref.fmt("float", 5), "5")
        self.assertEqual(collref.fmt("uint", 4294967295), "4294967295")
        with self.assertRaises(ValueError):
            collref.fmt("float", Fraction(1, 3))
        with self.assertRaises(ValueError):
            collref.fmt("float", (1 << 24) + 1)

    def test_half_bits(self):
        # 1 = 0x3c00, 1.5 = 0x3e00, -2 = 0xc000, 65504 = 0x7bff, 2^-14 = 0x0400 (the smallest normal)
        self.assertEqual([collref.half_bits(v) for v in (1, Fraction(3, 2), -2, 65504, Fraction(1, 1 << 14))],
                         ["15360", "15872", "49152", "31743", "1024"])
        self.assertEqual([collref.half_bits("-0"), collref.half_bits(-math.inf)], ["32768", "64512"])
        with self.assertRaises(ValueError):
            collref.half_bits(2049)        # 11 significant bits and one more
        self.assertTrue(collref.representable("half", 2048))
        self.assertFalse(collref.representable("half", 65536))


if __name__ == "__main__":
    unittest.main()
