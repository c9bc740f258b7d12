"""Hand-worked unit table for atomicref.py: each value derived on paper from
the sequence's comments (make check runs this through tests/e2e)."""
import os
import sys
import unittest

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


if __name__ == "__main__":
    unittest.main()
