/* convref: host reference for OpenCL C 1.2 explicit conversions (6.2.3).
 * See convref.h. All arithmetic here is on integers: an operand becomes
 * (-1)^neg * mag * 2^exp exactly, and rounding looks at the bits shifted out,
 * so the host's floating-point unit and its rounding mode play no part. */
#include "convref.h"

#include <stdio.h>
#include <string.h>

/* ---- types -------------------------------------------------------------- */

static const char *const type_names[CR_NTYPES] = {
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"
};
static const int type_sizes[CR_NTYPES] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};

const char *cr_type_name(cr_type t) { return t < CR_NTYPES ? type_names[t] : NULL; }
int cr_type_size(cr_type t) { return type_sizes[t]; }
int cr_type_is_float(cr_type t) { return t == CR_FLOAT || t == CR_DOUBLE; }

int cr_type_is_signed(cr_type t)
{
    return t == CR_CHAR || t == CR_SHORT || t == CR_INT || t == CR_LONG || cr_type_is_float(t);
}

static int type_bits(cr_type t) { return 8 * type_sizes[t]; }

static uint64_t type_mask(cr_type t)
{
    return type_bits(t) == 64 ? UINT64_MAX : (UINT64_C(1) << type_bits(t)) - 1;
}

int64_t cr_int_min(cr_type t)
{
    if (!cr_type_is_signed(t))
        return 0;
    /* -2^(n-1), built without overflowing. */
    return -(int64_t)((UINT64_C(1) << (type_bits(t) - 1)) - 1) - 1;
}

uint64_t cr_int_max(cr_type t)
{
    return cr_type_is_signed(t) ? type_mask(t) >> 1 : type_mask(t);
}

const char *cr_round_suffix(cr_round r)
{
    static const char *const s[CR_NROUND] = {"", "_rte", "_rtz", "_rtp", "_rtn"};
    return s[r];
}

uint64_t cr_bits_of_int(cr_type t, int64_t v) { return (uint64_t)v & type_mask(t); }

int64_t cr_int_value(cr_type t, uint64_t bits)
{
    bits &= type_mask(t);
    if (cr_type_is_signed(t) && type_bits(t) < 64 && (bits >> (type_bits(t) - 1)))
        bits |= ~type_mask(t); /* sign-extend */
    /* Two's complement reinterpretation, spelled without implementation-
     * defined unsigned-to-signed conversion. */
    if (bits >> 63)
        return -(int64_t)(~bits) - 1;
    return (int64_t)bits;
}

/* ---- floating-point formats ---------------------------------------------- */

typedef struct {
    int prec;   /* significand bits, hidden bit included */
    int bias;   /* exponent bias; emax = bias, emin = 1 - bias */
    int ebits;  /* exponent field width */
} fp_format;

static const fp_format fmt_float = {24, 127, 8};
static const fp_format fmt_double = {53, 1023, 11};

static const fp_format *format_of(cr_type t) { return t == CR_FLOAT ? &fmt_float : &fmt_double; }

static uint64_t fp_sign_bit(const fp_format *f) { return UINT64_C(1) << (f->prec - 1 + f->ebits); }
static uint64_t fp_frac_mask(const fp_format *f) { return (UINT64_C(1) << (f->prec - 1)) - 1; }
static uint64_t fp_exp_field(const fp_format *f, uint64_t bits)
{
    return (bits >> (f->prec - 1)) & ((UINT64_C(1) << f->ebits) - 1);
}
static uint64_t fp_exp_all_ones(const fp_format *f) { return (UINT64_C(1) << f->ebits) - 1; }

int cr_is_nan(cr_type t, uint64_t bits)
{
    if (!cr_type_is_float(t))
        return 0;
    const fp_format *f = format_of(t);
    return fp_exp_field(f, bits) == fp_exp_all_ones(f) && (bits & fp_frac_mask(f)) != 0;
}

int cr_is_denormal(cr_type t, uint64_t bits)
{
    if (!cr_type_is_float(t))
        return 0;
    const fp_format *f = format_of(t);
    return fp_exp_field(f, bits) == 0 && (bits & fp_frac_mask(f)) != 0;
}

/* ---- exact values ---------------------------------------------------------- */

enum { EX_FINITE, EX_INF, EX_NAN };

