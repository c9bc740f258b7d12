/* harness/judge/register.c: the register of expected/ parses, refuses malformed
 * lines with FILE:LINE, says which device reports it describes, and
 * compared with a report finds the known failures, the new failures, the
 * changed deviations, the new passes and the stale entries; baseline.c takes
 * it as a baseline. */
#include "check.h"
#include "baseline.h"
#include "json_file.h"
#include "register.h"
#include "report_arrays.h"

#include <stdlib.h>
#include <string.h>

static const char *const good =
    "# a register\n"
    "driver platform.version PoCL 3.1\n"
    "driver device.name pthread\n"
    "\n"
    "math.sinpi.float   fail          \"OpenCL C: Math Functions\"  sinpi(1) gives -0: +0 is prescribed # not a comment\n"
    "deviation 0 ->   -0\n"
    "wi.dimindx*        fail          \"OpenCL C: Work-Item Functions\"  get_global_size(3) gives 0: must be 1\n"
    "deviation 1 -> 0\n"
    "flaky.crash        crash|pass    \"OpenCL C: Operators\"  flaky: the compiler crashes on some runs\n"
    "deviation kind crash SIGSEGV\n"
    "gone.*             fail          \"OpenCL C: Operators\"  a bug since fixed\n"
    "deviation kind other values\n"
    "conv.a.*           fail          \"OpenCL C: Explicit Conversions > Rounding Modes\"  convert_char_rtp(-0.5f) gives -1\n"
    "deviation kind one less (rounded down) in _rtp\n";

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
                       "sinpi(1) gives -0: +0 is prescribed # not a comment") == 0 &&
              cJSON_GetObjectItem(e0, "line")->valueint == 5 &&
              strcmp(cJSON_GetObjectItem(e0, "clause")->valuestring, "OpenCL C: Math Functions") == 0,
          "reason_is_the_rest_of_the_line_with_its_line_number");
    CHECK(e0 && strcmp(cJSON_GetArrayItem(cJSON_GetObjectItem(e0, "values"), 0)->valuestring, "0 -> -0") == 0,
          "deviation_value_with_blanks_collapsed");
    const cJSON *flaky = register_entry_for(doc, "flaky.crash");
    CHECK(flaky && register_entry_allows(flaky, CLC_VERDICT_CRASH) && register_entry_allows(flaky, CLC_VERDICT_PASS) &&
              !register_entry_allows(flaky, CLC_VERDICT_FAIL),
          "verdict_set");
    CHECK(register_entry_for(doc, "wi.dimindx-out-of-range.x") != NULL && register_entry_for(doc, "wi.other") == NULL,
          "glob_lookup");
    cJSON_Delete(doc);

    CHECK(register_text_is_register("# c\ndriver x y\n") && register_text_is_register("  driver platform.name x") &&
              !register_text_is_register("{\"probes\": []}") && !register_text_is_register("garbage"),
          "register_told_from_json");

#define H " \"OpenCL C: Math Functions\" "
    CHECK(parse_error("driver platform.name X\nmath.x fail" H "\n", "expected/x:2: an entry is GLOB VERDICTS \"DOC: HEADING\" REASON"),
          "missing_reason_names_file_and_line");
    CHECK(parse_error("driver platform.name X\nmath.x fail 7.5.1 why\n", "expected/x:2: an entry is GLOB VERDICTS"),
          "a_section_number_is_not_a_heading");
    CHECK(parse_error("driver platform.name X\nmath.x fail \"OpenCL C: Maths\" why\n",
                      "expected/x:2: \"OpenCL C: Maths\" is not a heading of docs/unified-spec-headings.txt"),
          "unknown_heading");
    CHECK(parse_error("driver platform.name X\n\nmath.x failed" H "why\n", "expected/x:3: unknown verdict 'failed'"),
          "unknown_verdict");
    CHECK(parse_error("driver platform.name X\nmath.x fail|skip" H "why\n", "expected/x:2: unknown verdict 'skip'"),
          "skip_is_not_a_registrable_verdict");
    CHECK(parse_error("driver platform.name X\nmath.[x fail" H "why\n", "expected/x:2: unterminated '['"),
          "bad_glob");
    CHECK(parse_error("driver platform.name X\nmath.x fail" H "TODO: one less\n", "expected/x:2: the reason is still TODO"),
          "todo_reason_refused");
    CHECK(parse_error("driver platform.name X\nmath.x fail|pass" H "some fail\ndeviation 1 -> 2\n",
                      "expected/x:2: an entry allows pass only when its reason says why the probe is flaky"),
          "pass_only_for_a_flaky_probe");
    CHECK(parse_error("driver platform.name X\nmath.x fail" H "why\nmath.y fail" H "why\ndeviation 1 -> 2\n",
                      "expected/x:2: the entry names no deviation"),
          "every_entry_names_its_deviation");
    CHECK(parse_error("driver platform.name X\nmath.x fail" H "why\ndeviation 1 - 2\n",
                      "expected/x:3: a deviation line is `deviation E -> G` or `deviation kind CLASS`"),
          "malformed_deviation");
    CHECK(parse_error("driver platform.name X\ndeviation kind x\n", "expected/x:2: a deviation line belongs to the entry above"),
          "deviation_without_entry");
    CHECK(parse_error("driver platform.nam X\n", "expected/x:1: a driver line names one of"), "unknown_driver_field");
    CHECK(parse_error("driver platform.name\n", "expected/x:1: driver platform.name: the text the field must contain is missing"),
          "driver_without_text");
    CHECK(parse_error("# only entries\nmath.x fail" H "why\ndeviation 1 -> 2\n", "expected/x:1: no driver line"),
          "no_driver_line");
