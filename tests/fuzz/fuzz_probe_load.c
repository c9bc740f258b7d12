/* libFuzzer target: the probe-file loader (docs/probe-format.md) on
 * arbitrary text, then the duplicate-id check over what it loaded. The
 * loader must either load or print "FILE:LINE: problem"; never crash, leak
 * or read out of bounds. */
#include "fuzz_util.h"
#include "probe_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_cstr(data, size);
    clc_probe_set set = {0};
    if (probe_load_text("fuzz.probe", text, &set, fz_devnull()) == 0)
        probe_check_unique(&set, fz_devnull());
    probe_set_free(&set);
    free(text);
    return 0;
}
