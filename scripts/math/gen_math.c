/* Generates the math family (OpenCL C 1.2 section 6.12.2, judged by the ulp
 * bounds of 7.4 and the special values of 7.5): for each function and type,
 * one probe file with its inputs and one probe per vector width, and a
 * `.ref` file beside it with the reference of every output element from
 * MPFR (mathref.c).
 *
 *   gen_math ROOT         writes ROOT/probes/math-functions/{float,double}/
 *   gen_math --full ROOT  the same with double16 too (PoCL 3.1 spends minutes
 *                         generating code for some double16 kernels: fmod,
 *                         remainder, remquo, about 90 s each with a cold cache)
 *
 * The overloads beyond one gentype (pointer outputs in every address space,
 * scalar second operands) are written by gen_math_overloads.c.
 *
 * Everything is deterministic: the random inputs come from a fixed seed per
 * function and type. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen_math.h"

static const int widths[] = {1, 3, 4, 16};
/* Written after those: float only (double's are cl_khr_fp64's overloads). */
static const int more_widths[] = {2, 8};
/* --full: every width for double too; by default double16 is left out. */
static int full_widths;

#define NO_DOUBLE (-1)
#define HALF 8192

static const fn_spec specs[] = {
    {"acos", "acos", 4, 4, 4, 0, NULL},
    {"acosh", "acosh", 4, 4, 4, 0, NULL},
    {"acospi", "acospi", 5, 5, 5, 0, NULL},
    {"asin", "asin", 4, 4, 4, 0, NULL},
    {"asinh", "asinh", 4, 4, 4, 0, NULL},
    {"asinpi", "asinpi", 5, 5, 5, 0, NULL},
    {"atan", "atan", 5, 5, 5, 0, NULL},
    {"atan2", "atan2", 6, 6, 6, 0, NULL},
    {"atanh", "atanh", 5, 5, 5, 0, NULL},
    {"atanpi", "atanpi", 5, 5, 5, 0, NULL},
    {"atan2pi", "atan2pi", 6, 6, 6, 0, NULL},
    {"cbrt", "cbrt", 2, 4, 2, 0, NULL},
    {"ceil", "ceil", 0, 0, 0, 0, NULL},
    {"copysign", "copysign", 0, 0, 0, 0, NULL},
    {"cos", "cos", 4, 4, 4, 0, NULL},
    {"cosh", "cosh", 4, 4, 4, 0, NULL},
    {"cospi", "cospi", 4, 4, 4, 0, NULL},
    {"erfc", "erfc", 16, 16, 16, 0, NULL},
    {"erf", "erf", 16, 16, 16, 0, NULL},
    {"exp", "exp", 3, 4, 3, 0, NULL},
    {"exp2", "exp2", 3, 4, 3, 0, NULL},
    {"exp10", "exp10", 3, 4, 3, 0, NULL},
    {"expm1", "expm1", 3, 4, 3, 0, NULL},
    {"fabs", "fabs", 0, 0, 0, 0, NULL},
    {"fdim", "fdim", 0, 0, 0, 0, NULL},
    {"floor", "floor", 0, 0, 0, 0, NULL},
    {"fma", "fma", 0, 0, 0, 0, NULL},
    {"fmax", "fmax", 0, 0, 0, 0, NULL},
    {"fmin", "fmin", 0, 0, 0, 0, NULL},
    {"fmod", "fmod", 0, 0, 0, 0, NULL},
    {"fract", "fract", 0, 0, 0, 0, NULL},
    {"frexp", "frexp", 0, 0, 0, 0, NULL},
    {"hypot", "hypot", 4, 4, 4, 0, NULL},
    {"ilogb", "ilogb", 0, 0, 0, 0, NULL},
    {"ldexp", "ldexp", 0, 0, 0, 0, NULL},
    {"lgamma", "lgamma", 16, 16, 16, 1, "7.4 leaves lgamma's accuracy undefined: the error is recorded, counted against 16 ulp"},
    {"lgamma_r", "lgamma_r", 16, 16, 16, 1, "7.4 leaves lgamma_r's accuracy undefined: the error is recorded, counted against 16 ulp"},
    {"log", "log", 3, 4, 3, 0, NULL},
    {"log2", "log2", 3, 4, 3, 0, NULL},
    {"log10", "log10", 3, 4, 3, 0, NULL},
    {"log1p", "log1p", 2, 4, 2, 0, NULL},
    {"logb", "logb", 0, 0, 0, 0, NULL},
    {"mad", "mad", 0, 0, 0, 1, "OpenCL C 1.2 7.4 allows mad any value (OpenCL C 3.0: fma or a correctly rounded multiply and add): recorded against fma's correctly rounded result"},
    {"maxmag", "maxmag", 0, 0, 0, 0, NULL},
    {"minmag", "minmag", 0, 0, 0, 0, NULL},
    {"modf", "modf", 0, 0, 0, 0, NULL},
    {"nan", "nan", 0, 0, 0, 0, NULL},
    {"nextafter", "nextafter", 0, 0, 0, 0, NULL},
    {"pow", "pow", 16, 16, 16, 0, NULL},
    {"pown", "pown", 16, 16, 16, 0, NULL},
    {"powr", "powr", 16, 16, 16, 0, NULL},
    {"remainder", "remainder", 0, 0, 0, 0, NULL},
    {"remquo", "remquo", 0, 0, 0, 0, NULL},
    {"rint", "rint", 0, 0, 0, 0, NULL},
    {"rootn", "rootn", 16, 16, 16, 0, NULL},
    {"round", "round", 0, 0, 0, 0, NULL},
    {"rsqrt", "rsqrt", 2, 4, 2, 0, NULL},
    {"sin", "sin", 4, 4, 4, 0, NULL},
    {"sincos", "sincos", 4, 4, 4, 0, NULL},
    {"sinh", "sinh", 4, 4, 4, 0, NULL},
    {"sinpi", "sinpi", 4, 4, 4, 0, NULL},
    {"sqrt", "sqrt", 3, 4, 0, 0, NULL},
    {"tan", "tan", 5, 5, 5, 0, NULL},
    {"tanh", "tanh", 5, 5, 5, 0, NULL},
    {"tanpi", "tanpi", 6, 6, 6, 0, NULL},
    {"tgamma", "tgamma", 16, 16, 16, 0, NULL},
    {"trunc", "trunc", 0, 0, 0, 0, NULL},
    {"divide", "divide", 2.5, 3, 0, 0, NULL},
    {"recip", "recip", 2.5, 3, 0, 0, NULL},
};

/* The functions with half_ and native_ variants (6.12.2, Table 6.9). */
static const char *const hn_names[] = {"cos", "divide", "exp", "exp2", "exp10", "log", "log2", "log10",
                                       "powr", "recip", "rsqrt", "sin", "sqrt", "tan", NULL};

static const tinfo T_FLOAT = {MR_FLOAT, "float", "f", 24, -126, 127};
static const tinfo T_DOUBLE = {MR_DOUBLE, "double", "", 53, -1022, 1023};

/* ---- a deterministic generator (xorshift64*) ---------------------------- */

static uint64_t rng_state;

static uint64_t rnd64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static double rnd_unit(void) { return (double)(rnd64() >> 11) * 0x1p-53; }

static void seed(const char *name, const tinfo *t)
{
    uint64_t h = 1469598103934665603ULL;
    for (const char *c = name; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    h ^= (uint64_t)t->t * 0x9E3779B97F4A7C15ULL;
    rng_state = h ? h : 1;
}

/* ---- values of a type ------------------------------------------------- */

static double to_type(const tinfo *t, double v) { return t->t == MR_FLOAT ? (double)(float)v : v; }

static double denorm_min(const tinfo *t) { return ldexp(1.0, t->emin - t->p + 1); }
static double min_normal(const tinfo *t) { return ldexp(1.0, t->emin); }
static double max_finite(const tinfo *t) { return t->t == MR_FLOAT ? (double)FLT_MAX : DBL_MAX; }

/* The next value of the type above v (v finite). */
static double next_up(const tinfo *t, double v)
{
    return t->t == MR_FLOAT ? (double)nextafterf((float)v, INFINITY) : nextafter(v, INFINITY);
}
static double next_down(const tinfo *t, double v)
{
    return t->t == MR_FLOAT ? (double)nextafterf((float)v, -INFINITY) : nextafter(v, -INFINITY);
}

/* A finite value with random bits: every exponent equally likely. */
static double rnd_bits(const tinfo *t)
{
    for (;;) {
        uint64_t b = rnd64();
        double v;
        if (t->t == MR_FLOAT) {
            uint32_t u = (uint32_t)b;
            float f;
            memcpy(&f, &u, sizeof f);
            v = f;
        } else {
            memcpy(&v, &b, sizeof v);
        }
        if (isfinite(v))
            return v;
    }
}

static double rnd_in(const tinfo *t, double lo, double hi) { return to_type(t, lo + (hi - lo) * rnd_unit()); }

/* |v| log-uniform in [lo, hi] (lo > 0), random sign when both_signs. */
static double rnd_log(const tinfo *t, double lo, double hi, int both_signs)
{
    double v = exp(log(lo) + (log(hi) - log(lo)) * rnd_unit());
    if (both_signs && (rnd64() & 1))
        v = -v;
    return to_type(t, v);
}

static int is_subnormal(const tinfo *t, double v) { return v != 0 && isfinite(v) && fabs(v) < min_normal(t); }

/* ---- inputs ------------------------------------------------------------- */

static void add(inputs *in, double x, double y, double z, long n)
{
    if (in->count == N_IN)
        return;
    in->x[in->count] = x;
    in->y[in->count] = y;
    in->z[in->count] = z;
    in->n[in->count] = n;
    in->count++;
}

/* The special values of 7.5 and the type's edges. */
static size_t specials(const tinfo *t, double *v)
{
    double base[] = {0.0, INFINITY, NAN, denorm_min(t), min_normal(t) - denorm_min(t), min_normal(t),
                     max_finite(t), 1.0, 0.5, 2.0, 3.0, 1.5, to_type(t, M_PI), 10.0, 100.0, 0.1};
    size_t n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        v[n++] = to_type(t, base[i]);
        if (!isnan(base[i]))
            v[n++] = -to_type(t, base[i]);
    }
    return n;
}

