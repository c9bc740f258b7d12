/* Element types and values: see value.h. */
#include "value.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    size_t size;
    int is_float;
    int is_signed;
} type_info[CLC_T_COUNT] = {
    [CLC_T_CHAR] = {"char", 1, 0, 1},     [CLC_T_UCHAR] = {"uchar", 1, 0, 0},
    [CLC_T_SHORT] = {"short", 2, 0, 1},   [CLC_T_USHORT] = {"ushort", 2, 0, 0},
    [CLC_T_INT] = {"int", 4, 0, 1},       [CLC_T_UINT] = {"uint", 4, 0, 0},
    [CLC_T_LONG] = {"long", 8, 0, 1},     [CLC_T_ULONG] = {"ulong", 8, 0, 0},
    [CLC_T_FLOAT] = {"float", 4, 1, 1},   [CLC_T_DOUBLE] = {"double", 8, 1, 1},
};

const char *value_type_name(clc_type t)
{
    return (unsigned)t < CLC_T_COUNT ? type_info[t].name : NULL;
}

int value_type_parse(const char *name, clc_type *out)
{
    for (int i = 0; i < CLC_T_COUNT; i++) {
        if (strcmp(name, type_info[i].name) == 0) {
            *out = (clc_type)i;
            return 0;
        }
    }
    return -1;
}

size_t value_type_size(clc_type t) { return type_info[t].size; }
int value_type_is_float(clc_type t) { return type_info[t].is_float; }

static uint64_t type_mask(clc_type t)
{
    size_t bits = type_info[t].size * 8;
    return bits == 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
}

