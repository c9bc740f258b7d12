/* libFuzzer target: `clconform merge` end to end on one fuzzed report beside
 * a fixed valid one: the report reader, the key de-duplication, the page
 * names, the HTML pages, matrix.json and JUnit, all under the scratch folder
 * (removed after each input). */
#include "fuzz_util.h"
#include "merge.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fz_merge_other[] =
    "{\"schema_version\":1,\"device\":{\"key\":\"a--b\",\"name\":\"b\"},\"platform\":{\"name\":\"a\"},"
    "\"run\":{\"complete\":true},\"probes\":[{\"id\":\"x.y\",\"verdict\":\"fail\",\"clause\":\"6.1\"}]}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char in[128], other[128], out[128], junit[128];
    snprintf(in, sizeof in, "%s", fz_write_file("merge-in.json", data, size));
    snprintf(other, sizeof other, "%s",
             fz_write_file("merge-other.json", (const uint8_t *)fz_merge_other, sizeof fz_merge_other - 1));
    snprintf(out, sizeof out, "%s/merge-out", fz_scratch());
    snprintf(junit, sizeof junit, "%s/merge-junit.xml", fz_scratch());
    char *argv[] = {"merge", in, other, "--out", out, "--junit", junit, NULL};
    merge_main(7, argv);
    fz_assert_contained();
    fz_rm_tree("merge-out");
    return 0;
}