#undef H
}

static cJSON *rec(const char *id, const char *verdict)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "verdict", verdict);
    return r;
}

/* A fail record whose one element gives got for want. */
static cJSON *fail_rec(const char *id, const char *want, const char *got)
{
    cJSON *r = rec(id, "fail");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "expected"), cJSON_CreateString(want));
    cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "actual"), cJSON_CreateString(got));
    return r;
}

/* A fail record of one failure group of deviation kind. */
static cJSON *kind_rec(const char *id, const char *kind)
{
    cJSON *r = rec(id, "fail");
    char key[200];
    snprintf(key, sizeof key, "conv|6.2.3.2||%s", kind);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "groups"), cJSON_CreateString(key));
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
    cJSON_AddItemToArray(p, fail_rec("math.sinpi.float", "0", "-0"));                    /* known */
    cJSON_AddItemToArray(p, rec("wi.dimindx-out-of-range", "pass"));                     /* new pass */
    cJSON_AddItemToArray(p, rec("flaky.crash", "pass"));                                 /* allowed */
    cJSON_AddItemToArray(p, rec("gone.one", "pass"));                                    /* new pass; entry stale */
    cJSON_AddItemToArray(p, kind_rec("conv.a.1", "one less (rounded down) in _rtp"));    /* known */
    cJSON_AddItemToArray(p, kind_rec("conv.a.2", "0 instead of the value"));             /* changed deviation */
    cJSON_AddItemToArray(p, rec("conv.a.3", "pass"));                                    /* new pass */
    cJSON_AddItemToArray(p, rec("math.cos.float", "fail"));                              /* new failure */
    cJSON_AddItemToArray(p, rec("math.tan.float", "skip"));                              /* nothing */
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
    cJSON *r = register_compare(rep, doc, "expected/x", stderr);
    const cJSON *regs = cJSON_GetObjectItem(r, "regressions"), *fixes = cJSON_GetObjectItem(r, "fixes");
    const cJSON *stale = cJSON_GetObjectItem(r, "stale"), *known = cJSON_GetObjectItem(r, "known");
    CHECK(cJSON_GetArraySize(regs) == 2 && has(regs, "math.cos.float") && has(regs, "conv.a.2"),
          "unregistered_failure_and_changed_deviation_are_new");
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(r, "changed_deviation")) == 1 &&
              has(cJSON_GetObjectItem(r, "changed_deviation"), "conv.a.2"),
          "changed_deviation_listed");
    const cJSON *ch;
    int said = 0;
    cJSON_ArrayForEach(ch, cJSON_GetObjectItem(r, "changes"))
        said |= !strcmp(cJSON_GetObjectItem(ch, "now")->valuestring, "changed deviation: kind 0 instead of the value");
    CHECK(said, "changed_deviation_says_what_is_new");
    CHECK(cJSON_GetArraySize(fixes) == 3 && has(fixes, "wi.dimindx-out-of-range") && has(fixes, "gone.one") &&
              has(fixes, "conv.a.3"),
          "registered_failure_passing_is_a_new_pass");
    CHECK(cJSON_GetArraySize(known) == 2 && cJSON_GetObjectItem(known, "math.sinpi.float") &&
              strstr(cJSON_GetObjectItem(known, "math.sinpi.float")->valuestring,
                     "\"OpenCL C: Math Functions\": sinpi(1) gives -0"),
          "known_failures_carry_their_entry");
    /* wi.dimindx* and gone.* explain nothing now; flaky.crash allows its
     * pass, so a run without the crash leaves it alone (CI must not
     * flake). */
    CHECK(cJSON_GetArraySize(stale) == 2 && has(stale, "gone.* fail \"OpenCL C: Operators\" a bug since fixed") &&
              !has(stale, "flaky.crash"),
          "stale_entries_in_line_form: %d", cJSON_GetArraySize(stale));
    cJSON_Delete(r);

    /* a crash where only fail is registered is new, too */
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(rep, "probes"), 0), "verdict",
                              cJSON_CreateString("crash"));
    r = register_compare(rep, doc, "expected/x", stderr);
    CHECK(has(cJSON_GetObjectItem(r, "regressions"), "math.sinpi.float"), "other_verdict_than_registered_is_new");
    cJSON_Delete(r);
    /* a record that does not read (a verdict naming none) is never a pass */
    cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(rep, "probes"), 0), "verdict",
                              cJSON_CreateString("passed"));
    r = register_compare(rep, doc, "expected/x", stderr);
    int says = 0;
    cJSON_ArrayForEach(ch, cJSON_GetObjectItem(r, "changes"))
        says |= strstr(cJSON_GetObjectItem(ch, "now")->valuestring, "'verdict'") != NULL;
    CHECK(has(cJSON_GetObjectItem(r, "regressions"), "math.sinpi.float") && says,
          "an_unreadable_record_is_a_regression_naming_the_field");
    cJSON_Delete(r);
    cJSON_Delete(rep);

    rep = report("OpenCL 3.0 PoCL 5.0");
    CHECK(!register_describes(doc, rep), "other_driver_not_described");
    r = register_compare(rep, doc, "expected/x", stderr);
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(r, "not_described")) &&
              cJSON_GetArraySize(cJSON_GetObjectItem(r, "regressions")) == 0,
          "other_driver_not_compared");
    cJSON_Delete(r);
    cJSON_Delete(rep);
    cJSON_Delete(doc);
}

