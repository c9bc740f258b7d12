/* libFuzzer target: `clconform repro` end to end on a fuzzed report or run
 * index: decoding each failing record (inputs, sizes, expected values) and
 * writing repro.c, kernel.cl and README.txt under the scratch folder
 * (removed after each input). */
#include "fuzz_util.h"
#include "repro.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char in[128], out[128];
    snprintf(in, sizeof in, "%s", fz_write_file("repro-in.json", data, size));
    snprintf(out, sizeof out, "%s/repro-out", fz_scratch());
    char *argv[] = {"repro", in, "--out", out, NULL};
    repro_main(4, argv);
    fz_assert_contained();
    fz_rm_tree("repro-out");
    return 0;
}
