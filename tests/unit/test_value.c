/* harness/probe/value.c: parsing every element type at and past its limits,
 * float tokens (suffix, hex, denormal, inf, nan, bits(...)), formatting that
 * reads back to the same bits, and the expected-value rules of
 * docs/probe-format.md ('*', a|b, nan vs bits(...), -0 vs 0). */
#include "check.h"
#include "value.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static char err[256];

/* Parses tok as type t; 1 when it parses to exactly want. */
static int parses_to(clc_type t, const char *tok, uint64_t want)
{
    uint64_t bits = 0xdeadbeefdeadbeefull;
    err[0] = '\0';
    if (value_parse(t, tok, &bits, err, sizeof err) != 0) {
        printf("#   value_parse(%s, '%s') failed: %s\n", value_type_name(t), tok, err);
        return 0;
    }
    if (bits != want)
        printf("#   value_parse(%s, '%s') = 0x%" PRIx64 ", wanted 0x%" PRIx64 "\n",
               value_type_name(t), tok, bits, want);
    return bits == want;
}

/* 1 when tok is rejected with a non-empty reason that quotes the token. */
static int rejected(clc_type t, const char *tok)
{
    uint64_t bits = 0;
    err[0] = '\0';
    if (value_parse(t, tok, &bits, err, sizeof err) == 0) {
        printf("#   value_parse(%s, '%s') accepted it as 0x%" PRIx64 "\n", value_type_name(t), tok, bits);
        return 0;
    }
    if (err[0] == '\0' || !strstr(err, tok)) {
        printf("#   reason for '%s' does not quote it: '%s'\n", tok, err);
        return 0;
    }
    return 1;
}

static void test_types(void)
{
    static const char *const names[] = {"char", "uchar", "short", "ushort", "int",
                                        "uint", "long", "ulong", "float", "double"};
    static const size_t sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
    int ok = 1;
    for (int i = 0; i < CLC_T_COUNT; i++) {
        clc_type t;
        if (value_type_parse(names[i], &t) != 0 || (int)t != i || strcmp(value_type_name(t), names[i]) ||
            value_type_size(t) != sizes[i] || value_type_is_float(t) != (i >= CLC_T_FLOAT))
            ok = 0;
    }
    CHECK(ok, "value_type_names_sizes_and_float_flags_round_trip");
    clc_type t;
    CHECK(value_type_parse("half", &t) != 0 && value_type_parse("int4", &t) != 0 &&
              value_type_parse("Int", &t) != 0 && value_type_parse("", &t) != 0,
          "value_type_parse_rejects_unknown_names");
    CHECK(value_type_name(CLC_T_COUNT) == NULL, "value_type_name_of_invalid_type_is_null");
}

