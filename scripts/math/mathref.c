/* The math reference with MPFR: see mathref.h. Each function is written
 * from its definition in OpenCL C 1.2 section 6.12.2 (and 7.5, "Edge Case
 * Behavior", where OpenCL prescribes results beyond C99 Annex F); MPFR
 * supplies the correctly rounded elementary functions. */
#include "mathref.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

/* Working precision of the "infinitely precise" reference: far more than
 * the 53 + 53 bits that hi + lo keep. */
#define MR_PREC 320

typedef int (*unary_fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*binary_fn)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static int ref_rsqrt(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    /* rsqrt(-0): 1/sqrt(-0) = 1/-0 = -inf, the composition the function
     * name describes; MPFR's rec_sqrt returns +inf there. Both are accepted
     * by the generator (docs/spec-readings.md). */
    return mpfr_rec_sqrt(r, x, rnd);
}

static int ref_recip(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) { return mpfr_ui_div(r, 1, x, rnd); }

static int ref_logb(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    if (mpfr_nan_p(x))
        return mpfr_set_nan(r), 0;
    if (mpfr_inf_p(x))
        return mpfr_set_inf(r, 1), 0;
    if (mpfr_zero_p(x))
        return mpfr_set_inf(r, -1), 0;
    /* MPFR's exponent e puts |x| in [2^(e-1), 2^e). */
    return mpfr_set_si(r, (long)mpfr_get_exp(x) - 1, rnd);
}

static int ref_rint(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd)
{
    /* rint rounds to nearest even whatever the mode (7.5.2); the ternary
     * value compares with that integer, not with x */
    return mpfr_rint_roundeven(r, x, rnd);
}

static const struct {
    const char *name;
    unary_fn fn;
} unary[] = {
    {"acos", mpfr_acos}, {"acosh", mpfr_acosh}, {"acospi", mpfr_acospi}, {"asin", mpfr_asin},
    {"asinh", mpfr_asinh}, {"asinpi", mpfr_asinpi}, {"atan", mpfr_atan}, {"atanh", mpfr_atanh},
    {"atanpi", mpfr_atanpi}, {"cbrt", mpfr_cbrt}, {"ceil", mpfr_rint_ceil}, {"cos", mpfr_cos},
    {"cosh", mpfr_cosh}, {"cospi", mpfr_cospi}, {"erf", mpfr_erf}, {"erfc", mpfr_erfc},
    {"exp", mpfr_exp}, {"exp2", mpfr_exp2}, {"exp10", mpfr_exp10}, {"expm1", mpfr_expm1},
    {"fabs", mpfr_abs}, {"floor", mpfr_rint_floor}, {"log", mpfr_log}, {"log2", mpfr_log2},
    {"log10", mpfr_log10}, {"log1p", mpfr_log1p}, {"logb", ref_logb}, {"rint", ref_rint},
    {"round", mpfr_rint_round}, {"rsqrt", ref_rsqrt}, {"sin", mpfr_sin}, {"sinh", mpfr_sinh},
    {"sinpi", mpfr_sinpi}, {"sqrt", mpfr_sqrt}, {"tan", mpfr_tan}, {"tanh", mpfr_tanh},
    {"tanpi", mpfr_tanpi}, {"tgamma", mpfr_gamma}, {"trunc", mpfr_rint_trunc}, {"recip", ref_recip},
};

static int ref_fdim(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd)
{
    if (mpfr_nan_p(x) || mpfr_nan_p(y))
        return mpfr_set_nan(r), 0;
    if (mpfr_greater_p(x, y))
        return mpfr_sub(r, x, y, rnd);
    return mpfr_set_zero(r, 1), 0;
}

/* maxmag/minmag (6.12.2): the argument of larger (smaller) magnitude, else
 * fmax (fmin). */