/* A smaller set for the cross products of two- and three-argument functions. */
static size_t small_specials(const tinfo *t, double *v)
{
    double base[] = {0.0, INFINITY, NAN, denorm_min(t), 1.0, 2.5, max_finite(t)};
    size_t n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        v[n++] = to_type(t, base[i]);
        if (!isnan(base[i]))
            v[n++] = -to_type(t, base[i]);
    }
    return n;
}

static int is(const char *a, const char *b) { return strcmp(a, b) == 0; }

static int is_trig(const char *r) { return is(r, "sin") || is(r, "cos") || is(r, "tan") || is(r, "sincos"); }
static int is_pi_trig(const char *r) { return is(r, "sinpi") || is(r, "cospi") || is(r, "tanpi"); }
static int is_rounding(const char *r)
{
    return is(r, "ceil") || is(r, "floor") || is(r, "rint") || is(r, "round") || is(r, "trunc") ||
           is(r, "fract") || is(r, "modf");
}

/* Where a function is interesting: [lo, hi] for its focused random inputs
 * (log: magnitudes log-uniform, both signs unless lo >= 0). */
static void focus(const char *r, const tinfo *t, double *lo, double *hi, int *logscale)
{
    int dbl = t->t == MR_DOUBLE;
    *logscale = 0;
    *lo = -10;
    *hi = 10;
    if (is(r, "acos") || is(r, "asin") || is(r, "acospi") || is(r, "asinpi") || is(r, "atanh")) {
        *lo = -1; *hi = 1;
    } else if (is(r, "acosh")) {
        *lo = 1; *hi = 1e4; *logscale = 1;
    } else if (is_trig(r)) {
        *lo = -1e4; *hi = 1e4;
    } else if (is_pi_trig(r)) {
        *lo = -8; *hi = 8;
    } else if (is(r, "cosh") || is(r, "sinh")) {
        *lo = dbl ? -711 : -90; *hi = -*lo;
    } else if (is(r, "exp") || is(r, "expm1")) {
        *lo = dbl ? -746 : -104; *hi = dbl ? 710 : 89;
    } else if (is(r, "exp2")) {
        *lo = dbl ? -1076 : -151; *hi = dbl ? 1024 : 128;
    } else if (is(r, "exp10")) {
        *lo = dbl ? -324 : -46; *hi = dbl ? 309 : 39;
    } else if (is(r, "erf") || is(r, "erfc")) {
        *lo = -6; *hi = dbl ? 27 : 11;
    } else if (is(r, "tgamma")) {
        *lo = dbl ? -180 : -40; *hi = dbl ? 172 : 36;
    } else if (is(r, "lgamma") || is(r, "lgamma_r")) {
        *lo = -30; *hi = 60;
    } else if (is(r, "log") || is(r, "log2") || is(r, "log10") || is(r, "rsqrt") || is(r, "sqrt") ||
               is(r, "cbrt") || is(r, "logb") || is(r, "frexp") || is(r, "ilogb") || is(r, "recip") ||
               is(r, "atan") || is(r, "atanpi") || is(r, "asinh") || is(r, "tanh")) {
        *lo = dbl ? 1e-300 : 1e-40; *hi = dbl ? 1e300 : 1e38; *logscale = 1;
    } else if (is(r, "log1p")) {
        *lo = -1; *hi = 10;
    } else if (is_rounding(r)) {
        *lo = -1e3; *hi = 1e3;
    } else if (is(r, "pow") || is(r, "powr")) {
        *lo = 0; *hi = 100;
    } else if (is(r, "pown") || is(r, "rootn")) {
        *lo = -100; *hi = 100;
    }
}

/* Inputs that implementations get wrong: large trig arguments, the edges
 * of exp's range, log near 1, halfway cases of the rounding functions. */
static void extras(const char *r, const tinfo *t, inputs *in)
{
    int dbl = t->t == MR_DOUBLE;
    double u1 = next_up(t, 1.0) - 1.0; /* the ulp of 1 */
    if (is_trig(r)) {
        double big[] = {1e3, 1e4, 1e5, 1e6, 1e7, 16777216.0, 1073741824.0, 1e10, 1e15, 1e20, 1e22, 1e30, 1e38,
                        dbl ? 1e100 : 3e38, dbl ? 1e200 : 1e37, dbl ? 1e300 : 2e38};
        for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
            add(in, to_type(t, big[i]), 0, 0, 0);
            add(in, -to_type(t, big[i]), 0, 0, 0);
        }
        /* the multiples of pi/2 nearest the type's numbers, where the
         * result is all cancellation */
        for (int k = 1; k <= 100; k++)
            add(in, to_type(t, k * M_PI_2), 0, 0, 0);
        for (int k = 0; k < 40; k++) {
            double kk = floor(rnd_unit() * (dbl ? 1e15 : 1e6));
            add(in, to_type(t, kk * M_PI_2), 0, 0, 0);
        }
    }
    if (is_pi_trig(r)) {
        for (int k = -12; k <= 12; k++) {
            add(in, k, 0, 0, 0);
            add(in, k + 0.5, 0, 0, 0);
            add(in, to_type(t, k + 0.25), 0, 0, 0);
        }
        double big[] = {ldexp(1.0, t->p - 1) - 0.5, ldexp(1.0, t->p - 2) + 0.5, ldexp(1.0, t->p), 1e20};
        for (size_t i = 0; i < 4; i++) {
            add(in, to_type(t, big[i]), 0, 0, 0);
            add(in, -to_type(t, big[i]), 0, 0, 0);
        }
    }
    if (is(r, "exp") || is(r, "expm1") || is(r, "exp2") || is(r, "exp10") || is(r, "cosh") || is(r, "sinh")) {
        /* x where the result crosses the largest finite, the smallest
         * normal and the smallest subnormal */
        double scale = is(r, "exp2") ? 1 / M_LN2 : is(r, "exp10") ? 1 / M_LN10 : 1;
        double edges[] = {log(max_finite(t)), log(min_normal(t)), log(denorm_min(t)), log(denorm_min(t) / 2)};
        if (is(r, "cosh") || is(r, "sinh"))
            edges[0] += M_LN2;
        for (size_t i = 0; i < 4; i++) {
            double e = to_type(t, edges[i] * scale);
            for (int k = -3; k <= 3; k++) {
                double v = e;
                for (int s = 0; s < abs(k); s++)
                    v = k > 0 ? next_up(t, v) : next_down(t, v);
                add(in, v, 0, 0, 0);
            }
        }
        for (int k = 1; k < 30; k += 2) {
            add(in, ldexp(1.0, -k), 0, 0, 0);
            add(in, -ldexp(1.0, -k), 0, 0, 0);
        }
    }
    if (is(r, "log") || is(r, "log2") || is(r, "log10") || is(r, "log1p") || is(r, "pow") || is(r, "powr")) {
        double c = is(r, "log1p") ? 0.0 : 1.0;
        for (int k = 1; k <= 16; k++) {
            add(in, c + k * u1, 2.5, 0, 0);
            add(in, c - k * u1 / 2, 2.5, 0, 0);
        }
        for (int k = 1; k < t->p; k += 2) {
            add(in, to_type(t, c + ldexp(1.0, -k)), 3, 0, 0);
            add(in, to_type(t, c - ldexp(1.0, -k)), 3, 0, 0);
        }
        if (is(r, "log1p"))
            for (int k = 1; k <= 8; k++)
                add(in, -1 + k * u1 / 2, 0, 0, 0);
    }
    if (is(r, "acos") || is(r, "asin") || is(r, "acospi") || is(r, "asinpi") || is(r, "atanh") ||
        is(r, "acosh")) {
        for (int s = -1; s <= 1; s += 2) {
            add(in, s, 0, 0, 0);
            add(in, s * next_down(t, 1.0), 0, 0, 0);
            add(in, s * next_up(t, 1.0), 0, 0, 0);
            add(in, s * to_type(t, 0.5 + u1), 0, 0, 0);
        }
    }
    if (is(r, "tgamma") || is(r, "lgamma") || is(r, "lgamma_r")) {
        for (int k = 1; k <= 30; k++) {
            add(in, -k, 0, 0, 0);
            add(in, to_type(t, -k + 0.5), 0, 0, 0);
            add(in, next_up(t, -k), 0, 0, 0);
            add(in, next_down(t, -k), 0, 0, 0);
        }
        double top = dbl ? 171.6243769563027 : 35.04010009765625;
        add(in, to_type(t, top), 0, 0, 0);
        add(in, next_up(t, to_type(t, top)), 0, 0, 0);
        add(in, next_down(t, to_type(t, top)), 0, 0, 0);
        add(in, 1, 0, 0, 0);
        add(in, 2, 0, 0, 0);
    }
    if (is_rounding(r)) {
        for (int k = -8; k <= 8; k++) {
            add(in, k + 0.5, 0, 0, 0);
            add(in, next_up(t, k + 0.5), 0, 0, 0);
            add(in, next_down(t, k + 0.5), 0, 0, 0);
            add(in, to_type(t, k + 0.3), 0, 0, 0);
        }
        double h = ldexp(1.0, t->p - 1);
        add(in, h - 0.5, 0, 0, 0);
        add(in, -(h - 0.5), 0, 0, 0);
        add(in, h + 1, 0, 0, 0);
        add(in, next_down(t, 0.5), 0, 0, 0);
        add(in, -next_down(t, 0.5), 0, 0, 0);
        add(in, -denorm_min(t), 0, 0, 0);
        add(in, -ldexp(1.0, -t->p - 2), 0, 0, 0);
    }
}

