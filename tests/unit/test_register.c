/* harness/register.c: the register of expected/ parses, refuses malformed
 * lines with FILE:LINE, says which device reports it describes, and
 * compared with a report finds the known failures, the new failures, the
 * new passes and the stale entries; baseline.c takes it as a baseline. */
#include "check.h"
#include "baseline.h"
#include "register.h"

#include <stdlib.h>
#include <string.h>

static const char *const good =
    "# a register\n"
    "driver platform.version PoCL 3.1\n"
    "driver device.name pthread\n"
    "\n"
    "math.sinpi.float   fail          7.5.1    sinpi(1) gives -0: 7.5.1 prescribes +0 # not a comment\n"
    "wi.dimindx*        fail          6.12.1   get_global_size(3) gives 0: must be 1\n"
    "flaky.crash        crash|pass    6.2.3    the compiler crashes on some runs\n"
    "gone.*             fail          6.2.3    a bug since fixed\n"
    "conv.a.*           fail|pass     6.2.3.2  convert_char_rtp(-0.5f) gives -1 in some of these\n";

/* The first line of what register_parse printed for text, or "" when it
 * parsed. */
static int parse_error(const char *text, const char *want)
{
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    cJSON *doc = register_parse(text, "expected/x", err);
    fclose(err);
    int ok = doc == NULL && msg && strstr(msg, want) != NULL;
    if (!ok)
        printf("#   got: %s\n", msg ? msg : "(nothing)");
    cJSON_Delete(doc);
    free(msg);
    return ok;
}

static void test_parse(void)
{
    cJSON *doc = register_parse(good, "expected/x", stderr);
    const cJSON *entries = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "register"), "entries");
    CHECK(doc && cJSON_GetArraySize(entries) == 5, "entries_parsed");
    const cJSON *e0 = cJSON_GetArrayItem(entries, 0);
    CHECK(e0 && strcmp(cJSON_GetObjectItem(e0, "reason")->valuestring,
                       "sinpi(1) gives -0: 7.5.1 prescribes +0 # not a comment") == 0 &&
              cJSON_GetObjectItem(e0, "line")->valueint == 5 &&
              strcmp(cJSON_GetObjectItem(e0, "clause")->valuestring, "7.5.1") == 0,
          "reason_is_the_rest_of_the_line_with_its_line_number");
    const cJSON *flaky = register_entry_for(doc, "flaky.crash");
    CHECK(flaky && register_entry_allows(flaky, "crash") && register_entry_allows(flaky, "pass") &&
              !register_entry_allows(flaky, "fail"),
          "verdict_set");
    CHECK(register_entry_for(doc, "wi.dimindx-out-of-range.x") != NULL && register_entry_for(doc, "wi.other") == NULL,
          "glob_lookup");
    cJSON_Delete(doc);

    CHECK(register_text_is_register("# c\ndriver x y\n") && register_text_is_register("  driver platform.name x") &&
              !register_text_is_register("{\"probes\": []}") && !register_text_is_register("garbage"),
          "register_told_from_json");

    CHECK(parse_error("driver platform.name X\nmath.x fail 7.5.1\n", "expected/x:2: an entry is GLOB VERDICTS CLAUSE REASON"),
          "missing_reason_names_file_and_line");
    CHECK(parse_error("driver platform.name X\n\nmath.x failed 7.5.1 why\n", "expected/x:3: unknown verdict 'failed'"),
          "unknown_verdict");
    CHECK(parse_error("driver platform.name X\nmath.x fail|skip 7.5.1 why\n", "expected/x:2: unknown verdict 'skip'"),
          "skip_is_not_a_registrable_verdict");
    CHECK(parse_error("driver platform.name X\nmath.[x fail 7.5.1 why\n", "expected/x:2: unterminated '['"),
          "bad_glob");
    CHECK(parse_error("driver platform.name X\nmath.x fail 7.5.1 TODO: one less\n", "expected/x:2: the reason is still TODO"),
          "todo_reason_refused");
    CHECK(parse_error("driver platform.nam X\n", "expected/x:1: a driver line names one of"), "unknown_driver_field");
    CHECK(parse_error("driver platform.name\n", "expected/x:1: driver platform.name: the text the field must contain is missing"),
          "driver_without_text");
    CHECK(parse_error("# only entries\nmath.x fail 7.5.1 why\n", "expected/x:1: no driver line"), "no_driver_line");
}

static cJSON *rec(const char *id, const char *verdict)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "verdict", verdict);
    return r;
}

