/* Failures grouped by rule: see group.h.
 *
 * Each element that failed, and only those, is classified by comparing the
 * actual bits with the expected ones: for an exactly judged probe the
 * mismatching elements; for an ulp-judged one the elements its judge listed
 * beyond the bound, with the error it measured (its "expected" array holds
 * the correctly rounded values, which elements within the bound may miss).
 * A conversion rounded the wrong way shows as "one less (rounded down)", a
 * NaN turned into a clamp value as "the type's minimum from NaN", a lost
 * denormal as "flushed to zero", a -0 for +0 as "the sign of a zero", an
 * error in ulp by its magnitude ("17-256 ulp off"). Generated probes say in their
 * `why` which call fills which block of the output ("out holds one block
 * per call, in order: convert_int x144, convert_int_rte x144, ...", element
 * j of a block converting input j); then the call's suffix ("_rtp", "_sat")
 * and the input's kind (NaN, inf) join the class, as these are what a
 * vendor's rule is about. The set of classes, sorted, is the deviation, so
 * probes failing the same way share a key whatever their element counts. */
#include "group.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "value.h"
#include "verdict.h"

#define MAX_CLASSES 8

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

const char *group_ledger(const cJSON *rec, char *buf, size_t len)
{
    buf[0] = '\0';
    const char *why = str(rec, "why");
    const char *at = why ? strstr(why, "[ledger:") : NULL;
    if (!at)
        return buf;
    at += 8;
    while (*at == ' ')
        at++;
    size_t n = 0;
    while ((isalnum((unsigned char)at[n]) || at[n] == '-' || at[n] == '_' || at[n] == '.') && n + 1 < len)
        n++;
    if (at[n] != ']' && at[n] != ' ')
        return buf; /* not the documented syntax: no ledger */
    memcpy(buf, at, n);
    buf[n] = '\0';
    return buf;
}

/* ---- which call and which input made element m -------------------------- */

/* From "in order: NAME xN, NAME xN, ...": the call whose block holds element
 * m, into call, and m's index inside the block. Returns 0, or -1 when the
 * why has no such list or m is past it. */
static int block_of(const char *why, size_t m, char *call, size_t len, size_t *j, size_t *block)
{
    const char *p = why ? strstr(why, "in order: ") : NULL;
    if (!p)
        return -1;
    p += 10;
    size_t start = 0;
    for (;;) {
        size_t n = strcspn(p, " ,;");
        const char *x = p + n;
        char *end;
        if (n == 0 || n >= len || strncmp(x, " x", 2) != 0 || !isdigit((unsigned char)x[2]))
            return -1;
        unsigned long count = strtoul(x + 2, &end, 10);
        if (m < start + count) {
            memcpy(call, p, n);
            call[n] = '\0';
            *j = m - start;
            *block = count;
            return 0;
        }
        start += count;
        if (strncmp(end, ", ", 2) != 0)
            return -1;
        p = end + 2;
    }
}

/* "convert_int4_sat_rtp" -> "_sat_rtp"; "convert_float" -> "" (default
 * rounding); any other name stays as it is. */
static void call_variant(const char *call, char *buf, size_t len)
{
    if (strncmp(call, "convert_", 8) != 0) {
        snprintf(buf, len, " in %s", call);
        return;
    }
    const char *p = call + 8;
    while (isalpha((unsigned char)*p))
        p++;
    while (isdigit((unsigned char)*p))
        p++;
    snprintf(buf, len, " in %s", *p ? p : "default rounding");
}

static int parse_type(const cJSON *rec, const char *key, clc_type *t)
{
    const char *name = str(rec, key);
    return name && value_type_parse(name, t) == 0 ? 0 : -1;
}


/* The kind of input value j, when notable, of the input the block reads:
 * the only input, or else the only one as long as the block (generated
 * probes read in-range operands from a shorter buffer). */