static int is_nan_bits(clc_type t, uint64_t b)
{
    if (t == CLC_T_FLOAT)
        return (b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0;
    if (t == CLC_T_DOUBLE)
        return (b & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
               (b & 0x000fffffffffffffull) != 0;
    return 0;
}

static uint64_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static uint64_t double_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* Integers: decimal or 0x hex, optional sign; must fit the type. Base 0 is
 * avoided on purpose: a leading zero must not turn "010" into octal 8. */
static int parse_int(clc_type t, const char *tok, uint64_t *bits, char *err, size_t errlen)
{
    const char *p = tok;
    int neg = 0;
    if (*p == '-' || *p == '+')
        neg = (*p++ == '-');
    int base = (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) ? 16 : 10;
    if (base == 16)
        p += 2;
    if (!isxdigit((unsigned char)*p)) {
        snprintf(err, errlen, "'%s' is not a %s", tok, type_info[t].name);
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long mag = strtoull(p, &end, base);
    if (*end != '\0' || errno == ERANGE) {
        snprintf(err, errlen, "'%s' is not a %s", tok, type_info[t].name);
        return -1;
    }
    size_t nbits = type_info[t].size * 8;
    if (type_info[t].is_signed) {
        /* Magnitude limits of a signed type of nbits: 2^(n-1)-1, and 2^(n-1) when negative. */
        uint64_t lim = (uint64_t)1 << (nbits - 1);
        if ((!neg && mag >= lim) || (neg && mag > lim))
            goto range;
        *bits = (neg ? (uint64_t)0 - (uint64_t)mag : (uint64_t)mag) & type_mask(t);
    } else {
        if (neg && mag != 0)
            goto range;
        if (nbits < 64 && mag > type_mask(t))
            goto range;
        *bits = mag;
    }
    return 0;
range:
    snprintf(err, errlen, "'%s' does not fit in %s", tok, type_info[t].name);
    return -1;
}

static int parse_bits(clc_type t, const char *tok, uint64_t *bits, char *err, size_t errlen)
{
    /* bits(0x...) gives an exact pattern, e.g. a NaN with a payload. */
    size_t n = strlen(tok);
    char inner[64];
    if (n < 7 || n - 6 >= sizeof inner || tok[n - 1] != ')')
        goto bad;
    memcpy(inner, tok + 5, n - 6);
    inner[n - 6] = '\0';
    char *end;
    errno = 0;
    unsigned long long v = strtoull(inner, &end, 16);
    if (*end != '\0' || errno == ERANGE || end == inner || (v & ~type_mask(t)) != 0)
        goto bad;
    *bits = v;
    return 0;
bad:
    snprintf(err, errlen, "'%s' is not a bit pattern of a %s", tok, type_info[t].name);
    return -1;
}

static int parse_float(clc_type t, const char *tok, uint64_t *bits, char *err, size_t errlen)
{
    int dbl = (t == CLC_T_DOUBLE);
    if (strncmp(tok, "bits(", 5) == 0)
        return parse_bits(t, tok, bits, err, errlen);
    const char *p = tok;
    int neg = (*p == '-');
    if (*p == '-' || *p == '+')
        p++;
    if (strcmp(p, "inf") == 0 || strcmp(p, "nan") == 0) {
        int nan = (p[0] == 'n');
        if (dbl) {
            uint64_t b = nan ? 0x7ff8000000000000ull : 0x7ff0000000000000ull;
            *bits = b | (neg ? 0x8000000000000000ull : 0);
        } else {
            uint64_t b = nan ? 0x7fc00000u : 0x7f800000u;
            *bits = b | (neg ? 0x80000000u : 0);
        }
        return 0;
    }
    /* Accept a C-style 'f' suffix on decimal literals ("0.1f"); not on hex,
     * where 'f' is a digit. */
    char buf[128];
    size_t n = strlen(tok);
    if (n == 0 || n >= sizeof buf)
        goto bad;
    memcpy(buf, tok, n + 1);
    if (!strstr(buf, "0x") && !strstr(buf, "0X") && (buf[n - 1] == 'f' || buf[n - 1] == 'F'))
        buf[n - 1] = '\0';
    char *end;
    errno = 0;
    if (dbl) {
        double d = strtod(buf, &end);
        if (end == buf || *end != '\0' || isinf(d) || isnan(d))
            goto bad;
        *bits = double_bits(d);
    } else {
        float f = strtof(buf, &end);
        if (end == buf || *end != '\0' || isinf(f) || isnan(f))
            goto bad;
        *bits = float_bits(f);
    }
    return 0;
bad:
    snprintf(err, errlen, "'%s' is not a finite %s (write inf, nan or bits(0x...) for the others)",
             tok, type_info[t].name);
    return -1;
}

int value_parse(clc_type t, const char *tok, uint64_t *bits, char *err, size_t errlen)
{
    if ((unsigned)t >= CLC_T_COUNT) {
        snprintf(err, errlen, "invalid type");
        return -1;
    }
    return type_info[t].is_float ? parse_float(t, tok, bits, err, errlen)
                                 : parse_int(t, tok, bits, err, errlen);
}

int value_parse_expect(clc_type t, const char *tok, clc_expect *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (strcmp(tok, "*") == 0)
        return 0;
    const char *p = tok;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        char alt[128];
        if (len == 0 || len >= sizeof alt) {
            snprintf(err, errlen, "'%s' has an empty or overlong alternative", tok);
            return -1;
        }
        if (e->n_alts == CLC_MAX_ALTS) {
            snprintf(err, errlen, "'%s' has more than %d alternatives", tok, CLC_MAX_ALTS);
            return -1;
        }
        memcpy(alt, p, len);
        alt[len] = '\0';
        uint64_t b;
        if (value_parse(t, alt, &b, err, errlen) != 0)
            return -1;
        /* A plain "nan" (either sign) stands for any NaN: the spec rarely fixes
         * sign or payload. bits(...) stays exact. */
        if (strncmp(alt, "bits(", 5) != 0 && is_nan_bits(t, b))
            e->any_nan |= (uint8_t)(1u << e->n_alts);
        e->alts[e->n_alts++] = b;
        if (bar && bar[1] == '\0') {
            snprintf(err, errlen, "'%s' ends with an empty alternative", tok);
            return -1;
        }
        p = bar ? bar + 1 : p + len;
    }
    return 0;
}

static char *format_float(clc_type t, uint64_t bits, char *buf, size_t len)
{
    int dbl = (t == CLC_T_DOUBLE);
    uint64_t sign = dbl ? 0x8000000000000000ull : 0x80000000u;
    uint64_t qnan = dbl ? 0x7ff8000000000000ull : 0x7fc00000u;
    if (is_nan_bits(t, bits)) {
        if ((bits & ~sign) == qnan)
            snprintf(buf, len, "%snan", (bits & sign) ? "-" : "");
        else
            snprintf(buf, len, dbl ? "bits(0x%016" PRIx64 ")" : "bits(0x%08" PRIx64 ")", bits);
        return buf;
    }
    double v;
    if (dbl) {
        memcpy(&v, &bits, sizeof v);
    } else {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, sizeof f);
        v = f;
    }
    if (isinf(v)) {
        snprintf(buf, len, "%sinf", v < 0 ? "-" : "");
        return buf;
    }
    /* The shortest decimal that reads back to the same bits: readable in
     * reports ("0.1", not "0.100000001") and still exact. */
    for (int prec = dbl ? 15 : 6; prec <= (dbl ? 17 : 9); prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        uint64_t back = dbl ? double_bits(strtod(buf, NULL)) : float_bits(strtof(buf, NULL));
        if (back == bits)
            break;
    }
    return buf;
}

char *value_format(clc_type t, uint64_t bits, char *buf, size_t len)
{
    bits &= type_mask(t);
    if (type_info[t].is_float)
        return format_float(t, bits, buf, len);
    if (type_info[t].is_signed) {
        size_t nbits = type_info[t].size * 8;
        int64_t v = (nbits < 64 && (bits >> (nbits - 1)) & 1) ? (int64_t)(bits | ~type_mask(t))
                                                               : (int64_t)bits;
        snprintf(buf, len, "%" PRId64, v);
    } else {
        snprintf(buf, len, "%" PRIu64, bits);
    }
    return buf;
}

char *value_format_expect(clc_type t, const clc_expect *e, char *buf, size_t len)
{
    if (e->n_alts == 0) {
        snprintf(buf, len, "*");
        return buf;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < e->n_alts && used < len; i++) {
        char one[64];
        if (e->any_nan & (1u << i))
            snprintf(one, sizeof one, "nan");
        else if (is_nan_bits(t, e->alts[i]))
            /* An exact NaN must not print as "nan", which reads back as "any NaN". */
            snprintf(one, sizeof one, t == CLC_T_DOUBLE ? "bits(0x%016" PRIx64 ")" : "bits(0x%08" PRIx64 ")",
                     e->alts[i]);
        else
            value_format(t, e->alts[i], one, sizeof one);
        int n = snprintf(buf + used, len - used, "%s%s", i ? "|" : "", one);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return buf;
}

int value_matches(clc_type t, const clc_expect *e, uint64_t actual)
{
    if (e->n_alts == 0)
        return 1;
    actual &= type_mask(t);
    for (int i = 0; i < e->n_alts; i++) {
        if ((e->any_nan & (1u << i)) && is_nan_bits(t, actual))
            return 1;
        if (e->alts[i] == actual)
            return 1;
    }
    return 0;
}

uint64_t value_load(clc_type t, const void *buf, size_t i)
{
    size_t sz = type_info[t].size;
    uint64_t v = 0;
    /* Little-endian host assumed (checked against the device at run time). */
    memcpy(&v, (const unsigned char *)buf + i * sz, sz);
    return v;
}

void value_store(clc_type t, void *buf, size_t i, uint64_t bits)
{
    size_t sz = type_info[t].size;
    memcpy((unsigned char *)buf + i * sz, &bits, sz);
}

double value_fp_from_bits(clc_type t, uint64_t bits)
{
    if (t == CLC_T_DOUBLE) {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

uint64_t value_fp_to_bits(clc_type t, double v)
{
    return t == CLC_T_DOUBLE ? double_bits(v) : float_bits((float)v);
}
