/* Reproducer writing on a hand-written fixture report
 * (tests/fixtures/repro/mixed.json): which folders appear, what the files
 * hold, and that each generated repro.c compiles warning-free as C99 and
 * gives back its kernel source byte for byte. No OpenCL driver is loaded:
 * the generated programs are only run with --source. */
#include "baseline.h"
#include "check.h"
#include "repro.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char *const failing[] = {"b.fail", "e.buildfail", "f.unexpected", "g.escape",
                                      "h.timeout", "i.error", "k.crash", "l.buildok"};
#define N_FAILING (sizeof failing / sizeof *failing)

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0, got;
    if (!f)
        return NULL;
    do {
        if (len + 4097 > cap) {
            char *grown = realloc(buf, cap = cap * 2 + 8192);
            if (!grown)
                break;
            buf = grown;
        }
        got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
    } while (got > 0);
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

static int file_contains(const char *path, const char *needle)
{
    char *text = slurp(path);
    int found = text && strstr(text, needle) != NULL;
    free(text);
    return found;
}

static int is_failing(const char *name)
{
    for (size_t i = 0; i < N_FAILING; i++)
        if (strcmp(name, failing[i]) == 0)
            return 1;
    return 0;
}

/* Folders under dir: 1 when they are exactly the failing probes. */
static int folders_are_exactly_failing(const char *dir)
{
    DIR *d = opendir(dir);
    size_t seen = 0;
    int ok = d != NULL;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        seen++;
        if (!is_failing(e->d_name)) {
            printf("# unexpected folder %s\n", e->d_name);
            ok = 0;
        }
    }
    if (d)
        closedir(d);
    return ok && seen == N_FAILING;
}

static const cJSON *find_record(const cJSON *report, const char *id)
{
    const cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const cJSON *rid = cJSON_GetObjectItemCaseSensitive(rec, "id");
        if (cJSON_IsString(rid) && strcmp(rid->valuestring, id) == 0)
            return rec;
    }
    return NULL;
}

/* Builds DIR/repro.c with strict warnings as errors, runs it with --source
 * and compares the output with kernel.cl. */
static int program_compiles_and_returns_source(const char *dir)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && cc -std=c99 -Wall -Wextra -Werror -o repro.bin repro.c -lOpenCL -lm"
             " && ./repro.bin --source > source.out && cmp -s source.out kernel.cl",
             dir);
    return system(cmd) == 0;
}

static void test_folders(const cJSON *report, const char *tmp)
{
    char devdir[4096], path[4200];
    int n = repro_write_all(report, tmp, stderr);
    CHECK(n == (int)N_FAILING, "write_all_returns_count_of_failing_records_with_source (%d)", n);
    snprintf(devdir, sizeof devdir, "%s/fixture-dev", tmp);
    int exact = folders_are_exactly_failing(devdir);
    CHECK(exact, "write_all_makes_folders_for_exactly_the_failing_records");
    for (size_t i = 0; i < N_FAILING; i++) {
        snprintf(path, sizeof path, "%s/%s", devdir, failing[i]);
        int built = program_compiles_and_returns_source(path);
        CHECK(built, "generated_repro_compiles_as_c99_without_warnings_and_embeds_source %s",
              failing[i]);
    }
}