static const char *input_kind(const cJSON *rec, size_t j, size_t block)
{
    const cJSON *inputs = cJSON_GetObjectItemCaseSensitive(rec, "inputs"), *it, *in = NULL;
    int matches = 0;
    cJSON_ArrayForEach(it, inputs)
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(it, "values")) == (int)block) {
            in = it;
            matches++;
        }
    if (cJSON_GetArraySize(inputs) == 1)
        in = cJSON_GetArrayItem(inputs, 0);
    else if (matches != 1)
        return "";
    clc_type t;
    if (parse_type(in, "type", &t) != 0 || !value_type_is_float(t))
        return "";
    const cJSON *v = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(in, "values"), (int)j);
    uint64_t bits;
    char err[64];
    if (!cJSON_IsString(v) || value_parse(t, v->valuestring, &bits, err, sizeof err) != 0)
        return "";
    double d = value_fp_from_bits(t, bits);
    if (isnan(d))
        return " from NaN";
    if (isinf(d))
        return d > 0 ? " from +inf" : " from -inf";
    return "";
}

/* ---- classifying one wrong element ---------------------------------------- */

static int64_t as_signed(clc_type t, uint64_t bits)
{
    size_t n = value_type_size(t) * 8;
    if (n < 64 && (bits >> (n - 1)) & 1)
        return (int64_t)(bits | ~((UINT64_C(1) << n) - 1));
    return (int64_t)bits;
}

static int is_signed_int(clc_type t)
{
    return t == CLC_T_CHAR || t == CLC_T_SHORT || t == CLC_T_INT || t == CLC_T_LONG;
}

/* conv: the element is a conversion's result, where one off means rounded
 * the wrong way; elsewhere (a work-item function's 0 for 1) it does not. */
static const char *classify_int(clc_type t, uint64_t e, uint64_t a, int conv)
{
    size_t n = value_type_size(t) * 8;
    uint64_t mask = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    int sgn = is_signed_int(t);
    uint64_t min = sgn ? (UINT64_C(1) << (n - 1)) : 0, max = sgn ? min - 1 : mask;
    /* One less or more as numbers: 255 -> 0 in uchar is a wrap, not one
     * more. */
    int less = sgn ? e != min && as_signed(t, (e - 1) & mask) == as_signed(t, a) : e != 0 && e - 1 == a;
    int more = sgn ? e != max && as_signed(t, (e + 1) & mask) == as_signed(t, a) : e != max && e + 1 == a;
    if (conv && less)
        return "one less (rounded down)";
    if (conv && more)
        return "one more (rounded up)";
    if (a == 0)
        return "0 instead of the value";
    if (less)
        return "one less";
    if (more)
        return "one more";
    if (a == min && sgn)
        return "the type's minimum";
    if (a == max)
        return "the type's maximum";
    if (sgn && as_signed(t, (0 - e) & mask) == as_signed(t, a))
        return "sign flipped";
    return "other values";
}

/* The distance in ulp between two finite values of t: how many values of
 * the type lie between them, counting one of the ends (+0 and -0 are one). */
static double ulp_distance(clc_type t, uint64_t e, uint64_t a)
{
    size_t bits = value_type_size(t) * 8;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    double oe = (e & sign) ? -(double)(e & ~sign) : (double)e;
    double oa = (a & sign) ? -(double)(a & ~sign) : (double)a;
    return fabs(oe - oa);
}

/* "k ulp off", k bucketed by magnitude so that 1 ulp and 3,290 ulp never
 * share a row. err is an error in ulp (fractional for ulp-judged probes,
 * measured against the exact reference). */
static const char *ulp_bucket(double err)
{
    static const struct {
        double max;
        const char *name;
    } buckets[] = {{1, "1 ulp off"},         {2, "2 ulp off"},           {4, "3-4 ulp off"},
                   {16, "5-16 ulp off"},     {256, "17-256 ulp off"},    {65536, "257-65536 ulp off"}};
    for (size_t i = 0; i < sizeof buckets / sizeof *buckets; i++)
        if (err <= buckets[i].max)
            return buckets[i].name;
    return "over 65536 ulp off";
}

static int is_subnormal(clc_type t, double v)
{
    double min = t == CLC_T_DOUBLE ? 2.2250738585072014e-308 : 1.17549435e-38;
    return v != 0 && fabs(v) < min;
}

/* err: the element's error in ulp as the judge measured it, or NAN to take
 * the distance between e and a. */
