/* Unit tests of the conversion reference (scripts/convert/convref.c):
 * hand-worked tables from the rules of OpenCL C 1.2, 6.2.3, then a
 * randomized cross-check against the host FPU under fesetround(), which is
 * a second, independent implementation for the in-range cases. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "../../scripts/convert/convref.c"

#define STAR 0xdeadbeefcafef00dULL /* marks "not judged" in the tables */

typedef struct {
    cr_type dst, src;
    uint64_t in;
    int sat;
    cr_round rnd;
    uint64_t want; /* STAR: the spec leaves it undefined */
} row;

static int result_is(const cr_result *r, uint64_t want)
{
    if (want == STAR)
        return !r->judged;
    return r->judged && !r->is_nan && r->n == 1 && r->bits[0] == want;
}

static void check_rows(const char *table, const row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const row *t = &rows[i];
        cr_result r;
        int rc = cr_convert(t->dst, t->src, t->in, t->sat, t->rnd, 0, &r);
        char got[128], in[64];
        cr_format_result(t->dst, &r, got, sizeof got);
        cr_format_value(t->src, t->in, in, sizeof in);
        CHECK(rc == 0 && result_is(&r, t->want), "%s: convert_%s%s%s(%s %s) = %s", table,
              cr_type_name(t->dst), t->sat ? "_sat" : "", cr_round_suffix(t->rnd),
              cr_type_name(t->src), in, got);
    }
}

/* ±0.5, ±1.1, ±1.5, ±1.7, ±2.5 into int under every mode (6.2.3.2). */
static void test_float_to_int_modes(void)
{
    static const uint64_t in[10] = {0x3f000000, 0xbf000000, 0x3f8ccccd, 0xbf8ccccd, 0x3fc00000,
                                    0xbfc00000, 0x3fd9999a, 0xbfd9999a, 0x40200000, 0xc0200000};
    static const int64_t want[CR_NROUND][10] = {
        /* default is _rtz into integers */
        {0, 0, 1, -1, 1, -1, 1, -1, 2, -2},
        {0, 0, 1, -1, 2, -2, 2, -2, 2, -2},   /* rte: ties to even */
        {0, 0, 1, -1, 1, -1, 1, -1, 2, -2},   /* rtz */
        {1, 0, 2, -1, 2, -1, 2, -1, 3, -2},   /* rtp */
        {0, -1, 1, -2, 1, -2, 1, -2, 2, -3},  /* rtn */
    };
    for (int m = 0; m < CR_NROUND; m++) {
        row rows[10];
        for (int i = 0; i < 10; i++)
            rows[i] = (row){CR_INT, CR_FLOAT, in[i], 0, (cr_round)m,
                            cr_bits_of_int(CR_INT, want[m][i])};
        check_rows("float->int modes", rows, 10);
        /* The same values as doubles must give the same answers, except
         * that 1.1f and 1.7f are not the double nearest 1.1 and 1.7 (same
         * integer results anyway). */
        for (int i = 0; i < 10; i++) {
            cr_result r;
            uint64_t d = 0;
            /* float -> double is exact; take the reference's own widening. */
            cr_convert(CR_DOUBLE, CR_FLOAT, in[i], 0, CR_RND_DEFAULT, 0, &r);
            d = r.bits[0];
            cr_convert(CR_LONG, CR_DOUBLE, d, 1, (cr_round)m, 0, &r);
            CHECK(result_is(&r, cr_bits_of_int(CR_LONG, want[m][i])), "double->long_sat mode %d row %d", m, i);
        }
    }
}