static int ref_mag(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd, int want_max)
{
    if (mpfr_nan_p(x) || mpfr_nan_p(y))
        return want_max ? mpfr_max(r, x, y, rnd) : mpfr_min(r, x, y, rnd);
    int c = mpfr_cmpabs(x, y);
    if (c != 0)
        return mpfr_set(r, (c > 0) == want_max ? x : y, rnd);
    return want_max ? mpfr_max(r, x, y, rnd) : mpfr_min(r, x, y, rnd);
}
static int ref_maxmag(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return ref_mag(r, x, y, rnd, 1); }
static int ref_minmag(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd) { return ref_mag(r, x, y, rnd, 0); }

/* powr (6.12.2, 7.5.1): MPFR's powr is IEEE 754-2019's, which returns 1
 * for powr(+1, NaN); OpenCL says powr(x, NaN) is NaN for x >= 0. */
static int ref_powr(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t rnd)
{
    if (mpfr_nan_p(x) || mpfr_nan_p(y))
        return mpfr_set_nan(r), 0;
    return mpfr_powr(r, x, y, rnd);
}

static const struct {
    const char *name;
    binary_fn fn;
} binary[] = {
    {"atan2", mpfr_atan2}, {"atan2pi", mpfr_atan2pi}, {"copysign", mpfr_copysign}, {"fdim", ref_fdim},
    {"fmax", mpfr_max}, {"fmin", mpfr_min}, {"fmod", mpfr_fmod}, {"hypot", mpfr_hypot},
    {"maxmag", ref_maxmag}, {"minmag", ref_minmag}, {"pow", mpfr_pow}, {"powr", ref_powr},
    {"remainder", mpfr_remainder}, {"divide", mpfr_div},
};

static const char *const two_float[] = {"sincos", "modf", "fract", NULL};
static const char *const float_int[] = {"frexp", "remquo", "lgamma_r", NULL};
static const char *const xn_fns[] = {"ldexp", "pown", "rootn", NULL};

static int in_list(const char *const *l, const char *name)
{
    for (; *l; l++)
        if (strcmp(*l, name) == 0)
            return 1;
    return 0;
}

static unary_fn find_unary(const char *name)
{
    for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
        if (strcmp(unary[i].name, name) == 0)
            return unary[i].fn;
    return NULL;
}

static binary_fn find_binary(const char *name)
{
    for (size_t i = 0; i < sizeof binary / sizeof binary[0]; i++)
        if (strcmp(binary[i].name, name) == 0)
            return binary[i].fn;
    return NULL;
}

int mr_shape(const char *name, mr_args *args, mr_outs *outs)
{
    *outs = MR_ONE;
    if (find_unary(name) || strcmp(name, "lgamma") == 0) {
        *args = MR_X;
    } else if (find_binary(name) || strcmp(name, "nextafter") == 0) {
        *args = MR_XY;
    } else if (strcmp(name, "fma") == 0 || strcmp(name, "mad") == 0) {
        *args = MR_XYZ;
    } else if (in_list(xn_fns, name)) {
        *args = MR_XN;
    } else if (in_list(two_float, name)) {
        *args = MR_X;
        *outs = MR_TWO;
    } else if (in_list(float_int, name)) {
        *args = strcmp(name, "remquo") == 0 ? MR_XY : MR_X;
        *outs = MR_INT2;
    } else if (strcmp(name, "ilogb") == 0) {
        *args = MR_X;
        *outs = MR_INT;
    } else if (strcmp(name, "nan") == 0) {
        *args = MR_CODE;
    } else {
        return -1;
    }
    return 0;
}

/* Evaluates the function into r (and r2 / *iv for a second result) at the
 * precision r was given. Returns the ternary value of r. */
