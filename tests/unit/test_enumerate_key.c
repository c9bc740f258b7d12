/* enumerate_make_key (harness/cl/enumerate.c): the report key of a device is a
 * stable slug of platform and device names, without the parenthesised
 * driver versions, with -2, -3... for identical devices. No driver loaded. */
#include "check.h"
#include "enumerate.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int key_is(const char *plat, const char *dev, int nth, const char *want)
{
    char *k = enumerate_make_key(plat, dev, nth);
    int ok = k && strcmp(k, want) == 0;
    if (!ok)
        printf("#   key('%s', '%s', %d) = '%s', wanted '%s'\n", plat, dev, nth, k ? k : "(null)", want);
    free(k);
    return ok;
}

/* A key is safe as a file name: [a-z0-9-], no leading/trailing dash. */
static int key_is_slug(const char *plat, const char *dev, int nth)
{
    char *k = enumerate_make_key(plat, dev, nth);
    int ok = k && *k && k[0] != '-' && k[strlen(k) - 1] != '-';
    for (const char *c = k; ok && *c; c++)
        ok = (islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-');
    if (!ok)
        printf("#   key('%s', '%s', %d) = '%s' is not a slug\n", plat, dev, nth, k ? k : "(null)");
    free(k);
    return ok;
}

int main(void)
{
    CHECK(key_is("Portable Computing Language", "cpu-haswell-Intel(R) Xeon(R) CPU @ 2.20GHz", 1,
                 "portable-computing-language--cpu-haswell-intel-xeon-cpu-2-20ghz"),
          "pocl_key");
    CHECK(key_is("rusticl", "llvmpipe (LLVM 15.0.6, 256 bits)", 1, "rusticl--llvmpipe"),
          "llvmpipe_driver_version_in_parentheses_dropped");
    CHECK(key_is("rusticl", "llvmpipe (LLVM 16.0.0, 128 bits)", 1, "rusticl--llvmpipe"),
          "key_unchanged_by_a_driver_update");
    CHECK(key_is("Oclgrind", "Oclgrind Simulator", 1, "oclgrind--oclgrind-simulator"), "oclgrind_key");
    CHECK(key_is("NVIDIA CUDA", "NVIDIA H100 80GB HBM3", 1, "nvidia-cuda--nvidia-h100-80gb-hbm3"), "nvidia_key");
    CHECK(key_is("rusticl", "llvmpipe (LLVM 15.0.6, 256 bits)", 2, "rusticl--llvmpipe-2"),
          "second_identical_device_gets_suffix_2");
    CHECK(key_is("P", "D", 3, "p--d-3"), "third_identical_device_gets_suffix_3");
    CHECK(key_is("P", "D", 1, "p--d") && key_is("P", "D", 0, "p--d"), "first_device_has_no_suffix");
    CHECK(key_is("  Foo   Bar!! ", "--x--", 1, "foo-bar--x"), "runs_of_punctuation_collapse_and_edges_trimmed");
    CHECK(key_is("A (outer (inner) still) B", "d", 1, "a-b--d"), "nested_parentheses_dropped");
    CHECK(key_is("(all in parens)", "", 1, "unnamed--unnamed"), "empty_slugs_become_unnamed");
    CHECK(key_is("a) b", "c", 1, "a-b--c"), "stray_closing_parenthesis_ignored");
    char *a = enumerate_make_key("Some Platform", "Some Device", 1);
    char *b = enumerate_make_key("Some Platform", "Some Device", 1);
    CHECK(a && b && strcmp(a, b) == 0 && a != b, "key_is_stable_and_freshly_allocated");
    free(a);
    free(b);
    a = enumerate_make_key("Same", "dev A", 1);
    b = enumerate_make_key("Same", "dev B", 1);
    CHECK(a && b && strcmp(a, b) != 0, "different_devices_different_keys");
    free(a);
    free(b);
    CHECK(key_is_slug("Pl\xc3\xa4tform \xe2\x84\xa2", "GPU/0\\x:y*z?", 1), "non_ascii_and_path_characters_never_reach_the_key");
    /* Very long names are cut, but the suffix for identical devices survives. */
    const char *longname = "An Extraordinarily Long Device Name That Goes On And On Past Any Sensible Limit For A File";
    char *k1 = enumerate_make_key(longname, longname, 1);
    char *k2 = enumerate_make_key(longname, longname, 2);
    size_t n1 = k1 ? strlen(k1) : 0;
    CHECK(k1 && k2 && n1 < 128 && strlen(k2) == n1 + 2 && strncmp(k1, k2, n1) == 0 && strcmp(k2 + n1, "-2") == 0,
          "long_names_cut_and_suffix_kept");
    CHECK(key_is_slug(longname, longname, 2) && key_is_slug("x", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b", 1),
          "cut_keys_have_no_trailing_dash");
    free(k1);
    free(k2);
    return check_done();
}
