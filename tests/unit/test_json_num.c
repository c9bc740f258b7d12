/* The checked conversion of JSON numbers to C integers (json_num.c): what it
 * accepts, what it refuses, and that the reason names the field and value. */
#include "check.h"
#include "json_num.h"

#include <limits.h>
#include <math.h>
#include <string.h>

static int refuses_size(double d, size_t lo, size_t hi, const char *reason)
{
    cJSON *v = cJSON_CreateNumber(d);
    char why[160] = "";
    size_t out = 12345;
    int rc = json_num_size(v, "n", lo, hi, &out, why, sizeof why);
    cJSON_Delete(v);
    return rc == -1 && out == 12345 && strstr(why, reason) != NULL;
}

static int gives_size(double d, size_t lo, size_t hi, size_t want)
{
    cJSON *v = cJSON_CreateNumber(d);
    size_t out = 0;
    int rc = json_num_size(v, "n", lo, hi, &out, NULL, 0);
    cJSON_Delete(v);
    return rc == 0 && out == want;
}

int main(void)
{
    CHECK(gives_size(0, 0, SIZE_MAX, 0), "size_zero");
    CHECK(gives_size(1008, 1, 1 << 24, 1008), "size_in_range");
    CHECK(gives_size(9007199254740992.0, 0, SIZE_MAX, (size_t)1 << 53), "size_2_to_53_is_the_top");
    CHECK(refuses_size(9.3e117, 1, 1 << 24, "n: 9.3e+117 is not an integer in [1, 16777216]"),
          "size_the_fuzz_find_refused_naming_field_value_range");
    CHECK(refuses_size(18446744073709551616.0, 0, SIZE_MAX, "is not an integer in [0, 9007199254740992]"),
          "size_2_to_64_refused_(SIZE_MAX_is_capped_at_2_to_53)");
    CHECK(refuses_size(9007199254740994.0, 0, SIZE_MAX, "not an integer"), "size_above_2_to_53_refused");
    CHECK(refuses_size(-1, 0, SIZE_MAX, "n: -1 is not"), "size_negative_refused");
    CHECK(refuses_size(2.5, 0, SIZE_MAX, "n: 2.5 is not an integer"), "size_fraction_refused");
    CHECK(refuses_size(NAN, 0, SIZE_MAX, "not an integer"), "size_nan_refused");
    CHECK(refuses_size(INFINITY, 0, SIZE_MAX, "not an integer"), "size_infinity_refused");
    CHECK(refuses_size(0, 1, 10, "n: 0 is not an integer in [1, 10]"), "size_below_lo_refused");
    CHECK(refuses_size(11, 1, 10, "n: 11 is not"), "size_above_hi_refused");

    char why[160] = "";
    int i = 7;
    CHECK(json_num_int(NULL, "line", 0, INT_MAX, &i, why, sizeof why) == -1 && i == 7 &&
              strcmp(why, "line: missing") == 0,
          "int_missing_named");
    cJSON *s = cJSON_CreateString("12");
    CHECK(json_num_int(s, "line", 0, INT_MAX, &i, why, sizeof why) == -1 && strcmp(why, "line: not a number") == 0,
          "int_string_is_not_a_number");
    cJSON_Delete(s);
    cJSON *v = cJSON_CreateNumber(-5);
    CHECK(json_num_int(v, "code", INT_MIN, INT_MAX, &i, why, sizeof why) == 0 && i == -5, "int_negative_in_range");
    cJSON_SetNumberValue(v, 3e9);
    CHECK(json_num_int(v, "code", INT_MIN, INT_MAX, &i, why, sizeof why) == -1, "int_beyond_INT_MAX_refused");
    CHECK(json_num_int_or(v, 0, INT_MAX, -1) == -1, "int_or_gives_the_default_when_refused");
    unsigned u = 0;
    CHECK(json_num_uint(v, "cu", 1, UINT_MAX, &u, NULL, 0) == 0 && u == 3000000000u, "uint_3e9_fits");
    cJSON_SetNumberValue(v, 5e9);
    CHECK(json_num_uint(v, "cu", 1, UINT_MAX, &u, NULL, 0) == -1, "uint_5e9_refused");
    size_t idx = 9;
    cJSON_SetNumberValue(v, 0);
    CHECK(json_num_index(v, "i", 0, &idx, why, sizeof why) == -1 && idx == 9, "index_into_nothing_refused");
    CHECK(json_num_index(v, "i", 3, &idx, why, sizeof why) == 0 && idx == 0, "index_0_of_3");
    cJSON_SetNumberValue(v, 3);
    CHECK(json_num_index(v, "i", 3, &idx, why, sizeof why) == -1 && strstr(why, "i: 3 is not an integer in [0, 2]"),
          "index_3_of_3_refused");
    cJSON_Delete(v);
    return check_done();
}