static const char *classify_float(clc_type t, uint64_t e, uint64_t a, double err)
{
    double de = value_fp_from_bits(t, e), da = value_fp_from_bits(t, a);
    if (isnan(de) && !isnan(da))
        return "a number where NaN is required";
    if (isnan(da))
        return "NaN where a number is required";
    if (isinf(da) && !isinf(de))
        return "infinity where a finite value is required";
    if (isinf(de) && !isinf(da))
        return "a finite value where infinity is required";
    if (isinf(de))
        return "infinity of the wrong sign";
    if (de == 0 && da == 0)
        return signbit(da) ? GROUP_SIGN_OF_ZERO ": -0 for +0" : GROUP_SIGN_OF_ZERO ": +0 for -0";
    if (da == 0)
        return is_subnormal(t, de) ? "denormal flushed to zero" : "0 instead of the value";
    if (de == 0)
        return "a nonzero value where 0 is required";
    if (da == -de)
        return "sign flipped";
    return ulp_bucket(isnan(err) ? ulp_distance(t, e, a) : err);
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Whether a is another element's expected value (and not element m's): a
 * vector's lanes swapped or shifted. Only in an output of at most 16
 * elements (one vector): in a longer table of a few distinct values (-1, 0,
 * 1, the type's limits) a wrong value is too often some other element's
 * for this to mean anything. */
static int other_lane(clc_type t, const cJSON *exp, int m, uint64_t a)
{
    int n = cJSON_GetArraySize(exp);
    if (n > 16)
        return 0;
    for (int k = 0; k < n; k++) {
        const cJSON *e = cJSON_GetArrayItem(exp, k);
        clc_expect ex;
        char err[128];
        if (k != m && cJSON_IsString(e) && value_parse_expect(t, e->valuestring, &ex, err, sizeof err) == 0 &&
            ex.n_alts > 0 && !ex.any_nan && value_matches(t, &ex, a))
            return 1;
    }
    return 0;
}

/* "0x1p+0 (0x3f800000)", as the ulp judge writes values: the bits. */
static int parse_shown(clc_type t, const char *s, uint64_t *bits)
{
    char tok[128], err[128];
    size_t n = strcspn(s, " ");
    if (n >= sizeof tok)
        return -1;
    memcpy(tok, s, n);
    tok[n] = '\0';
    return value_parse(t, tok, bits, err, sizeof err);
}

/* The class of element m into cls; returns 1, or 0 when it matches (or
 * cannot be read). want/bits: its expected and actual bits; err: its error
 * in ulp when the judge measured it (else NAN); exp: the record's expected
 * array, to recognise another lane's value (NULL: do not look). */
static int class_of(const cJSON *rec, clc_type t, const char *why, int m, uint64_t want, uint64_t bits, double err,
                    const cJSON *exp, char *cls, size_t len)
{
    char call[64] = "", variant[80] = "";
    const char *from = "";
    size_t j, block;
    int conv = 0;
    if (block_of(why, (size_t)m, call, sizeof call, &j, &block) == 0) {
        call_variant(call, variant, sizeof variant);
        from = input_kind(rec, j, block);
        conv = strncmp(call, "convert_", 8) == 0;
    }
    const char *what = value_type_is_float(t) ? classify_float(t, want, bits, err) : classify_int(t, want, bits, conv);
    /* A value that is another lane's, where no nearer reading explains it
     * (one ulp, one less), is a lane mix-up; blocks of generated families
     * repeat values too often for this to mean anything there. */
    int far = strcmp(what, "other values") == 0 ||
              (strstr(what, "ulp off") && strcmp(what, "1 ulp off") != 0 && strcmp(what, "2 ulp off") != 0);
    if (far && exp && !*call && other_lane(t, exp, m, bits))
        what = "another element's value (wrong lane)";
    /* The rounding mode names the rule only for a value rounded the wrong
     * way; for the rest, whether the call saturates is what matters, and one
     * row per mode would hide that they are one bug. */
    if (*variant && conv && !strstr(what, "rounded") && !strstr(what, "ulp"))
        snprintf(variant, sizeof variant, "%s", strstr(call, "_sat") ? " in _sat" : " without _sat");
    snprintf(cls, len, "%s%s%s", what, from, variant);
    return 1;
}

/* The class of element m of an exactly judged record (expected e, actual
 * a). */
static int element_class(const cJSON *rec, clc_type t, const char *why, int m, const cJSON *exp, const cJSON *e,
                         const cJSON *a, char *cls, size_t len)
{
    clc_expect ex;
    uint64_t bits;
    char err[128];
    if (!cJSON_IsString(e) || !cJSON_IsString(a) || value_parse_expect(t, e->valuestring, &ex, err, sizeof err) != 0 ||
        value_parse(t, a->valuestring, &bits, err, sizeof err) != 0 || value_matches(t, &ex, bits))
        return 0;
    /* Against the first alternative; "nan" stands for a NaN. */
    uint64_t want = ex.alts[0];
    if (ex.any_nan & 1)
        want = t == CLC_T_DOUBLE ? UINT64_C(0x7ff8000000000000) : 0x7fc00000;
    return class_of(rec, t, why, m, want, bits, NAN, exp, cls, len);
}

/* The class of one failure the ulp judge listed ({index, expected, actual,
 * ulp}): only elements beyond the bound are listed, so a probe within its
 * bound on all but a few elements is described by those few. Returns its
 * index, or -1 when it cannot be read. */
static long ulp_failure_class(const cJSON *rec, clc_type t, const cJSON *f, char *cls, size_t len)
{
    const cJSON *idx = cJSON_GetObjectItemCaseSensitive(f, "index");
    const char *e = str(f, "expected"), *a = str(f, "actual");
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(f, "ulp");
    uint64_t want, bits;
    if (!cJSON_IsNumber(idx) || idx->valuedouble < 0 || idx->valuedouble > 1e9 || !e || !a ||
        parse_shown(t, e, &want) != 0 || parse_shown(t, a, &bits) != 0)
        return -1;
    /* An error of 0 ulp is an exact value missed only in a zero's sign;
     * "nan"/"inf" errors leave the class to the values. */
    double err = cJSON_IsNumber(u) ? u->valuedouble : NAN;
    class_of(rec, t, str(rec, "why"), (int)idx->valuedouble, want, bits, err, NULL, cls, len);
    /* Within the bound and still failing: the judge compared it exactly. */
    const cJSON *bound = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "ulp"), "bound");
    if (strstr(cls, "ulp off") && cJSON_IsNumber(bound) && err <= bound->valuedouble) {
        size_t used = strlen(cls);
        snprintf(cls + used, len - used, " (a value prescribed exactly)");
    }
    return (long)idx->valuedouble;
}

