/* harness/measure/measure_options.c: the //@arg lines that state what
 * clGetKernelArgInfo must return for each argument. */
#include "check.h"
#include "measure_options.h"

#include <string.h>

static void test_parse(void)
{
    const char *src = "typedef int t;\n"
                      "//@arg a: type=float* address=global access=none qualifiers=const,restrict\n"
                      "  //@arg n: type=uint address=private qualifiers=none\n"
                      "// an ordinary comment\n"
                      "__kernel void probe(__global const float *restrict a, unsigned int n) {}\n";
    options_arg args[4];
    char why[200] = "";
    int n = measure_options_parse_args(src, args, 4, why, sizeof why);
    CHECK(n == 2, "two //@arg lines, the indented one too (%d: %s)", n, why);
    CHECK(strcmp(args[0].name, "a") == 0 && strcmp(args[0].type, "float*") == 0, "name and type of the first");
    CHECK(args[0].address == CL_KERNEL_ARG_ADDRESS_GLOBAL && args[0].access == CL_KERNEL_ARG_ACCESS_NONE,
          "global, no access qualifier");
    CHECK(args[0].qualifiers == (CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT), "const and restrict");
    CHECK(args[1].address == CL_KERNEL_ARG_ADDRESS_PRIVATE && args[1].qualifiers == CL_KERNEL_ARG_TYPE_NONE,
          "by value: private, no qualifier");
    CHECK(args[1].access == CL_KERNEL_ARG_ACCESS_NONE, "access defaults to none");
}

static void test_errors(void)
{
    options_arg args[2];
    char why[200] = "";
    int n = measure_options_parse_args("//@arg a: type=int address=galactic qualifiers=none\n", args, 2, why,
                                       sizeof why);
    CHECK(n == -1 && strstr(why, "line 1") && strstr(why, "address=galactic"), "an unknown address is refused: %s",
          why);
    n = measure_options_parse_args("\n//@arg a: type=int address=global\n", args, 2, why, sizeof why);
    CHECK(n == -1 && strstr(why, "line 2: type, address and qualifiers are required"), "a missing field: %s", why);
    n = measure_options_parse_args("//@arg type=int address=global qualifiers=none\n", args, 2, why, sizeof why);
    CHECK(n == -1, "no name before the colon: refused (%s)", why);
    n = measure_options_parse_args("//@arg a: type=int address=global qualifiers=const,sticky\n", args, 2, why,
                                   sizeof why);
    CHECK(n == -1, "an unknown qualifier is refused");
    n = measure_options_parse_args("//@arg a: type=int address=global qualifiers=none\n"
                                   "//@arg b: type=int address=global qualifiers=none\n"
                                   "//@arg c: type=int address=global qualifiers=none\n", args, 2, why, sizeof why);
    CHECK(n == -1 && strstr(why, "more than 2"), "more lines than room: refused (%s)", why);
    CHECK(measure_options_known("options_warnings") && measure_options_known("options_kernel_arg_info") &&
              !measure_options_known("options_other"), "the two measurement names");
}

int main(void)
{
    test_parse();
    test_errors();
    return check_done();
}
