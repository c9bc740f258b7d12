/* harness/reduce.c's text helpers: pinning get_global_id(0), dropping one
 * line, and evaluating the index expressions of the one-call rewrite. */
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
    return check_done();
}