static const cJSON *ulp_failures(const cJSON *rec)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "ulp"), "failures");
    return cJSON_IsArray(f) ? f : NULL;
}

long group_element(const cJSON *rec, const char *deviation)
{
    clc_type t;
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(rec, "expected");
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(rec, "actual");
    if (parse_type(rec, "out_type", &t) != 0)
        return -1;
    const cJSON *fails = ulp_failures(rec), *f;
    char cls[GROUP_DEV_LEN];
    if (fails) {
        cJSON_ArrayForEach(f, fails) {
            long m = ulp_failure_class(rec, t, f, cls, sizeof cls);
            if (m >= 0 && strcmp(cls, deviation) == 0)
                return m;
        }
        return -1;
    }
    if (!cJSON_IsArray(exp) || !cJSON_IsArray(act))
        return -1;
    const cJSON *e = exp->child, *a = act->child;
    for (int m = 0; e && a; m++, e = e->next, a = a->next)
        if (element_class(rec, t, str(rec, "why"), m, exp, e, a, cls, sizeof cls) && strcmp(cls, deviation) == 0)
            return m;
    return -1;
}

/* Adds cls to the set classes (n of them, at most max): past max kinds the
 * last becomes "other values", so no rule is lost. */
static void add_class(char **classes, size_t *n, size_t max, const char *cls)
{
    for (size_t k = 0; k < *n; k++)
        if (strcmp(classes[k], cls) == 0)
            return;
    if (*n == max) {
        free(classes[*n - 1]);
        classes[*n - 1] = strdup("other values");
        return;
    }
    classes[(*n)++] = strdup(cls);
}

/* The deviations of a `fail` record with expected/actual/out_type, sorted:
 * the classes of the elements that failed, and of those only. */