/* (-1)^neg * mag * 2^exp, or an infinity/NaN with a sign. */
typedef struct {
    int cls;
    int neg;
    uint64_t mag;
    int exp;
} exact;

static exact exact_from_int(cr_type t, uint64_t bits)
{
    exact x = {EX_FINITE, 0, bits & type_mask(t), 0};
    if (cr_type_is_signed(t)) {
        int64_t v = cr_int_value(t, bits);
        x.neg = v < 0;
        /* |v| as unsigned; correct for the most negative value too. */
        x.mag = x.neg ? ~(uint64_t)v + 1 : (uint64_t)v;
    }
    return x;
}

static exact exact_from_fp(const fp_format *f, uint64_t bits)
{
    exact x = {EX_FINITE, (bits & fp_sign_bit(f)) != 0, bits & fp_frac_mask(f), 0};
    uint64_t e = fp_exp_field(f, bits);
    int emin = 1 - f->bias;
    if (e == fp_exp_all_ones(f)) {
        x.cls = x.mag ? EX_NAN : EX_INF;
    } else if (e == 0) {
        x.exp = emin - (f->prec - 1);            /* denormal or zero */
    } else {
        x.mag |= UINT64_C(1) << (f->prec - 1);  /* hidden bit */
        x.exp = (int)e - f->bias - (f->prec - 1);
    }
    return x;
}

static exact exact_from(cr_type t, uint64_t bits)
{
    return cr_type_is_float(t) ? exact_from_fp(format_of(t), bits) : exact_from_int(t, bits);
}

/* ---- rounding ------------------------------------------------------------ */

/* Rounding directions on the magnitude. */
typedef enum { RM_EVEN, RM_ZERO, RM_UP, RM_DOWN } rmode;

static rmode rmode_of(cr_round r, int to_float)
{
    switch (r) {
    case CR_RTE: return RM_EVEN;
    case CR_RTZ: return RM_ZERO;
    case CR_RTP: return RM_UP;
    case CR_RTN: return RM_DOWN;
    default: return to_float ? RM_EVEN : RM_ZERO; /* 6.2.3.2 defaults */
    }
}

/* The bits of mag shifted right by sh, with what was dropped classified:
 * *half is -1, 0 or 1 as the dropped part is below, at or above one half
 * of the last kept bit; *inexact says whether anything nonzero was dropped. */
static uint64_t shift_out(uint64_t mag, int sh, int *half, int *inexact)
{
    if (sh <= 0) {
        *half = -1;
        *inexact = 0;
        return mag;
    }
    uint64_t q, rem, halfway;
    if (sh > 64) {
        q = 0;
        rem = mag;
        *half = -1; /* the halfway point 2^(sh-1) exceeds any 64-bit mag */
        *inexact = mag != 0;
        return q;
    }
    if (sh == 64) {
        q = 0;
        rem = mag;
        halfway = UINT64_C(1) << 63;
    } else {
        q = mag >> sh;
        rem = mag & ((UINT64_C(1) << sh) - 1);
        halfway = UINT64_C(1) << (sh - 1);
    }
    *half = rem < halfway ? -1 : rem == halfway ? 0 : 1;
    *inexact = rem != 0;
    return q;
}

/* Whether to add one unit to the truncated magnitude q. */
static int round_up_mag(rmode m, int neg, uint64_t q, int half, int inexact)
{
    if (!inexact)
        return 0;
    switch (m) {
    case RM_EVEN: return half > 0 || (half == 0 && (q & 1));
    case RM_ZERO: return 0;
    case RM_UP: return !neg;
    case RM_DOWN: return neg;
    }
    return 0;
}

/* |x| rounded to an integer under m. *huge is set when it is 2^64 or more. */
static uint64_t round_to_integer(const exact *x, rmode m, int *huge)
{
    *huge = 0;
    if (x->mag == 0)
        return 0;
    if (x->exp >= 0) {
        /* An integer already; huge when mag << exp needs more than 64 bits. */
        *huge = x->exp >= 64 || (x->exp > 0 && (x->mag >> (64 - x->exp)) != 0);
        return *huge ? 0 : x->mag << x->exp;
    }
    int half, inexact;
    uint64_t q = shift_out(x->mag, -x->exp, &half, &inexact);
    if (round_up_mag(m, x->neg, q, half, inexact)) {
        if (q == UINT64_MAX) {
            *huge = 1;
            return 0;
        }
        q++;
    }
    return q;
}

