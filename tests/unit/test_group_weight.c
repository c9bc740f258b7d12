/* harness/worker/group_weight.c: a body weighs its bytes, times the constant trip
 * count of its loops where the compiler unrolls them (rusticl). */
#include "check.h"
#include "group_weight.h"

#include <string.h>

static int weighs(const char *body, int unrolled, size_t times)
{
    return group_weight(body, unrolled) == strlen(body) * times;
}

int main(void)
{
    const char *shift = "    for (size_t i = 0; i < 21; i++)\n        vstore3(vload3(i, a) << b[i], i, out);\n";
    CHECK(weighs(shift, 1, 21), "a constant trip count multiplies");
    CHECK(weighs(shift, 0, 1), "only where unrolling is weighed");
    CHECK(weighs("for (int k = 0; k <= 7; k++) out[k] = k;", 1, 8), "i <= 7 runs 8 times");
    CHECK(weighs("for (uint k = 0; k < 5u; ++k) out[k] = k;", 1, 5), "an unsigned literal bound counts");
    CHECK(weighs("for (size_t i = get_global_id(0); i < 7; i += get_global_size(0)) out[i] = 0;", 1, 1),
          "a loop from a run-time start is not unrolled");
    CHECK(weighs("for (size_t i = 0; i < n; i++) out[i] = 0;", 1, 1), "a run-time bound counts once");
    CHECK(weighs("for (int i = 3; i < 9; i++) out[i] = 0;", 1, 1), "a start other than 0 counts once");
    CHECK(weighs("for (int i = 0; i < 100000; i++) out[0] += i;", 1, 64), "the multiplier is at most 64");
    CHECK(weighs("int format = 0; for (int i = 0; i < 2; i++) { for (int j = 0; j < 9; j++) out[j] = format; }", 1, 9),
          "the largest of several loops; 'format' is no loop");
    CHECK(weighs("out[0] = 1 << 3;", 1, 1), "no loop: its bytes");
    CHECK(group_weight(NULL, 1) == 0, "no body weighs nothing");
    return check_done();
}