static size_t fail_deviations(const cJSON *rec, char out[][GROUP_DEV_LEN], size_t max)
{
    clc_type t;
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(rec, "expected");
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(rec, "actual");
    const cJSON *fails = ulp_failures(rec);
    if (max == 0)
        return 0;
    if (parse_type(rec, "out_type", &t) != 0 || (!fails && (!cJSON_IsArray(exp) || !cJSON_IsArray(act)))) {
        snprintf(out[0], GROUP_DEV_LEN, "wrong values");
        return 1;
    }
    char *classes[MAX_CLASSES];
    size_t n_classes = 0, limit = max < MAX_CLASSES ? max : MAX_CLASSES;
    const char *why = str(rec, "why");
    char cls[GROUP_DEV_LEN];
    if (fails) {
        /* An ulp-judged record: "expected" holds the correctly rounded
         * values, which elements within the bound may miss; the judge's
         * list of failures says which elements failed and by how much. */
        const cJSON *f;
        cJSON_ArrayForEach(f, fails)
            if (ulp_failure_class(rec, t, f, cls, sizeof cls) >= 0)
                add_class(classes, &n_classes, limit, cls);
    } else {
        int n = cJSON_GetArraySize(exp);
        const cJSON *e = exp->child, *a = act->child;
        for (int m = 0; m < n && e && a; m++, e = e->next, a = a->next)
            if (element_class(rec, t, why, m, exp, e, a, cls, sizeof cls))
                add_class(classes, &n_classes, limit, cls);
    }
    qsort(classes, n_classes, sizeof *classes, cmp_str);
    size_t n_out = 0;
    for (size_t k = 0; k < n_classes; k++) {
        if (classes[k] && (n_out == 0 || strcmp(out[n_out - 1], classes[k]) != 0))
            snprintf(out[n_out++], GROUP_DEV_LEN, "%s", classes[k]);
        free(classes[k]);
    }
    if (n_out == 0)
        snprintf(out[n_out++], GROUP_DEV_LEN, "wrong values");
    return n_out;
}

int group_sign_of_zero_only(const cJSON *rec)
{
    if (record_verdict(rec) != CLC_VERDICT_FAIL)
        return 0;
    char dev[GROUP_MAX_KEYS][GROUP_DEV_LEN];
    size_t n = group_deviations(rec, dev, GROUP_MAX_KEYS);
    for (size_t i = 0; i < n; i++)
        if (strncmp(dev[i], GROUP_SIGN_OF_ZERO, strlen(GROUP_SIGN_OF_ZERO)) != 0)
            return 0;
    return n > 0;
}

size_t group_deviations(const cJSON *rec, char out[][GROUP_DEV_LEN], size_t max)
{
    const char *v = str(rec, "verdict");
    clc_verdict verdict = verdict_parse(v);
    if (max == 0)
        return 0;
    if (verdict == CLC_VERDICT_FAIL)
        return fail_deviations(rec, out, max);
    char *buf = out[0];
    size_t len = GROUP_DEV_LEN;
    const char *name, *call;
    switch (verdict) {
    case CLC_VERDICT_BUILD_FAIL: snprintf(buf, len, "does not build"); break;
    case CLC_VERDICT_UNEXPECTED_BUILD_OK: snprintf(buf, len, "builds though the spec forbids it"); break;
    case CLC_VERDICT_CRASH:
        snprintf(buf, len, "crash%s%s", str(rec, "signal") ? " " : "", str(rec, "signal") ? str(rec, "signal") : "");
        break;
    case CLC_VERDICT_ERROR:
        name = str(cJSON_GetObjectItemCaseSensitive(rec, "error"), "name");
        call = str(cJSON_GetObjectItemCaseSensitive(rec, "error"), "call");
        snprintf(buf, len, "error%s%s%s%s", call ? " in " : "", call ? call : "", name ? " " : "", name ? name : "");
        break;
    default: snprintf(buf, len, "%s", v ? v : "?"); break;
    }
    return 1;
}

/* ---- keys, collections, output ---------------------------------------------- */

static void family_of(const char *id, char *buf, size_t len)
{
    size_t n = strcspn(id, ".");
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), id);
}