/* Does the signed magnitude fit integer type t? */
static int int_fits(cr_type t, int neg, uint64_t mag, int huge)
{
    if (huge)
        return 0;
    if (neg && mag != 0)
        return cr_type_is_signed(t) && mag <= (cr_int_max(t) + 1);
    return mag <= cr_int_max(t);
}

/* Two's complement bits of a signed magnitude, truncated to t. */
static uint64_t int_bits(cr_type t, int neg, uint64_t mag)
{
    return (neg ? ~mag + 1 : mag) & type_mask(t);
}

static uint64_t int_clamp_bits(cr_type t, int neg)
{
    return neg ? cr_bits_of_int(t, cr_int_min(t)) : cr_int_max(t);
}

static int msb_index(uint64_t v)
{
    int i = 63;
    while (!(v >> i))
        i--;
    return i;
}

/* Encodes an overflowing finite value: IEEE-754 sends it to infinity or to
 * the largest finite value depending on direction (6.2.3.2 requires
 * IEEE-754 rounding rules for conversions to floating point). */
static uint64_t fp_overflow(const fp_format *f, int neg, rmode m)
{
    uint64_t inf = fp_exp_all_ones(f) << (f->prec - 1);
    uint64_t max = inf - 1;
    uint64_t sign = neg ? fp_sign_bit(f) : 0;
    int to_inf = m == RM_EVEN || (m == RM_UP && !neg) || (m == RM_DOWN && neg);
    return sign | (to_inf ? inf : max);
}

/* Rounds a finite exact value into format f under m. *tiny is set when the
 * value is nonzero and below the smallest normal before rounding (7.5.3's
 * "sub-normal before rounding"). */
static uint64_t round_to_fp(const fp_format *f, const exact *x, rmode m, int *tiny)
{
    uint64_t sign = x->neg ? fp_sign_bit(f) : 0;
    int emin = 1 - f->bias;
    *tiny = 0;
    if (x->mag == 0)
        return sign;
    int e = msb_index(x->mag) + x->exp;       /* |x| is in [2^e, 2^(e+1)) */
    *tiny = e < emin;
    int q_exp = (e < emin ? emin : e) - (f->prec - 1); /* weight of the last bit */
    int sh = q_exp - x->exp;
    uint64_t sig;
    if (sh <= 0) {
        sig = x->mag << -sh;                  /* exact: fewer than prec bits */
    } else {
        int half, inexact;
        sig = shift_out(x->mag, sh, &half, &inexact);
        sig += (uint64_t)round_up_mag(m, x->neg, sig, half, inexact);
    }
    if (sig == UINT64_C(1) << f->prec) {      /* rounding carried into a new binade */
        sig >>= 1;
        q_exp++;
    }
    if (sig == 0)
        return sign;
    if (!(sig >> (f->prec - 1)))              /* denormal: exponent field 0 */
        return sign | sig;
    int unbiased = q_exp + f->prec - 1;
    if (unbiased > f->bias)
        return fp_overflow(f, x->neg, m);
    return sign | ((uint64_t)(unbiased + f->bias) << (f->prec - 1)) | (sig & fp_frac_mask(f));
}

/* ---- one conversion, strict (no flushing) -------------------------------- */

static void result_set(cr_result *r, uint64_t bits)
{
    memset(r, 0, sizeof *r);
    r->judged = 1;
    r->n = 1;
    r->bits[0] = bits;
}

static void result_unjudged(cr_result *r)
{
    memset(r, 0, sizeof *r);
}

/* 6.2.3.3: into an integer type. The operand is out of range when its value
 * rounded in the call's mode (6.2.3.2) lies beyond the destination's limits:
 * convert_uchar_rtp(-0.5f) is 0, convert_uchar_rtn(-0.5f) out of range (the
 * CTS's reading, docs/spec-readings.md conv-out-of-range, reading 2c).
 * _sat clamps (and sends NaN to 0); without _sat integer sources follow C99
 * 6.3.1.3 (modulo into unsigned types; implementation-defined into signed
 * types) and floating-point sources are implementation-defined. */