static void test_integer_to_integer(void)
{
    const row rows[] = {
        {CR_UCHAR, CR_INT, 257, 0, CR_RND_DEFAULT, 1},
        {CR_UCHAR, CR_INT, 257, 1, CR_RND_DEFAULT, 255},
        {CR_UCHAR, CR_INT, 257, 1, CR_RTN, 255},
        {CR_UINT, CR_INT, cr_bits_of_int(CR_INT, -1), 0, CR_RND_DEFAULT, 0xffffffff},
        {CR_UINT, CR_INT, cr_bits_of_int(CR_INT, -1), 1, CR_RND_DEFAULT, 0},
        {CR_USHORT, CR_CHAR, cr_bits_of_int(CR_CHAR, -128), 0, CR_RTP, 65408},
        {CR_CHAR, CR_INT, 300, 0, CR_RND_DEFAULT, STAR},
        {CR_CHAR, CR_INT, 300, 1, CR_RND_DEFAULT, 127},
        {CR_CHAR, CR_INT, cr_bits_of_int(CR_INT, -300), 1, CR_RTE, 0x80},
        {CR_CHAR, CR_INT, cr_bits_of_int(CR_INT, -128), 0, CR_RND_DEFAULT, 0x80},
        {CR_INT, CR_LONG, cr_bits_of_int(CR_LONG, INT64_MIN), 1, CR_RND_DEFAULT, 0x80000000},
        {CR_LONG, CR_ULONG, UINT64_MAX, 0, CR_RND_DEFAULT, STAR},
        {CR_LONG, CR_ULONG, UINT64_MAX, 1, CR_RND_DEFAULT, INT64_MAX},
        {CR_UINT, CR_ULONG, UINT64_MAX, 0, CR_RND_DEFAULT, 0xffffffff},
        {CR_ULONG, CR_LONG, cr_bits_of_int(CR_LONG, INT64_MIN), 0, CR_RND_DEFAULT, 0x8000000000000000ULL},
        {CR_ULONG, CR_LONG, cr_bits_of_int(CR_LONG, INT64_MIN), 1, CR_RND_DEFAULT, 0},
        {CR_SHORT, CR_USHORT, 65535, 1, CR_RND_DEFAULT, 32767},
        {CR_INT, CR_INT, 0x80000000, 1, CR_RTZ, 0x80000000},
    };
    check_rows("int->int", rows, sizeof rows / sizeof rows[0]);
}

/* Limits of the destination and special operands (6.2.3.3). */
static void test_float_to_integer_limits(void)
{
    const row rows[] = {
        {CR_INT, CR_FLOAT, 0x7fc00000, 1, CR_RND_DEFAULT, 0},          /* NaN -> 0 under _sat */
        {CR_INT, CR_FLOAT, 0xffc00001, 1, CR_RTP, 0},
        {CR_INT, CR_FLOAT, 0x7fc00000, 0, CR_RND_DEFAULT, STAR},
        {CR_INT, CR_FLOAT, 0x7f800000, 1, CR_RND_DEFAULT, 0x7fffffff},
        {CR_INT, CR_FLOAT, 0x7f800000, 0, CR_RND_DEFAULT, STAR},
        {CR_UINT, CR_FLOAT, 0xff800000, 1, CR_RND_DEFAULT, 0},
        {CR_INT, CR_FLOAT, 0x4f000000, 0, CR_RND_DEFAULT, STAR},       /* 2147483648.0f */
        {CR_INT, CR_FLOAT, 0x4f000000, 1, CR_RND_DEFAULT, 0x7fffffff},
        {CR_INT, CR_FLOAT, 0x4effffff, 0, CR_RTP, 2147483520},         /* 2147483520.0f */
        {CR_INT, CR_FLOAT, 0xcf000000, 0, CR_RND_DEFAULT, 0x80000000}, /* -2147483648.0f */
        {CR_INT, CR_FLOAT, 0xcf000001, 0, CR_RND_DEFAULT, STAR},       /* -2147483904.0f */
        {CR_INT, CR_FLOAT, 0xcf000001, 1, CR_RTN, 0x80000000},
        /* -0.5: below 0, but in range where it rounds to 0 (reading 2c) */
        {CR_UINT, CR_FLOAT, 0xbf000000, 0, CR_RND_DEFAULT, 0},
        {CR_UINT, CR_FLOAT, 0xbf000000, 0, CR_RTP, 0},
        {CR_UCHAR, CR_FLOAT, 0xbf000000, 0, CR_RTE, 0},
        {CR_UINT, CR_FLOAT, 0xbf000000, 0, CR_RTN, STAR},
        {CR_UINT, CR_FLOAT, 0xbf000000, 1, CR_RTN, 0},
        {CR_UINT, CR_FLOAT, 0x80000000, 0, CR_RND_DEFAULT, 0},         /* -0 is in range */
        {CR_UINT, CR_FLOAT, 0x4f7fffff, 0, CR_RND_DEFAULT, 4294967040u},
        {CR_UINT, CR_FLOAT, 0x4f800000, 1, CR_RTZ, 0xffffffff},
        {CR_UCHAR, CR_FLOAT, 0x437f8000, 1, CR_RTP, 255},              /* 255.5 */
        {CR_UCHAR, CR_FLOAT, 0x437f8000, 0, CR_RTZ, 255},              /* rounds into range */
        {CR_UCHAR, CR_FLOAT, 0x437f8000, 0, CR_RTE, STAR},             /* to 256 */
        {CR_UCHAR, CR_FLOAT, 0x437f8000, 0, CR_RTP, STAR},
        {CR_CHAR, CR_FLOAT, 0xc3008000, 1, CR_RTE, 0x80},              /* -128.5 */
        {CR_ULONG, CR_FLOAT, 0x5f000000, 0, CR_RND_DEFAULT, 0x8000000000000000ULL},
        {CR_LONG, CR_FLOAT, 0x5f000000, 0, CR_RND_DEFAULT, STAR},
        {CR_LONG, CR_FLOAT, 0x5f000000, 1, CR_RND_DEFAULT, INT64_MAX},
        {CR_ULONG, CR_FLOAT, 0x5f7fffff, 0, CR_RND_DEFAULT, 18446742974197923840ULL},
        {CR_ULONG, CR_FLOAT, 0x5f800000, 1, CR_RND_DEFAULT, UINT64_MAX},
        {CR_LONG, CR_DOUBLE, 0x43dfffffffffffffULL, 0, CR_RTE, 9223372036854774784LL},
        {CR_LONG, CR_DOUBLE, 0xc3e0000000000000ULL, 0, CR_RTN, 0x8000000000000000ULL},
        {CR_INT, CR_DOUBLE, 0x41dfffffffe00000ULL, 0, CR_RTZ, 0x7fffffff}, /* 2147483647.5 */
        {CR_INT, CR_DOUBLE, 0x41dfffffffe00000ULL, 0, CR_RTP, STAR},
        {CR_INT, CR_DOUBLE, 0x41dfffffffe00000ULL, 1, CR_RTP, 0x7fffffff},
        {CR_INT, CR_FLOAT, 0x00000001, 0, CR_RTP, 1},                  /* 2^-149 up */
        {CR_INT, CR_FLOAT, 0x80000001, 0, CR_RTN, 0xffffffff},
    };
    check_rows("float->int limits", rows, sizeof rows / sizeof rows[0]);
}