/* The record's keys into keys (each GROUP_KEY_LEN); returns how many. */
static size_t make_keys(const cJSON *rec, char keys[][GROUP_KEY_LEN], size_t max)
{
    char fam[64], ledger[64], dev[GROUP_MAX_KEYS][GROUP_DEV_LEN];
    const char *id = str(rec, "id"), *clause = str(rec, "clause");
    family_of(id ? id : "", fam, sizeof fam);
    group_ledger(rec, ledger, sizeof ledger);
    size_t n = group_deviations(rec, dev, max < GROUP_MAX_KEYS ? max : GROUP_MAX_KEYS);
    for (size_t i = 0; i < n; i++) {
        /* The pieces are bounded (64 + 64 + GROUP_DEV_LEN) but for the
         * clause, which is cut to fit. */
        int room = GROUP_KEY_LEN - 4 - (int)strlen(fam) - (int)strlen(ledger) - (int)strlen(dev[i]);
        snprintf(keys[i], GROUP_KEY_LEN, "%s|%.*s|%s|%s", fam, room > 0 ? room : 0, clause ? clause : "", ledger,
                 dev[i]);
    }
    return n;
}

static int rec_unexpected(const cJSON *rec)
{
    return str(rec, "verdict") && verdict_unexpected(record_verdict(rec));
}

void group_annotate_record(cJSON *rec)
{
    cJSON_DeleteItemFromObjectCaseSensitive(rec, "groups");
    if (!rec_unexpected(rec))
        return;
    char keys[GROUP_MAX_KEYS][GROUP_KEY_LEN];
    size_t n = make_keys(rec, keys, GROUP_MAX_KEYS);
    cJSON *arr = cJSON_AddArrayToObject(rec, "groups");
    for (size_t i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(keys[i]));
}

/* The key's four parts, split at '|' (the first three contain none). */
static void add_key_parts(cJSON *g, const char *key)
{
    static const char *const names[] = {"family", "clause", "ledger", "deviation"};
    const char *p = key;
    for (int i = 0; i < 4; i++) {
        size_t n = i < 3 ? strcspn(p, "|") : strlen(p);
        char part[1024];
        snprintf(part, sizeof part, "%.*s", (int)n, p);
        cJSON_AddStringToObject(g, names[i], part);
        p += n + (p[n] == '|');
    }
}

static int cmp_group(const void *x, const void *y)
{
    const cJSON *a = *(const cJSON *const *)x, *b = *(const cJSON *const *)y;
    int ca = cJSON_GetObjectItemCaseSensitive(a, "count")->valueint;
    int cb = cJSON_GetObjectItemCaseSensitive(b, "count")->valueint;
    if (ca != cb)
        return cb - ca;
    return strcmp(str(a, "key"), str(b, "key"));
}

static void add_unique_string(cJSON *arr, const char *s)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (strcmp(it->valuestring, s) == 0)
            return;
    cJSON_AddItemToArray(arr, cJSON_CreateString(s));
}

static void add_to_group(cJSON *tmp, const char *k, const cJSON *rec, const char *dev)
{
    cJSON *g = cJSON_GetObjectItemCaseSensitive(tmp, k);
    if (!g) {
        g = cJSON_CreateObject();
        cJSON_AddStringToObject(g, "key", k);
        add_key_parts(g, k);
        cJSON_AddNumberToObject(g, "count", 0);
        cJSON_AddItemToObject(g, "devices", cJSON_CreateArray());
        cJSON_AddItemToObject(g, "probes", cJSON_CreateArray());
        cJSON_AddItemToObject(tmp, k, g);
    }
    cJSON *count = cJSON_GetObjectItemCaseSensitive(g, "count");
    cJSON_SetNumberValue(count, count->valuedouble + 1);
    add_unique_string(cJSON_GetObjectItemCaseSensitive(g, "devices"), dev ? dev : "?");
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "id", str(rec, "id") ? str(rec, "id") : "?");
    cJSON_AddStringToObject(p, "device", dev ? dev : "?");
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(g, "probes"), p);
}