static void to_integer(cr_type dst, cr_type src, const exact *x, int sat, rmode m, cr_result *r)
{
    if (x->cls == EX_NAN) {
        if (sat)
            result_set(r, 0);
        else
            result_unjudged(r);
        return;
    }
    if (x->cls == EX_INF) {
        if (sat)
            result_set(r, int_clamp_bits(dst, x->neg));
        else
            result_unjudged(r);
        return;
    }
    int huge;
    uint64_t q = round_to_integer(x, m, &huge);
    if (int_fits(dst, x->neg, q, huge)) {
        result_set(r, int_bits(dst, x->neg, q));
    } else if (sat) {
        result_set(r, int_clamp_bits(dst, x->neg));
    } else if (!cr_type_is_float(src) && !cr_type_is_signed(dst)) {
        result_set(r, int_bits(dst, x->neg, q)); /* C99 6.3.1.3p2: modulo 2^n */
    } else {
        result_unjudged(r);
    }
}

/* Into float or double: IEEE-754 rounding of the exact value. */
static void to_float(cr_type dst, const exact *x, rmode m, cr_result *r, int *tiny)
{
    const fp_format *f = format_of(dst);
    *tiny = 0;
    if (x->cls == EX_NAN) {
        result_set(r, (fp_exp_all_ones(f) << (f->prec - 1)) | (UINT64_C(1) << (f->prec - 2)));
        r->is_nan = 1;
        return;
    }
    if (x->cls == EX_INF) {
        result_set(r, (x->neg ? fp_sign_bit(f) : 0) | (fp_exp_all_ones(f) << (f->prec - 1)));
        return;
    }
    result_set(r, round_to_fp(f, x, m, tiny));
}

static void convert_strict(cr_type dst, cr_type src, const exact *x, int sat, cr_round rnd,
                           cr_result *r, int *tiny)
{
    rmode m = rmode_of(rnd, cr_type_is_float(dst));
    *tiny = 0;
    if (cr_type_is_float(dst))
        to_float(dst, x, m, r, tiny);
    else
        to_integer(dst, src, x, sat, m, r);
}

/* ---- flush-to-zero alternatives (7.5.3) ------------------------------------ */

static void add_alt(cr_result *r, uint64_t bits)
{
    for (int i = 0; i < r->n; i++)
        if (r->bits[i] == bits)
            return;
    if (r->n < CR_MAX_ALTS)
        r->bits[r->n++] = bits;
}

/* Merges b's alternatives into a; an unjudged b makes a unjudged. */
static void merge_alts(cr_result *a, const cr_result *b)
{
    if (!a->judged || !b->judged || a->is_nan || b->is_nan) {
        if (!b->judged)
            result_unjudged(a);
        return;
    }
    for (int i = 0; i < b->n; i++)
        add_alt(a, b->bits[i]);
}

int cr_convert(cr_type dst, cr_type src, uint64_t src_bits, int sat, cr_round rnd, int ftz,
               cr_result *out)
{
    if (sat && cr_type_is_float(dst))
        return -1; /* 6.2.3.3: _sat may not be used into floating point */
    exact x = exact_from(src, src_bits);
    int tiny;
    convert_strict(dst, src, &x, sat, rnd, out, &tiny);
    if (!ftz)
        return 0;
    /* 7.5.3 cases 2 and 4: a float result that is sub-normal before
     * rounding may be flushed, to a zero of either sign. */
    if (dst == CR_FLOAT && tiny && out->judged) {
        add_alt(out, 0);
        add_alt(out, fp_sign_bit(&fmt_float));
    }
    /* 7.5.3 case 3: a float denormal operand may be flushed first. */
    if (src == CR_FLOAT && cr_is_denormal(src, src_bits)) {
        for (int s = 0; s < 2; s++) {
            exact z = x;
            z.mag = 0;
            z.neg = s;
            cr_result alt;
            convert_strict(dst, src, &z, sat, rnd, &alt, &tiny);
            merge_alts(out, &alt);
        }
    }
    return 0;
}

/* ---- formatting ------------------------------------------------------------ */

