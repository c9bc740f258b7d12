/* Checked conversion of JSON numbers to C integers (see json_num.h). */
#include "json_num.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* d in the fewest digits that read back as d ("9.3e+117", not
 * "9.2999999999999996e+117"): the error shows the number as the file has it. */
static void shortest(double d, char *buf, size_t len)
{
    if (floor(d) == d && fabs(d) < 1e16) {
        snprintf(buf, len, "%.0f", d); /* 10, not 1e+01 */
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            return;
    }
}

int json_num_integer(const cJSON *v, const char *field, double lo, double hi, double *out,
                     char *why, size_t len)
{
    if (hi > JSON_NUM_EXACT_MAX)
        hi = JSON_NUM_EXACT_MAX;
    if (!v) {
        if (why)
            snprintf(why, len, "%s: missing", field);
        return -1;
    }
    if (!cJSON_IsNumber(v)) {
        if (why)
            snprintf(why, len, "%s: not a number", field);
        return -1;
    }
    double d = v->valuedouble;
    /* NaN fails every comparison, so it lands here too. */
    if (!(d >= lo && d <= hi) || floor(d) != d) {
        if (why) {
            char a[32], b[32], c[32];
            shortest(d, a, sizeof a);
            shortest(lo, b, sizeof b);
            shortest(hi, c, sizeof c);
            snprintf(why, len, "%s: %s is not an integer in [%s, %s]", field, a, b, c);
        }
        return -1;
    }
    *out = d;
    return 0;
}

int json_num_size(const cJSON *v, const char *field, size_t lo, size_t hi, size_t *out, char *why,
                  size_t len)
{
    double d;
    /* (double)SIZE_MAX rounds up to 2^64, out of size_t: the cap in
     * json_num_integer keeps hi exact. */
    double h = (double)hi > JSON_NUM_EXACT_MAX ? JSON_NUM_EXACT_MAX : (double)hi;
    if (json_num_integer(v, field, (double)lo, h, &d, why, len) != 0)
        return -1;
    *out = (size_t)d;
    return 0;
}

int json_num_index(const cJSON *v, const char *field, size_t count, size_t *out, char *why, size_t len)
{
    if (count == 0) {
        if (why)
            snprintf(why, len, "%s: an index into nothing", field);
        return -1;
    }
    return json_num_size(v, field, 0, count - 1, out, why, len);
}

int json_num_int(const cJSON *v, const char *field, int lo, int hi, int *out, char *why, size_t len)
{
    double d;
    if (json_num_integer(v, field, lo, hi, &d, why, len) != 0)
        return -1;
    *out = (int)d;
    return 0;
}

int json_num_uint(const cJSON *v, const char *field, unsigned lo, unsigned hi, unsigned *out,
                  char *why, size_t len)
{
    double d;
    if (json_num_integer(v, field, lo, hi, &d, why, len) != 0)
        return -1;
    *out = (unsigned)d;
    return 0;
}

int json_num_int_or(const cJSON *v, int lo, int hi, int dflt)
{
    int x;
    return json_num_int(v, "", lo, hi, &x, NULL, 0) == 0 ? x : dflt;
}
