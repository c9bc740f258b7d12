/* Unit tests of the math reference (scripts/math/mathref.c, MPFR): values
 * known exactly, the special values C99 Annex F and OpenCL C 7.5.1
 * prescribe, rounding into the subnormals, and a sample checked against the
 * host's long double libm (an independent implementation) within 1 ulp. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "../../scripts/math/mathref.c"

static mr_result ev(const char *f, mr_type t, double x, double y, double z, long n)
{
    mr_result r;
    int rc = mr_eval(f, t, x, y, z, n, &r);
    if (rc != 0)
        memset(&r, 0, sizeof r);
    return r;
}

/* Same value and the same sign (for zeros); NaN matches NaN. */
static int same(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b && signbit(a) == signbit(b);
}

typedef struct {
    const char *f;
    double x, y;
    long n;
    double want;
    int exact; /* the result is this number exactly */
} row;

static void check_rows(const char *table, mr_type t, const row *rows, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const row *w = &rows[i];
        mr_result r = ev(w->f, t, w->x, w->y, 0, w->n);
        CHECK(same(r.cr[0], w->want) && (!w->exact || r.exact[0] || isnan(w->want)),
              "%s (%s): %s(%a, %a, %ld) = %a (got %a%s)", table, t == MR_FLOAT ? "float" : "double", w->f, w->x,
              w->y, w->n, w->want, r.cr[0], r.exact[0] ? ", exact" : "");
    }
}

static void test_exact_values(void)
{
    static const row rows[] = {
        {"exp", 0, 0, 0, 1, 1},         {"log2", 8, 0, 0, 3, 1},       {"exp2", 10, 0, 0, 1024, 1},
        {"sqrt", 2.25, 0, 0, 1.5, 1},   {"cbrt", -27, 0, 0, -3, 1},    {"log10", 1000, 0, 0, 3, 1},
        {"pow", 2, 10, 0, 1024, 1},     {"pown", -2, 0, 3, -8, 1},     {"rootn", -8, 0, 3, -2, 1},
        {"hypot", 3, 4, 0, 5, 1},       {"fmod", 7, 3, 0, 1, 1},       {"remainder", 7, 2, 0, -1, 1},
        {"ldexp", 1.5, 0, 4, 24, 1},    {"logb", 10, 0, 0, 3, 1},      {"rsqrt", 0.25, 0, 0, 2, 1},
        {"divide", 1, 4, 0, 0.25, 1},   {"recip", 8, 0, 0, 0.125, 1},  {"atan2pi", 1, 1, 0, 0.25, 1},
        {"acospi", -1, 0, 0, 1, 1},     {"fdim", 5, 3, 0, 2, 1},       {"copysign", 2, -0.0, 0, -2, 1},
        {"maxmag", -3, 2, 0, -3, 1},    {"minmag", -3, 2, 0, 2, 1},    {"fmax", NAN, 1, 0, 1, 1},
    };
    check_rows("exact", MR_FLOAT, rows, sizeof rows / sizeof rows[0]);
    check_rows("exact", MR_DOUBLE, rows, sizeof rows / sizeof rows[0]);

    /* sin(2^-30) = 2^-30 - 2^-90/6 + ...: rounds to 2^-30, not exactly. */
    mr_result r = ev("sin", MR_FLOAT, 0x1p-30, 0, 0, 0);
    CHECK(r.cr[0] == 0x1p-30 && !r.exact[0] && r.hi[0] == 0x1p-30 && r.lo[0] < 0 && r.lo[0] > -0x1p-92,
          "sin(2^-30): rounds to 2^-30, inexact, just below (hi %a lo %a)", r.hi[0], r.lo[0]);
    r = ev("sin", MR_DOUBLE, 0x1p-30, 0, 0, 0);
    CHECK(r.hi[0] == 0x1p-30 && fabs(r.lo[0] + 0x1p-90 / 6) < 0x1p-140, "sin(2^-30) double: lo = -2^-90/6 (%a)", r.lo[0]);
    r = ev("exp", MR_DOUBLE, 1, 0, 0, 0);
    CHECK(r.hi[0] == 0x1.5bf0a8b145769p+1 && r.lo[0] > 0 && r.lo[0] < 0x1p-51, "e = 0x1.5bf0a8b145769p+1 + a little (%a)",
          r.lo[0]);
    r = ev("cos", MR_FLOAT, 0, 0, 0, 0);
    CHECK(r.cr[0] == 1 && r.exact[0], "cos(0) = 1 exactly");
}

