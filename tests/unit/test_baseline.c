/* Baseline comparison on hand-written fixture reports
 * (tests/fixtures/baseline/): each probe there is named after the class it
 * must land in. */
#include "baseline.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static char fixture_path[4096];

static const char *fixture(const char *name)
{
    const char *src = getenv("SRCDIR");
    snprintf(fixture_path, sizeof fixture_path, "%s/tests/fixtures/baseline/%s",
             src ? src : ".", name);
    return fixture_path;
}

static int list_has(const cJSON *result, const char *list, const char *id)
{
    const cJSON *el;
    cJSON_ArrayForEach(el, cJSON_GetObjectItemCaseSensitive(result, list))
        if (cJSON_IsString(el) && strcmp(el->valuestring, id) == 0)
            return 1;
    return 0;
}

static int list_size(const cJSON *result, const char *list)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(result, list));
}

static double number(const cJSON *result, const char *name)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(result, name);
    return cJSON_IsNumber(n) ? n->valuedouble : -1;
}

/* Runs f(err) with err an in-memory stream; returns what was printed. */
static char *captured;
static size_t captured_len;

static FILE *capture_open(void)
{
    free(captured);
    captured = NULL;
    return open_memstream(&captured, &captured_len);
}

static void test_classification(void)
{
    cJSON *old = baseline_load(fixture("old.json"), stderr);
    cJSON *cur = baseline_load(fixture("new.json"), stderr);
    const char *flakes[] = {"e.*"};
    const char *skips[] = {"f.skipme", "k.skip*"};
    clc_baseline_opts opts = {flakes, 1, skips, 2};
    cJSON *r = (old && cur) ? baseline_compare(cur, old, "old.json", &opts, stderr) : NULL;
    CHECK(r != NULL, "baseline_compare_same_device_returns_a_result");
    if (!r)
        goto done;
    CHECK(list_has(r, "regressions", "b.reg") && list_size(r, "regressions") == 2,
          "compare_pass_to_fail_is_a_regression");
    CHECK(list_has(r, "regressions", "i.skip2error"), "compare_skip_to_error_is_a_regression");
    CHECK(list_has(r, "fixes", "c.fix") && list_size(r, "fixes") == 1,
          "compare_fail_to_pass_is_a_fix");
    CHECK(list_has(r, "new", "j.new") && list_size(r, "new") == 1,
          "compare_probe_only_in_report_is_new");
    CHECK(list_has(r, "removed", "d.removed") && list_size(r, "removed") == 1,
          "compare_probe_only_in_baseline_is_removed");
    CHECK(list_has(r, "flaky", "e.flaky") && !list_has(r, "regressions", "e.flaky"),
          "compare_regression_of_flaky_probe_is_listed_as_flaky_only");
    CHECK(list_has(r, "ignored", "f.skipme") && list_has(r, "ignored", "k.skipgone") &&
              !list_has(r, "regressions", "f.skipme") && !list_has(r, "removed", "k.skipgone"),
          "compare_skipped_patterns_are_ignored_on_both_sides");
    /* a.pass pass/pass, g.bothbad fail/error, h.info info/info */
    CHECK(number(r, "unchanged") == 3, "compare_counts_good_good_and_bad_bad_as_unchanged");
    const cJSON *ch = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r, "changes"), 0);
    const cJSON *before = cJSON_GetObjectItemCaseSensitive(ch, "before");
    CHECK(cJSON_IsString(before) && strcmp(before->valuestring, "pass") == 0,
          "compare_changes_record_the_verdict_before");
done:
    cJSON_Delete(r);
    cJSON_Delete(old);
    cJSON_Delete(cur);
}

static void test_no_opts_and_incomplete(void)
{
    cJSON *old = baseline_load(fixture("old.json"), stderr);
    cJSON *cur = baseline_load(fixture("new.json"), stderr);
    cJSON *r = baseline_compare(cur, old, "old.json", NULL, stderr);
    CHECK(r && list_has(r, "regressions", "e.flaky") && list_has(r, "regressions", "f.skipme"),
          "compare_without_opts_reports_every_regression");
    cJSON_Delete(r);
    cJSON *part = baseline_load(fixture("incomplete.json"), stderr);
    r = baseline_compare(part, old, "old.json", NULL, stderr);
    CHECK(r && list_size(r, "removed") == 0 && number(r, "not_run") == 8,
          "compare_incomplete_report_counts_missing_probes_as_not_run");
    cJSON_Delete(r);
    cJSON_Delete(part);
    cJSON_Delete(old);
    cJSON_Delete(cur);
}

