/* harness/probe/build_options.c: a probe built for one OpenCL C version replaces
 * the harness's -cl-std=, every other option is kept. */
#include "build_options.h"
#include "check.h"

#include <string.h>

static int composes(const char *base, const char *probe, const char *want)
{
    char buf[256];
    int rc = build_options_compose(base, probe, buf, sizeof buf);
    if (rc != 0 || strcmp(buf, want) != 0)
        printf("#   '%s' + '%s' -> '%s' (rc %d), wanted '%s'\n", base, probe ? probe : "(null)", buf, rc, want);
    return rc == 0 && strcmp(buf, want) == 0;
}

int main(void)
{
    CHECK(composes("-cl-std=CL1.2", NULL, "-cl-std=CL1.2"), "no_probe_options_keeps_the_base");
    CHECK(composes("-cl-std=CL1.2", "-cl-fast-relaxed-math", "-cl-std=CL1.2 -cl-fast-relaxed-math"),
          "probe_options_are_appended");
    CHECK(composes("-cl-std=CL1.2", "-cl-std=CL3.0", "-cl-std=CL3.0"), "probe_std_replaces_the_base_std");
    CHECK(composes("-cl-std=CL1.2 -DX=1", "-cl-std=CL2.0 -DY", "-DX=1 -cl-std=CL2.0 -DY"),
          "other_base_options_survive_the_replacement");
    CHECK(composes("", "-cl-std=CL3.0", "-cl-std=CL3.0"), "empty_base");
    CHECK(composes("-Werror   -cl-std=CL1.2", "-cl-std=CL3.0", "-Werror -cl-std=CL3.0"), "blanks_between_words");
    CHECK(build_options_has_std("-DX -cl-std=CL3.0"), "finds_std_after_another_word");
    CHECK(!build_options_has_std("-DCL_STD=-cl-std=CL3.0"), "a_std_inside_another_word_is_not_one");
    CHECK(!build_options_has_std(NULL), "null_has_no_std");
    char small[8];
    CHECK(build_options_compose("-cl-std=CL1.2", "-DLONG_OPTION", small, sizeof small) == -1 &&
              strlen(small) < sizeof small,
          "too_long_says_so_and_stays_terminated");
    CHECK(build_options_reads_headers("-cl-std=CL1.2 -I \"/p/include\""), "separate_I_reads_headers");
    CHECK(build_options_reads_headers("-D X=1\t-I/p/include"), "joined_I_after_a_tab_reads_headers");
    CHECK(!build_options_reads_headers("-D INCLUDE=-I -cl-mad-enable"), "an_I_inside_another_word_is_not_one");
    CHECK(!build_options_reads_headers(NULL) && !build_options_reads_headers(""), "no_options_read_no_headers");
    return check_done();
}