static cJSON *report(const char *platform_version)
{
    cJSON *rep = cJSON_CreateObject();
    cJSON_AddNumberToObject(rep, "schema_version", 1);
    cJSON_AddStringToObject(cJSON_AddObjectToObject(rep, "platform"), "version", platform_version);
    cJSON *d = cJSON_AddObjectToObject(rep, "device");
    cJSON_AddStringToObject(d, "key", "pocl-dev");
    cJSON_AddStringToObject(d, "name", "pthread-skylake");
    cJSON *p = cJSON_AddArrayToObject(rep, "probes");
    cJSON_AddItemToArray(p, rec("math.sinpi.float", "fail"));            /* known */
    cJSON_AddItemToArray(p, rec("wi.dimindx-out-of-range", "pass"));     /* new pass */
    cJSON_AddItemToArray(p, rec("flaky.crash", "pass"));                 /* allowed */
    cJSON_AddItemToArray(p, rec("gone.one", "pass"));                    /* new pass; entry stale */
    cJSON_AddItemToArray(p, rec("conv.a.1", "fail"));                    /* known */
    cJSON_AddItemToArray(p, rec("conv.a.2", "pass"));                    /* allowed */
    cJSON_AddItemToArray(p, rec("math.cos.float", "fail"));              /* new failure */
    cJSON_AddItemToArray(p, rec("math.tan.float", "skip"));              /* nothing */
    return rep;
}

static int has(const cJSON *arr, const char *s)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it) && strstr(it->valuestring, s))
            return 1;
    return 0;
}

static void test_compare(void)
{
    cJSON *doc = register_parse(good, "expected/x", stderr);
    cJSON *rep = report("OpenCL 3.0 PoCL 3.1+debian");
    CHECK(register_describes(doc, rep), "driver_lines_hold");
    cJSON *r = register_compare(rep, doc, "expected/x");
    const cJSON *regs = cJSON_GetObjectItem(r, "regressions"), *fixes = cJSON_GetObjectItem(r, "fixes");
    const cJSON *stale = cJSON_GetObjectItem(r, "stale"), *known = cJSON_GetObjectItem(r, "known");
    CHECK(cJSON_GetArraySize(regs) == 1 && has(regs, "math.cos.float"), "unregistered_failure_is_new");
    CHECK(cJSON_GetArraySize(fixes) == 2 && has(fixes, "wi.dimindx-out-of-range") && has(fixes, "gone.one"),
          "registered_failure_passing_is_a_new_pass");
    CHECK(cJSON_GetArraySize(known) == 2 && cJSON_GetObjectItem(known, "math.sinpi.float") &&
              strstr(cJSON_GetObjectItem(known, "math.sinpi.float")->valuestring, "7.5.1: sinpi(1) gives -0"),
          "known_failures_carry_their_entry");
    /* wi.dimindx* and gone.* explain nothing now; flaky.crash allows its
     * pass, so a run without the crash leaves it alone (CI must not
     * flake). */
    CHECK(cJSON_GetArraySize(stale) == 2 && has(stale, "gone.* fail 6.2.3 a bug since fixed") &&
              !has(stale, "flaky.crash"),
          "stale_entries_in_line_form: %d", cJSON_GetArraySize(stale));
    cJSON_Delete(r);

    /* a crash where only fail is registered is new, too */
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(rep, "probes"), 0), "verdict",
                              cJSON_CreateString("crash"));
    r = register_compare(rep, doc, "expected/x");
    CHECK(has(cJSON_GetObjectItem(r, "regressions"), "math.sinpi.float"), "other_verdict_than_registered_is_new");
    cJSON_Delete(r);
    cJSON_Delete(rep);

    rep = report("OpenCL 3.0 PoCL 5.0");
    CHECK(!register_describes(doc, rep), "other_driver_not_described");
    r = register_compare(rep, doc, "expected/x");
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(r, "not_described")) &&
              cJSON_GetArraySize(cJSON_GetObjectItem(r, "regressions")) == 0,
          "other_driver_not_compared");
    cJSON_Delete(r);
    cJSON_Delete(rep);
    cJSON_Delete(doc);
}

static void test_as_baseline(void)
{
    char path[] = "/tmp/clc-register-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fputs(good, f);
    fclose(f);
    cJSON *base = baseline_load(path, stderr);
    cJSON *rep = report("PoCL 3.1");
    CHECK(base && baseline_find_device(base, "pocl-dev") == base, "baseline_load_takes_a_register");
    cJSON *cmp = base ? baseline_compare(rep, base, path, NULL, stderr) : NULL;
    CHECK(cmp && has(cJSON_GetObjectItem(cmp, "regressions"), "math.cos.float") &&
              cJSON_GetObjectItem(cmp, "register"),
          "baseline_compare_uses_the_register");
    cJSON_Delete(cmp);
    cJSON_Delete(rep);
    cJSON_Delete(base);

    f = fopen(path, "w");
    fputs("driver platform.name X\nmath.x fail\n", f);
    fclose(f);
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    base = baseline_load(path, err);
    fclose(err);
    char want[64];
    snprintf(want, sizeof want, "%s:2: ", path);
    CHECK(!base && msg && strstr(msg, want), "malformed_register_baseline_names_file_and_line");
    free(msg);
    remove(path);
}

int main(void)
{
    test_parse();
    test_compare();
    test_as_baseline();
    return check_done();
}