static void pair_extras(const char *r, const tinfo *t, inputs *in)
{
    int dbl = t->t == MR_DOUBLE;
    if (is(r, "pow")) {
        /* integral and nearly integral exponents, negative bases */
        for (int k = -12; k <= 12; k++) {
            add(in, to_type(t, -1.5), k, 0, 0);
            add(in, to_type(t, 1.0 + 1.0 / 64), k * 100, 0, 0);
            add(in, to_type(t, -3.0), k, 0, 0);
            add(in, to_type(t, 2.0), next_up(t, k), 0, 0);
            add(in, to_type(t, 0.5), next_down(t, k), 0, 0);
        }
        add(in, to_type(t, 10), dbl ? 308 : 38, 0, 0);
        add(in, to_type(t, 10), dbl ? 309 : 39, 0, 0);
        add(in, to_type(t, 2), dbl ? 1023.5 : 127.5, 0, 0);
        add(in, to_type(t, 2), dbl ? -1074 : -149, 0, 0);
        add(in, -1, INFINITY, 0, 0);
        add(in, -1, -INFINITY, 0, 0);
        add(in, -0.0, -INFINITY, 0, 0);
        add(in, 0.0, -3, 0, 0);
        add(in, -0.0, -3, 0, 0);
        add(in, -0.0, 3, 0, 0);
    }
    if (is(r, "powr")) {
        for (int k = -12; k <= 12; k++) {
            add(in, to_type(t, 1.0 + 1.0 / 64), k * 100, 0, 0);
            add(in, to_type(t, 2.0), next_up(t, k), 0, 0);
        }
        add(in, 1, INFINITY, 0, 0);
        add(in, 1, -INFINITY, 0, 0);
        add(in, INFINITY, 0, 0, 0);
        add(in, 0.0, 0.0, 0, 0);
    }
    if (is(r, "fmod") || is(r, "remainder") || is(r, "remquo")) {
        for (int k = 1; k <= 20; k++) {
            double y = rnd_in(t, 0.5, 4);
            add(in, to_type(t, k * y), y, 0, 0);
            add(in, to_type(t, (k + 0.5) * y), y, 0, 0);
            add(in, to_type(t, -(k + 0.5) * y), y, 0, 0);
        }
        add(in, max_finite(t), denorm_min(t), 0, 0);
        add(in, max_finite(t), to_type(t, 3.3), 0, 0);
        add(in, to_type(t, 1e30), to_type(t, M_PI), 0, 0);
    }
    if (is(r, "hypot") || is(r, "divide")) {
        add(in, max_finite(t), max_finite(t), 0, 0);
        add(in, max_finite(t), to_type(t, 0.5), 0, 0);
        add(in, denorm_min(t), denorm_min(t), 0, 0);
        add(in, min_normal(t), to_type(t, 3), 0, 0);
        add(in, to_type(t, 1), to_type(t, 3), 0, 0);
        add(in, to_type(t, 1), max_finite(t), 0, 0);
    }
    if (is(r, "nextafter")) {
        double v[] = {0.0, -0.0, denorm_min(t), -denorm_min(t), min_normal(t), -min_normal(t),
                      max_finite(t), 1.0, -1.0};
        for (size_t i = 0; i < 9; i++) {
            add(in, v[i], 1, 0, 0);
            add(in, v[i], -1, 0, 0);
            add(in, v[i], v[i], 0, 0);
            add(in, v[i], INFINITY, 0, 0);
        }
    }
}

/* Fills the rest with seeded random inputs: half in the function's focus
 * interval, half random finite bit patterns (every exponent alike); pow and
 * powr get small bases with integral and fractional exponents, fma some
 * cancelling addends, ldexp/pown/rootn exponents across their range. */
static void fill_random(const fn_spec *s, const tinfo *t, mr_args args, inputs *in)
{
    double lo, hi;
    int lg;
    focus(s->ref, t, &lo, &hi, &lg);
    while (in->count < N_IN) {
        int which = (int)(rnd64() % 10);
        double x;
        if (which < 5)
            x = lg ? rnd_log(t, lo, hi, 1) : rnd_in(t, lo, hi);
        else if (which < 6 && lg)
            x = fabs(rnd_log(t, lo, hi, 0));
        else
            x = rnd_bits(t);
        double y = 0, z = 0;
        long n = 0;
        if (args == MR_XY || args == MR_XYZ) {
            int w2 = (int)(rnd64() % 10);
            if (is(s->ref, "pow") || is(s->ref, "powr")) {
                x = fabs(x) * (is(s->ref, "pow") && (rnd64() & 3) == 0 ? -1 : 1);
                y = w2 < 3 ? (double)((long)(rnd64() % 41) - 20) : rnd_in(t, -40, 40);
                if (w2 < 6)
                    x = rnd_in(t, 0, 4) * (is(s->ref, "pow") && (rnd64() & 1) ? -1 : 1);
            } else {
                y = w2 < 5 ? (lg ? rnd_log(t, lo, hi, 1) : rnd_in(t, lo, hi)) : rnd_bits(t);
                if (w2 < 3)
                    y = rnd_log(t, 1e-6, 1e6, 1);
            }
            if (args == MR_XYZ) {
                z = rnd64() & 1 ? rnd_bits(t) : rnd_log(t, 1e-3, 1e3, 1);
                if ((rnd64() & 3) == 0)
                    z = -to_type(t, x * y); /* cancellation */
            }
        } else if (args == MR_XN) {
            if (is(s->ref, "ldexp"))
                n = (long)(rnd64() % (uint64_t)(2 * (t->emax + t->p + 10) + 1)) - (t->emax + t->p + 10);
            else if (is(s->ref, "rootn"))
                n = (long)(rnd64() % 41) - 20;
            else
                n = (long)(rnd64() % 81) - 40;
            if (is(s->ref, "pown") && (rnd64() % 3) == 0)
                x = rnd_in(t, -4, 4);
        }
        add(in, x, y, z, n);
    }
}

void gm_make_inputs(const fn_spec *s, const tinfo *t, mr_args args, inputs *in)
{
    memset(in, 0, sizeof *in);
    seed(s->ref, t);
    double sp[40];
    if (args == MR_CODE) {
        for (size_t i = 0; i < N_IN; i++)
            add(in, 0, 0, 0, (long)(i < 8 ? i : rnd64() & (t->t == MR_FLOAT ? 0x3fffffu : 0x7ffffffu)));
        return;
    }
    if (args == MR_X) {
        size_t n = specials(t, sp);
        for (size_t i = 0; i < n; i++)
            add(in, sp[i], 0, 0, 0);
        extras(s->ref, t, in);
    } else if (args == MR_XY || args == MR_XYZ) {
        size_t n = small_specials(t, sp);
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                add(in, sp[i], sp[j], args == MR_XYZ ? sp[(i + j) % n] : 0, 0);
        if (args == MR_XYZ)
            for (size_t i = 0; i < n; i++)
                for (size_t j = 0; j < n; j++)
                    add(in, to_type(t, 1.5), sp[i], sp[j], 0);
        pair_extras(s->ref, t, in);
    } else if (args == MR_XN) {
        size_t n = small_specials(t, sp);
        long ns[] = {0, 1, -1, 2, -2, 3, -3, 4, -4};
        if (is(s->ref, "ldexp")) {
            ns[3] = t->emax + t->p;
            ns[4] = -(t->emax + t->p);
            ns[5] = t->emax;
            ns[6] = t->emin - t->p;
        }
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < 9; j++)
                add(in, sp[i], 0, 0, ns[j]);
        if (is(s->ref, "ldexp")) {
            add(in, to_type(t, 1.5), 0, 0, t->emin - t->p);     /* rounds to the smallest subnormal... */
            add(in, to_type(t, 1.5), 0, 0, t->emin - t->p + 1); /* ...or to twice it */
            add(in, to_type(t, 1.75), 0, 0, t->emax);
            add(in, to_type(t, 0.75), 0, 0, t->emax + 1);
        }
    }
    fill_random(s, t, args, in);
}

/* ---- reference tokens ----------------------------------------------------- */

static void fmt_double(double v, char *buf, size_t len)
{
    if (isnan(v))
        snprintf(buf, len, "nan");
    else if (isinf(v))
        snprintf(buf, len, v > 0 ? "inf" : "-inf");
    else if (v == 0)
        snprintf(buf, len, signbit(v) ? "-0" : "0");
    else
        snprintf(buf, len, "%a", v);
}

static int is_pow2(double v) { return v != 0 && isfinite(v) && fabs(v) == ldexp(1.0, ilogb(v)); }