/* An entry that allows pass may match at most REGISTER_MAX_PASSING passing
 * probes: a wider one would take a new wrong value in any of them as known. */
static void test_flaky_glob_bounded(void)
{
    cJSON *doc = register_parse("driver platform.version PoCL\n"
                                "flaky.*  crash|pass  \"OpenCL C: Operators\"  flaky: crashes on some runs\n"
                                "deviation kind crash SIGSEGV\n",
                                "expected/x", stderr);
    cJSON *rep = report("PoCL 3.1");
    cJSON *probes = cJSON_GetObjectItem(rep, "probes");
    for (int i = 0; i < REGISTER_MAX_PASSING; i++) {
        char id[32];
        snprintf(id, sizeof id, "flaky.p%d", i);
        cJSON_AddItemToArray(probes, rec(id, "pass"));
    }
    FILE *err = tmpfile();
    cJSON *r = register_compare(rep, doc, "expected/x", err);
    CHECK(r == NULL, "more passing probes than the bound: refused");
    cJSON_Delete(r);
    cJSON_DeleteItemFromArray(probes, cJSON_GetArraySize(probes) - 1);
    r = register_compare(rep, doc, "expected/x", err);
    CHECK(r != NULL, "as many as the bound: compared");
    fclose(err);
    cJSON_Delete(r);
    cJSON_Delete(rep);
    cJSON_Delete(doc);
}

/* tests/fixtures/register: records of a real report and a register naming
 * their deviations; one element's actual value changed inside a registered
 * failing probe is a changed deviation (tests/e2e/test_register.sh makes the
 * same change for scripts/check_register.py). */
static void test_injected_change(void)
{
    const char *src = getenv("SRCDIR");
    char rp[512], gp[512];
    snprintf(rp, sizeof rp, "%s/tests/fixtures/register/reports/drv-dev.json", src ? src : ".");
    snprintf(gp, sizeof gp, "%s/tests/fixtures/register/expected/drv-1.0", src ? src : ".");
    cJSON *rep = report_load_json(rp, stderr), *doc = register_load(gp, stderr);
    CHECK(rep && doc, "fixtures_load");
    if (!rep || !doc)
        goto out;
    cJSON *r = register_compare(rep, doc, gp, stderr);
    CHECK(r && cJSON_GetArraySize(cJSON_GetObjectItem(r, "regressions")) == 0 &&
              cJSON_GetArraySize(cJSON_GetObjectItem(r, "known")) == 5,
          "the fixture report matches its register");
    cJSON_Delete(r);
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(rep, "probes")) {
        const char *id = cJSON_GetObjectItem(p, "id")->valuestring;
        if (!strcmp(id, "intfn.add_sat.int4.folded"))
            cJSON_ReplaceItemInArray(cJSON_GetObjectItem(p, "actual"), 0, cJSON_CreateString("5"));
        if (!strcmp(id, "math.fract.float2"))
            cJSON_ReplaceItemInObject(cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(p, "ulp"), "failures"), 0),
                                      "actual", cJSON_CreateString("0.5 (0x3f000000)"));
    }
    r = register_compare(rep, doc, gp, stderr);
    const cJSON *cd = cJSON_GetObjectItem(r, "changed_deviation");
    CHECK(r && cJSON_GetArraySize(cd) == 2 && has(cd, "intfn.add_sat.int4.folded") && has(cd, "math.fract.float2") &&
              has(cJSON_GetObjectItem(r, "regressions"), "intfn.add_sat.int4.folded"),
          "an altered element of a registered failure is a changed deviation");
    int said = 0;
    const cJSON *ch;
    cJSON_ArrayForEach(ch, cJSON_GetObjectItem(r, "changes"))
        said |= !strcmp(cJSON_GetObjectItem(ch, "now")->valuestring, "changed deviation: -2147483648 -> 5");
    CHECK(said, "the change names the new value");
    cJSON_Delete(r);