/* Integers into floating point: the exact value rounded (6.2.3.2). */
static void test_integer_to_float(void)
{
    const row rows[] = {
        {CR_FLOAT, CR_UINT, 0xffffffff, 0, CR_RND_DEFAULT, 0x4f800000},
        {CR_FLOAT, CR_UINT, 0xffffffff, 0, CR_RTZ, 0x4f7fffff},
        {CR_FLOAT, CR_UINT, 0xffffffff, 0, CR_RTP, 0x4f800000},
        {CR_FLOAT, CR_UINT, 0xffffffff, 0, CR_RTN, 0x4f7fffff},
        {CR_FLOAT, CR_LONG, INT64_MAX, 0, CR_RTE, 0x5f000000},
        {CR_FLOAT, CR_LONG, INT64_MAX, 0, CR_RTZ, 0x5effffff},
        {CR_FLOAT, CR_ULONG, UINT64_MAX, 0, CR_RTE, 0x5f800000},
        {CR_FLOAT, CR_ULONG, UINT64_MAX, 0, CR_RTN, 0x5f7fffff},
        {CR_FLOAT, CR_INT, 16777217, 0, CR_RTE, 0x4b800000},
        {CR_FLOAT, CR_INT, 16777217, 0, CR_RTP, 0x4b800001},
        {CR_FLOAT, CR_INT, 16777219, 0, CR_RTE, 0x4b800002},
        {CR_FLOAT, CR_INT, 16777219, 0, CR_RTZ, 0x4b800001},
        {CR_FLOAT, CR_INT, cr_bits_of_int(CR_INT, -16777217), 0, CR_RTP, 0xcb800000},
        {CR_FLOAT, CR_INT, cr_bits_of_int(CR_INT, -16777217), 0, CR_RTN, 0xcb800001},
        {CR_FLOAT, CR_INT, 0x80000000, 0, CR_RTE, 0xcf000000},
        {CR_FLOAT, CR_INT, 0, 0, CR_RTN, 0},                           /* +0, never -0 */
        {CR_DOUBLE, CR_LONG, (1ULL << 53) + 1, 0, CR_RTE, 0x4340000000000000ULL},
        {CR_DOUBLE, CR_LONG, (1ULL << 53) + 1, 0, CR_RTP, 0x4340000000000001ULL},
        {CR_DOUBLE, CR_LONG, (1ULL << 53) + 3, 0, CR_RTE, 0x4340000000000002ULL},
        {CR_DOUBLE, CR_ULONG, UINT64_MAX, 0, CR_RTZ, 0x43efffffffffffffULL},
        {CR_DOUBLE, CR_ULONG, UINT64_MAX, 0, CR_RTE, 0x43f0000000000000ULL},
        {CR_DOUBLE, CR_CHAR, 0x80, 0, CR_RTE, 0xc060000000000000ULL},  /* -128 */
    };
    check_rows("int->float", rows, sizeof rows / sizeof rows[0]);
}