/* Appends an alternative to a token. */
static void alt(char *tok, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void alt(char *tok, size_t len, const char *fmt, ...)
{
    size_t used = strlen(tok);
    if (used && used < len - 1)
        tok[used++] = '|';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tok + used, len - used, fmt, ap);
    va_end(ap);
}

/* The alternatives for one float result of the reference: exact (`=`) when
 * the bound is 0 or the value is prescribed (C99 F.9 or the unified spec's
 * "Additional Requirements Beyond C99 TC2" list it for this function and
 * these operands: see prescribed()), and for an infinite result (no finite
 * number is within any ulp of it); else the high precision value, judged in
 * ulp. A zero that is not prescribed is written without `=`: within the
 * bound of it are both zeros (the ulp measure does not see the sign) and the
 * subnormals up to the bound. For a 0-ulp result, prescribed says whether
 * the sign of a zero is fixed (zero_sign_fixed()); where it is not, the
 * zero is written without `=` too (ledger: math-zero-sign). prefix: "" or
 * "ftz:". */
static void ref_alts(const tinfo *t, double cr, int exact, double hi, double lo, double bound, int prescribed,
                     const char *prefix, char *tok, size_t len)
{
    char a[64], b[64];
    if (isnan(cr)) {
        alt(tok, len, "%snan", prefix);
        return;
    }
    if (bound == 0 && cr == 0 && !prescribed) {
        alt(tok, len, "%s%s", prefix, signbit(cr) ? "-0x0p+0" : "0x0p+0");
        return;
    }
    if (bound == 0 || (exact && prescribed) || isinf(hi)) {
        fmt_double(cr, a, sizeof a);
        alt(tok, len, "%s=%s", prefix, a);
        if (cr == 0 && !exact) {
            /* A result too small even for the reference's double hi: not
             * a zero Annex F prescribes but an underflow, so either zero
             * is within any bound, and the smallest subnormal within 1 ulp. */
            if (bound > 0)
                alt(tok, len, "%s=%s", prefix, signbit(cr) ? "0" : "-0");
            if (bound >= 1) {
                fmt_double(copysign(denorm_min(t), cr), b, sizeof b);
                alt(tok, len, "%s=%s", prefix, b);
            }
        }
        return;
    }
    if (hi == 0 && lo == 0) {
        /* a real result of zero (or an underflow past the double hi) that no
         * list prescribes: judged in ulp, its sign not seen */
        alt(tok, len, "%s%s", prefix, signbit(hi) ? "-0x0p+0" : "0x0p+0");
        return;
    }
    fmt_double(hi, a, sizeof a);
    if ((t->t == MR_FLOAT && fabs(hi) > max_finite(t)) || (isinf(cr) && isfinite(hi)))
        alt(tok, len, "%s=%s", prefix, hi > 0 ? "inf" : "-inf"); /* past the top: overflow (F.9) */
    if (lo != 0 && (t->t == MR_DOUBLE || is_pow2(hi))) {
        fmt_double(lo, b, sizeof b);
        alt(tok, len, "%s%s~%s", prefix, a, b);
    } else {
        alt(tok, len, "%s%s", prefix, a);
    }
}

/* ---- writing ------------------------------------------------------------ */

static int mkdirs(const char *path)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    return mkdir(buf, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

FILE *gm_open_out(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "gen_math: %s: %s\n", path, strerror(errno));
        exit(1);
    }
    return f;
}

/* Does C99 F.9 (for the functions C99 has) or the unified spec's list
 * "Additional Requirements Beyond C99 TC2" (for the others, and powr, pown,
 * rootn, exp10, the pi functions) prescribe the result of ref at these
 * operands? Only those values are exact, sign included ("Those values shall
 * produce exactly the prescribed answers, and no other"); every other result
 * is judged within the function's ulp bound. NaN results are NaN whichever
 * the rule. half_ functions follow the same edge cases as the full ones. */
static int prescribed(const char *ref, double x, double y, long n)
{
#define Z(v) ((v) == 0)
#define INF(v) (isinf(v))
    if (is(ref, "acos") || is(ref, "acospi"))
        return x == 1; /* F.9.1.1 acos(1) = +0; the list: acospi(1) = +0 (acospi(0) = 0.5 is not listed) */
    if (is(ref, "asin") || is(ref, "asinpi") || is(ref, "sin") || is(ref, "cos") || is(ref, "tan") ||
        is(ref, "sincos"))
        return Z(x); /* F.9.1.2, F.9.1.5-7; asinpi(+-0) on the list */
    if (is(ref, "atan") || is(ref, "atanpi") || is(ref, "asinh") || is(ref, "cosh") || is(ref, "sinh") ||
        is(ref, "tanh") || is(ref, "exp") || is(ref, "exp2") || is(ref, "expm1") || is(ref, "cbrt") ||
        is(ref, "sqrt") || is(ref, "erf") || is(ref, "tgamma"))
        return Z(x) || INF(x); /* F.9.1.3, F.9.2.2, 4-6, F.9.3.1-3, F.9.4.1, F.9.4.5, F.9.5.1, F.9.5.4 */
    if (is(ref, "atan2") || is(ref, "atan2pi") || is(ref, "hypot"))
        return Z(x) || Z(y) || INF(x) || INF(y); /* F.9.1.4, F.9.4.3; atan2pi on the list */
    if (is(ref, "lgamma") || is(ref, "lgamma_r"))
        return Z(x) || INF(x) || x == 1 || x == 2 || (x < 0 && x == floor(x)); /* F.9.5.3 */
    if (is(ref, "acosh"))
        return x == 1 || INF(x); /* F.9.2.1 */
    if (is(ref, "atanh"))
        return Z(x) || fabs(x) == 1; /* F.9.2.3 */
    if (is(ref, "exp10") || is(ref, "erfc"))
        return INF(x); /* the list: exp10(+-inf); F.9.5.2: erfc(+-inf) (erfc(0) = 1 is not listed) */
    if (is(ref, "log") || is(ref, "log2") || is(ref, "log10"))
        return Z(x) || x == 1 || INF(x); /* F.9.3.7, 8, 10 */
    if (is(ref, "log1p"))
        return Z(x) || x == -1 || INF(x); /* F.9.3.9 */
    if (is(ref, "pow"))
        return Z(x) || Z(y) || INF(x) || INF(y) || x == 1; /* F.9.4.4; the list: pow(+-0, -inf) */
    if (is(ref, "pown"))
        return n == 0 || Z(x); /* the list (pown(+-inf, n) is not) */
    if (is(ref, "rootn"))
        return Z(x); /* the list (rootn(+-inf, n) is not) */
    if (is(ref, "powr"))
        return (Z(y) && isfinite(x) && x > 0) || Z(x) || (x == 1 && isfinite(y)); /* the list */
    if (is(ref, "sinpi") || is(ref, "tanpi"))
        return isfinite(x) && (x == floor(x) || (is(ref, "tanpi") && x - floor(x) == 0.5)); /* the list */
    if (is(ref, "cospi"))
        return Z(x) || (isfinite(x) && x - floor(x) == 0.5); /* the list (cospi(n) = +-1 is not) */
    /* rsqrt, divide, recip: on neither list; lgamma, mad: not judged;
     * the 0-ulp functions are exact anyway */
    return 0;
#undef Z
#undef INF
}

/* Does the spec fix the sign of a zero result of the 0-ulp function ref at
 * these operands (output out: 0, or 1 for the second float result)? The
 * 0-ulp bound of "Relative Error as ULPs" does not see the sign of a zero,
 * so only an explicit rule fixes it: C99 F.9 (which "Edge Case Behavior"
 * imports), the list "Additional Requirements Beyond C99 TC2", or the
 * function's own definition in the Math Functions table. Every other zero
 * passes with either sign. The list mirrors the ledger entry
 * math-zero-sign, which scripts/math/check_zero_signs.py checks the
 * generated references against. */
static int zero_sign_fixed(const char *ref, double x, double y, int out)
{
    if (is(ref, "ceil"))
        return x == 0 || (x > -1 && x < 0);   /* F.9.6.1 ceil(+-0); the list: ceil(-1 < x < 0) = -0 */
    if (is(ref, "floor"))
        return x == 0;                        /* F.9.6.2 (floor(0 < x < 1) is on no list) */
    if (is(ref, "trunc"))
        return x == 0 || (x > -1 && x < 0);   /* F.9.6.8; the list: trunc(-1 < x < 0) = -0 */
    if (is(ref, "round"))
        return x == 0 || (x > -0.5 && x < 0); /* F.9.6.6; the list: round(-0.5 < x < 0) = -0 */
    if (is(ref, "rint"))
        return x == 0 || (x >= -0.5 && x < 0); /* F.9.6.4; the list: rint(-0.5 <= x < 0) = -0 */
    if (is(ref, "fabs") || is(ref, "frexp") || is(ref, "ldexp"))
        return x == 0; /* F.9.4.2 fabs(+-0) = +0, F.9.3.4, F.9.3.6 (an underflow of ldexp is not) */
    if (is(ref, "copysign") || is(ref, "fmax") || is(ref, "fmin") || is(ref, "maxmag") || is(ref, "minmag"))
        return 1; /* the table: the result is x with y's sign, or one of the operands */
    if (is(ref, "fdim"))
        return !(x > y); /* the table: "+0 if x is less than or equal to y" */
    if (is(ref, "fma"))
        return 1; /* the table: "Edge case behavior is per the IEEE 754-2008 standard" (6.3) */
    if (is(ref, "fmod"))
        return 1; /* F.9.7.1: as though implemented by ... copysign(result, x) */
    if (is(ref, "remainder") || is(ref, "remquo") || is(ref, "modf"))
        return 1; /* the table: "If r is zero, it is given the same sign as x"; modf's parts have x's sign */
    if (is(ref, "fract"))
        return x == 0 || (out == 0 && isinf(x)); /* the list: fract(+-0), fract(+-inf) */
    /* nextafter (nextafter(x, x) and the zero next to +-the smallest
     * subnormal: ledger math-zero-sign), logb, divide and recip (operators),
     * mad (not judged); sqrt's +-0 is prescribed() */
    (void)y;
    return 0;
}

