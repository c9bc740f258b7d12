/* The exact evaluator (see fuzz_eval.h). Integers: each lane's value as a
 * 128-bit integer, wrapped or refused by the type's rules. Floats: each lane
 * a dyadic rational; a result is kept only when the type holds it exactly
 * as a normal number (or a zero), which is what makes every correctly
 * rounded operation (+, -, *, fma, the conversions, floor...) give that
 * very value on a device, whatever its rounding or contraction. */
#include "fuzz_eval.h"

#include <string.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

/* The range the generator keeps floats in: far from float's subnormals
 * (a device without denormals may flush them) and from overflow. */
#define REAL_MIN_EXP (-60)
#define REAL_MAX_EXP 60

const char *fuzz_scalar_name(fuzz_scalar s)
{
    static const char *const names[] = {"char", "uchar", "short", "ushort", "int",
                                        "uint", "long",  "ulong", "float",  "double"};
    return names[s];
}

int fuzz_scalar_bits(fuzz_scalar s)
{
    static const int bits[] = {8, 8, 16, 16, 32, 32, 64, 64, 32, 64};
    return bits[s];
}

int fuzz_scalar_signed(fuzz_scalar s)
{
    return s == FZ_CHAR || s == FZ_SHORT || s == FZ_INT || s == FZ_LONG;
}

int fuzz_scalar_is_float(fuzz_scalar s)
{
    return s == FZ_FLOAT || s == FZ_DOUBLE;
}

fuzz_scalar fuzz_scalar_unsigned(fuzz_scalar s)
{
    return fuzz_scalar_signed(s) ? (fuzz_scalar)(s + 1) : s;
}

/* ---- integers ----------------------------------------------------------------- */

static i128 type_min(fuzz_scalar s)
{
    return fuzz_scalar_signed(s) ? -((i128)1 << (fuzz_scalar_bits(s) - 1)) : 0;
}

static i128 type_max(fuzz_scalar s)
{
    int b = fuzz_scalar_bits(s);
    return fuzz_scalar_signed(s) ? ((i128)1 << (b - 1)) - 1 : ((i128)1 << b) - 1;
}

/* v reduced modulo 2^bits into the type's range (C's conversion to an
 * unsigned type; for a signed type, the two's complement reading of those
 * bits), held as the lane stores it. */
static uint64_t wrap(fuzz_scalar s, i128 v)
{
    int b = fuzz_scalar_bits(s);
    u128 m = b == 64 ? ~(u128)0 >> 64 : ((u128)1 << b) - 1;
    u128 u = (u128)v & m;
    if (fuzz_scalar_signed(s) && (u >> (b - 1)) & 1)
        u |= ~m;
    return (uint64_t)u;
}

static i128 value(fuzz_scalar s, uint64_t lane)
{
    return fuzz_scalar_signed(s) ? (i128)(int64_t)lane : (i128)lane;
}

static int in_range(fuzz_scalar s, i128 v)
{
    return v >= type_min(s) && v <= type_max(s);
}

static uint64_t ubits(fuzz_scalar s, uint64_t lane)
{
    int b = fuzz_scalar_bits(s);
    return b == 64 ? lane : lane & ((1ull << b) - 1);
}

/* floor(p / 2^k), for negative p too. */
static i128 floor_shift(i128 p, int k)
{
    return p >= 0 ? p >> k : -((-p - 1) >> k) - 1;
}

fuzz_val fuzz_int(fuzz_scalar s, int64_t v)
{
    fuzz_val r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.w = r.n = 1;
    r.i[0] = wrap(s, v);
    return r;
}

/* C's integer promotion of a scalar: types narrower than int become int. */
static fuzz_scalar promoted(fuzz_scalar s)
{
    return fuzz_scalar_bits(s) < 32 ? FZ_INT : s;
}

/* The usual arithmetic conversions of two promoted integer types. */
static fuzz_scalar common(fuzz_scalar a, fuzz_scalar b)
{
    if (a == b)
        return a;
    int ra = fuzz_scalar_bits(a), rb = fuzz_scalar_bits(b);
    if (fuzz_scalar_signed(a) == fuzz_scalar_signed(b))
        return ra >= rb ? a : b;
    fuzz_scalar u = fuzz_scalar_signed(a) ? b : a, sg = fuzz_scalar_signed(a) ? a : b;
    int ru = fuzz_scalar_bits(u), rs = fuzz_scalar_bits(sg);
    if (ru >= rs)
        return u;
    return sg;  /* rs > ru: the signed type holds every value of the unsigned one */
}