static void test_int_limits(void)
{
    CHECK(parses_to(CLC_T_CHAR, "127", 0x7f), "char_127_parses");
    CHECK(parses_to(CLC_T_CHAR, "-128", 0x80), "char_minus_128_parses_to_0x80");
    CHECK(rejected(CLC_T_CHAR, "128"), "char_128_rejected");
    CHECK(rejected(CLC_T_CHAR, "-129"), "char_minus_129_rejected");
    CHECK(parses_to(CLC_T_CHAR, "-1", 0xff), "char_minus_1_is_0xff_not_sign_extended");
    CHECK(parses_to(CLC_T_UCHAR, "255", 0xff), "uchar_255_parses");
    CHECK(rejected(CLC_T_UCHAR, "256"), "uchar_256_rejected");
    CHECK(rejected(CLC_T_UCHAR, "-1"), "uchar_minus_1_rejected");
    CHECK(parses_to(CLC_T_UCHAR, "-0", 0), "uchar_minus_0_is_0");
    CHECK(parses_to(CLC_T_SHORT, "-32768", 0x8000) && rejected(CLC_T_SHORT, "32768"),
          "short_limits");
    CHECK(parses_to(CLC_T_USHORT, "65535", 0xffff) && rejected(CLC_T_USHORT, "65536"),
          "ushort_limits");
    CHECK(parses_to(CLC_T_INT, "2147483647", 0x7fffffff) && parses_to(CLC_T_INT, "-2147483648", 0x80000000u),
          "int_limits_parse");
    CHECK(rejected(CLC_T_INT, "2147483648") && rejected(CLC_T_INT, "-2147483649"), "int_past_limits_rejected");
    CHECK(parses_to(CLC_T_UINT, "4294967295", 0xffffffffu) && rejected(CLC_T_UINT, "4294967296"),
          "uint_limits");
    CHECK(parses_to(CLC_T_LONG, "-9223372036854775808", 0x8000000000000000ull), "long_min_parses");
    CHECK(parses_to(CLC_T_LONG, "9223372036854775807", 0x7fffffffffffffffull), "long_max_parses");
    CHECK(rejected(CLC_T_LONG, "9223372036854775808"), "long_max_plus_1_rejected");
    CHECK(rejected(CLC_T_LONG, "-9223372036854775809"), "long_min_minus_1_rejected");
    CHECK(parses_to(CLC_T_ULONG, "18446744073709551615", UINT64_MAX), "ulong_max_parses");
    CHECK(rejected(CLC_T_ULONG, "18446744073709551616"), "ulong_max_plus_1_rejected");
    CHECK(rejected(CLC_T_ULONG, "-1"), "ulong_minus_1_rejected");
    CHECK(parses_to(CLC_T_INT, "010", 10), "leading_zero_is_decimal_not_octal");
    CHECK(parses_to(CLC_T_INT, "0", 0) && parses_to(CLC_T_INT, "+5", 5), "zero_and_plus_sign");
}