static int apply(const char *name, mpfr_ptr r, mpfr_ptr r2, long *iv, int *iv_judged, mpfr_srcptr x,
                 mpfr_srcptr y, mpfr_srcptr z, long n, mpfr_rnd_t rnd)
{
    unary_fn u = find_unary(name);
    binary_fn b = find_binary(name);
    *iv_judged = 0;
    if (u)
        return u(r, x, rnd);
    if (b)
        return b(r, x, y, rnd);
    if (strcmp(name, "fma") == 0 || strcmp(name, "mad") == 0)
        return mpfr_fma(r, x, y, z, rnd);
    if (strcmp(name, "ldexp") == 0)
        return mpfr_mul_2si(r, x, n, rnd);
    if (strcmp(name, "pown") == 0)
        return mpfr_pow_si(r, x, n, rnd);
    if (strcmp(name, "rootn") == 0) {
        if (n == 0) /* 7.5.1: rootn(x, 0) is a NaN */
            return mpfr_set_nan(r), 0;
        return mpfr_rootn_si(r, x, n, rnd);
    }
    if (strcmp(name, "lgamma") == 0 || strcmp(name, "lgamma_r") == 0) {
        int sign = 0;
        int t = mpfr_lgamma(r, &sign, x, rnd);
        /* 7.5.1: lgamma_r stores 0 in signp for zero and negative integers. */
        if (mpfr_zero_p(x) || (mpfr_integer_p(x) && mpfr_sgn(x) < 0)) {
            *iv = 0;
            *iv_judged = 1;
        } else if (mpfr_number_p(x) || (mpfr_inf_p(x) && mpfr_sgn(x) > 0)) {
            *iv = sign;
            *iv_judged = 1;
        }
        return t;
    }
    if (strcmp(name, "sincos") == 0)
        return mpfr_sin_cos(r, r2, x, rnd) & 3; /* the low bits: sin's ternary */
    if (strcmp(name, "modf") == 0) {
        /* 7.5.2: modf behaves as iptr = trunc(x), copysign(isinf(x) ? 0 : x - iptr, x). */
        mpfr_rint_trunc(r2, x, rnd);
        if (mpfr_nan_p(x))
            return mpfr_set_nan(r), 0;
        if (mpfr_inf_p(x))
            return mpfr_set_zero(r, mpfr_sgn(x)), 0;
        int t = mpfr_frac(r, x, rnd);
        mpfr_setsign(r, r, mpfr_signbit(x), rnd);
        return t;
    }
    if (strcmp(name, "fract") == 0) {
        /* 6.12.2: fmin(x - floor(x), 0x1.fffffep-1f) and floor(x) in iptr;
         * 7.5.1 fixes the zeros, infinities and NaN. */
        mpfr_rint_floor(r2, x, rnd);
        if (mpfr_nan_p(x))
            return mpfr_set_nan(r), 0;
        if (mpfr_inf_p(x) || mpfr_zero_p(x))
            return mpfr_set_zero(r, mpfr_signbit(x) ? -1 : 1), 0;
        mpfr_t f;
        mpfr_init2(f, MR_PREC + 64);
        mpfr_sub(f, x, r2, MPFR_RNDN); /* exact: x and floor(x) share the binade's grid */
        int t = mpfr_set(r, f, rnd);
        mpfr_clear(f);
        return t; /* the clamp below 1 is applied by mr_eval, in the type */
    }
    if (strcmp(name, "frexp") == 0) {
        mpfr_exp_t e = 0;
        int t = mpfr_frexp(&e, r, x, rnd);
        /* 7.5.1: frexp(inf) and frexp(NaN) store 0. */
        *iv = mpfr_number_p(x) && !mpfr_zero_p(x) ? (long)e : 0;
        *iv_judged = 1;
        return t;
    }
    if (strcmp(name, "remquo") == 0) {
        long q = 0;
        int t = mpfr_remquo(r, &q, x, y, rnd);
        /* quo: "the lower seven bits of the integral quotient x/y" with
         * the sign of x/y (Math Functions); 7.5.1: 0 when the result is a
         * NaN. mpfr_remquo keeps more low bits than that. */
        long m = labs(q) & MR_QUO_MASK;
        *iv = mpfr_nan_p(r) ? 0 : (q < 0 ? -m : m);
        *iv_judged = 1;
        return t;
    }
    if (strcmp(name, "ilogb") == 0) {
        *iv_judged = 1;
        *iv = mpfr_number_p(x) && !mpfr_zero_p(x) ? (long)mpfr_get_exp(x) - 1 : 0;
        return 0;
    }
    if (strcmp(name, "nan") == 0)
        return mpfr_set_nan(r), 0;
    return 0;
}