static void test_device_mismatch(void)
{
    cJSON *other = baseline_load(fixture("other-device.json"), stderr);
    cJSON *cur = baseline_load(fixture("new.json"), stderr);
    FILE *err = capture_open();
    cJSON *r = baseline_compare(cur, other, "other-device.json", NULL, err);
    fclose(err);
    CHECK(r == NULL, "compare_refuses_a_baseline_of_another_device");
    CHECK(captured && strstr(captured, "'dev-a'") && strstr(captured, "'dev-b'"),
          "compare_refusal_names_both_device_keys");
    cJSON_Delete(r);
    cJSON_Delete(other);
    cJSON_Delete(cur);
}

static void test_index(const char *name)
{
    cJSON *idx = baseline_load(fixture(name), stderr);
    CHECK(idx != NULL, "load_reads_run_index %s", name);
    const cJSON *a = baseline_find_device(idx, "dev-a");
    const cJSON *b = baseline_find_device(idx, "dev-b");
    CHECK(a && b && a != b, "find_device_picks_each_report_of_index %s", name);
    CHECK(baseline_find_device(idx, "dev-zzz") == NULL, "find_device_unknown_key_is_null %s",
          name);
    cJSON *cur = baseline_load(fixture("new.json"), stderr);
    cJSON *r = baseline_compare(cur, idx, name, NULL, stderr);
    CHECK(r && list_has(r, "fixes", "c.fix"), "compare_against_index_uses_same_device %s", name);
    cJSON_Delete(r);
    cJSON_Delete(cur);
    cJSON_Delete(idx);
}

static void test_load_errors(void)
{
    FILE *err = capture_open();
    cJSON *d = baseline_load(fixture("truncated.json"), err);
    fclose(err);
    CHECK(d == NULL && captured && strstr(captured, "truncated.json:"),
          "load_malformed_json_names_the_file");
    err = capture_open();
    d = baseline_load(fixture("index-missing.json"), err);
    fclose(err);
    CHECK(d == NULL && captured && strstr(captured, "nonexistent.json"),
          "load_index_with_missing_report_names_it");
    err = capture_open();
    d = baseline_load(fixture("flakes.txt"), err);
    fclose(err);
    CHECK(d == NULL, "load_refuses_a_file_that_is_not_json");
    cJSON *single = baseline_load(fixture("old.json"), stderr);
    CHECK(single && baseline_find_device(single, "dev-a") == single &&
              baseline_find_device(single, "dev-b") == NULL,
          "find_device_on_single_report_checks_its_key");
    cJSON_Delete(single);
}

static void test_patterns(void)
{
    char **p = NULL;
    size_t n = 0;
    int rc = baseline_read_patterns(fixture("flakes.txt"), &p, &n, stderr);
    CHECK(rc == 0 && n == 2 && strcmp(p[0], "e.*") == 0 && strcmp(p[1], "x.[ab]?") == 0,
          "patterns_skip_comments_blanks_and_trailing_reasons");
    CHECK(n == 2 && baseline_matches_any("x.b1", (const char *const *)p, n) &&
              !baseline_matches_any("x.c1", (const char *const *)p, n),
          "patterns_match_as_globs");
    baseline_free_patterns(p, n);

    FILE *err = capture_open();
    rc = baseline_read_patterns(fixture("bad-space.txt"), &p, &n, err);
    fclose(err);
    CHECK(rc == -1 && p == NULL && n == 0, "patterns_whitespace_inside_is_an_error");
    CHECK(captured && strstr(captured, "bad-space.txt:4:"), "patterns_error_names_file_and_line");

    err = capture_open();
    rc = baseline_read_patterns(fixture("bad-bracket.txt"), &p, &n, err);
    fclose(err);
    CHECK(rc == -1 && captured && strstr(captured, "bad-bracket.txt:2:"),
          "patterns_unclosed_bracket_is_an_error_with_line");

    err = capture_open();
    rc = baseline_read_patterns(fixture("no-such-file.txt"), &p, &n, err);
    fclose(err);
    CHECK(rc == -1 && captured && strstr(captured, "no-such-file.txt"),
          "patterns_missing_file_is_an_error");
}

int main(void)
{
    test_classification();
    test_no_opts_and_incomplete();
    test_device_mismatch();
    test_index("index.json");
    test_index("index-inline.json");
    test_load_errors();
    test_patterns();
    free(captured);
    return check_done();
}
