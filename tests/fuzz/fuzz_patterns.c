/* libFuzzer target: the --flakes/--skips glob files (one fnmatch pattern a
 * line, '#' comments), read from a real file as clconform does, then every
 * accepted pattern matched against a few probe ids. */
#include "fuzz_util.h"
#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const ids[] = {"conv.convert_int_sat.float4.nan", "bool.int2.implicit",
                                      "", "a[b]*?.c", "vlit.comma.float3"};
    const char *path = fz_write_file("patterns.txt", data, size);
    char **pats = NULL;
    size_t n = 0;
    if (baseline_read_patterns(path, &pats, &n, fz_devnull()) == 0) {
        for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
            baseline_matches_any(ids[i], (const char *const *)pats, n);
        baseline_free_patterns(pats, n);
    } else if (pats || n) {
        abort(); /* documented: on error *out is NULL and *n is 0 */
    }
    return 0;
}