out:
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

/* A `context` entry: its deviation shows in some programs around the call
 * only. Its probes run alone every run (register_context_globs), it allows
 * pass, and a record whose run alone differed is known under it; under an
 * entry without the line that difference is a changed deviation. */
static void test_context(void)
{
    static const char *const text = "driver platform.version PoCL\n"
                                     "ctx.*  fail  \"OpenCL C: Operators\"  min(x, s) reads past the scalar s\n"
                                     "context min(gentypeN, sgentype)\n"
                                     "deviation kind other values\n"
                                     "plain.*  fail|crash  \"OpenCL C: Operators\"  max(x, s) gives 0\n"
                                     "deviation kind other values\n";
    cJSON *doc = register_parse(text, "expected/x", stderr);
    CHECK(doc != NULL, "a register with a context line parses");
    const char *globs[4];
    size_t n = register_context_globs(doc, globs, 4);
    CHECK(n == 1 && !strcmp(globs[0], "ctx.*"), "its context globs: the marked entry's only");
    CHECK(register_entry_allows(register_entry_for(doc, "ctx.a"), CLC_VERDICT_PASS) &&
              !register_entry_allows(register_entry_for(doc, "plain.a"), CLC_VERDICT_PASS),
          "a context entry allows pass; an entry without one does not");
    CHECK(parse_error("driver platform.version PoCL\ncontext min(x)\n", "a context line marks the entry above it"),
          "a context line with no entry above: FILE:LINE error");
    CHECK(parse_error("driver platform.version PoCL\nctx.* fail \"OpenCL C: Operators\" r\ncontext\n"
                      "deviation kind other values\n",
                      "names the call"),
          "a context line without the call: error");

    cJSON *rep = report("PoCL 3.1");
    cJSON *probes = cJSON_GetObjectItem(rep, "probes");
    cJSON_DeleteItemFromObject(rep, "probes");
    probes = cJSON_AddArrayToObject(rep, "probes");
    cJSON *a = rec("ctx.a", "fail"), *b = rec("plain.b", "fail"), *c = rec("ctx.c", "pass");
    cJSON *ctx = cJSON_AddObjectToObject(a, "context");
    cJSON_AddStringToObject(ctx, "alone", "pass");
    cJSON_AddBoolToObject(ctx, "same", 0);
    cJSON_AddItemToObject(b, "context", cJSON_Duplicate(ctx, 1));
    cJSON_AddItemToArray(probes, a);
    cJSON_AddItemToArray(probes, b);
    cJSON_AddItemToArray(probes, c);
    cJSON *r = register_compare(rep, doc, "expected/x", stderr);
    const cJSON *changed = cJSON_GetObjectItem(r, "changed_deviation");
    CHECK(r && cJSON_GetObjectItem(cJSON_GetObjectItem(r, "known"), "ctx.a") && cJSON_GetArraySize(changed) == 1 &&
              !strcmp(cJSON_GetArrayItem(changed, 0)->valuestring, "plain.b"),
          "another outcome alone: known under a context entry, a changed deviation under another");
    int pass_is_fix = 0;
    const cJSON *f;
    cJSON_ArrayForEach(f, cJSON_GetObjectItem(r, "fixes"))
        pass_is_fix |= !strcmp(f->valuestring, "ctx.c");
    CHECK(r && !pass_is_fix, "a context entry's probe that passes in both programs is not a new pass");
    cJSON_Delete(r);
    cJSON_Delete(rep);
    cJSON_Delete(doc);
}

int main(void)
{
    test_parse();
    test_compare();
    test_flaky_glob_bounded();
    test_injected_change();
    test_as_baseline();
    test_context();
    return check_done();
}