/* Where a half_ function's result is undefined: outside the domain 6.12.2
 * gives it. */
static int half_out_of_domain(const char *name, double x)
{
    if (is(name, "half_cos") || is(name, "half_sin") || is(name, "half_tan"))
        return !(fabs(x) <= 65536.0);
    if (is(name, "half_powr"))
        return x < 0;
    return 0;
}

/* Writes the reference of every output element for function name (the
 * base function, or its half_ variant with domain restrictions). */
void gm_write_refs(FILE *f, const fn_spec *s, const char *name, const tinfo *t, mr_args args, mr_outs outs,
                   const inputs *in, double bound, int first_unjudged)
{
    fprintf(f, "# %s(%s): reference results from MPFR (scripts/math/gen_math.c); generated, do not edit.\n",
            name, t->tn);
    char (*second)[160] = calloc(N_IN, sizeof *second);
    for (size_t i = 0; i < N_IN; i++) {
        mr_result r;
        double x = in->x[i], y = in->y[i], z = in->z[i];
        long n = in->n[i];
        mr_eval(s->ref, t->t, x, y, z, n, &r);
        int sp = prescribed(s->ref, x, y, n);
        int zs0 = sp || zero_sign_fixed(s->ref, x, y, 0), zs1 = sp || zero_sign_fixed(s->ref, x, y, 1);
        char tok[512] = "";
        char tok2[160] = "";
        if (strncmp(name, "half_", 5) == 0 && half_out_of_domain(name, x)) {
            snprintf(tok, sizeof tok, "*");
            snprintf(tok2, sizeof tok2, "*");
        } else if (outs == MR_INT) {
            /* ilogb: C99 7.12: FP_ILOGB0 is INT_MIN or -INT_MAX, FP_ILOGBNAN
             * INT_MIN or INT_MAX; ilogb(inf) is INT_MAX */
            if (isnan(x))
                snprintf(tok, sizeof tok, "-2147483648|2147483647");
            else if (x == 0)
                snprintf(tok, sizeof tok, "-2147483648|-2147483647");
            else if (isinf(x))
                snprintf(tok, sizeof tok, "2147483647");
            else
                snprintf(tok, sizeof tok, "%ld", r.ival);
        } else if (args == MR_CODE) {
            snprintf(tok, sizeof tok, "nan");
        } else {
            ref_alts(t, r.cr[0], r.exact[0], r.hi[0], r.lo[0], bound, zs0, "", tok, sizeof tok);
            if (is(s->ref, "rsqrt") && x == 0 && signbit(x))
                snprintf(tok, sizeof tok, "=-inf|=inf"); /* docs/spec-readings.md */
            if ((is(s->ref, "fmax") || is(s->ref, "fmin") || is(s->ref, "maxmag") || is(s->ref, "minmag")) &&
                x == 0 && y == 0)
                snprintf(tok, sizeof tok, "=0|=-0"); /* C99 F.9.9.2: the sign of zero need not be ordered */
            /* Edge Case Behavior in Flush to Zero Mode: a flushing device may
             * choose nextafter(-0, y > 0) = +FLT_MIN, nextafter(+0, y < 0) =
             * -FLT_MIN, and nextafter(+-FLT_MIN, y toward 0) = +-0. Where the
             * device has no subnormals FLT_MIN is the next number after
             * either zero, and a subnormal x may be flushed to the zero that
             * makes the list apply: copysign(FLT_MIN, y) for x zero or
             * subnormal and y non-zero, as the CTS accepts (ledger:
             * math-flush-to-zero) */
            if (is(s->ref, "nextafter") && t->t == MR_FLOAT && (x == 0 || is_subnormal(t, x)) && !isnan(y) &&
                y != 0)
                alt(tok, sizeof tok, "ftz:=%a", copysign(min_normal(t), y));
            if (is(s->ref, "nextafter") && t->t == MR_FLOAT && fabs(x) == min_normal(t) && !isnan(y) &&
                (x > 0 ? y < x : y > x))
                alt(tok, sizeof tok, "ftz:=%s", x > 0 ? "0" : "-0");
            int sub_in = t->t == MR_FLOAT && (is_subnormal(t, x) || is_subnormal(t, y) || is_subnormal(t, z));
            if (outs == MR_TWO) {
                double b2 = is(s->ref, "sincos") ? bound : 0;
                ref_alts(t, r.cr[1], r.exact[1], r.hi[1], r.lo[1], b2, zs1, "", tok2, sizeof tok2);
            } else if (outs == MR_INT2) {
                if (r.ival_judged)
                    snprintf(tok2, sizeof tok2, "=%ld", r.ival);
                else
                    snprintf(tok2, sizeof tok2, "*");
            }
            if (sub_in) {
                /* 7.5.3: a device without denormals may flush subnormal
                 * operands (to a zero of either sign) */
                for (int sgn = 0; sgn < 2; sgn++) {
                    double fx = is_subnormal(t, x) ? (sgn ? copysign(0.0, x) : 0.0) : x;
                    double fy = is_subnormal(t, y) ? (sgn ? copysign(0.0, y) : 0.0) : y;
                    double fz = is_subnormal(t, z) ? (sgn ? copysign(0.0, z) : 0.0) : z;
                    mr_result rf;
                    mr_eval(s->ref, t->t, fx, fy, fz, n, &rf);
                    char ft[256] = "";
                    int fsp = prescribed(s->ref, fx, fy, n);
                    ref_alts(t, rf.cr[0], rf.exact[0], rf.hi[0], rf.lo[0], bound, fsp || zero_sign_fixed(s->ref, fx, fy, 0),
                             "ftz:", ft, sizeof ft);
                    /* only while there is room for it (ulp.h: 4 alternatives) */
                    size_t alts = 1, falts = 1;
                    for (const char *c = tok; *c; c++)
                        alts += *c == '|';
                    for (const char *c = ft; *c; c++)
                        falts += *c == '|';
                    if (alts + falts <= 4)
                        alt(tok, sizeof tok, "%s", ft);
                    /* the second result of the flushed operands */
                    char ft2[160] = "";
                    if (outs == MR_TWO) {
                        double b2 = is(s->ref, "sincos") ? bound : 0;
                        ref_alts(t, rf.cr[1], rf.exact[1], rf.hi[1], rf.lo[1], b2, fsp || zero_sign_fixed(s->ref, fx, fy, 1),
                                 "ftz:", ft2, sizeof ft2);
                    } else if (outs == MR_INT2 && rf.ival_judged && strcmp(tok2, "*") != 0) {
                        snprintf(ft2, sizeof ft2, "ftz:=%ld", rf.ival);
                    }
                    size_t alts2 = 1;
                    for (const char *c = tok2; *c; c++)
                        alts2 += *c == '|';
                    if (*ft2 && alts2 < 4)
                        alt(tok2, sizeof tok2, "%s", ft2);
                }
            }
        }
        fprintf(f, "%s\n", first_unjudged ? "*" : tok);
        if (outs == MR_TWO || outs == MR_INT2)
            snprintf(second[i], sizeof second[i], "%s", tok2);
    }
    if (outs == MR_TWO || outs == MR_INT2) {
        fprintf(f, "# the second results\n");
        for (size_t i = 0; i < N_IN; i++)
            fprintf(f, "%s\n", second[i]);
    }
    free(second);
}

void gm_write_input_line(FILE *f, const char *pname, const char *type, const double *v, const long *nv,
                             const tinfo *t)
{
    fprintf(f, "input %s = %s:", pname, type);
    for (size_t i = 0; i < N_IN; i++) {
        char b[64];
        if (nv) {
            snprintf(b, sizeof b, "%ld", nv[i]);
        } else {
            fmt_double(to_type(t, v[i]), b, sizeof b);
        }
        fprintf(f, " %s", b);
    }
    fprintf(f, "\n");
}

/* The expression the kernel computes for one width: v names a vector or
 * scalar of the inputs. */
static void call_expr(const char *name, mr_args args, const tinfo *t, int w, char *buf, size_t len)
{
    char one[32];
    if (w == 1)
        snprintf(one, sizeof one, "1.0%s", t->sfx);
    else
        snprintf(one, sizeof one, "(%s%d)(1.0%s)", t->tn, w, t->sfx);
    if (is(name, "divide"))
        snprintf(buf, len, "a / b");
    else if (is(name, "recip"))
        snprintf(buf, len, "%s / a", one);
    else if (args == MR_X)
        snprintf(buf, len, "%s(a)", name);
    else if (args == MR_XY)
        snprintf(buf, len, "%s(a, b)", name);
    else if (args == MR_XYZ)
        snprintf(buf, len, "%s(a, b, c)", name);
    else if (args == MR_XN)
        snprintf(buf, len, "%s(a, k)", name);
    else
        snprintf(buf, len, "%s(a)", name);
}