static void split(mpfr_srcptr v, double *hi, double *lo)
{
    *hi = mpfr_get_d(v, MPFR_RNDN);
    *lo = 0;
    /* A finite result just past the largest double: hi stays DBL_MAX and
     * lo holds the excess, so a double result near the top is measured,
     * not only compared with infinity. */
    if (isinf(*hi) && mpfr_number_p(v)) {
        mpfr_t d;
        mpfr_init2(d, MR_PREC);
        mpfr_sub_d(d, v, copysign(DBL_MAX, *hi), MPFR_RNDN);
        double ex = mpfr_get_d(d, MPFR_RNDN);
        mpfr_clear(d);
        if (fabs(ex) < 0x1p1000) {
            *hi = copysign(DBL_MAX, *hi);
            *lo = ex;
        }
        return;
    }
    if (isfinite(*hi) && mpfr_number_p(v)) {
        mpfr_t d;
        mpfr_init2(d, MR_PREC);
        mpfr_sub_d(d, v, *hi, MPFR_RNDN);
        *lo = mpfr_get_d(d, MPFR_RNDN);
        mpfr_clear(d);
    }
}

/* v rounded once to the type (subnormals included): the value, and whether
 * it was exact. */
static double round_to(mr_type t, mpfr_srcptr v, int *exact)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_t w;
    mpfr_init2(w, t == MR_FLOAT ? 24 : 53);
    /* MPFR's exponents put the value in [2^(e-1), 2^e): float's smallest
     * subnormal 2^-149 has e = -148, its largest values e = 128. */
    mpfr_set_emin(t == MR_FLOAT ? -148 : -1073);
    mpfr_set_emax(t == MR_FLOAT ? 128 : 1024);
    int tern = mpfr_set(w, v, MPFR_RNDN);
    tern = mpfr_check_range(w, tern, MPFR_RNDN);
    tern = mpfr_subnormalize(w, tern, MPFR_RNDN);
    double d = t == MR_FLOAT ? (double)mpfr_get_flt(w, MPFR_RNDN) : mpfr_get_d(w, MPFR_RNDN);
    *exact = tern == 0 && !mpfr_nan_p(v);
    mpfr_clear(w);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return d;
}

/* nextafter (C99 7.12.11.3, F.9.8.3; OpenCL 7.5.1 for the zeros): the
 * neighbour of x toward y, stepped on the bits of the type. */
