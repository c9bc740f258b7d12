/* harness/tools/reduce.c's text helpers: pinning get_global_id(0), dropping one
 * line, evaluating the index expressions of the one-call rewrite, and the
 * signature by which two error records fail the same way. */
#include "check.h"
#include "reduce.h"

#include <stdlib.h>
#include <string.h>

static int replaced(const char *s, const char *from, const char *to, const char *want)
{
    char *r = reduce_replace_all(s, from, to);
    int ok = r && strcmp(r, want) == 0;
    if (!ok)
        printf("#   got '%s'\n", r ? r : "(null)");
    free(r);
    return ok;
}

static int dropped(const char *s, size_t k, const char *want)
{
    char *r = reduce_drop_line(s, k);
    int ok = r && strcmp(r, want) == 0;
    if (!ok)
        printf("#   got '%s'\n", r ? r : "(null)");
    free(r);
    return ok;
}

static int evaluates(const char *e, long want)
{
    long v = -999;
    int rc = reduce_eval_index(e, "i", 3, &v);
    if (rc != 0 || v != want)
        printf("#   %s -> rc %d, %ld\n", e, rc, v);
    return rc == 0 && v == want;
}

static int signature(const char *json, const char *want)
{
    cJSON *rec = cJSON_Parse(json);
    char buf[128] = "";
    int rc = reduce_error_signature(rec, buf, sizeof buf);
    cJSON_Delete(rec);
    int ok = want ? rc == 0 && strcmp(buf, want) == 0 : rc == -1;
    if (!ok)
        printf("#   %s -> rc %d, '%s'\n", json, rc, buf);
    return ok;
}

int main(void)
{
    CHECK(replaced("a = get_global_id(0); b[get_global_id(0)]", "get_global_id(0)", "((size_t)7)",
                   "a = ((size_t)7); b[((size_t)7)]"),
          "replace_all_pins_every_get_global_id");
    CHECK(replaced("abc", "x", "yy", "abc"), "replace_all_without_match_copies");
    CHECK(dropped("l0\nl1\nl2", 1, "l0\nl2"), "drop_middle_line");
    CHECK(dropped("l0\nl1\nl2", 2, "l0\nl1"), "drop_last_line_leaves_no_dangling_newline");
    CHECK(dropped("l0\nl1\nl2", 0, "l1\nl2"), "drop_first_line");
    CHECK(evaluates("i", 3), "eval_variable");
    CHECK(evaluates("432 + i", 435), "eval_block_offset");
    CHECK(evaluates("2 * i + 1", 7), "eval_product_and_sum");
    CHECK(evaluates("(i - 1) * 4", 8), "eval_parentheses");
    CHECK(evaluates("0x10u + (size_t)i", 19), "eval_hex_suffix_and_cast");
    long v;
    CHECK(reduce_eval_index("j + 1", "i", 3, &v) == -1, "eval_unknown_variable_refused");
    CHECK(reduce_eval_index("i / 2", "i", 3, &v) == -1, "eval_unsupported_operator_refused");
    CHECK(reduce_eval_index("ii", "i", 3, &v) == -1, "eval_variable_prefix_is_not_the_variable");
    int truth = -1;
    CHECK(reduce_eval_condition("i < 48", "i", 3, &truth) == 0 && truth == 1, "condition_true");
    CHECK(reduce_eval_condition("i >= 4", "i", 3, &truth) == 0 && truth == 0, "condition_false");
    CHECK(reduce_eval_condition("i <= 3", "i", 3, &truth) == 0 && truth == 1, "condition_two_char_operator");
    CHECK(reduce_eval_condition("i & 1", "i", 3, &truth) == -1, "condition_unsupported_refused");
    CHECK(signature("{\"verdict\":\"error\",\"error\":{\"call\":\"clCreateKernel\",\"code\":-46,"
                    "\"name\":\"CL_INVALID_KERNEL_NAME\"}}",
                    "error clCreateKernel -46"),
          "error_signature_names_call_and_code");
    CHECK(signature("{\"verdict\":\"error\",\"error\":{\"call\":\"clBuildProgram\",\"code\":-11}}",
                    "error clBuildProgram -11"),
          "error_signature_of_another_call_differs");
    CHECK(signature("{\"verdict\":\"fail\",\"error\":{\"call\":\"clCreateKernel\",\"code\":-46}}", NULL),
          "error_signature_refuses_a_fail_record");
    CHECK(signature("{\"verdict\":\"error\",\"detail\":\"no call named\"}", NULL),
          "error_signature_refuses_an_error_without_call");
    return check_done();
}