static void test_annex_f(void)
{
    const double inf = INFINITY;
    static const row rows[] = {
        /* C99 F.9.4.4 pow */
        {"pow", 0.0, -3, 0, INFINITY, 1},     {"pow", -0.0, -3, 0, -INFINITY, 1}, {"pow", -0.0, -2, 0, INFINITY, 1},
        {"pow", -0.0, 3, 0, -0.0, 1},         {"pow", -0.0, 2, 0, 0.0, 1},        {"pow", -1, INFINITY, 0, 1, 1},
        {"pow", 1, NAN, 0, 1, 1},             {"pow", NAN, -0.0, 0, 1, 1},        {"pow", -2, 0.5, 0, NAN, 0},
        {"pow", 0.5, -INFINITY, 0, INFINITY, 1}, {"pow", 2, -INFINITY, 0, 0, 1}, {"pow", -INFINITY, -3, 0, -0.0, 1},
        {"pow", -INFINITY, 3, 0, -INFINITY, 1}, {"pow", INFINITY, -1, 0, 0, 1},  {"pow", -0.0, -INFINITY, 0, INFINITY, 1},
        /* OpenCL C 7.5.1 */
        {"sinpi", 1, 0, 0, 0.0, 1},     {"sinpi", -1, 0, 0, -0.0, 1},    {"sinpi", -0.0, 0, 0, -0.0, 1},
        {"cospi", 0.5, 0, 0, 0.0, 1},   {"cospi", -1.5, 0, 0, 0.0, 1},   {"tanpi", 1, 0, 0, -0.0, 1},
        {"tanpi", 2, 0, 0, 0.0, 1},     {"tanpi", -2, 0, 0, -0.0, 1},    {"tanpi", 0.5, 0, 0, INFINITY, 1},
        {"tanpi", 1.5, 0, 0, -INFINITY, 1}, {"atanpi", INFINITY, 0, 0, 0.5, 1}, {"atanpi", -0.0, 0, 0, -0.0, 1},
        {"atan2pi", 0.0, -0.0, 0, 1, 1}, {"atan2pi", -0.0, 0.0, 0, -0.0, 1}, {"atan2pi", INFINITY, -INFINITY, 0, 0.75, 1},
        {"acospi", 1, 0, 0, 0.0, 1},    {"exp10", -INFINITY, 0, 0, 0.0, 1}, {"ceil", -0.5, 0, 0, -0.0, 1},
        {"rint", -0.5, 0, 0, -0.0, 1},  {"rint", 2.5, 0, 0, 2, 1},      {"round", -0.4, 0, 0, -0.0, 1},
        {"round", 2.5, 0, 0, 3, 1},     {"trunc", -0.7, 0, 0, -0.0, 1}, {"fdim", NAN, 1, 0, NAN, 0},
        {"pown", 0.0, 0, 0, 1, 1},      {"pown", NAN, 0, 0, 1, 1},      {"pown", -0.0, 0, -3, -INFINITY, 1},
        {"pown", -0.0, 0, -2, INFINITY, 1}, {"pown", -0.0, 0, 2, 0.0, 1}, {"pown", -0.0, 0, 3, -0.0, 1},
        {"powr", 2, 0.0, 0, 1, 1},      {"powr", 0.0, -2, 0, INFINITY, 1}, {"powr", 0.0, 2, 0, 0.0, 1},
        {"powr", 1, 3.5, 0, 1, 1},      {"powr", -1, 2, 0, NAN, 0},     {"powr", 0.0, 0.0, 0, NAN, 0},
        {"powr", INFINITY, 0.0, 0, NAN, 0}, {"powr", 1, INFINITY, 0, NAN, 0}, {"powr", 1, NAN, 0, NAN, 0},
        {"rootn", -0.0, 0, 3, -0.0, 1}, {"rootn", -0.0, 0, 2, 0.0, 1},  {"rootn", -0.0, 0, -3, -INFINITY, 1},
        {"rootn", 0.0, 0, -2, INFINITY, 1}, {"rootn", -8, 0, 2, NAN, 0}, {"rootn", 8, 0, 0, NAN, 0},
        {"nextafter", -0.0, 1, 0, 0x1p-149, 1}, {"nextafter", 0.0, -1, 0, -0x1p-149, 1},
        {"nextafter", 1, 2, 0, 0x1.000002p0, 1}, {"nextafter", 1, 1, 0, 1, 1},
        {"logb", 0.0, 0, 0, -INFINITY, 1}, {"sin", -0.0, 0, 0, -0.0, 1}, {"tanh", INFINITY, 0, 0, 1, 1},
        {"log", 1, 0, 0, 0.0, 1},       {"expm1", -0.0, 0, 0, -0.0, 1}, {"fmod", -0.0, 3, 0, -0.0, 1},
    };
    check_rows("Annex F / 7.5.1", MR_FLOAT, rows, sizeof rows / sizeof rows[0]);
    (void)inf;

    /* multiple results */
    mr_result r = ev("fract", MR_FLOAT, -0.0, 0, 0, 0);
    CHECK(same(r.cr[0], -0.0) && same(r.cr[1], -0.0), "fract(-0) = -0, iptr -0 (7.5.1)");
    r = ev("fract", MR_FLOAT, -INFINITY, 0, 0, 0);
    CHECK(same(r.cr[0], -0.0) && same(r.cr[1], -INFINITY), "fract(-inf) = -0, iptr -inf");
    r = ev("fract", MR_FLOAT, -0x1p-30, 0, 0, 0);
    CHECK(r.cr[0] == 0x1.fffffep-1 && r.cr[1] == -1, "fract(-2^-30) clamps below 1: 0x1.fffffep-1, iptr -1");
    r = ev("fract", MR_FLOAT, 2.75, 0, 0, 0);
    CHECK(r.cr[0] == 0.75 && r.cr[1] == 2, "fract(2.75) = 0.75, iptr 2");
    r = ev("modf", MR_FLOAT, -INFINITY, 0, 0, 0);
    CHECK(same(r.cr[0], -0.0) && same(r.cr[1], -INFINITY), "modf(-inf) = -0, iptr -inf (7.5.2)");
    r = ev("modf", MR_FLOAT, -2.5, 0, 0, 0);
    CHECK(r.cr[0] == -0.5 && r.cr[1] == -2, "modf(-2.5) = -0.5, iptr -2");
    r = ev("frexp", MR_FLOAT, INFINITY, 0, 0, 0);
    CHECK(same(r.cr[0], INFINITY) && r.ival == 0 && r.ival_judged, "frexp(inf) = inf, exp 0 (7.5.1)");
    r = ev("frexp", MR_FLOAT, 12, 0, 0, 0);
    CHECK(r.cr[0] == 0.75 && r.ival == 4, "frexp(12) = 0.75 * 2^4");
    r = ev("remquo", MR_FLOAT, 5, 0.0, 0, 0);
    CHECK(isnan(r.cr[0]) && r.ival == 0, "remquo(x, 0) = NaN, quo 0 (7.5.1)");
    r = ev("remquo", MR_FLOAT, -23, 2, 0, 0);
    CHECK(r.cr[0] == 1 && r.ival == -12, "remquo(-23, 2) = 1, quo -12 (got %ld)", r.ival);
    r = ev("remquo", MR_FLOAT, 1000, 1, 0, 0);
    CHECK(r.cr[0] == 0 && r.ival == 1000 % 128, "remquo(1000, 1): quo keeps the lower seven bits, 104 (got %ld)",
          r.ival);
    r = ev("remquo", MR_FLOAT, -300, 7, 0, 0);
    CHECK(r.ival == -43, "remquo(-300, 7): quo -43, the sign of x/y (got %ld)", r.ival);
    r = ev("lgamma_r", MR_FLOAT, -2, 0, 0, 0);
    CHECK(isinf(r.cr[0]) && r.ival == 0 && r.ival_judged, "lgamma_r(-2): +inf, sign 0 (7.5.1)");
    r = ev("lgamma_r", MR_FLOAT, -0.5, 0, 0, 0);
    CHECK(r.ival == -1, "lgamma_r(-0.5): gamma is negative, sign -1");
    r = ev("sincos", MR_FLOAT, 0, 0, 0, 0);
    CHECK(same(r.cr[0], 0.0) && r.cr[1] == 1, "sincos(0) = 0, cos 1");
    r = ev("ilogb", MR_FLOAT, 0x1p-149, 0, 0, 0);
    CHECK(r.ival == -149, "ilogb(2^-149) = -149");
}

