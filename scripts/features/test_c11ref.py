"""Hand-worked unit table for c11ref.py: each value derived on paper from the
spec's rules (make check runs this through tests/e2e)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import c11ref  # noqa: E402


class Sequence(unittest.TestCase):
    def test_int_sequence_matches_hand_worked_table(self):
        # init 2^20+10; store -7; exchange old -7 (a = 3*2^20+100); strong
        # CAS from it succeeds, e keeps it; strong CAS from one more fails,
        # e gets 4*2^20+42; weak likewise; then INT_MAX-5: +9 wraps to
        # INT_MIN+3, -10 wraps back to INT_MAX-6; & 0x40000FF0; | 0x3C001;
        # ^ 0x200005A5 = 0x6003CA54; min(-2^29); max(2^28+3); flag 0 1 0.
        outs, slot, obj, flag = c11ref.replay("int", c11ref.steps_for("int", ("private",), True))
        self.assertEqual(outs, [
            1048586, -7, -7, 3145828,
            1, 3145828, 0, 4194346, 1, 4194346, 0, 5242877,
            5242877,
            2147483642, -2147483645, 2147483641, 0x40000FF0, 0x4003CFF1, 0x6003CA54, -536870912, 268435459,
            0, 1, 0])
        self.assertIsNone(slot)
        self.assertEqual(obj, 268435459)
        self.assertEqual(flag, 0)

    def test_unsigned_min_compares_unsigned(self):
        # UINT_MAX-5: +9 wraps to 3, -10 back to 0xFFFFFFF9; & 0x80000FF0;
        # | 0x3C001 = 0x8003CFF1; ^ 0x200005A5 = 0xA003CA54; min with
        # 0x80000007 keeps the operand (unsigned order; signed it would not).
        outs = c11ref.replay("uint", c11ref.steps_for("uint", ("private",), False))[0]
        self.assertEqual(outs[-3:], [0xA003CA54, 0x80000007, 0x80000007])

    def test_global_expected_slot_holds_the_last_value_written(self):
        _, slot, obj, _ = c11ref.replay("long", c11ref.steps_for("long", ("local", "global"), False, False))
        # The last step on the global *expected is a failing weak exchange,
        # which stores the object's value there.
        self.assertEqual(slot, obj)

    def test_float_values_are_exact_in_float(self):
        for v in (1.0 + 2.0 ** -20, -1024.0 - 2.0 ** -12):
            self.assertTrue(c11ref.exact_in("float", v))
        self.assertFalse(c11ref.exact_in("float", 1.0 + 2.0 ** -40))
        self.assertEqual(c11ref.float_bits("float", -2.25), 0xC0100000)

    def test_wrap(self):
        self.assertEqual(c11ref.wrap("int", 1 << 31), -(1 << 31))
        self.assertEqual(c11ref.wrap("ulong", -1), (1 << 64) - 1)
        self.assertEqual(c11ref.fetch("int", "add", 2147483647, 1), -2147483648)


class Concurrent(unittest.TestCase):
    def test_three_work_items(self):
        # int: INT_MAX-1000 + (5 - 2 + 7) = INT_MAX-990; 5 - 10 = -5; bits
        # 0..2 set: 7, cleared from -1: -8; 5 ^ -2 = -5 (0b...1011), ^ 7 = -4;
        # min -2, max 7; the exchanged values sum to 10.
        r = c11ref.concurrent("int", [5, -2, 7], 3)
        self.assertEqual([r[k] for k in ("add", "sub", "or", "and", "xor", "min", "max", "xsum", "wins", "agree",
                                         "loop", "flagwins")],
                         [2147482657, -5, 7, -8, -4, -2, 7, 10, 1, 2, 3, 1])

    def test_signed_types_never_touch_the_sign_bit(self):
        r = c11ref.concurrent("int", list(range(1, 65)), 64)
        self.assertEqual(r["or"], 0x7FFFFFFF)
        self.assertEqual(r["and"], -(1 << 31))
        r = c11ref.concurrent("ulong", list(range(1, 65)), 64)
        self.assertEqual(r["or"], (1 << 64) - 1)
        self.assertEqual(r["and"], 0)


if __name__ == "__main__":
    unittest.main()