static void test_contents(const cJSON *report, const char *tmp)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/fixture-dev/g.escape/kernel.cl", tmp);
    char *kernel = slurp(path);
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(find_record(report, "g.escape"), "source");
    CHECK(kernel && cJSON_IsString(src) && strcmp(kernel, src->valuestring) == 0,
          "kernel_cl_is_the_record_source_byte_for_byte");
    free(kernel);

    snprintf(path, sizeof path, "%s/fixture-dev/g.escape/repro.c", tmp);
    CHECK(file_contains(path, "    \"#define STR \\\"a\\\\\\\"b\\\\\\\\n\\\"\\n\"\n"),
          "source_quotes_backslashes_and_newlines_are_escaped_line_by_line");
    CHECK(file_contains(path, "?\\?=") && !file_contains(path, "?\?="),
          "source_trigraphs_are_broken_up");
    CHECK(file_contains(path, "\\303\\251"), "source_non_ascii_bytes_are_octal_escapes");
    CHECK(file_contains(path, "    0x80000000u, /* -0 */") &&
              file_contains(path, "    0x7fc00001u, /* bits(0x7fc00001) */"),
          "float_inputs_are_embedded_as_bit_patterns");
    CHECK(file_contains(path, "(-2147483647 - 1)") &&
              file_contains(path, "(-9223372036854775807LL - 1)"),
          "most_negative_integers_are_embedded_as_expressions");
    CHECK(file_contains(path, "{ 2, 0x0u, { 0x0ull, 0x80000000ull, 0x0ull, 0x0ull }, "
                              "\"0|0x80000000\" }"),
          "expected_alternatives_are_parsed_by_the_generator");
    CHECK(file_contains(path, "static const enum mode MODE = MODE_RUN_COMPARE;"),
          "run_probe_compares");

    snprintf(path, sizeof path, "%s/fixture-dev/f.unexpected/repro.c", tmp);
    CHECK(file_contains(path, "MODE = MODE_BUILD_MUST_FAIL;"), "build_fail_probe_expects_failure");
    snprintf(path, sizeof path, "%s/fixture-dev/k.crash/repro.c", tmp);
    CHECK(file_contains(path, "MODE = MODE_RUN_PRINT;"), "impl_defined_probe_only_prints");
    snprintf(path, sizeof path, "%s/fixture-dev/i.error/repro.c", tmp);
    CHECK(file_contains(path, "WORK_DIM = 2;") &&
              file_contains(path, "LOCAL_SIZE[3] = { 2, 1, 1 }"),
          "two_dimensional_work_sizes_are_kept");
    CHECK(file_contains(path, "GLOBAL_OFFSET[3] = { 0, 5, 0 }"), "global_work_offset_is_kept");
    snprintf(path, sizeof path, "%s/fixture-dev/g.escape/repro.c", tmp);
    CHECK(file_contains(path, "GLOBAL_OFFSET[3] = { 0, 0, 0 }"), "no_offset_is_all_zero_a_null_offset");

    snprintf(path, sizeof path, "%s/fixture-dev/g.escape/README.txt", tmp);
    CHECK(file_contains(path, "Fixture Device") && file_contains(path, "Fixture Platform") &&
              file_contains(path, "driver_version   3.1"),
          "readme_names_device_platform_and_driver");
    CHECK(file_contains(path, "spec             OpenCL C (unified): Operators") &&
              file_contains(path, "-DX=\"1\" -cl-std=CL1.2"),
          "readme_has_spec_and_build_options");
    CHECK(file_contains(path, "[3]      0                            128   <-- differs") &&
              !file_contains(path, "2143289345   <-- differs"),
          "readme_marks_only_differing_elements");
    snprintf(path, sizeof path, "%s/fixture-dev/e.buildfail/README.txt", tmp);
    CHECK(file_contains(path, "error: expected expression"), "readme_has_build_log");
    snprintf(path, sizeof path, "%s/fixture-dev/i.error/README.txt", tmp);
    CHECK(file_contains(path, "clEnqueueNDRangeKernel returned -5 (CL_OUT_OF_RESOURCES)"),
          "readme_has_the_failed_call");
}

static void test_errors_and_filter(cJSON *report, const char *tmp)
{
    char dir[4096];
    const char *pats[] = {"b.*", "k.*"};
    snprintf(dir, sizeof dir, "%s/filtered", tmp);
    int n = repro_write_matching(report, dir, pats, 2, stderr);
    CHECK(n == 2, "write_matching_keeps_only_ids_matching_a_pattern");

    /* A regular file where a folder must go. */
    snprintf(dir, sizeof dir, "%s/fixture-dev/b.fail/kernel.cl/sub", tmp);
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    n = repro_write_all(report, dir, err);
    fclose(err);
    CHECK(n == -1, "write_all_unwritable_dir_fails");
    CHECK(msg && strstr(msg, "kernel.cl"), "write_all_failure_names_the_path");
    free(msg);

    cJSON *rec = (cJSON *)find_record(report, "b.fail");
    cJSON_ReplaceItemInArray(cJSON_GetObjectItemCaseSensitive(rec, "expected"), 0,
                             cJSON_CreateString("three"));
    snprintf(dir, sizeof dir, "%s/malformed", tmp);
    msg = NULL;
    err = open_memstream(&msg, &len);
    n = repro_write_all(report, dir, err);
    fclose(err);
    CHECK(n == -1, "write_all_malformed_expected_value_fails");
    CHECK(msg && strstr(msg, "b.fail") && strstr(msg, "three"),
          "malformed_value_error_names_probe_and_token");
    free(msg);
}

static void test_main(const char *tmp)
{
    char report[4096], out[4096];
    const char *src = getenv("SRCDIR");
    snprintf(report, sizeof report, "%s/tests/fixtures/repro/mixed.json", src ? src : ".");
    snprintf(out, sizeof out, "%s/main", tmp);
    char *ok_args[] = {"repro", report, "--out", out, "--filter", "g.*", NULL};
    char *no_args[] = {"repro", NULL};
    char *bad_args[] = {"repro", report, "--bogus", NULL};
    /* CHECK evaluates its condition twice: call first, then check. */
    int ok = repro_main(6, ok_args), none = repro_main(1, no_args);
    int bad = repro_main(3, bad_args);
    snprintf(out, sizeof out, "%s/main/fixture-dev/g.escape/repro.c", tmp);
    CHECK(ok == 0 && file_contains(out, "g.escape"), "repro_main_writes_and_returns_0");
    CHECK(none == 2, "repro_main_without_report_is_usage_error");
    CHECK(bad == 2, "repro_main_unknown_option_is_usage_error");
}

int main(void)
{
    char tmp[] = "/tmp/clc-test-repro.XXXXXX", path[4096];
    const char *src = getenv("SRCDIR");
    snprintf(path, sizeof path, "%s/tests/fixtures/repro/mixed.json", src ? src : ".");
    cJSON *report = baseline_load(path, stderr);
    CHECK(report != NULL, "fixture_report_loads");
    if (!report || !mkdtemp(tmp))
        return check_done() | 1;
    test_folders(report, tmp);
    test_contents(report, tmp);
    test_main(tmp);
    test_errors_and_filter(report, tmp);
    cJSON_Delete(report);
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", tmp);
    return check_done();
}