void gm_write_quo_bits(FILE *f, int w, const char *var)
{
    if (w == 1) {
        fprintf(f, "    int m = (int)(abs(%s) & %du);\n    int q = %s < 0 ? -m : m;\n", var, MR_QUO_MASK, var);
    } else {
        char it[16];
        snprintf(it, sizeof it, "int%d", w);
        fprintf(f, "    %s m = convert_%s(abs(%s) & (uint)%d);\n    %s q = select(m, -m, %s < 0);\n", it, it, var,
                MR_QUO_MASK, it, var);
    }
}

/* One probe: the kernel body for width w. */
static void write_probe(FILE *f, const char *id, const char *name, mr_args args, mr_outs outs, const tinfo *t,
                        int w, const char *extra_keys)
{
    char vt[32], it[32];
    const char *T = t->tn;
    if (w == 1) {
        snprintf(vt, sizeof vt, "%s", T);
        snprintf(it, sizeof it, "int");
    } else {
        snprintf(vt, sizeof vt, "%s%d", T, w);
        snprintf(it, sizeof it, "int%d", w);
    }
    fprintf(f, "\n[probe %s]\n", id);
    fprintf(f, "global = %d\n", N_IN / w);
    if (extra_keys)
        fputs(extra_keys, f);
    fprintf(f, "body = <<END\n    size_t i = get_global_id(0);\n");
    /* loads */
#define LOAD(var, type, src)                                                                                \
    do {                                                                                                     \
        if (w == 1)                                                                                          \
            fprintf(f, "    %s %s = %s[i];\n", type, var, src);                                             \
        else                                                                                                 \
            fprintf(f, "    %s %s = vload%d(i, %s);\n", type, var, w, src);                                 \
    } while (0)
    if (args == MR_CODE) {
        char ct[32];
        const char *cb = t->t == MR_FLOAT ? "uint" : "ulong";
        if (w == 1)
            snprintf(ct, sizeof ct, "%s", cb);
        else
            snprintf(ct, sizeof ct, "%s%d", cb, w);
        LOAD("a", ct, "code");
    } else {
        LOAD("a", vt, "x");
        if (args == MR_XY || args == MR_XYZ)
            LOAD("b", vt, "y");
        if (args == MR_XYZ)
            LOAD("c", vt, "z");
        if (args == MR_XN)
            LOAD("k", it, "n");
    }
    char call[128];
    call_expr(name, args, t, w, call, sizeof call);
    char store_r[160], store_2[200];
    if (outs == MR_ONE || outs == MR_INT) {
        if (w == 1)
            fprintf(f, "    out[i] = %s;\n", call);
        else
            fprintf(f, "    vstore%d(%s, i, out);\n", w, call);
    } else {
        const char *second_t = outs == MR_TWO ? vt : it;
        /* remove the trailing ')' of the call to add the pointer */
        char c2[160];
        snprintf(c2, sizeof c2, "%.*s, &r2)", (int)strlen(call) - 1, call);
        fprintf(f, "    %s r2;\n    %s r1 = %s;\n", second_t, vt, c2);
        if (outs == MR_TWO) {
            snprintf(store_2, sizeof store_2, "r2");
        } else if (is(name, "remquo")) {
            gm_write_quo_bits(f, w, "r2");
            snprintf(store_2, sizeof store_2, w == 1 ? "(%s)q" : "convert_%s(q)", vt);
        } else {
            snprintf(store_2, sizeof store_2, w == 1 ? "(%s)r2" : "convert_%s(r2)", vt);
        }
        snprintf(store_r, sizeof store_r, "r1");
        if (w == 1)
            fprintf(f, "    out[i] = %s;\n    out[i + %d] = %s;\n", store_r, N_IN, store_2);
        else
            fprintf(f, "    vstore%d(%s, i, out);\n    vstore%d(%s, i, out + %d);\n", w, store_r, w, store_2, N_IN);
    }
    fprintf(f, "END\n");
}

static void bound_text(double b, char *buf, size_t len)
{
    if (b == 0)
        snprintf(buf, len, "correctly rounded / 0 ulp: the value exactly");
    else
        snprintf(buf, len, "at most %g ulp", b);
}

/* The functions whose float8 forms are probed, with their half_ and native_
 * variants: those that rusticl (Mesa 22.3, llvmpipe) compiles cheaply. The
 * whole suite's cold run has almost no time to spare, and rusticl's code
 * generation at first launch is what a float8 form costs: cold, one probe
 * a kernel, on a busy 2-core machine, at most 0.05 s for each
 * of these (nan 0.01 ... hypot 0.05), 0.06 to 0.94 s for the others
 * (trunc, frexp, ldexp, maxmag ... lgamma_r). */
static const char *const cheap_width8[] = {
    "acos", "acospi", "asin", "atan2pi", "atanpi", "ceil", "copysign", "exp2", "fabs", "fdim", "floor", "fmax",
    "fmin", "fract", "hypot", "ilogb", "logb", "mad", "minmag", "modf", "nan", "nextafter", "recip", "rint",
    "round", "rsqrt", NULL};

int gm_probes_width8(const char *name)
{
    for (size_t i = 0; cheap_width8[i]; i++)
        if (strcmp(cheap_width8[i], name) == 0)
            return 1;
    return 0;
}

/* The probes of function s at width w: the base function (and its
 * embedded-profile twin where 7.4's bounds differ), its half_ and native_
 * variants. */
static void write_width(FILE *f, const fn_spec *s, const tinfo *t, mr_args args, mr_outs outs, int has_hn, int w)
{
    char tw[16], id[128];
    if (w == 1)
        snprintf(tw, sizeof tw, "%s", t->tn);
    else
        snprintf(tw, sizeof tw, "%s%d", t->tn, w);
    snprintf(id, sizeof id, "math.%s.%s", s->name, tw);
    /* the embedded profile's bounds differ for some functions (7.4) */
    int split_profile = t->t == MR_FLOAT && s->emb != s->f;
    write_probe(f, id, s->name, args, outs, t, w, split_profile ? "requires = full_profile\n" : NULL);
    if (split_profile) {
        char keys[512];
        snprintf(keys, sizeof keys,
                 "requires = !full_profile\nexpect_ulp = %g\nwhy = OpenCL C 1.2 7.4 (embedded-profile ulp table) "
                 "gives %s at most %g ulp against the infinitely precise result (reference: MPFR).\n",
                 s->emb, s->name, s->emb);
        char eid[160];
        snprintf(eid, sizeof eid, "%s.embedded", id);
        write_probe(f, eid, s->name, args, outs, t, w, keys);
    }
    if (has_hn) {
        char hn[64], hid[160], keys[768];
        snprintf(hn, sizeof hn, "half_%s", s->name);
        snprintf(hid, sizeof hid, "math.%s.%s", hn, tw);
        snprintf(keys, sizeof keys,
                 "expect_ulp = %d\nexpect_file = %s.ref\nflush_to_zero = allowed\n"
                 "why = Relative Error as ULPs gives %s at most 8192 ulp; Additional Requirements Beyond C99 "
                 "TC2: the edge cases of %s apply unchanged (exact); outside the domain Math Functions gives it, "
                 "not judged; denormals are optional for half_ functions, which may return what Edge Case "
                 "Behavior in Flush to Zero Mode allows whatever CL_FP_DENORM says [ledger: math-half-functions].\n",
                 HALF, hn, hn, s->name);
        write_probe(f, hid, hn, args, outs, t, w, keys);
        snprintf(hn, sizeof hn, "native_%s", s->name);
        snprintf(hid, sizeof hid, "math.%s.%s", hn, tw);
        snprintf(keys, sizeof keys,
                 "kind = impl-defined\nwhy = 7.4: %s's accuracy is implementation-defined; its error against "
                 "%s's reference is recorded, not judged.\n", hn, s->name);
        write_probe(f, hid, hn, args, outs, t, w, keys);
    }
}

/* Writes one function family for type t: base function, half_ and native_
 * variants, embedded-profile variants where the bound differs. */