static void test_float_to_float(void)
{
    const row rows[] = {
        {CR_FLOAT, CR_DOUBLE, 0x3ff0000010000000ULL, 0, CR_RTE, 0x3f800000}, /* 1+2^-24 tie */
        {CR_FLOAT, CR_DOUBLE, 0x3ff0000010000000ULL, 0, CR_RTP, 0x3f800001},
        {CR_FLOAT, CR_DOUBLE, 0x3ff0000030000000ULL, 0, CR_RTE, 0x3f800002}, /* 1+3*2^-24 */
        {CR_FLOAT, CR_DOUBLE, 0xbff0000010000000ULL, 0, CR_RTN, 0xbf800001},
        {CR_FLOAT, CR_DOUBLE, 0x7fefffffffffffffULL, 0, CR_RND_DEFAULT, 0x7f800000},
        {CR_FLOAT, CR_DOUBLE, 0x7fefffffffffffffULL, 0, CR_RTZ, 0x7f7fffff},
        {CR_FLOAT, CR_DOUBLE, 0x7fefffffffffffffULL, 0, CR_RTN, 0x7f7fffff},
        {CR_FLOAT, CR_DOUBLE, 0xffefffffffffffffULL, 0, CR_RTP, 0xff7fffff},
        {CR_FLOAT, CR_DOUBLE, 0xffefffffffffffffULL, 0, CR_RTN, 0xff800000},
        {CR_FLOAT, CR_DOUBLE, 0x47effffff0000000ULL, 0, CR_RTE, 0x7f800000}, /* FLT_MAX + ulp/2 */
        {CR_FLOAT, CR_DOUBLE, 0x47efffffefffffffULL, 0, CR_RTE, 0x7f7fffff},
        {CR_FLOAT, CR_DOUBLE, 0x3690000000000000ULL, 0, CR_RTE, 0},          /* 2^-150 */
        {CR_FLOAT, CR_DOUBLE, 0x3690000000000000ULL, 0, CR_RTP, 1},
        {CR_FLOAT, CR_DOUBLE, 0xb690000000000000ULL, 0, CR_RTE, 0x80000000},
        {CR_FLOAT, CR_DOUBLE, 0x3698000000000000ULL, 0, CR_RTE, 1},          /* 1.5*2^-150 */
        {CR_FLOAT, CR_DOUBLE, 0x36a8000000000000ULL, 0, CR_RTE, 2},          /* 1.5*2^-149 */
        {CR_FLOAT, CR_DOUBLE, 0x380fffffffffffffULL, 0, CR_RTE, 0x00800000}, /* up to FLT_MIN */
        {CR_FLOAT, CR_DOUBLE, 0x0000000000000001ULL, 0, CR_RTP, 1},
        {CR_FLOAT, CR_DOUBLE, 0x8000000000000000ULL, 0, CR_RTE, 0x80000000},
        {CR_FLOAT, CR_DOUBLE, 0xfff0000000000000ULL, 0, CR_RTZ, 0xff800000},
        {CR_DOUBLE, CR_FLOAT, 0x00000001, 0, CR_RTE, 0x36a0000000000000ULL},
        {CR_DOUBLE, CR_FLOAT, 0x7f7fffff, 0, CR_RTZ, 0x47efffffe0000000ULL},
        {CR_FLOAT, CR_FLOAT, 0x80000001, 0, CR_RTZ, 0x80000001},
    };
    check_rows("float<->double", rows, sizeof rows / sizeof rows[0]);
    cr_result r;
    cr_convert(CR_FLOAT, CR_DOUBLE, 0x7ff0000000000001ULL, 0, CR_RTZ, 0, &r);
    CHECK(r.judged && r.is_nan, "double sNaN -> float is a NaN");
    CHECK(cr_convert(CR_FLOAT, CR_INT, 1, 1, CR_RTE, 0, &r) == -1, "_sat into float does not exist");
}