static void test_rounding(void)
{
    /* into the subnormals, correctly rounded, ties to even */
    mr_result r = ev("ldexp", MR_FLOAT, 1.5, 0, 0, -150);
    CHECK(r.cr[0] == 0x1p-149 && !r.exact[0], "ldexp(1.5, -150) rounds up to 2^-149");
    r = ev("ldexp", MR_FLOAT, 1.0, 0, 0, -150);
    CHECK(same(r.cr[0], 0.0), "ldexp(1, -150): the tie goes to even, +0");
    r = ev("ldexp", MR_FLOAT, 1.75, 0, 0, 127);
    CHECK(r.cr[0] == 0x1.cp127 && r.exact[0], "ldexp(1.75, 127) is finite");
    r = ev("ldexp", MR_FLOAT, 1.0, 0, 0, 128);
    CHECK(isinf(r.cr[0]), "ldexp(1, 128) overflows to inf");
    r = ev("ldexp", MR_DOUBLE, 1.5, 0, 0, -1075);
    CHECK(r.cr[0] == 0x1p-1074, "double: ldexp(1.5, -1075) rounds to 2^-1074");
    /* fma rounds once: (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46, 25 bits: a tie,
     * to even, 2^-22 */
    r = ev("fma", MR_FLOAT, 0x1.000002p0, 0x1.000002p0, -1, 0);
    CHECK(r.cr[0] == 0x1p-22 && !r.exact[0], "fma(1+2^-23, 1+2^-23, -1) = 2^-22 + 2^-46 ties to 2^-22");
    r = ev("fma", MR_FLOAT, 0x1.000002p0, 0x1.000002p0, -0x1.000002p0, 0);
    CHECK(r.cr[0] == 0x1p-23 + 0x1p-46 && r.exact[0], "fma(1+2^-23, 1+2^-23, -(1+2^-23)) = 2^-23 + 2^-46 exactly");
    /* a product on a halfway point plus a tiny addend: rounded once, up */
    r = ev("fma", MR_DOUBLE, 0x1.0000000000001p0, 0x1.8p0, 0x1p-1000, 0);
    CHECK(r.cr[0] == 0x1.8000000000002p0, "fma: halfway product + 2^-1000 rounds up (%a)", r.cr[0]);
    r = ev("exp", MR_FLOAT, 89, 0, 0, 0);
    CHECK(isinf(r.cr[0]) && r.hi[0] > FLT_MAX, "exp(89) overflows float; hi keeps the finite value");
}