cJSON *group_collect(const cJSON *const *reports, size_t n)
{
    cJSON *tmp = cJSON_CreateObject(); /* key -> group, while collecting */
    for (size_t r = 0; r < n; r++) {
        const char *dev = str(cJSON_GetObjectItemCaseSensitive(reports[r], "device"), "key");
        const cJSON *rec;
        cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(reports[r], "probes")) {
            if (!rec_unexpected(rec))
                continue;
            char keys[GROUP_MAX_KEYS][GROUP_KEY_LEN];
            size_t nk = 0;
            const cJSON *given = cJSON_GetObjectItemCaseSensitive(rec, "groups"), *it;
            cJSON_ArrayForEach(it, given)
                if (cJSON_IsString(it) && nk < GROUP_MAX_KEYS)
                    snprintf(keys[nk++], GROUP_KEY_LEN, "%s", it->valuestring);
            if (nk == 0)
                nk = make_keys(rec, keys, GROUP_MAX_KEYS);
            for (size_t ki = 0; ki < nk; ki++)
                add_to_group(tmp, keys[ki], rec, dev);
        }
    }
    size_t ng = (size_t)cJSON_GetArraySize(tmp), i = 0;
    cJSON **sorted = calloc(ng ? ng : 1, sizeof *sorted);
    while (tmp->child)
        sorted[i++] = cJSON_DetachItemViaPointer(tmp, tmp->child);
    qsort(sorted, ng, sizeof *sorted, cmp_group);
    cJSON *out = cJSON_CreateArray();
    for (i = 0; i < ng; i++)
        cJSON_AddItemToArray(out, sorted[i]);
    free(sorted);
    cJSON_Delete(tmp);
    return out;
}

void group_annotate_report(cJSON *report)
{
    cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes"))
        group_annotate_record(rec);
    const cJSON *one[1] = {report};
    cJSON *groups = group_collect(one, 1);
    /* In a device report every probe is of that device. */
    cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        cJSON_DeleteItemFromObjectCaseSensitive(g, "devices");
        cJSON *p;
        cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(g, "probes"))
            cJSON_DeleteItemFromObjectCaseSensitive(p, "device");
    }
    cJSON *summary = cJSON_GetObjectItemCaseSensitive(report, "summary");
    if (!summary) {
        cJSON_Delete(groups);
        return;
    }
    cJSON_DeleteItemFromObjectCaseSensitive(summary, "groups");
    cJSON_AddItemToObject(summary, "groups", groups);
    cJSON_DeleteItemFromObjectCaseSensitive(summary, "sign_of_zero_only");
    cJSON_AddNumberToObject(summary, "sign_of_zero_only", (double)group_count_sign_of_zero(one, 1));
}

size_t group_count_sign_of_zero(const cJSON *const *reports, size_t n)
{
    size_t count = 0;
    for (size_t r = 0; r < n; r++) {
        const cJSON *rec;
        cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(reports[r], "probes"))
            count += (size_t)group_sign_of_zero_only(rec);
    }
    return count;
}

void group_print_console(FILE *f, const cJSON *const *reports, size_t n, size_t max_rows)
{
    cJSON *groups = group_collect(reports, n);
    int ng = cJSON_GetArraySize(groups);
    if (ng > 0)
        fprintf(f, "clconform: unexpected results by rule (%d group%s; %zu failure(s) differ only in the sign of "
                   "a zero):\n", ng, ng == 1 ? "" : "s", group_count_sign_of_zero(reports, n));
    size_t shown = 0;
    const cJSON *g;
    cJSON_ArrayForEach(g, groups) {
        if (shown++ == max_rows) {
            fprintf(f, "  ... and %d more group(s): see the HTML pages\n", ng - (int)max_rows);
            break;
        }
        const char *ledger = str(g, "ledger");
        fprintf(f, "  %4d  %s %s%s%s%s: %s  [", cJSON_GetObjectItemCaseSensitive(g, "count")->valueint,
                str(g, "family"), str(g, "clause"), *ledger ? " [ledger: " : "", ledger, *ledger ? "]" : "",
                str(g, "deviation"));
        const cJSON *d;
        int first = 1;
        cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(g, "devices")) {
            fprintf(f, "%s%s", first ? "" : ", ", d->valuestring);
            first = 0;
        }
        const cJSON *p = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(g, "probes"), 0);
        fprintf(f, "]  e.g. %s\n", str(p, "id"));
    }
    cJSON_Delete(groups);
}