/* 7.5.3: what a device without float denormals may return instead. */
static void test_flush_to_zero(void)
{
    cr_result r;
    char buf[128];
    cr_convert(CR_DOUBLE, CR_FLOAT, 0x00000001, 0, CR_RND_DEFAULT, 1, &r);
    CHECK(strcmp(cr_format_result(CR_DOUBLE, &r, buf, sizeof buf), "0x1p-149|0|-0") == 0,
          "ftz float denormal -> double: %s", buf);
    cr_convert(CR_FLOAT, CR_DOUBLE, 0x3730000000000000ULL, 0, CR_RTE, 1, &r); /* 2^-140 */
    CHECK(strcmp(cr_format_result(CR_FLOAT, &r, buf, sizeof buf), "0x0.0004p-126|0|-0") == 0,
          "ftz tiny double -> float: %s", buf);
    cr_convert(CR_FLOAT, CR_DOUBLE, 0x380fffffffffffffULL, 0, CR_RTE, 1, &r);
    CHECK(strcmp(cr_format_result(CR_FLOAT, &r, buf, sizeof buf), "0x1p-126|0|-0") == 0,
          "ftz: sub-normal before rounding may flush: %s", buf);
    cr_convert(CR_INT, CR_FLOAT, 0x00000001, 0, CR_RTP, 1, &r);
    CHECK(strcmp(cr_format_result(CR_INT, &r, buf, sizeof buf), "1|0") == 0, "ftz 2^-149 -> int rtp: %s", buf);
    cr_convert(CR_INT, CR_FLOAT, 0x00000001, 0, CR_RTP, 0, &r);
    CHECK(strcmp(cr_format_result(CR_INT, &r, buf, sizeof buf), "1") == 0, "strict 2^-149 -> int rtp: %s", buf);
    cr_convert(CR_DOUBLE, CR_DOUBLE, 1, 0, CR_RTE, 1, &r);
    CHECK(r.n == 1 && r.bits[0] == 1, "double denormals are never flushed");
    cr_convert(CR_UINT, CR_FLOAT, 0x80000001, 0, CR_RTN, 1, &r);
    CHECK(!r.judged, "ftz -2^-149 -> uint rtn stays unjudged (-1: out of range)");
    cr_convert(CR_UINT, CR_FLOAT, 0x80000001, 0, CR_RTZ, 1, &r);
    CHECK(r.judged && r.n == 1 && r.bits[0] == 0, "ftz -2^-149 -> uint rtz is 0 (in range after rounding)");
}

