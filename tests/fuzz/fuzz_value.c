/* libFuzzer target: value tokens (docs/probe-format.md, "Values"). The first
 * byte picks the element type, the rest is the token. Beyond "no crash" it
 * checks the documented round trip: value_format writes a token that
 * value_parse reads back to the same bits, and an expected element formats
 * to a token that parses to the same alternatives. */
#include "fuzz_util.h"
#include "value.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    clc_type t = (clc_type)(data[0] % CLC_T_COUNT);
    char *tok = fz_cstr(data + 1, size - 1);
    char why[256], buf[128], buf2[512];
    uint64_t bits, again;
    if (value_parse(t, tok, &bits, why, sizeof why) == 0) {
        value_format(t, bits, buf, sizeof buf);
        if (value_parse(t, buf, &again, why, sizeof why) != 0 || again != bits) {
            fprintf(stderr, "round trip of %s token '%s' -> '%s' broke\n", value_type_name(t), tok, buf);
            abort();
        }
    }
    clc_expect e, e2;
    if (value_parse_expect(t, tok, &e, why, sizeof why) == 0) {
        value_format_expect(t, &e, buf2, sizeof buf2);
        int same = value_parse_expect(t, buf2, &e2, why, sizeof why) == 0 &&
                   e2.n_alts == e.n_alts && e2.any_nan == e.any_nan;
        /* An "any NaN" alternative ("nan", "-nan") keeps no particular bits. */
        for (int i = 0; same && i < e.n_alts; i++)
            same = (e.any_nan & (1u << i)) || e2.alts[i] == e.alts[i];
        if (!same) {
            fprintf(stderr, "round trip of %s expected '%s' -> '%s' broke\n", value_type_name(t), tok, buf2);
            abort();
        }
        value_matches(t, &e, e.n_alts ? e.alts[0] : 0);
    }
    free(tok);
    return 0;
}