/* A value re-typed as t (its value kept; the caller knows it fits). */
static fuzz_val retype(const fuzz_val *a, fuzz_scalar t)
{
    fuzz_val r = *a;
    r.s = t;
    for (int k = 0; k < a->n; k++)
        r.i[k] = wrap(t, value(a->s, a->i[k]));
    return r;
}

/* One lane of x OP y in type s (no shifts: fuzz_eval_binary does those). */
static int lane_int(const char *op, fuzz_scalar s, uint64_t xl, uint64_t yl, uint64_t *r)
{
    i128 x = value(s, xl), y = value(s, yl), v = 0;
    int b = fuzz_scalar_bits(s), sg = fuzz_scalar_signed(s);
    switch (op[0]) {
    case '+': v = x + y; break;
    case '-': v = x - y; break;
    case '*':
        if (!sg && b == 64) {
            *r = xl * yl;  /* ulong: modulo 2^64 */
            return 0;
        }
        v = x * y;
        break;
    case '&': *r = xl & yl; return 0;
    case '|': *r = xl | yl; return 0;
    case '^': *r = xl ^ yl; return 0;
    case '/':
    case '%':
        if (y == 0 || (sg && x == type_min(s) && y == -1))
            return -1;
        v = op[0] == '/' ? x / y : x % y;
        break;
    default:
        return -1;
    }
    if (sg && !in_range(s, v))
        return -1;
    *r = wrap(s, v);
    return 0;
}

/* ---- reals ---------------------------------------------------------------------- */

typedef struct {
    i128 m;
    int e;
    int neg;
} wide;

static int bitlen(u128 x)
{
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
}

static u128 mag(i128 m)
{
    return m < 0 ? (u128)0 - (u128)m : (u128)m;
}

static wide normal(wide w)
{
    if (w.m == 0) {
        w.e = 0;
        return w;
    }
    while (!(w.m & 1)) {
        w.m /= 2;
        w.e++;
    }
    w.neg = w.m < 0;
    return w;
}

int fuzz_real_fits(fuzz_scalar s, fuzz_real r)
{
    if (r.m == 0)
        return 1;
    int n = bitlen(mag(r.m)), top = r.e + n - 1;
    return n <= (s == FZ_FLOAT ? 24 : 53) && top >= REAL_MIN_EXP && top <= REAL_MAX_EXP;
}

/* The wide value as a real of type s, or -1 when s cannot hold it exactly. */
static int narrow(fuzz_scalar s, wide w, fuzz_real *r)
{
    w = normal(w);
    if (bitlen(mag(w.m)) > 60)
        return -1;
    fuzz_real x = {(int64_t)w.m, w.e, w.m == 0 ? w.neg : w.m < 0};
    if (!fuzz_real_fits(s, x))
        return -1;
    *r = x;
    return 0;
}

static wide widen(fuzz_real r)
{
    wide w = {r.m, r.e, r.neg};
    return w;
}

/* a + b exactly; -1 when the exact sum would not fit 128 bits (then no
 * float type holds it either). IEEE 754's zero signs: -0 + -0 = -0, an
 * exact zero sum of anything else is +0 (round to nearest). */
static int wide_add(wide a, wide b, wide *r)
{
    if (a.m == 0 && b.m == 0) {
        wide z = {0, 0, a.neg && b.neg};
        *r = z;
        return 0;
    }
    if (a.m == 0 || b.m == 0) {
        *r = a.m == 0 ? b : a;
        return 0;
    }
    if (a.e < b.e) {
        wide t = a;
        a = b;
        b = t;
    }
    int d = a.e - b.e;
    if (bitlen(mag(a.m)) + d > 124)
        return -1;
    wide s = {a.m * ((i128)1 << d) + b.m, b.e, 0};
    *r = normal(s);
    return 0;
}

static wide wide_mul(wide a, wide b)
{
    wide p = {a.m * b.m, a.e + b.e, a.neg != b.neg};
    return normal(p);
}

int fuzz_real_cmp(fuzz_real a, fuzz_real b)
{
    /* By sign, then by the leading bit's exponent, then (leading bits
     * aligned, so the shift is under 64) by the mantissas: exact for any
     * two kept reals, however far apart. */
    int sa = a.m < 0 ? -1 : a.m > 0, sb = b.m < 0 ? -1 : b.m > 0;
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    int ta = a.e + bitlen(mag(a.m)) - 1, tb = b.e + bitlen(mag(b.m)) - 1;
    if (ta != tb)
        return (ta < tb) == (sa > 0) ? -1 : 1;
    wide nb = {-(i128)b.m, b.e, !b.neg}, d;
    if (wide_add(widen(a), nb, &d) != 0)
        return 0;  /* never: equal leading exponents keep the shift small */
    return d.m < 0 ? -1 : d.m > 0;
}

