/* `clconform merge`: the files it writes, matrix.json's shape and order,
 * device keys made unique, and input errors (exit 2, the file named). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "json_file.h"
#include "check.h"
#include "merge.h"

static void fixture(char *buf, size_t size, const char *name)
{
    const char *src = getenv("SRCDIR");
    snprintf(buf, size, "%s/tests/fixtures/reports/%s", src ? src : ".", name);
}

/* Runs merge_main with stderr captured into *captured (caller frees). */
static int run_merge(int argc, char **argv, char **captured)
{
    char path[] = "/tmp/clc-test-merge-err.XXXXXX";
    int fd = mkstemp(path), saved = dup(2), rc;

    fflush(stderr);
    dup2(fd, 2);
    rc = merge_main(argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fd);
    *captured = json_file_read_text(path, NULL);
    unlink(path);
    return rc;
}

static int exists(const char *dir, const char *name)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, R_OK) == 0;
}

static int is_failure(const char *v)
{
    return strcmp(v, "pass") && strcmp(v, "info") && strcmp(v, "skip");
}

static void check_matrix(const char *dir)
{
    char path[2048];
    char *text;
    cJSON *m, *dev, *row;
    int keys_known = 1, unique_ids = 1, seen_good = 0, failures_first = 1, n = 0;

    snprintf(path, sizeof path, "%s/matrix.json", dir);
    text = json_file_read_text(path, NULL);
    m = text ? cJSON_Parse(text) : NULL;
    CHECK(m != NULL, "matrix_json_parses");
    if (!m)
        goto cleanup;
    CHECK(cJSON_GetObjectItem(m, "schema_version") && cJSON_GetObjectItem(m, "schema_version")->valueint == 1,
          "matrix_json_schema_version_1");
    dev = cJSON_GetObjectItem(m, "devices");
    CHECK(cJSON_GetArraySize(dev) == 4, "matrix_json_lists_four_devices");
    CHECK(strcmp(cJSON_GetArrayItem(dev, 0)->child->valuestring, "pocl--pthread-skylake-avx512") == 0 &&
          strcmp(cJSON_GetObjectItem(cJSON_GetArrayItem(dev, 3), "key")->valuestring,
                 "pocl--pthread-skylake-avx512@farm-b") == 0, "same_device_key_from_two_hosts_gets_host_appended");
    CHECK(cJSON_GetObjectItem(cJSON_GetArrayItem(dev, 1), "summary") &&
          cJSON_GetObjectItem(cJSON_GetArrayItem(dev, 1), "name") &&
          cJSON_GetObjectItem(cJSON_GetArrayItem(dev, 1), "platform"), "matrix_device_has_name_platform_summary");
    cJSON_ArrayForEach(row, cJSON_GetObjectItem(m, "probes")) {
        cJSON *v, *other;
        int failing = 0;
        n++;
        cJSON_ArrayForEach(v, cJSON_GetObjectItem(row, "verdicts")) {
            int known = 0;
            cJSON *d;
            cJSON_ArrayForEach(d, dev) known |= strcmp(cJSON_GetObjectItem(d, "key")->valuestring, v->string) == 0;
            keys_known &= known;
            failing |= is_failure(v->valuestring);
        }
        if (!failing)
            seen_good = 1;
        else if (seen_good)
            failures_first = 0;
        for (other = row->next; other; other = other->next)
            unique_ids &= strcmp(cJSON_GetObjectItem(row, "id")->valuestring,
                                 cJSON_GetObjectItem(other, "id")->valuestring) != 0;
    }
    CHECK(n == 19, "matrix_json_has_one_row_per_probe_id");
    CHECK(unique_ids, "matrix_json_probe_ids_unique");
    CHECK(keys_known, "matrix_json_verdict_keys_are_device_keys");
    CHECK(failures_first, "matrix_json_failures_first");
cleanup:
    cJSON_Delete(m);
    free(text);
}

static void test_merge_fixtures(void)
{
    char dir[] = "/tmp/clc-test-merge.XXXXXX";
    char a[1024], b[1024], c[1024], d[1024], junit[1100], cmd[1200];
    char *err = NULL;
    char *index;
    int rc;

    mkdtemp(dir);
    fixture(a, sizeof a, "pocl.json");
    fixture(b, sizeof b, "rusticl.json");
    fixture(c, sizeof c, "hostile.json");
    fixture(d, sizeof d, "pocl-farm-b.json");
    snprintf(junit, sizeof junit, "%s/j.xml", dir);
    char *argv[] = {"merge", a, b, c, d, "--out", dir, "--junit", junit, NULL};
    rc = run_merge(9, argv, &err);
    CHECK(rc == 0, "merge_of_four_reports_exits_0");
    CHECK(exists(dir, "index.html") && exists(dir, "matrix.json") && exists(dir, "j.xml"),
          "merge_writes_index_matrix_and_junit");
    CHECK(exists(dir, "pocl--pthread-skylake-avx512.html") && exists(dir, "pocl--pthread-skylake-avx512@farm-b.html") &&
          exists(dir, "rusticl--llvmpipe.html") && exists(dir, "evil-gpu.html"), "merge_writes_one_page_per_device");
    snprintf(cmd, sizeof cmd, "%s/index.html", dir);
    index = json_file_read_text(cmd, NULL);
    CHECK(index && strstr(index, "href=\"pocl--pthread-skylake-avx512%40farm-b.html#probe-sync.barrier.spin\""),
          "index_links_cells_to_the_disambiguated_page");
    check_matrix(dir);
    free(index);
    free(err);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0, "temporary_folder_removed");
}

static void test_input_errors(void)
{
    char bad[1024], notrep[1024], good[1024];
    char *err = NULL;
    int rc;

    fixture(bad, sizeof bad, "bad/malformed.json");
    fixture(notrep, sizeof notrep, "bad/not-a-report.json");
    fixture(good, sizeof good, "pocl.json");
    {
        char *argv[] = {"merge", good, bad, "--out", "/tmp/clc-test-merge-never", NULL};
        rc = run_merge(5, argv, &err);
        CHECK(rc == 2 && err && strstr(err, "malformed.json"), "malformed_report_exit_2_names_file");
        CHECK(access("/tmp/clc-test-merge-never", F_OK) != 0, "nothing_written_on_input_error");
        free(err);
    }
    {
        char *argv[] = {"merge", notrep, "--out", "/tmp/clc-test-merge-never", NULL};
        rc = run_merge(4, argv, &err);
        CHECK(rc == 2 && err && strstr(err, "not-a-report.json") && strstr(err, "not a clconform"),
              "json_that_is_not_a_report_exit_2");
        free(err);
    }
    {
        char *argv[] = {"merge", "/nonexistent/r.json", "--out", "/tmp/clc-test-merge-never", NULL};
        rc = run_merge(4, argv, &err);
        CHECK(rc == 2 && err && strstr(err, "/nonexistent/r.json"), "unreadable_report_exit_2_names_file");
        free(err);
    }
    {
        char *argv[] = {"merge", good, NULL};
        rc = run_merge(2, argv, &err);
        CHECK(rc == 2 && err && strstr(err, "--out"), "missing_out_is_usage_error");
        free(err);
    }
    {
        char *argv[] = {"merge", "--bogus", good, "--out", "x", NULL};
        rc = run_merge(5, argv, &err);
        CHECK(rc == 2 && err && strstr(err, "--bogus"), "unknown_option_is_usage_error");
        free(err);
    }
}

int main(void)
{
    test_merge_fixtures();
    test_input_errors();
    return check_done();
}