static double next_toward(mr_type t, double x, double y)
{
    if (isnan(x) || isnan(y))
        return NAN;
    if (x == y)
        return y;
    if (t == MR_FLOAT) {
        float f = (float)x;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        if (f == 0)
            b = (y > 0 ? 0u : 0x80000000u) | 1u;
        else if ((f < y) == (f > 0))
            b++;
        else
            b--;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    if (x == 0)
        b = (y > 0 ? 0u : 0x8000000000000000u) | 1u;
    else if ((x < y) == (x > 0))
        b++;
    else
        b--;
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

int mr_eval(const char *name, mr_type t, double x, double y, double z, long n, mr_result *res)
{
    if (strcmp(name, "nextafter") == 0) {
        memset(res, 0, sizeof *res);
        double v = next_toward(t, x, y);
        res->cr[0] = res->hi[0] = v;
        res->exact[0] = !isnan(v);
        return 0;
    }
    mr_args args;
    mr_outs outs;
    if (mr_shape(name, &args, &outs) != 0)
        return -1;
    memset(res, 0, sizeof *res);
    mpfr_t mx, my, mz, r, r2;
    mpfr_inits2(64, mx, my, mz, (mpfr_ptr)0);
    mpfr_inits2(MR_PREC, r, r2, (mpfr_ptr)0);
    mpfr_set_d(mx, x, MPFR_RNDN);
    mpfr_set_d(my, y, MPFR_RNDN);
    mpfr_set_d(mz, z, MPFR_RNDN);
    long iv = 0;
    int judged = 0;
    int tern = apply(name, r, r2, &iv, &judged, mx, my, mz, n, MPFR_RNDN);
    split(r, &res->hi[0], &res->lo[0]);
    split(r2, &res->hi[1], &res->lo[1]);
    int ex0, ex1;
    res->cr[0] = round_to(t, r, &ex0);
    res->cr[1] = round_to(t, r2, &ex1);
    res->exact[0] = ex0 && tern == 0;
    res->exact[1] = ex1;
    res->ival = iv;
    res->ival_judged = judged;
    if (strcmp(name, "fma") == 0 || strcmp(name, "mad") == 0) {
        /* fma is correctly rounded from the exact x*y + z: round it in one
         * step at the type's precision, not via the 320-bit value. */
        mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
        mpfr_t w;
        mpfr_init2(w, t == MR_FLOAT ? 24 : 53);
        mpfr_set_emin(t == MR_FLOAT ? -148 : -1073);
        mpfr_set_emax(t == MR_FLOAT ? 128 : 1024);
        int tw = mpfr_fma(w, mx, my, mz, MPFR_RNDN);
        tw = mpfr_check_range(w, tw, MPFR_RNDN);
        tw = mpfr_subnormalize(w, tw, MPFR_RNDN);
        res->cr[0] = t == MR_FLOAT ? (double)mpfr_get_flt(w, MPFR_RNDN) : mpfr_get_d(w, MPFR_RNDN);
        res->exact[0] = tw == 0 && !mpfr_nan_p(w);
        mpfr_clear(w);
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
    }
    if (strcmp(name, "fract") == 0 && isfinite(res->cr[0])) {
        /* the clamp: never 1.0 or more (6.12.2) */
        double below_one = t == MR_FLOAT ? (double)0x1.fffffep-1f : 0x1.fffffffffffffp-1;
        if (res->cr[0] >= 1.0) {
            res->cr[0] = res->hi[0] = below_one;
            res->lo[0] = 0;
            res->exact[0] = 1;
        }
    }
    mpfr_clears(mx, my, mz, r, r2, (mpfr_ptr)0);
    return 0;
}

/* ---- geometric functions (6.12.5) -------------------------------------- */

/* Precision for exact sums of products of doubles: 2 * 1074 + 2 * 1024 bits
 * of exponent range plus the significands. */
#define MR_GEO_PREC 4400

static void finish(mr_type t, mpfr_srcptr v, int tern, mr_result *res)
{
    memset(res, 0, sizeof *res);
    split(v, &res->hi[0], &res->lo[0]);
    int ex;
    res->cr[0] = round_to(t, v, &ex);
    res->exact[0] = ex && tern == 0;
}

/* sum of squares of x (exact), or of x - y when y is given */
static int sum_squares(mpfr_ptr s, const double *x, const double *y, int n)
{
    mpfr_t d;
    mpfr_init2(d, MR_GEO_PREC);
    mpfr_set_zero(s, 1);
    int tern = 0;
    for (int i = 0; i < n; i++) {
        mpfr_set_d(d, x[i], MPFR_RNDN);
        if (y)
            tern |= mpfr_sub_d(d, d, y[i], MPFR_RNDN);
        tern |= mpfr_sqr(d, d, MPFR_RNDN);
        tern |= mpfr_add(s, s, d, MPFR_RNDN);
    }
    mpfr_clear(d);
    return tern;
}

int mr_geometric(const char *name, mr_type t, const double *x, const double *y, int n, mr_result *res)
{
    const char *base = strncmp(name, "fast_", 5) == 0 ? name + 5 : name;
    mpfr_t s, v, d;
    mpfr_inits2(MR_GEO_PREC, s, v, d, (mpfr_ptr)0);
    int nout = -1;
    if (strcmp(base, "dot") == 0) {
        int tern = 0;
        mpfr_set_zero(s, 1);
        for (int i = 0; i < n; i++) {
            mpfr_set_d(v, x[i], MPFR_RNDN);
            tern |= mpfr_mul_d(v, v, y[i], MPFR_RNDN);
            tern |= mpfr_add(s, s, v, MPFR_RNDN);
        }
        finish(t, s, tern, &res[0]);
        nout = 1;
    } else if (strcmp(base, "length") == 0 || strcmp(base, "distance") == 0) {
        int any_inf = 0, any_nan = 0;
        for (int i = 0; i < n; i++) {
            double c = strcmp(base, "distance") == 0 ? x[i] - y[i] : x[i];
            any_inf |= isinf(c) || (strcmp(base, "distance") == 0 && (isinf(x[i]) || isinf(y[i])) && !isnan(c));
            any_nan |= isnan(x[i]) || (strcmp(base, "distance") == 0 && isnan(y[i]));
        }
        sum_squares(s, x, strcmp(base, "distance") == 0 ? y : NULL, n);
        int tern = mpfr_sqrt(v, s, MPFR_RNDN);
        /* C99 F.9.4.3 hypot: an infinite component gives +inf even with a NaN */
        if (any_inf)
            mpfr_set_inf(v, 1);
        else if (any_nan)
            mpfr_set_nan(v);
        finish(t, v, tern, &res[0]);
        nout = 1;
    } else if (strcmp(base, "normalize") == 0) {
        double w[16] = {0};
        if (n > 16)
            n = 16;
        int any_nan = 0, any_inf = 0, all_zero = 1;
        for (int i = 0; i < n; i++) {
            any_nan |= isnan(x[i]);
            any_inf |= isinf(x[i]);
            all_zero &= x[i] == 0;
        }
        for (int i = 0; i < n; i++)
            /* 7.5.1: infinities become +-1, the rest +-0, before normalizing */
            w[i] = any_inf ? (isinf(x[i]) ? copysign(1.0, x[i]) : copysign(0.0, x[i])) : x[i];
        sum_squares(s, w, NULL, n);
        mpfr_sqrt(s, s, MPFR_RNDN);
        for (int i = 0; i < n; i++) {
            int tern = 0;
            if (any_nan) {
                mpfr_set_nan(v); /* 7.5.1: a NaN anywhere, NaNs everywhere */
            } else if (all_zero) {
                mpfr_set_d(v, x[i], MPFR_RNDN); /* 7.5.1: returns v */
            } else {
                mpfr_set_d(v, w[i], MPFR_RNDN);
                tern = mpfr_div(v, v, s, MPFR_RNDN);
            }
            finish(t, v, tern, &res[i]);
        }
        nout = n;
    } else if (strcmp(base, "cross") == 0 && (n == 3 || n == 4)) {
        static const int a[3] = {1, 2, 0}, b[3] = {2, 0, 1};
        for (int i = 0; i < 3; i++) {
            /* x[a]*y[b] - x[b]*y[a], exactly */
            mpfr_set_d(v, x[a[i]], MPFR_RNDN);
            int tern = mpfr_mul_d(v, v, y[b[i]], MPFR_RNDN);
            mpfr_set_d(d, x[b[i]], MPFR_RNDN);
            tern |= mpfr_mul_d(d, d, y[a[i]], MPFR_RNDN);
            tern |= mpfr_sub(v, v, d, MPFR_RNDN);
            finish(t, v, tern, &res[i]);
        }
        if (n == 4) {
            mpfr_set_zero(v, 1); /* 6.12.5: the w component of the result is 0.0 */
            finish(t, v, 0, &res[3]);
        }
        nout = n;
    }
    mpfr_clears(s, v, d, (mpfr_ptr)0);
    return nout;
}