static void test_formatting(void)
{
    char buf[96];
    struct { cr_type t; uint64_t bits; const char *val, *lit; } rows[] = {
        {CR_FLOAT, 0x3fc00000, "0x1.8p+0", "0x1.8p+0f"},
        {CR_FLOAT, 0x00000001, "0x0.000002p-126", "0x0.000002p-126f"},
        {CR_FLOAT, 0x80000000, "-0", "-0x0p+0f"},
        {CR_FLOAT, 0xff800000, "-inf", "as_float(0xff800000U)"},
        {CR_FLOAT, 0x7fa00001, "bits(0x7fa00001)", "as_float(0x7fa00001U)"},
        {CR_FLOAT, 0x7f7fffff, "0x1.fffffep+127", "0x1.fffffep+127f"},
        {CR_DOUBLE, 1, "0x0.0000000000001p-1022", "0x0.0000000000001p-1022"},
        {CR_DOUBLE, 0xc000000000000000ULL, "-0x1p+1", "-0x1p+1"},
        {CR_INT, 0x80000000, "-2147483648", "(-2147483647 - 1)"},
        {CR_LONG, 0x8000000000000000ULL, "-9223372036854775808", "(-9223372036854775807L - 1)"},
        {CR_ULONG, UINT64_MAX, "18446744073709551615", "18446744073709551615UL"},
        {CR_CHAR, 0x80, "-128", "-128"},
        {CR_UINT, 0xffffffff, "4294967295", "4294967295U"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        CHECK(strcmp(cr_format_value(rows[i].t, rows[i].bits, buf, sizeof buf), rows[i].val) == 0,
              "format %s %s", cr_type_name(rows[i].t), buf);
        CHECK(strcmp(cr_format_literal(rows[i].t, rows[i].bits, buf, sizeof buf), rows[i].lit) == 0,
              "literal %s %s", cr_type_name(rows[i].t), buf);
    }
}

/* ---- randomized cross-check against the host FPU ----------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const int host_modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
static const cr_round ref_modes[4] = {CR_RTE, CR_RTZ, CR_RTP, CR_RTN};

/* A random value with its significand cut short so ties and near-ties come
 * up often. */
static uint64_t random_int64(void)
{
    uint64_t v = rng();
    int keep = (int)(rng() % 64) + 1;
    v >>= 64 - keep;
    return (rng() & 1) ? ~v + 1 : v;
}

static float host_float_of_long(int64_t v)
{
    volatile int64_t in = v;
    volatile float out = (float)in;
    return out;
}

static double host_double_of_ulong(uint64_t v)
{
    volatile uint64_t in = v;
    volatile double out = (double)in;
    return out;
}

static float host_float_of_double(double d)
{
    volatile double in = d;
    volatile float out = (float)in;
    return out;
}

static void test_against_host(void)
{
    int bad[4] = {0, 0, 0, 0};
    for (int mi = 0; mi < 4; mi++) {
        fesetround(host_modes[mi]);
        for (int i = 0; i < 20000; i++) {
            cr_result r;
            int64_t v = (int64_t)random_int64();
            float hf = host_float_of_long(v);
            uint32_t hfb;
            memcpy(&hfb, &hf, 4);
            cr_convert(CR_FLOAT, CR_LONG, (uint64_t)v, 0, ref_modes[mi], 0, &r);
            bad[0] += r.bits[0] != hfb;

            uint64_t u = random_int64();
            double hd = host_double_of_ulong(u);
            uint64_t hdb;
            memcpy(&hdb, &hd, 8);
            cr_convert(CR_DOUBLE, CR_ULONG, u, 0, ref_modes[mi], 0, &r);
            bad[1] += r.bits[0] != hdb;

            uint64_t db = rng();
            if ((db & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL)
                continue;
            double d;
            memcpy(&d, &db, 8);
            float f = host_float_of_double(d);
            memcpy(&hfb, &f, 4);
            cr_convert(CR_FLOAT, CR_DOUBLE, db, 0, ref_modes[mi], 0, &r);
            bad[2] += r.bits[0] != hfb;

            /* double -> long under the mode, where the operand is in range. */
            double small = ldexp((double)(int64_t)random_int64(), -(int)(rng() % 70));
            volatile double vs = small;
            double rounded = nearbyint(vs);
            uint64_t sb;
            memcpy(&sb, &small, 8);
            cr_convert(CR_LONG, CR_DOUBLE, sb, 0, ref_modes[mi], 0, &r);
            if (fabs(small) < 9.2e18)
                bad[3] += !r.judged || cr_int_value(CR_LONG, r.bits[0]) != (int64_t)rounded;
        }
    }
    fesetround(FE_TONEAREST);
    CHECK(bad[0] == 0, "long->float agrees with the host FPU in 4 modes (%d differ)", bad[0]);
    CHECK(bad[1] == 0, "ulong->double agrees with the host FPU in 4 modes (%d differ)", bad[1]);
    CHECK(bad[2] == 0, "double->float agrees with the host FPU in 4 modes (%d differ)", bad[2]);
    CHECK(bad[3] == 0, "double->long agrees with nearbyint in 4 modes (%d differ)", bad[3]);
}

int main(void)
{
    test_float_to_int_modes();
    test_integer_to_integer();
    test_float_to_integer_limits();
    test_integer_to_float();
    test_float_to_float();
    test_flush_to_zero();
    test_formatting();
    test_against_host();
    return check_done();
}
