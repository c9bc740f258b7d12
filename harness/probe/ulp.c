/* The ulp measure and the per-element judgement: see ulp.h. */
#include "ulp.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The format's shape: p bits of precision, the smallest normal exponent,
 * the largest finite exponent. */
typedef struct {
    int p, emin, emax;
} fmt;

static fmt format_of(clc_type t)
{
    if (t == CLC_T_DOUBLE)
        return (fmt){53, -1022, 1023};
    return (fmt){24, -126, 127};
}

/* Parses a double: strtod's syntax plus inf/-inf, the whole token. */
static int parse_double(const char *s, const char *end, double *out)
{
    char buf[96];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *e;
    *out = strtod(buf, &e);
    return *e == '\0' && !isnan(*out) ? 0 : -1;
}

static int parse_alt(const char *s, const char *end, clc_ulp_ref *r, int i)
{
    if (end - s >= 4 && strncmp(s, "ftz:", 4) == 0) {
        r->ftz_only |= (uint8_t)(1u << i);
        s += 4;
    }
    if (end - s == 3 && strncmp(s, "nan", 3) == 0) {
        r->is_nan |= (uint8_t)(1u << i);
        return 0;
    }
    if (s < end && *s == '=') {
        r->exact |= (uint8_t)(1u << i);
        s++;
    }
    const char *at = memchr(s, '@', (size_t)(end - s));
    r->tol[i] = 0;
    if (at) {
        if (parse_double(at + 1, end, &r->tol[i]) != 0 || !(r->tol[i] >= 0) || (r->exact >> i & 1))
            return -1;
        end = at;
    }
    const char *tilde = memchr(s, '~', (size_t)(end - s));
    r->lo[i] = 0;
    if (tilde) {
        if (parse_double(tilde + 1, end, &r->lo[i]) != 0 || !isfinite(r->lo[i]))
            return -1;
        end = tilde;
    }
    if (parse_double(s, end, &r->hi[i]) != 0)
        return -1;
    /* A correction only makes sense on a finite reference, and exact
     * values are single numbers. */
    if (tilde && (!isfinite(r->hi[i]) || (r->exact >> i & 1)))
        return -1;
    return 0;
}

int ulp_parse_ref(const char *tok, clc_ulp_ref *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (strcmp(tok, "*") == 0)
        return 0;
    const char *s = tok;
    for (;;) {
        const char *bar = strchr(s, '|');
        const char *end = bar ? bar : s + strlen(s);
        if (r->n_alts == CLC_ULP_MAX_ALTS) {
            snprintf(err, errlen, "'%s': more than %d alternatives", tok, CLC_ULP_MAX_ALTS);
            return -1;
        }
        if (parse_alt(s, end, r, r->n_alts) != 0) {
            snprintf(err, errlen, "'%s': expected [ftz:][=]VALUE[~CORRECTION], nan or * "
                     "(alternatives joined by |)", tok);
            return -1;
        }
        r->n_alts++;
        if (!bar)
            break;
        s = bar + 1;
    }
    return 0;
}