static void write_family(const char *dir, const fn_spec *s, const tinfo *t) /* dir: < 2048 bytes */
{
    mr_args args;
    mr_outs outs;
    if (mr_shape(s->ref, &args, &outs) != 0) {
        fprintf(stderr, "gen_math: no reference for %s\n", s->ref);
        exit(1);
    }
    double bound = t->t == MR_FLOAT ? s->f : s->d;
    static inputs in;
    gm_make_inputs(s, t, args, &in);
    char path[2200];
    if (strlen(dir) > 2048 - 1)
        exit(1);

    snprintf(path, sizeof path, "%s/%s.ref", dir, s->name);
    FILE *rf = gm_open_out(path);
    gm_write_refs(rf, s, s->name, t, args, outs, &in, bound, 0);
    fclose(rf);

    int has_hn = 0;
    for (size_t i = 0; hn_names[i]; i++)
        has_hn |= is(hn_names[i], s->name);
    has_hn = has_hn && t->t == MR_FLOAT;
    if (has_hn) {
        char hn[64];
        snprintf(hn, sizeof hn, "half_%s", s->name);
        snprintf(path, sizeof path, "%s/%s.ref", dir, hn);
        rf = gm_open_out(path);
        gm_write_refs(rf, s, hn, t, args, outs, &in, HALF, 0);
        fclose(rf);
    }

    snprintf(path, sizeof path, "%s/%s.probe", dir, s->name);
    FILE *f = gm_open_out(path);
    char bt[96];
    bound_text(bound, bt, sizeof bt);
    const char *more = t->t == MR_DOUBLE ? (full_widths ? " and 16" : "")
                       : gm_probes_width8(s->name) ? ", 16, 2 and 8" : ", 16 and 2";
    fprintf(f, "# %s(%s) for widths 1, 3, 4%s over the same %d inputs (special values of 7.5,\n"
               "# hard regions, seeded random values), judged in ulp against %s.ref.\n"
               "# Generated by scripts/math/gen_math.c (make regen-math); do not edit.\n\n[defaults]\n",
            s->name, t->tn, more, N_IN, s->name);
    fprintf(f, "spec = OpenCL C (unified): Math Functions\n");
    if (s->note)
        fprintf(f, "why = %s. Special values per 7.5 / C99 F.9 exactly.\n", s->note);
    else
        fprintf(f, "why = Relative Error as ULPs (1.2: 7.4, %s table) gives %s %s against the infinitely precise "
                   "result (reference: MPFR, rounded once); the values C99 F.9 or Additional Requirements Beyond C99 "
                   "TC2 (1.2: 7.5.1) prescribe for it are exact [ledger: math-prescribed-values]%s.\n",
                t->t == MR_FLOAT ? "single-precision" : "double-precision",
                is(s->name, "divide") ? "x / y" : is(s->name, "recip") ? "1.0 / x" : s->name, bt,
                bound == 0 ? "; a zero's sign is judged only where such a rule or the function's definition fixes "
                             "it [ledger: math-zero-sign]"
                           : "");
    fprintf(f, "kind = %s\n", s->impl ? "impl-defined" : "run");
    if (outs == MR_INT) {
        fprintf(f, "out = int[%d]\n", N_IN);
    } else {
        fprintf(f, "out = %s[%d]\n", t->tn, (outs == MR_ONE ? 1 : 2) * N_IN);
        fprintf(f, "expect_ulp = %g\n", bound);
    }
    fprintf(f, "expect_file = %s.ref\n", s->name);
    if (t->t == MR_DOUBLE) {
        fprintf(f, "requires = fp64\n");
        fprintf(f, "prelude = #pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    }
    if (args == MR_CODE) {
        static long codes[N_IN];
        for (size_t i = 0; i < N_IN; i++)
            codes[i] = in.n[i];
        gm_write_input_line(f, "code", t->t == MR_FLOAT ? "uint" : "ulong", NULL, codes, t);
    } else {
        gm_write_input_line(f, "x", t->tn, in.x, NULL, t);
        if (args == MR_XY || args == MR_XYZ)
            gm_write_input_line(f, "y", t->tn, in.y, NULL, t);
        if (args == MR_XYZ)
            gm_write_input_line(f, "z", t->tn, in.z, NULL, t);
        if (args == MR_XN)
            gm_write_input_line(f, "n", "int", NULL, in.n, t);
    }
    for (size_t wi = 0; wi < 4; wi++) {
        int w = widths[wi];
        if (t->t == MR_DOUBLE && w == 16 && !full_widths)
            continue;
        write_width(f, s, t, args, outs, has_hn, w);
    }
    /* Widths 2 and 8, float only, after the others so that the probes
     * before them keep their places. */
    for (size_t wi = 0; wi < 2 && t->t == MR_FLOAT; wi++)
        if (more_widths[wi] != 8 || gm_probes_width8(s->name))
            write_width(f, s, t, args, outs, has_hn, more_widths[wi]);
    /* Last, so that probes with these build options do not split the
     * batches of the others (batches share options). */
    for (size_t wi = 0; wi < 4 && t->t == MR_FLOAT && (is(s->name, "divide") || is(s->name, "recip") || is(s->name, "sqrt")); wi++) {
        /* 7.4 / 5.6.4.2: under -cl-fp32-correctly-rounded-divide-sqrt, on a
         * device that advertises it, within half an ulp: correctly rounded */
        int w = widths[wi];
        char keys[512], cid[160];
        snprintf(keys, sizeof keys,
                 "requires = fp_correctly_rounded_divide_sqrt\noptions = -cl-fp32-correctly-rounded-divide-sqrt\n"
                 "expect_ulp = 0.5\n");
        if (w == 1)
            snprintf(cid, sizeof cid, "math.%s.%s.correctly-rounded", s->name, t->tn);
        else
            snprintf(cid, sizeof cid, "math.%s.%s%d.correctly-rounded", s->name, t->tn, w);
        write_probe(f, cid, s->name, args, outs, t, w, keys);
    }
    if (gm_has_pointer_forms(s->name))
        gm_write_pointer_probes(f, dir, s, t, &in);
    fclose(f);
}

/* ---- geometric functions (6.12.5) ----------------------------------------- */

/* Vectors per width: 256 each, so over the widths a function sees at least
 * 1,000 inputs. */
#define N_GEO 256

typedef struct {
    const char *name;
    int fast;        /* fast_: float only, 8192-ulp class bounds */
    int abs_tol;     /* dot, cross: an absolute tolerance */
    double f0, fn;   /* float bound: f0 + fn * n ulp */
    double d0, dn;   /* double bound */
    double tol_k0, tol_kn; /* dot/cross: max * max * (k0 + kn * n) * FLT_EPSILON */
} geo_spec;

/* OpenCL C 3.0 section 7.4, single- and double-precision tables. */
static const geo_spec geos[] = {
    {"dot", 0, 1, 0, 0, 0, 0, -1, 2},
    {"cross", 0, 1, 0, 0, 0, 0, 3, 0},
    {"length", 0, 0, 2.75, 0.5, 5.5, 1, 0, 0},
    {"distance", 0, 0, 2.5, 2, 5.5, 2, 0, 0},
    {"normalize", 0, 0, 2, 1, 4.5, 1, 0, 0},
    {"fast_length", 1, 0, 8191.5, 1, 0, 0, 0, 0},
    {"fast_distance", 1, 0, 8191.5, 2, 0, 0, 0, 0},
    {"fast_normalize", 1, 0, 8192, 1, 0, 0, 0, 0},
};

/* A component: mostly moderate, some of wide magnitude (length and
 * distance must neither overflow nor lose everything to underflow: 7.5.1). */
static double geo_component(const tinfo *t, int fast)
{
    int w = (int)(rnd64() % 10);
    if (w < 7 || fast)
        return rnd_in(t, -100, 100);
    if (w < 9)
        return rnd_log(t, t->t == MR_FLOAT ? 1e-30 : 1e-200, t->t == MR_FLOAT ? 1e30 : 1e200, 1);
    return rnd_log(t, 1e-6, 1e6, 1);
}

static void write_vectors(FILE *f, const char *pname, const tinfo *t, const double *v, size_t count)
{
    fprintf(f, "input %s = %s:", pname, t->tn);
    for (size_t i = 0; i < count; i++) {
        char b[64];
        fmt_double(v[i], b, sizeof b);
        fprintf(f, " %s", b);
    }
    fprintf(f, "\n");
}

static void write_geometric(const char *dir, const geo_spec *g, const tinfo *t)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s.probe", dir, g->name);
    FILE *f = gm_open_out(path);
    int two = !is(g->name, "length") && !is(g->name, "normalize") && !is(g->name, "fast_length") &&
              !is(g->name, "fast_normalize");
    int vec_out = is(g->name, "cross") || strstr(g->name, "normalize") != NULL;
    fprintf(f, "# %s(%s) for each vector width, %d vectors each, judged against %s<n>.ref\n"
               "# (references from MPFR). Generated by scripts/math/gen_math.c (make regen-math); do not edit.\n\n"
               "[defaults]\nspec = OpenCL C (unified): Geometric Functions\n"
               "kind = run\n%s",
            g->name, t->tn, N_GEO, g->name,
            t->t == MR_DOUBLE ? "requires = fp64\nprelude = #pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                              : "requires = full_profile\n");
    for (int n = 1; n <= 4; n++) {
        if (is(g->name, "cross") && n < 3)
            continue;
        seed(g->name, t);
        for (int k = 0; k < n; k++)
            rnd64();
        static double x[N_GEO * 4], y[N_GEO * 4];
        for (int i = 0; i < N_GEO * n; i++) {
            x[i] = geo_component(t, g->fast);
            y[i] = geo_component(t, g->fast);
        }
        /* special vectors first: zeros (with -0), a NaN, an infinity, huge and tiny */
        double sv[] = {0.0, -0.0, NAN, INFINITY, -INFINITY, t->t == MR_FLOAT ? 1e30 : 1e300,
                       t->t == MR_FLOAT ? 1e-30 : 1e-300, denorm_min(t)};
        int n_special = g->fast ? 2 : 8;
        for (int s = 0; s < n_special; s++)
            for (int k = 0; k < n; k++) {
                x[s * n + k] = k == 0 || s < 2 ? to_type(t, sv[s]) : to_type(t, 1.5);
                y[s * n + k] = to_type(t, (s & 1) ? -0.5 : 2.0);
            }
        for (int k = 0; k < n; k++) { /* all components large: the squares overflow, the length does not */
            x[8 * n + k] = to_type(t, t->t == MR_FLOAT ? 3e38 : 1.7e308) * (k & 1 ? -1 : 1);
            x[9 * n + k] = to_type(t, t->t == MR_FLOAT ? 1e-40 : 1e-310);
            if (g->fast) {
                x[8 * n + k] = to_type(t, 1e3);
                x[9 * n + k] = to_type(t, 1e-3);
            }
        }
        double bound = t->t == MR_FLOAT ? g->f0 + g->fn * n : g->d0 + g->dn * n;
        /* dot, cross: the absolute tolerance, and at least the correctly
         * rounded result, which the tolerance can miss where the result
         * underflows (docs/spec-readings.md) */
        if (g->abs_tol)
            bound = 0.5;
        char ref[64];
        snprintf(ref, sizeof ref, "%s%d.ref", g->name, n);
        snprintf(path, sizeof path, "%s/%s", dir, ref);
        FILE *rf = gm_open_out(path);
        fprintf(rf, "# %s(%s%d): references from MPFR (scripts/math/gen_math.c); generated, do not edit.\n", g->name,
                t->tn, n);
        for (int i = 0; i < N_GEO; i++) {
            mr_result res[4];
            int nout = mr_geometric(g->name, t->t, &x[i * n], &y[i * n], n, res);
            double mx = 0;
            for (int k = 0; k < n; k++)
                mx = fmax(mx, fmax(fabs(x[i * n + k]), two ? fabs(y[i * n + k]) : 0));
            long double tol = g->abs_tol ? (long double)mx * mx * (g->tol_k0 + g->tol_kn * n) * FLT_EPSILON : 0;
            /* 7.4 derives the dot/cross bound from the operations done in
             * the type: where a product of finite operands overflows it, that
             * model says nothing (inf - inf), so the element is not judged;
             * so too where the tolerance itself is past the double range. */
            int overflow = 0;
            for (int k = 0; k < n && g->abs_tol; k++)
                for (int m = 0; m < n; m++)
                    overflow |= isfinite(x[i * n + k]) && isfinite(y[i * n + m]) &&
                                fabsl((long double)x[i * n + k] * y[i * n + m]) > max_finite(t);
            double sumsq = 0;
            for (int k = 0; k < n; k++)
                sumsq += x[i * n + k] * x[i * n + k];
            /* 7.5.3 (Edge Case Behavior in Flush to Zero Mode), item 3: a
             * device without denormals may flush subnormal operands first
             * (to a zero of either sign): those results are `ftz:`
             * alternatives, as for the math functions */
            int sub_in = 0;
            for (int k = 0; k < n; k++)
                sub_in |= is_subnormal(t, x[i * n + k]) || (two && is_subnormal(t, y[i * n + k]));
            sub_in &= t->t == MR_FLOAT;
            mr_result fres[2][4];
            int fzero[2] = {1, 1};
            for (int sgn = 0; sgn < 2 && sub_in; sgn++) {
                double fx[4], fy[4];
                for (int k = 0; k < n; k++) {
                    double a = x[i * n + k], b = y[i * n + k];
                    fx[k] = is_subnormal(t, a) ? (sgn ? copysign(0.0, a) : 0.0) : a;
                    fy[k] = is_subnormal(t, b) ? (sgn ? copysign(0.0, b) : 0.0) : b;
                    fzero[sgn] &= fx[k] == 0;
                }
                mr_geometric(g->name, t->t, fx, fy, n, fres[sgn]);
            }
            for (int k = 0; k < nout; k++) {
                char tok[512] = "";
                if (g->fast && is(g->name, "fast_normalize") && sumsq > max_finite(t)) {
                    snprintf(tok, sizeof tok, "*"); /* 6.12.5: undefined */
                } else if (g->abs_tol && (overflow || (isfinite(mx) && tol > DBL_MAX)) && !(is(g->name, "cross") && k == 3)) {
                    snprintf(tok, sizeof tok, "*");
                } else if (tol > 0 && !isnan(res[k].cr[0]) && isfinite(res[k].hi[0])) {
                    char a[64], b[64], c[64];
                    fmt_double(res[k].hi[0], a, sizeof a);
                    fmt_double(res[k].lo[0], b, sizeof b);
                    fmt_double((double)tol, c, sizeof c);
                    if (fabs(res[k].hi[0]) > max_finite(t))
                        alt(tok, sizeof tok, "=%s", res[k].hi[0] > 0 ? "inf" : "-inf"); /* overflow (F.9) */
                    if (res[k].lo[0] != 0)
                        alt(tok, sizeof tok, "%s~%s@%s", a, b, c);
                    else
                        alt(tok, sizeof tok, "%s@%s", a, c);
                } else {
                    /* the list prescribes normalize(v) = v for v all zeros (not
                     * fast_normalize's: within its 8192 ulp of p, sign unseen) */
                    int all_zero = 1;
                    for (int m = 0; m < n; m++)
                        all_zero &= x[i * n + m] == 0;
                    ref_alts(t, res[k].cr[0], res[k].exact[0], res[k].hi[0], res[k].lo[0], bound,
                             is(g->name, "normalize") && all_zero, "", tok, sizeof tok);
                    if (is(g->name, "fast_normalize") && sumsq < min_normal(t) && sumsq > 0)
                        alt(tok, sizeof tok, "=%a", x[i * n + k]); /* 6.12.5: may return p */
                    for (int sgn = 0; sgn < 2 && sub_in; sgn++) {
                        char ft[256] = "", plain[256] = "";
                        const mr_result *fr = &fres[sgn][k];
                        int pre = is(g->name, "normalize") && fzero[sgn];
                        ref_alts(t, fr->cr[0], fr->exact[0], fr->hi[0], fr->lo[0], bound, pre, "", plain, sizeof plain);
                        if (strcmp(plain, tok) == 0)
                            continue; /* flushing changes nothing here */
                        ref_alts(t, fr->cr[0], fr->exact[0], fr->hi[0], fr->lo[0], bound, pre, "ftz:", ft, sizeof ft);
                        size_t alts = 1, falts = 1; /* only while there is room (ulp.h: 4 alternatives) */
                        for (const char *c = tok; *c; c++)
                            alts += *c == '|';
                        for (const char *c = ft; *c; c++)
                            falts += *c == '|';
                        if (alts + falts <= 4 && !strstr(tok, ft))
                            alt(tok, sizeof tok, "%s", ft);
                    }
                }
                fprintf(rf, "%s\n", tok);
            }
        }
        fclose(rf);
        char tn[16];
        if (n == 1)
            snprintf(tn, sizeof tn, "%s", t->tn);
        else
            snprintf(tn, sizeof tn, "%s%d", t->tn, n);
        fprintf(f, "\n[probe geometric.%s.%s]\n", g->name, tn);
        if (g->abs_tol)
            fprintf(f, "why = OpenCL C 3.0 7.4 bounds %s by an absolute error of max * max * %g * FLT_EPSILON "
                       "(max: the largest input magnitude) against the exact result (MPFR); the correctly rounded "
                       "result passes too.\n",
                    g->name, g->tol_k0 + g->tol_kn * n);
        else
            fprintf(f, "why = OpenCL C 3.0 7.4 bounds %s%s at %g ulp for width %d against the infinitely precise "
                       "result (MPFR); 7.5.1: no overflow or underflow loss in between.\n",
                    g->name, t->t == MR_FLOAT ? "" : " (double)", bound, n);
        fprintf(f, "out = %s[%d]\nexpect_ulp = %g\nexpect_file = %s\nglobal = %d\n", t->tn, vec_out ? N_GEO * n : N_GEO,
                bound, ref, N_GEO);
        write_vectors(f, "x", t, x, (size_t)N_GEO * n);
        if (two)
            write_vectors(f, "y", t, y, (size_t)N_GEO * n);
        char load_x[64], load_y[64];
        if (n == 1) {
            snprintf(load_x, sizeof load_x, "x[i]");
            snprintf(load_y, sizeof load_y, "y[i]");
        } else {
            snprintf(load_x, sizeof load_x, "vload%d(i, x)", n);
            snprintf(load_y, sizeof load_y, "vload%d(i, y)", n);
        }
        char call[192];
        if (two)
            snprintf(call, sizeof call, "%s(%s, %s)", g->name, load_x, load_y);
        else
            snprintf(call, sizeof call, "%s(%s)", g->name, load_x);
        fprintf(f, "body = <<END\n    size_t i = get_global_id(0);\n");
        if (vec_out && n > 1)
            fprintf(f, "    vstore%d(%s, i, out);\n", n, call);
        else
            fprintf(f, "    out[i] = %s;\n", call);
        fprintf(f, "END\n");
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--full") == 0) {
        full_widths = 1;
        argv++;
        argc--;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: gen_math [--full] ROOT   (writes ROOT/probes/math-functions/)\n");
        return 2;
    }
    const tinfo *types[] = {&T_FLOAT, &T_DOUBLE};
    for (size_t ti = 0; ti < 2; ti++) {
        char dir[2048];
        snprintf(dir, sizeof dir, "%s/probes/math-functions/%s", argv[1], types[ti]->tn);
        if (mkdirs(dir) != 0) {
            fprintf(stderr, "gen_math: cannot create %s: %s\n", dir, strerror(errno));
            return 1;
        }
        for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
            if (types[ti]->t == MR_DOUBLE && specs[i].d < 0)
                continue;
            write_family(dir, &specs[i], types[ti]);
            if (gm_has_scalar_form(specs[i].name))
                gm_write_scalar_form(dir, &specs[i], types[ti], full_widths);
        }
        snprintf(dir, sizeof dir, "%s/probes/geometric-functions/%s", argv[1], types[ti]->tn);
        if (mkdirs(dir) != 0) {
            fprintf(stderr, "gen_math: cannot create %s: %s\n", dir, strerror(errno));
            return 1;
        }
        for (size_t i = 0; i < sizeof geos / sizeof geos[0]; i++)
            if (!(geos[i].fast && types[ti]->t == MR_DOUBLE))
                write_geometric(dir, &geos[i], types[ti]);
    }
    return 0;
}
