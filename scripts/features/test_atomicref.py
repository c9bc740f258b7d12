"""Hand-worked unit table for atomicref.py: each value derived on paper from
the sequence's comments (make check runs this through tests/e2e)."""
import os
import sys
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atomicref  # noqa: E402


class AtomicSequence(unittest.TestCase):
    def test_sequence_matches_hand_worked_table(self):
        # 10; store -7; exchange old -7 (a=100); CAS 100->42 ok, e stays 100;
        # CAS 5->9 fails, e becomes 42; fetch_add 8 old 42 (50); fetch_sub 60
        # old 50 (-10); fetch_and 0xff old -10 (0xf6 = 246); fetch_or 0x100
        # old 246 (502); fetch_xor 0xf old 502 (505); fetch_min -3 old 505
        # (-3); fetch_max 7 old -3 (7); weak CAS 7->11 ok; load 11;
        # uint 0xffffffff + 2 old -1 as int, then 1; flag 0 then 1.
        self.assertEqual(atomicref.run_sequence(),
                         [10, -7, -7, 1, 100, 0, 42, 42, 50, -10, 246, 502, 505, -3, 1, 11, -1, 1, 0, 1])

    def test_int32_wraps(self):
        self.assertEqual(atomicref.to_int32(0xFFFFFFFF), -1)
        self.assertEqual(atomicref.to_int32(1 << 31), -(1 << 31))
        self.assertEqual(atomicref.to_uint32(-1), 0xFFFFFFFF)


class FloatFetchSequence(unittest.TestCase):
    def test_add_sub_steps_accumulate(self):
        # 1/2; +(1 + 1/4) = 7/4; -(3 - 1/2) = -3/4; +(1 + 1/4) = 1/2
        steps = [("add", [Fraction(1), Fraction(1, 4)]), ("sub", [Fraction(3), Fraction(-1, 2)]),
                 ("add", [Fraction(1), Fraction(1, 4)])]
        self.assertEqual(atomicref.float_fetch_sequence(Fraction(1, 2), steps),
                         [Fraction(1, 2), Fraction(7, 4), Fraction(-3, 4), Fraction(1, 2)])

    def test_min_max_steps_start_from_the_current_value(self):
        # 5; min(5, 8, -2) = -2; max(-2, -7, -3) = -2; max(-2, 6) = 6; min(6, 9) = 6
        steps = [("min", [8, -2]), ("max", [-7, -3]), ("max", [6]), ("min", [9])]
        self.assertEqual(atomicref.float_fetch_sequence(5, steps), [5, -2, -2, 6, 6])

    def test_unknown_operation_is_refused(self):
        with self.assertRaises(ValueError):
            atomicref.float_fetch_sequence(0, [("xor", [1])])


if __name__ == "__main__":
    unittest.main()