void ulp_format_ref(const clc_ulp_ref *r, char *buf, size_t len)
{
    if (r->n_alts == 0) {
        snprintf(buf, len, "*");
        return;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < r->n_alts && used < len; i++) {
        char one[96];
        if (r->is_nan >> i & 1)
            snprintf(one, sizeof one, "nan");
        else if (r->lo[i] != 0)
            snprintf(one, sizeof one, "%a~%a", r->hi[i], r->lo[i]);
        else
            snprintf(one, sizeof one, "%s%a", (r->exact >> i & 1) ? "=" : "", r->hi[i]);
        if (r->tol[i] > 0) {
            size_t l = strlen(one);
            snprintf(one + l, sizeof one - l, "@%a", r->tol[i]);
        }
        int n = snprintf(buf + used, len - used, "%s%s%s", i ? "|" : "", (r->ftz_only >> i & 1) ? "ftz:" : "", one);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

clc_expect ulp_ref_display(clc_type t, const clc_ulp_ref *r)
{
    clc_expect e;
    memset(&e, 0, sizeof e);
    for (int i = 0; i < r->n_alts; i++) {
        if (r->ftz_only >> i & 1)
            continue;
        e.n_alts = 1;
        if (r->is_nan >> i & 1) {
            e.any_nan = 1;
            e.alts[0] = value_fp_to_bits(t, NAN);
        } else {
            /* hi + lo rounded once: for float, hi carries 29 more bits and
             * is rounded here; for double, hi is already the rounding. */
            e.alts[0] = value_fp_to_bits(t, t == CLC_T_DOUBLE || r->lo[i] == 0 ? r->hi[i]
                                                                 : (double)(float)((long double)r->hi[i] + r->lo[i]));
        }
        break;
    }
    return e;
}

long double ulp_of(clc_type t, double hi, double lo)
{
    fmt f = format_of(t);
    long double x = fabsl((long double)hi + (long double)lo);
    if (x == 0 || fabs(hi) < ldexp(1.0, f.emin))
        return ldexpl(1.0L, f.emin - f.p + 1);
    int e = ilogb(hi);
    if (e > f.emax)
        return ldexpl(1.0L, f.emax - f.p + 1);
    /* At a power of two, x is either the power itself (the nearest other
     * number is below, at the smaller gap) or just below it. */
    if (fabs(hi) == ldexp(1.0, e) && (lo == 0 || (lo < 0) == (hi > 0)) && e > f.emin)
        return ldexpl(1.0L, e - f.p);
    return ldexpl(1.0L, e - f.p + 1);
}


double ulp_error(clc_type t, double hi, double lo, uint64_t actual)
{
    double a = value_fp_from_bits(t, actual);
    if (isnan(a))
        return INFINITY;
    fmt f = format_of(t);
    long double av = a;
    if (isinf(a))
        av = copysignl(ldexpl(1.0L, f.emax + 1), a);
    long double diff = (av - (long double)hi) - (long double)lo;
    return (double)(fabsl(diff) / ulp_of(t, hi, lo));
}

/* May a device that flushes give zero for the reference hi + lo judged
 * within bound ulp? 7.5.3 (Edge Case Behavior in Flush to Zero Mode): "If
 * the result given by 1. is a sub-normal before rounding, it may be flushed
 * to zero", and 1. is "any conforming result": so zero is allowed where some
 * result within the bound is subnormal, i.e. the reference lies below the
 * smallest normal plus bound ulp (there the ulp is the smallest subnormal).
 * This is the CTS's threshold (IsFloatResultSubnormal); see the ledger entry
 * math-flush-to-zero. An exact value has bound 0: only a subnormal one. */
static int may_flush_to_zero(clc_type t, double hi, double lo, double bound)
{
    fmt f = format_of(t);
    long double x = fabsl((long double)hi + (long double)lo);
    return x != 0 && x < ldexpl(1.0L, f.emin) + (long double)bound * ldexpl(1.0L, f.emin - f.p + 1);
}

int ulp_element_ok(clc_type t, const clc_ulp_ref *r, double bound, int ftz, uint64_t actual, double *err)
{
    double a = value_fp_from_bits(t, actual);
    double best = INFINITY;
    int ok = r->n_alts == 0;
    for (int i = 0; i < r->n_alts; i++) {
        if ((r->ftz_only >> i & 1) && !ftz)
            continue;
        if (r->is_nan >> i & 1) {
            if (isnan(a)) {
                ok = 1;
                best = 0;
            }
            continue;
        }
        double hi = r->hi[i], lo = r->lo[i];
        /* Infinite references (no finite number is within any ulp of
         * one) and the values C99 F.9 and the unified spec's list prescribe
         * (written `=V`) are matched exactly, sign included: the ulp
         * allowances do not apply to them ("Additional Requirements Beyond
         * C99 TC2"). A plain zero is a real result of zero that nothing
         * prescribes: judged in ulp, which does not see its sign. */
        /* 7.5.3: a result that is subnormal before rounding may be flushed
         * to zero, of either sign; Annex F never prescribes a subnormal, so
         * this holds for exact references too (those of 0-ulp functions). */
        int exact_alt = (r->exact >> i & 1) || isinf(hi);
        if (ftz && a == 0 && may_flush_to_zero(t, hi, lo, exact_alt ? 0 : bound)) {
            ok = 1;
            best = 0;
            continue;
        }
        if (exact_alt) {
            /* Under 7.5.3 a flushed operand leaves a zero's sign undefined. */
            int any_sign = (r->ftz_only >> i & 1) && hi == 0;
            if (!isnan(a) && a == hi && (any_sign || signbit(a) == signbit(hi))) {
                ok = 1;
                best = 0;
            } else if (isfinite(hi) && isfinite(a)) {
                /* an exact value missed: still say by how much */
                double e = ulp_error(t, hi, lo, actual);
                best = e < best ? e : best;
            }
            continue;
        }
        double e = ulp_error(t, hi, lo, actual);
        if (e < best)
            best = e;
        if (e <= bound)
            ok = 1;
        if (r->tol[i] > 0 && isfinite(a) &&
            fabsl(((long double)a - (long double)hi) - (long double)lo) <= (long double)r->tol[i])
            ok = 1;
    }
    if (err)
        *err = r->n_alts == 0 ? 0 : best;
    return ok;
}