static void test_int_hex_and_garbage(void)
{
    CHECK(parses_to(CLC_T_UCHAR, "0xff", 0xff) && parses_to(CLC_T_UCHAR, "0XFF", 0xff), "hex_uchar_0xff");
    CHECK(parses_to(CLC_T_INT, "0x7fffffff", 0x7fffffff), "hex_int_max");
    CHECK(rejected(CLC_T_INT, "0x80000000"), "hex_int_0x80000000_does_not_fit_int");
    CHECK(parses_to(CLC_T_INT, "-0x80000000", 0x80000000u), "hex_negative_int_min");
    CHECK(parses_to(CLC_T_ULONG, "0xffffffffffffffff", UINT64_MAX), "hex_ulong_max");
    CHECK(rejected(CLC_T_ULONG, "0x10000000000000000"), "hex_ulong_overflow_rejected");
    CHECK(rejected(CLC_T_CHAR, "0x100"), "hex_char_0x100_rejected");
    static const char *const garbage[] = {"", "-", "+", "abc", "1a", "a1", "0x", "0xg", "1.5", "1e3",
                                          " 5", "5 ", "--5", "+-5", "0x-5", "nan", "inf", "1_000", "0b101"};
    for (size_t i = 0; i < sizeof garbage / sizeof *garbage; i++) {
        uint64_t bits;
        CHECK(value_parse(CLC_T_INT, garbage[i], &bits, err, sizeof err) != 0 && err[0],
              "int_garbage_rejected_with_reason [%s]", garbage[i]);
    }
    uint64_t bits;
    CHECK(value_parse(CLC_T_COUNT, "1", &bits, err, sizeof err) != 0, "parse_with_invalid_type_rejected");
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint64_t dbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void test_float_tokens(void)
{
    CHECK(parses_to(CLC_T_FLOAT, "0.1f", 0x3dcccccd), "float_0.1f_suffix");
    CHECK(parses_to(CLC_T_FLOAT, "0.1", 0x3dcccccd), "float_0.1_rounded_once_to_float");
    CHECK(parses_to(CLC_T_FLOAT, "1.5F", 0x3fc00000), "float_capital_F_suffix");
    CHECK(parses_to(CLC_T_FLOAT, "0x1p-149", 0x00000001), "float_smallest_denormal_hex");
    CHECK(parses_to(CLC_T_FLOAT, "0x1p-126", 0x00800000), "float_smallest_normal_hex");
    CHECK(parses_to(CLC_T_FLOAT, "0x1.fffffep127", 0x7f7fffff), "float_max_hex");
    CHECK(parses_to(CLC_T_FLOAT, "0xff", 0x437f0000), "float_hex_integer_f_is_a_digit");
    CHECK(parses_to(CLC_T_FLOAT, "inf", 0x7f800000), "float_inf");
    CHECK(parses_to(CLC_T_FLOAT, "-inf", 0xff800000u), "float_minus_inf");
    CHECK(parses_to(CLC_T_FLOAT, "+inf", 0x7f800000), "float_plus_inf");
    CHECK(parses_to(CLC_T_FLOAT, "nan", 0x7fc00000), "float_nan_is_quiet_positive");
    CHECK(parses_to(CLC_T_FLOAT, "-nan", 0xffc00000u), "float_minus_nan_has_sign_bit");
    CHECK(parses_to(CLC_T_FLOAT, "bits(0x7fa00001)", 0x7fa00001), "float_bits_signalling_nan_exact");
    CHECK(parses_to(CLC_T_FLOAT, "bits(0x80000000)", 0x80000000u), "float_bits_minus_zero");
    CHECK(parses_to(CLC_T_FLOAT, "-0", 0x80000000u) && parses_to(CLC_T_FLOAT, "-0.0", 0x80000000u),
          "float_minus_zero");
    CHECK(parses_to(CLC_T_FLOAT, "0", 0), "float_zero");
    CHECK(parses_to(CLC_T_FLOAT, "3.4028234663852886e38", 0x7f7fffff), "float_max_decimal");
    /* Just above the midpoint of 1 and 1+2^-23: rounding straight to float
     * gives 1+2^-23; going through double first would give 1 (the extra
     * digits are lost, then the tie goes to even). */
    CHECK(parses_to(CLC_T_FLOAT, "1.000000059604644775390625000001", 0x3f800001),
          "float_rounded_once_not_through_double");
    CHECK(parses_to(CLC_T_FLOAT, "0x1.8p-149", 0x00000002) && parses_to(CLC_T_FLOAT, "0x1p-150", 0),
          "float_denormal_ties_round_to_even");
    CHECK(rejected(CLC_T_FLOAT, "1e39"), "float_finite_overflow_1e39_rejected");
    CHECK(rejected(CLC_T_FLOAT, "-1e39"), "float_finite_overflow_minus_1e39_rejected");
    CHECK(rejected(CLC_T_FLOAT, "3.5e38"), "float_3.5e38_rounds_to_inf_rejected");
    CHECK(parses_to(CLC_T_DOUBLE, "1e39", dbits(1e39)), "double_1e39_is_finite");
    CHECK(rejected(CLC_T_DOUBLE, "1e309"), "double_overflow_rejected");
    CHECK(parses_to(CLC_T_DOUBLE, "0.1", 0x3fb999999999999aull), "double_0.1");
    CHECK(parses_to(CLC_T_DOUBLE, "0x1p-1074", 1), "double_smallest_denormal");
    CHECK(parses_to(CLC_T_DOUBLE, "nan", 0x7ff8000000000000ull) &&
              parses_to(CLC_T_DOUBLE, "-nan", 0xfff8000000000000ull),
          "double_nan_and_minus_nan");
    CHECK(parses_to(CLC_T_DOUBLE, "-inf", 0xfff0000000000000ull), "double_minus_inf");
    CHECK(parses_to(CLC_T_DOUBLE, "bits(0x7ff0000000000001)", 0x7ff0000000000001ull),
          "double_bits_signalling_nan");
    CHECK(rejected(CLC_T_FLOAT, "bits(0x100000000)"), "float_bits_wider_than_32_rejected");
    CHECK(rejected(CLC_T_FLOAT, "bits(0xzz)") && rejected(CLC_T_FLOAT, "bits()") &&
              rejected(CLC_T_FLOAT, "bits(0x1") && rejected(CLC_T_FLOAT, "bits(0x)"),
          "float_malformed_bits_rejected");
    static const char *const garbage[] = {"", "abc", "1.5x", "1.5ff", "f", "0x1p", "--1", "nan(1)", "infinity",
                                          "NaN", "1,5", "0.1d"};
    for (size_t i = 0; i < sizeof garbage / sizeof *garbage; i++) {
        uint64_t bits;
        CHECK(value_parse(CLC_T_FLOAT, garbage[i], &bits, err, sizeof err) != 0 && err[0],
              "float_garbage_rejected_with_reason [%s]", garbage[i]);
    }
    /* Integer types do not take float syntax or bits(). */
    CHECK(rejected(CLC_T_INT, "bits(0x1)"), "int_bits_syntax_rejected");
    (void)fbits;
}

/* value_format then value_parse: the same bits, for every entry. */
static void test_round_trip(void)
{
    static const struct {
        clc_type t;
        uint64_t bits;
    } table[] = {
        {CLC_T_CHAR, 0x80}, {CLC_T_CHAR, 0x7f}, {CLC_T_CHAR, 0xff}, {CLC_T_UCHAR, 0xff},
        {CLC_T_SHORT, 0x8000}, {CLC_T_USHORT, 0xffff}, {CLC_T_INT, 0x80000000u}, {CLC_T_INT, 0},
        {CLC_T_UINT, 0xffffffffu}, {CLC_T_LONG, 0x8000000000000000ull}, {CLC_T_LONG, UINT64_MAX},
        {CLC_T_ULONG, UINT64_MAX}, {CLC_T_ULONG, 0x8000000000000000ull},
        {CLC_T_FLOAT, 0}, {CLC_T_FLOAT, 0x80000000u}, {CLC_T_FLOAT, 1}, {CLC_T_FLOAT, 0x80000001u},
        {CLC_T_FLOAT, 0x007fffff}, {CLC_T_FLOAT, 0x00800000}, {CLC_T_FLOAT, 0x3dcccccd},
        {CLC_T_FLOAT, 0x3f800001}, {CLC_T_FLOAT, 0x7f7fffff}, {CLC_T_FLOAT, 0xff7fffffu},
        {CLC_T_FLOAT, 0x7f800000}, {CLC_T_FLOAT, 0xff800000u}, {CLC_T_FLOAT, 0x7fc00000},
        {CLC_T_FLOAT, 0xffc00000u}, {CLC_T_FLOAT, 0x7fa00001}, {CLC_T_FLOAT, 0xffc00001u},
        {CLC_T_FLOAT, 0x7f800001}, {CLC_T_FLOAT, 0x4b7fffff}, {CLC_T_FLOAT, 0x33800000},
        {CLC_T_DOUBLE, 0}, {CLC_T_DOUBLE, 0x8000000000000000ull}, {CLC_T_DOUBLE, 1},
        {CLC_T_DOUBLE, 0x000fffffffffffffull}, {CLC_T_DOUBLE, 0x3fb999999999999aull},
        {CLC_T_DOUBLE, 0x3ff0000000000001ull}, {CLC_T_DOUBLE, 0x7fefffffffffffffull},
        {CLC_T_DOUBLE, 0x7ff0000000000000ull}, {CLC_T_DOUBLE, 0xfff0000000000000ull},
        {CLC_T_DOUBLE, 0x7ff8000000000000ull}, {CLC_T_DOUBLE, 0xfff8000000000000ull},
        {CLC_T_DOUBLE, 0x7ff0000000000001ull}, {CLC_T_DOUBLE, 0x7ff8000000000123ull},
        {CLC_T_DOUBLE, 0x4340000000000001ull},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        char buf[64];
        value_format(table[i].t, table[i].bits, buf, sizeof buf);
        CHECK(parses_to(table[i].t, buf, table[i].bits), "format_round_trip %s 0x%" PRIx64 " -> '%s'",
              value_type_name(table[i].t), table[i].bits, buf);
    }
    /* A sweep of float bit patterns across every exponent. */
    int bad = 0;
    for (uint64_t b = 0; b <= 0xffffffffu; b += 0x10001u * 97 + 13) {
        char buf[64];
        uint64_t back = 0;
        value_format(CLC_T_FLOAT, b, buf, sizeof buf);
        if (value_parse(CLC_T_FLOAT, buf, &back, err, sizeof err) != 0 || back != b) {
            if (bad++ < 3)
                printf("#   float 0x%08" PRIx64 " -> '%s' -> 0x%08" PRIx64 "\n", b, buf, back);
        }
    }
    CHECK(bad == 0, "format_round_trip_float_sweep");
}

static void test_format_readable(void)
{
    char buf[64];
    CHECK(strcmp(value_format(CLC_T_FLOAT, 0x3dcccccd, buf, sizeof buf), "0.1") == 0,
          "format_float_0.1_is_shortest");
    CHECK(strcmp(value_format(CLC_T_FLOAT, 0x80000000u, buf, sizeof buf), "-0") == 0, "format_minus_zero");
    CHECK(strcmp(value_format(CLC_T_FLOAT, 0x7fc00000, buf, sizeof buf), "nan") == 0 &&
              strcmp(value_format(CLC_T_FLOAT, 0xffc00000u, buf, sizeof buf), "-nan") == 0,
          "format_quiet_nans_by_name");
    CHECK(strcmp(value_format(CLC_T_FLOAT, 0x7fa00001, buf, sizeof buf), "bits(0x7fa00001)") == 0,
          "format_nan_payload_as_bits");
    CHECK(strcmp(value_format(CLC_T_FLOAT, 0xff800000u, buf, sizeof buf), "-inf") == 0, "format_minus_inf");
    CHECK(strcmp(value_format(CLC_T_CHAR, 0xff, buf, sizeof buf), "-1") == 0, "format_char_0xff_is_minus_1");
    CHECK(strcmp(value_format(CLC_T_UCHAR, 0xff, buf, sizeof buf), "255") == 0, "format_uchar_0xff_is_255");
    CHECK(strcmp(value_format(CLC_T_LONG, 0x8000000000000000ull, buf, sizeof buf), "-9223372036854775808") == 0,
          "format_long_min");
    CHECK(strcmp(value_format(CLC_T_INT, 0xffffffff00000005ull, buf, sizeof buf), "5") == 0,
          "format_ignores_bits_above_the_type");
}

static int expect_ok(clc_type t, const char *tok, clc_expect *e)
{
    err[0] = '\0';
    if (value_parse_expect(t, tok, e, err, sizeof err) != 0) {
        printf("#   value_parse_expect('%s') failed: %s\n", tok, err);
        return 0;
    }
    return 1;
}

static void test_expect(void)
{
    clc_expect e;
    CHECK(expect_ok(CLC_T_INT, "*", &e) && e.n_alts == 0 && value_matches(CLC_T_INT, &e, 12345) &&
              value_matches(CLC_T_INT, &e, 0),
          "expect_star_matches_anything");
    CHECK(expect_ok(CLC_T_INT, "1|2", &e) && e.n_alts == 2 && value_matches(CLC_T_INT, &e, 1) &&
              value_matches(CLC_T_INT, &e, 2) && !value_matches(CLC_T_INT, &e, 3),
          "expect_alternatives_match_either_only");
    CHECK(expect_ok(CLC_T_INT, "-1", &e) && value_matches(CLC_T_INT, &e, 0xffffffffu) &&
              !value_matches(CLC_T_INT, &e, 1),
          "expect_int_minus_1");
    CHECK(expect_ok(CLC_T_FLOAT, "0x1p-149|0|-0", &e) && e.n_alts == 3 && value_matches(CLC_T_FLOAT, &e, 1) &&
              value_matches(CLC_T_FLOAT, &e, 0) && value_matches(CLC_T_FLOAT, &e, 0x80000000u) &&
              !value_matches(CLC_T_FLOAT, &e, 2),
          "expect_flush_to_zero_alternatives");
    CHECK(expect_ok(CLC_T_FLOAT, "0", &e) && !value_matches(CLC_T_FLOAT, &e, 0x80000000u),
          "expect_float_0_does_not_match_minus_0");
    CHECK(expect_ok(CLC_T_FLOAT, "-0", &e) && !value_matches(CLC_T_FLOAT, &e, 0) &&
              value_matches(CLC_T_FLOAT, &e, 0x80000000u),
          "expect_float_minus_0_does_not_match_0");
    CHECK(expect_ok(CLC_T_DOUBLE, "0", &e) && !value_matches(CLC_T_DOUBLE, &e, 0x8000000000000000ull),
          "expect_double_0_does_not_match_minus_0");
    CHECK(expect_ok(CLC_T_FLOAT, "nan", &e) && value_matches(CLC_T_FLOAT, &e, 0x7fc00000) &&
              value_matches(CLC_T_FLOAT, &e, 0xffc00000u) && value_matches(CLC_T_FLOAT, &e, 0x7fa00001) &&
              value_matches(CLC_T_FLOAT, &e, 0xff800001u) && value_matches(CLC_T_FLOAT, &e, 0x7fffffff),
          "expect_nan_matches_any_nan_sign_and_payload");
    CHECK(expect_ok(CLC_T_FLOAT, "nan", &e) && !value_matches(CLC_T_FLOAT, &e, 0x7f800000) &&
              !value_matches(CLC_T_FLOAT, &e, 0xff800000u) && !value_matches(CLC_T_FLOAT, &e, 0),
          "expect_nan_does_not_match_inf_or_zero");
    CHECK(expect_ok(CLC_T_FLOAT, "-nan", &e) && value_matches(CLC_T_FLOAT, &e, 0x7fc00000) &&
              value_matches(CLC_T_FLOAT, &e, 0x7fa00001),
          "expect_minus_nan_also_matches_any_nan");
    CHECK(expect_ok(CLC_T_DOUBLE, "nan", &e) && value_matches(CLC_T_DOUBLE, &e, 0x7ff0000000000001ull) &&
              value_matches(CLC_T_DOUBLE, &e, 0xfff8000000000000ull) &&
              !value_matches(CLC_T_DOUBLE, &e, 0x7ff0000000000000ull),
          "expect_double_nan_matches_any_nan_not_inf");
    CHECK(expect_ok(CLC_T_FLOAT, "bits(0x7fa00001)", &e) && value_matches(CLC_T_FLOAT, &e, 0x7fa00001) &&
              !value_matches(CLC_T_FLOAT, &e, 0x7fc00000) && !value_matches(CLC_T_FLOAT, &e, 0x7fa00002) &&
              !value_matches(CLC_T_FLOAT, &e, 0xffa00001u),
          "expect_bits_nan_is_exact");
    CHECK(expect_ok(CLC_T_FLOAT, "bits(0x7fc00000)", &e) && !value_matches(CLC_T_FLOAT, &e, 0xffc00000u),
          "expect_bits_of_the_default_nan_is_still_exact");
    CHECK(expect_ok(CLC_T_FLOAT, "1|nan", &e) && value_matches(CLC_T_FLOAT, &e, 0x3f800000) &&
              value_matches(CLC_T_FLOAT, &e, 0xffc00001u) && !value_matches(CLC_T_FLOAT, &e, 0),
          "expect_nan_as_one_alternative");
    CHECK(expect_ok(CLC_T_UCHAR, "255", &e) && value_matches(CLC_T_UCHAR, &e, 0xff) &&
              value_matches(CLC_T_UCHAR, &e, 0xffffff00ull | 0xff),
          "expect_matches_only_the_type_width");
    CHECK(expect_ok(CLC_T_INT, "1|2|3|4", &e) && e.n_alts == 4, "expect_four_alternatives_allowed");
    CHECK(value_parse_expect(CLC_T_INT, "1|2|3|4|5", &e, err, sizeof err) != 0 && err[0],
          "expect_five_alternatives_rejected");
    CHECK(value_parse_expect(CLC_T_INT, "|1", &e, err, sizeof err) != 0, "expect_leading_empty_alternative_rejected");
    CHECK(value_parse_expect(CLC_T_INT, "1||2", &e, err, sizeof err) != 0,
          "expect_inner_empty_alternative_rejected");
    /* Was accepted as "1" before c094dbe. */
    CHECK(value_parse_expect(CLC_T_INT, "1|", &e, err, sizeof err) != 0,
          "expect_trailing_empty_alternative_rejected");
    CHECK(value_parse_expect(CLC_T_INT, "*|1", &e, err, sizeof err) != 0, "expect_star_inside_alternatives_rejected");
    CHECK(value_parse_expect(CLC_T_CHAR, "1|200", &e, err, sizeof err) != 0 && strstr(err, "200"),
          "expect_out_of_range_alternative_rejected");
    CHECK(value_parse_expect(CLC_T_FLOAT, "1e39", &e, err, sizeof err) != 0, "expect_float_overflow_rejected");

    char buf[128];
    CHECK(expect_ok(CLC_T_FLOAT, "0x1p-149|0|-0", &e) &&
              strcmp(value_format_expect(CLC_T_FLOAT, &e, buf, sizeof buf), "1.4013e-45|0|-0") == 0,
          "format_expect_alternatives");
    CHECK(expect_ok(CLC_T_FLOAT, "*", &e) && strcmp(value_format_expect(CLC_T_FLOAT, &e, buf, sizeof buf), "*") == 0,
          "format_expect_star");
    CHECK(expect_ok(CLC_T_FLOAT, "nan", &e) && strcmp(value_format_expect(CLC_T_FLOAT, &e, buf, sizeof buf), "nan") == 0,
          "format_expect_nan");
    CHECK(expect_ok(CLC_T_FLOAT, "bits(0x7fa00001)", &e) &&
              strcmp(value_format_expect(CLC_T_FLOAT, &e, buf, sizeof buf), "bits(0x7fa00001)") == 0,
          "format_expect_bits_stays_bits");
    /* What value_format_expect writes reads back to an equal expectation. */
    static const char *const toks[] = {"nan|1", "-0|0", "0x1p-149|0", "inf|-inf", "bits(0xffc00001)|2"};
    for (size_t i = 0; i < sizeof toks / sizeof *toks; i++) {
        clc_expect a, b;
        int ok = expect_ok(CLC_T_FLOAT, toks[i], &a);
        value_format_expect(CLC_T_FLOAT, &a, buf, sizeof buf);
        ok = ok && expect_ok(CLC_T_FLOAT, buf, &b) && a.n_alts == b.n_alts && a.any_nan == b.any_nan &&
             memcmp(a.alts, b.alts, sizeof a.alts) == 0;
        CHECK(ok, "format_expect_round_trip [%s] -> [%s]", toks[i], buf);
    }
    /* An exact expectation of the default quiet NaN must not come back as
     * "nan" (any NaN): it did before c094dbe. */
    {
        clc_expect a, b;
        int ok = expect_ok(CLC_T_FLOAT, "bits(0x7fc00000)", &a);
        value_format_expect(CLC_T_FLOAT, &a, buf, sizeof buf);
        ok = ok && expect_ok(CLC_T_FLOAT, buf, &b) && !value_matches(CLC_T_FLOAT, &b, 0xffc00000u);
        CHECK(ok, "format_expect_round_trip_keeps_exact_default_nan [bits(0x7fc00000)] -> [%s]", buf);
    }
}

static void test_load_store(void)
{
    unsigned char buf[16];
    memset(buf, 0xaa, sizeof buf);
    value_store(CLC_T_SHORT, buf, 1, 0x1234);
    CHECK(buf[0] == 0xaa && buf[1] == 0xaa && buf[2] == 0x34 && buf[3] == 0x12 && buf[4] == 0xaa,
          "store_short_element_1_little_endian_only_its_bytes");
    CHECK(value_load(CLC_T_SHORT, buf, 1) == 0x1234, "load_short_element_1");
    CHECK(value_load(CLC_T_CHAR, buf, 0) == 0xaa, "load_char_zero_extended");
    float f = -1.5f;
    memcpy(buf + 4, &f, 4);
    CHECK(value_load(CLC_T_FLOAT, buf, 1) == fbits(-1.5f), "load_float_bits");
    value_store(CLC_T_DOUBLE, buf, 1, dbits(0.25));
    double d;
    memcpy(&d, buf + 8, 8);
    CHECK(d == 0.25, "store_double_element_1");
}

int main(void)
{
    test_types();
    test_int_limits();
    test_int_hex_and_garbage();
    test_float_tokens();
    test_round_trip();
    test_format_readable();
    test_expect();
    test_load_store();
    return check_done();
}