/* The distance in units of the type between two finite values of it. */
static double ulp_dist(mr_type t, double a, double b)
{
    if (t == MR_FLOAT) {
        float fa = (float)a, fb = (float)b;
        int32_t ia, ib;
        memcpy(&ia, &fa, 4);
        memcpy(&ib, &fb, 4);
        if (ia < 0)
            ia = INT32_MIN - ia;
        if (ib < 0)
            ib = INT32_MIN - ib;
        return fabs((double)ia - (double)ib);
    }
    int64_t ia, ib;
    memcpy(&ia, &a, 8);
    memcpy(&ib, &b, 8);
    if (ia < 0)
        ia = INT64_MIN - ia;
    if (ib < 0)
        ib = INT64_MIN - ib;
    return fabsl((long double)ia - (long double)ib);
}

typedef long double (*ld1)(long double);
typedef long double (*ld2)(long double, long double);

static uint64_t lcg = 0x9e3779b97f4a7c15ULL;
static double uni(double lo, double hi)
{
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (double)(lcg >> 11) * 0x1p-53;
}

static void test_against_libm(void)
{
    static const struct {
        const char *f;
        ld1 fn;
        double lo, hi;
    } one[] = {
        {"sin", sinl, -10, 10},   {"cos", cosl, -10, 10},     {"tan", tanl, -1.5, 1.5}, {"exp", expl, -80, 80},
        {"log", logl, 1e-3, 1e6}, {"exp2", exp2l, -100, 100}, {"log2", log2l, 1e-3, 1e6}, {"log10", log10l, 1e-3, 1e6},
        {"atan", atanl, -50, 50}, {"sinh", sinhl, -20, 20},   {"cosh", coshl, -20, 20},   {"tanh", tanhl, -5, 5},
        {"asin", asinl, -1, 1},   {"acos", acosl, -1, 1},     {"cbrt", cbrtl, -1e6, 1e6}, {"expm1", expm1l, -5, 5},
        {"log1p", log1pl, -0.9, 5}, {"erf", erfl, -3, 3},     {"erfc", erfcl, -1, 5},     {"tgamma", tgammal, 0.5, 20},
        {"asinh", asinhl, -1e3, 1e3}, {"acosh", acoshl, 1, 1e3}, {"atanh", atanhl, -0.99, 0.99}, {"sqrt", sqrtl, 0, 1e6},
    };
    static const struct {
        const char *f;
        ld2 fn;
    } two[] = {{"atan2", atan2l}, {"pow", powl}, {"hypot", hypotl}, {"fmod", fmodl}};
    for (int ti = 0; ti < 2; ti++) {
        mr_type t = ti ? MR_DOUBLE : MR_FLOAT;
        for (size_t k = 0; k < sizeof one / sizeof one[0]; k++) {
            double worst = 0, at = 0;
            for (int i = 0; i < 200; i++) {
                double x = uni(one[k].lo, one[k].hi);
                x = t == MR_FLOAT ? (double)(float)x : x;
                mr_result r = ev(one[k].f, t, x, 0, 0, 0);
                long double l = one[k].fn((long double)x);
                double host = t == MR_FLOAT ? (double)(float)l : (double)l;
                double d = ulp_dist(t, r.cr[0], host);
                if (d > worst) {
                    worst = d;
                    at = x;
                }
            }
            CHECK(worst <= 1, "%s (%s): MPFR within 1 ulp of long double libm on 200 inputs (worst %g at %a)", one[k].f,
                  ti ? "double" : "float", worst, at);
        }
        for (size_t k = 0; k < sizeof two / sizeof two[0]; k++) {
            double worst = 0;
            for (int i = 0; i < 200; i++) {
                double x = uni(0.01, 20), y = uni(-8, 8);
                if (t == MR_FLOAT) {
                    x = (float)x;
                    y = (float)y;
                }
                mr_result r = ev(two[k].f, t, x, y, 0, 0);
                long double l = two[k].fn((long double)x, (long double)y);
                double host = t == MR_FLOAT ? (double)(float)l : (double)l;
                double d = ulp_dist(t, r.cr[0], host);
                worst = d > worst ? d : worst;
            }
            CHECK(worst <= 1, "%s (%s): MPFR within 1 ulp of long double libm on 200 inputs (worst %g)", two[k].f,
                  ti ? "double" : "float", worst);
        }
    }
}

int main(void)
{
    test_exact_values();
    test_annex_f();
    test_rounding();
    test_against_libm();
    mpfr_free_cache();
    return check_done();
}