double fuzz_real_to_double(fuzz_real r)
{
    if (r.m == 0)
        return r.neg ? -0.0 : 0.0;
    double x = (double)r.m;  /* exact: |m| < 2^53 */
    int e = r.e;
    while (e > 0) {
        x *= 2.0;
        e--;
    }
    while (e < 0) {
        x *= 0.5;  /* exact: the value stays a normal double */
        e++;
    }
    return x;
}

uint64_t fuzz_lane_bits(const fuzz_val *v, int lane)
{
    if (!fuzz_scalar_is_float(v->s))
        return ubits(v->s, v->i[lane]);
    double d = fuzz_real_to_double(v->f[lane]);
    if (v->s == FZ_DOUBLE) {
        uint64_t u;
        memcpy(&u, &d, sizeof u);
        return u;
    }
    float f = (float)d;  /* exact: the value fits float */
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

int fuzz_real_from_bits(fuzz_scalar s, uint64_t bits, fuzz_real *r)
{
    int fb = s == FZ_FLOAT ? 23 : 52, eb = s == FZ_FLOAT ? 8 : 11, bias = s == FZ_FLOAT ? 127 : 1023;
    int sign = (int)(bits >> (fb + eb)) & 1;
    int ex = (int)((bits >> fb) & ((1u << eb) - 1));
    uint64_t frac = bits & ((1ull << fb) - 1);
    wide w = {0, 0, sign};
    if (ex == 0 && frac == 0) {
        r->m = 0;
        r->e = 0;
        r->neg = sign;
        return 0;
    }
    if (ex == 0 || ex == (1 << eb) - 1)
        return -1;  /* subnormal, infinity, NaN */
    w.m = (i128)(frac | (1ull << fb));
    if (sign)
        w.m = -w.m;
    w.e = ex - bias - fb;
    return narrow(s, w, r);
}

/* Rounds to an integer: 'z' toward zero, 'e' to nearest even, 'p' up, 'n' down. */
static i128 round_int(fuzz_real x, char mode)
{
    if (x.e >= 0)
        return x.m * ((i128)1 << x.e);  /* |x| < 2^61 */
    int k = -x.e;
    if (k > 100)
        k = 100;
    i128 fl = floor_shift(x.m, k);  /* m is odd: x is not an integer */
    switch (mode) {
    case 'n': return fl;
    case 'p': return fl + 1;
    case 'z': return x.m < 0 ? fl + 1 : fl;
    default: {
        /* nearest, ties to even: compare the fraction with one half */
        i128 rem = x.m - fl * ((i128)1 << k), half = (i128)1 << (k - 1);
        if (rem > half || (rem == half && (fl & 1)))
            return fl + 1;
        return fl;
    }
    }
}

/* ---- operations on values ------------------------------------------------------ */

int fuzz_eval_binary(const char *op, const fuzz_val *a, const fuzz_val *b, fuzz_val *r)
{
    if (a->n != b->n)
        return -1;
    if (fuzz_scalar_is_float(a->s) || fuzz_scalar_is_float(b->s)) {
        if (a->s != b->s || a->w != b->w || !strchr("+-*", op[0]) || op[1])
            return -1;
        fuzz_val out = *a;
        for (int k = 0; k < a->n; k++) {
            wide x = widen(a->f[k]), y = widen(b->f[k]), z;
            if (op[0] == '*') {
                z = wide_mul(x, y);
            } else {
                if (op[0] == '-') {
                    y.m = -y.m;
                    y.neg = !y.neg;
                }
                if (wide_add(x, y, &z) != 0)
                    return -1;
            }
            if (narrow(a->s, z, &out.f[k]) != 0)
                return -1;
        }
        *r = out;
        return 0;
    }
    fuzz_val x = *a, y = *b;
    int shift = op[0] == '<' || op[0] == '>';
    if (a->w == 1 && b->w == 1) {
        /* Scalars: promotions, then (except for shifts, whose type is the
         * promoted left operand's) the usual arithmetic conversions. */
        fuzz_scalar pa = promoted(a->s), pb = promoted(b->s);
        fuzz_scalar t = shift ? pa : common(pa, pb);
        x = retype(a, t);
        if (shift) {
            /* The count is used masked; its bits are what count. */
            for (int k = 0; k < y.n; k++)
                y.i[k] = ubits(b->s, b->i[k]);
            y.s = FZ_ULONG;
        } else {
            y = retype(b, t);
        }
    } else if (a->s != b->s || a->w != b->w) {
        return -1;
    }
    fuzz_val out = x;
    for (int k = 0; k < x.n; k++) {
        if (shift) {
            if (fuzz_scalar_signed(x.s))
                return -1;
            int bits = fuzz_scalar_bits(x.s);
            int c = (int)(y.i[k] & (uint64_t)(bits - 1));
            u128 v = ubits(x.s, x.i[k]);
            out.i[k] = wrap(x.s, op[0] == '<' ? (i128)(v << c) : (i128)(v >> c));
        } else if (lane_int(op, x.s, x.i[k], y.i[k], &out.i[k]) != 0) {
            /* undefined (or not an operator the generator writes) */
            return -1;
        }
    }
    *r = out;
    return 0;
}

int fuzz_eval_unary(const char *op, const fuzz_val *a, fuzz_val *r)
{
    fuzz_val out = *a;
    if (fuzz_scalar_is_float(a->s)) {
        if (op[0] != '-')
            return -1;
        for (int k = 0; k < a->n; k++) {
            out.f[k].m = -a->f[k].m;
            out.f[k].neg = !a->f[k].neg;
        }
        *r = out;
        return 0;
    }
    if (a->w == 1)
        out = retype(a, promoted(a->s));
    for (int k = 0; k < out.n; k++) {
        i128 v = value(out.s, out.i[k]);
        if (op[0] == '~') {
            out.i[k] = wrap(out.s, ~v);
        } else {
            if (fuzz_scalar_signed(out.s) && v == type_min(out.s))
                return -1;
            out.i[k] = wrap(out.s, -v);
        }
    }
    *r = out;
    return 0;
}

int fuzz_eval_less(const fuzz_val *x, const fuzz_val *y, int *lt)
{
    if (x->n != y->n)
        return -1;
    if (fuzz_scalar_is_float(x->s) || fuzz_scalar_is_float(y->s)) {
        if (x->s != y->s)
            return -1;
        for (int k = 0; k < x->n; k++)
            lt[k] = fuzz_real_cmp(x->f[k], y->f[k]) < 0;
        return 0;
    }
    fuzz_scalar t = x->s;
    if (x->w == 1 && y->w == 1)
        t = common(promoted(x->s), promoted(y->s));
    else if (x->s != y->s)
        return -1;
    for (int k = 0; k < x->n; k++)
        lt[k] = value(t, wrap(t, value(x->s, x->i[k]))) < value(t, wrap(t, value(y->s, y->i[k])));
    return 0;
}

static int int_builtin(const char *fn, fuzz_scalar s, uint64_t xl, uint64_t yl, uint64_t zl, uint64_t *r)
{
    i128 x = value(s, xl), y = value(s, yl), z = value(s, zl), v;
    int b = fuzz_scalar_bits(s);
    fuzz_scalar us = fuzz_scalar_unsigned(s);
    if (!strcmp(fn, "min"))
        v = x < y ? x : y;
    else if (!strcmp(fn, "max"))
        v = x > y ? x : y;
    else if (!strcmp(fn, "add_sat") || !strcmp(fn, "sub_sat")) {
        v = fn[0] == 'a' ? x + y : x - y;
        v = v < type_min(s) ? type_min(s) : v > type_max(s) ? type_max(s) : v;
    } else if (!strcmp(fn, "mul_hi")) {
        if (b == 64 && !fuzz_scalar_signed(s))
            v = (i128)(((u128)(uint64_t)x * (uint64_t)y) >> 64);
        else
            v = floor_shift(x * y, b);
    } else if (!strcmp(fn, "rotate")) {
        uint64_t u = ubits(s, xl);
        int k = (int)(ubits(s, yl) & (uint64_t)(b - 1));
        u128 m = ((u128)1 << b) - 1;
        v = (i128)(k ? (((u128)u << k) | ((u128)u >> (b - k))) & m : u);
        *r = wrap(s, v);
        return 0;
    } else if (!strcmp(fn, "hadd"))
        v = floor_shift(x + y, 1);
    else if (!strcmp(fn, "rhadd"))
        v = floor_shift(x + y + 1, 1);
    else if (!strcmp(fn, "abs_diff")) {
        *r = wrap(us, x > y ? x - y : y - x);
        return 0;
    } else if (!strcmp(fn, "abs")) {
        *r = wrap(us, x < 0 ? -x : x);
        return 0;
    } else if (!strcmp(fn, "clamp")) {
        if (y > z)
            return -1;  /* 6.12.3: undefined when minval > maxval */
        v = x < y ? y : x > z ? z : x;
    } else if (!strcmp(fn, "clz")) {
        uint64_t u = ubits(s, xl);
        v = b - bitlen(u);
    } else if (!strcmp(fn, "popcount")) {
        uint64_t u = ubits(s, xl);
        v = 0;
        for (; u; u &= u - 1)
            v++;
    } else {
        return -1;
    }
    *r = wrap(s, v);
    return 0;
}

static int real_builtin(const char *fn, fuzz_scalar s, fuzz_real x, fuzz_real y, fuzz_real z, fuzz_real *r)
{
    wide w;
    if (!strcmp(fn, "fmin") || !strcmp(fn, "fmax")) {
        /* fmin(-0, +0) may give either zero (C99 F.9.9.2 leaves it open). */
        if (x.m == 0 && y.m == 0 && x.neg != y.neg)
            return -1;
        int c = fuzz_real_cmp(x, y);
        *r = (fn[1] == 'm' && fn[2] == 'i') == (c <= 0) ? x : y;
        return 0;
    }
    if (!strcmp(fn, "fma")) {
        wide p = wide_mul(widen(x), widen(y));
        if (wide_add(p, widen(z), &w) != 0)
            return -1;
        return narrow(s, w, r);
    }
    if (!strcmp(fn, "fabs") || !strcmp(fn, "copysign")) {
        int neg = fn[0] == 'f' ? 0 : y.neg;
        *r = x;
        if (x.m < 0 ? !neg : (x.m > 0 && neg))
            r->m = -x.m;
        r->neg = neg;
        return 0;
    }
    if (!strcmp(fn, "floor") || !strcmp(fn, "ceil") || !strcmp(fn, "trunc")) {
        i128 v = round_int(x, fn[0] == 'f' ? 'n' : fn[0] == 'c' ? 'p' : 'z');
        wide iv = {v, 0, x.neg};  /* a zero result keeps the operand's sign */
        return narrow(s, iv, r);
    }
    return -1;
}

int fuzz_eval_builtin(const char *fn, const fuzz_val *a, const fuzz_val *b, const fuzz_val *c, fuzz_val *r)
{
    if ((b && (b->s != a->s || b->w != a->w || b->n != a->n)) || (c && (c->s != a->s || c->w != a->w || c->n != a->n)))
        return -1;
    fuzz_val out = *a;
    if (!strcmp(fn, "abs") || !strcmp(fn, "abs_diff"))
        out.s = fuzz_scalar_unsigned(a->s);
    for (int k = 0; k < a->n; k++) {
        if (fuzz_scalar_is_float(a->s)) {
            fuzz_real zero = {0, 0, 0};
            if (real_builtin(fn, a->s, a->f[k], b ? b->f[k] : zero, c ? c->f[k] : zero, &out.f[k]) != 0)
                return -1;
        } else if (int_builtin(fn, a->s, a->i[k], b ? b->i[k] : 0, c ? c->i[k] : 0, &out.i[k]) != 0) {
            return -1;
        }
    }
    *r = out;
    return 0;
}

int fuzz_eval_convert(fuzz_scalar s, int sat, char mode, const fuzz_val *a, fuzz_val *r)
{
    fuzz_val out = *a;
    out.s = s;
    for (int k = 0; k < a->n; k++) {
        if (fuzz_scalar_is_float(a->s) && fuzz_scalar_is_float(s)) {
            if (!fuzz_real_fits(s, a->f[k]))
                return -1;
            out.f[k] = a->f[k];
        } else if (fuzz_scalar_is_float(s)) {
            wide w = {value(a->s, a->i[k]), 0, 0};
            if (narrow(s, w, &out.f[k]) != 0)
                return -1;
        } else {
            i128 v = fuzz_scalar_is_float(a->s) ? round_int(a->f[k], mode ? mode : 'z') : value(a->s, a->i[k]);
            if (!in_range(s, v)) {
                /* 6.2.3.3: out of range, a conversion from float is
                 * implementation-defined, and to a signed integer too
                 * (C99 6.3.1.3); to an unsigned one it wraps. */
                if (sat)
                    v = v < type_min(s) ? type_min(s) : type_max(s);
                else if (fuzz_scalar_is_float(a->s) || fuzz_scalar_signed(s))
                    return -1;
            }
            out.i[k] = wrap(s, v);
        }
    }
    *r = out;
    return 0;
}