/* A finite nonzero float as a C99 hex float: "-0x1.8p+1", "0x0.000002p-126". */
static void format_hexfloat(const fp_format *f, uint64_t bits, char *buf, size_t len)
{
    int neg = (bits & fp_sign_bit(f)) != 0;
    uint64_t e = fp_exp_field(f, bits);
    uint64_t frac = bits & fp_frac_mask(f);
    int lead = e != 0;
    int pexp = e ? (int)e - f->bias : 1 - f->bias;
    /* Pad the fraction to whole hex digits, then drop trailing zero digits. */
    int fbits = f->prec - 1, digits = (fbits + 3) / 4;
    frac <<= digits * 4 - fbits;
    while (digits > 0 && (frac & 0xf) == 0) {
        frac >>= 4;
        digits--;
    }
    if (digits)
        snprintf(buf, len, "%s0x%d.%0*llxp%+d", neg ? "-" : "", lead, digits,
                 (unsigned long long)frac, pexp);
    else
        snprintf(buf, len, "%s0x%dp%+d", neg ? "-" : "", lead, pexp);
}

static char *format_fp(cr_type t, uint64_t bits, char *buf, size_t len)
{
    const fp_format *f = format_of(t);
    int neg = (bits & fp_sign_bit(f)) != 0;
    if (cr_is_nan(t, bits))
        snprintf(buf, len, "bits(0x%0*llx)", cr_type_size(t) * 2, (unsigned long long)bits);
    else if (fp_exp_field(f, bits) == fp_exp_all_ones(f))
        snprintf(buf, len, "%sinf", neg ? "-" : "");
    else if ((bits & ~fp_sign_bit(f)) == 0)
        snprintf(buf, len, "%s0", neg ? "-" : "");
    else
        format_hexfloat(f, bits, buf, len);
    return buf;
}

char *cr_format_value(cr_type t, uint64_t bits, char *buf, size_t len)
{
    if (cr_type_is_float(t))
        return format_fp(t, bits, buf, len);
    if (cr_type_is_signed(t))
        snprintf(buf, len, "%lld", (long long)cr_int_value(t, bits));
    else
        snprintf(buf, len, "%llu", (unsigned long long)(bits & type_mask(t)));
    return buf;
}

char *cr_format_result(cr_type t, const cr_result *r, char *buf, size_t len)
{
    if (!r->judged) {
        snprintf(buf, len, "*");
        return buf;
    }
    if (r->is_nan) {
        snprintf(buf, len, "nan");
        return buf;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < r->n && used < len; i++) {
        char one[64];
        cr_format_value(t, r->bits[i], one, sizeof one);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "|" : "", one);
    }
    return buf;
}

/* Integer constants: the most negative values are spelled as an expression
 * because their magnitude does not fit the signed literal types. */
static char *format_int_literal(cr_type t, uint64_t bits, char *buf, size_t len)
{
    const char *suffix = t == CR_LONG ? "L" : t == CR_ULONG ? "UL" : t == CR_UINT ? "U" : "";
    if (cr_type_is_signed(t)) {
        int64_t v = cr_int_value(t, bits);
        if (v == cr_int_min(t) && (t == CR_INT || t == CR_LONG))
            snprintf(buf, len, "(%lld%s - 1)", (long long)(v + 1), suffix);
        else
            snprintf(buf, len, "%lld%s", (long long)v, suffix);
    } else {
        snprintf(buf, len, "%llu%s", (unsigned long long)(bits & type_mask(t)), suffix);
    }
    return buf;
}

char *cr_format_literal(cr_type t, uint64_t bits, char *buf, size_t len)
{
    if (!cr_type_is_float(t))
        return format_int_literal(t, bits, buf, len);
    const fp_format *f = format_of(t);
    if (fp_exp_field(f, bits) == fp_exp_all_ones(f)) {
        /* No literal spells NaN payloads or infinities: reinterpret bits,
         * which the compiler folds like any constant. */
        if (t == CR_FLOAT)
            snprintf(buf, len, "as_float(0x%08llxU)", (unsigned long long)bits);
        else
            snprintf(buf, len, "as_double(0x%016llxUL)", (unsigned long long)bits);
        return buf;
    }
    char hex[64];
    format_fp(t, bits, hex, sizeof hex);
    if ((bits & ~fp_sign_bit(f)) == 0)
        snprintf(hex, sizeof hex, "%s0x0p+0", (bits & fp_sign_bit(f)) ? "-" : "");
    snprintf(buf, len, "%s%s", hex, t == CR_FLOAT ? "f" : "");
    return buf;
}
