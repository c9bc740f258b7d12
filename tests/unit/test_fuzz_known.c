/* Unit tests of the known-deviation matching of `clconform fuzz`: `fuzz`
 * signature lines in a register (parsed, refused where malformed), the
 * text they are matched against, an entry found only when all its
 * signatures hold ("!" ones must not) and its verdicts allow the deviation's,
 * the committed registers' signatures against reduced programs of the
 * deviations they name, and the summary's grouping. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz_known.h"
#include "fuzz_triage.h"
#include "register.h"

static const char *glob_of(const cJSON *e)
{
    return e ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "glob")) : "(none)";
}

static void test_signatures_parse_and_match(void)
{
    const char *text = "driver platform.name X\n"
                       "a.plain        fail  \"OpenCL C: Operators\"  no signature: never matched by fuzz\n"
                       "deviation kind other values\n"
                       "a.folded       fail  \"OpenCL C: Integer Functions\"  add_sat of constants wraps\n"
                       "deviation 2147483647 -> -2\n"
                       "fuzz add_sat\\(\n"
                       "fuzz !in\\[\n"
                       "a.refused      error \"OpenCL C: Operators\"  the kernel is refused\n"
                       "fuzz 4294967295u / \n"
                       "deviation kind error in clCreateKernel CL_INVALID_KERNEL_NAME\n";
    FILE *err = tmpfile();
    cJSON *doc = register_parse(text, "test-register", err);
    CHECK(doc != NULL, "a register with fuzz lines parses");
    if (!doc)
        return;
    const cJSON *e = fuzz_known_match(doc, "int v1 = 3; out[0] = as_uint(add_sat(2147483647, v1));", "fail");
    CHECK(e && !strcmp(glob_of(e), "a.folded"), "add_sat of constants matches a.folded (%s)", glob_of(e));
    e = fuzz_known_match(doc, "out[0] = as_uint(add_sat(as_int(in[0]), 1));", "fail");
    CHECK(e == NULL, "a ! signature that matches (the program reads in[]) rules the entry out");
    e = fuzz_known_match(doc, "out[0] = as_uint(add_sat(2147483647, 1));", "error");
    CHECK(e == NULL, "a verdict the entry does not allow is not known");
    e = fuzz_known_match(doc, "uint v0 = (4294967295u / in[1]) < in[2] ? 1u : 2u;", "error");
    CHECK(e && !strcmp(glob_of(e), "a.refused"), "the udiv signature matches with verdict error (%s)", glob_of(e));
    CHECK(fuzz_known_match(doc, "out[0] = 1u;", "fail") == NULL, "an entry without signatures never matches");
    cJSON_Delete(doc);

    CHECK(register_parse("driver platform.name X\nfuzz abs\\(\n", "r", err) == NULL,
          "a fuzz line before any entry is refused");
    CHECK(register_parse("driver platform.name X\na.b fail \"OpenCL C: Operators\" why\ndeviation kind x\nfuzz abs(\n", "r", err) == NULL,
          "a signature that is not a regular expression is refused");
    fclose(err);
}

static void test_text_collapses_blanks(void)
{
    char *t = fuzz_known_text("typedef struct {\n    int m0;\n} S;\n", "S s0 = {1};\n\tS s1 = h(s0,  2u);\n");
    CHECK(t && !strcmp(t, "typedef struct { int m0; } S; S s0 = {1}; S s1 = h(s0, 2u);"),
          "prelude and body joined, each run of blanks one blank (%s)", t ? t : "NULL");
    free(t);
}

/* The committed registers: a reduced program of each fuzz-found bug is
 * reported under its entry, on the driver whose register holds it. */
static void test_committed_signatures(void)
{
    cJSON *regs = fuzz_known_load("expected", stderr);
    CHECK(regs && cJSON_GetArraySize(regs) >= 5, "the registers of expected/ load");
    if (!regs)
        return;
    struct {
        const char *reg, *text, *verdict, *want;
    } cases[] = {
        {"expected/nvidia-580", "out[0] = sub_sat(mul_hi(in[0], in[1]), (5u / 7u));", "fail", "intfn.sub_sat.of_mul_hi.div"},
        {"expected/nvidia-580", "int v0 = max(max((mul_hi(as_int(in[0]), 2147483647) * (-1)), (-82886363)), (-524684686));",
         "fail", "intfn.max.of_negated_mul_hi"},
        {"expected/pocl-3.1", "out[0] = as_uint(mul_hi(as_int(abs((-2147483647 - 1))), as_int(in[0])));", "fail",
         "intfn.abs.int_min.into_mul_hi*"},
        {"expected/pocl-3.1", "uint4 v0 = abs(V4(int4, (-2147483647 - 1), 1, 2, 3)); vstore4(v0, 0, out + 0);", "fail",
         "intfn.abs.int.folded"},
        {"expected/pocl-3.1", "ulong v4 = abs_diff(as_long(upsample(in[5], in[7])), (-9223372036854775807L - 1)); out[27] = (uint)v4;",
         "fail", "intfn.abs_diff.min_operand.long_*"},
        {"expected/pocl-5.0", "out[0] = as_uint(mul_hi(as_int(abs((-2147483647 - 1))), as_int(in[0])));", "fail",
         "intfn.abs.int_min.into_mul_hi*"},
        {"expected/rusticl-mesa-22.3", "int v1 = 3; out[0] = as_uint(sub_sat((-2147483647 - 1), v1));", "fail",
         "intfn.sub_sat.int.folded"},
        {"expected/rusticl-mesa-22.3",
         "typedef struct { int m0; } S_1; S_1 h_1(S_1 s, uint k) { s.m0 = 3; return s; } S_1 s0 = {in[0]}; "
         "S_1 s1 = h_1(s0, in[1]); out[0] = as_uint(s0.m0);",
         "fail", "shape.byvalue.small_struct"},
        {"expected/oclgrind-21.10", "int v0 = convert_int_rtn(fin[0]); out[0] = as_uint(v0);", "fail",
         "conv.full.convert_int_rtn.float.runtime"},
        {"expected/oclgrind-21.10", "uint v0 = (in[3] < (4294967295u / in[1]) ? 1u : 2u); out[0] = v0;", "error",
         "operators.udiv-all-ones.lt"},
        {"expected/oclgrind-21.10", "uint4 v0 = (V4(uint4, 1u, 1u, 1u, 1u) % V4(uint4, 2u, 3u, 4u, 5u)); vstore4(v0, 0, out + 0);",
         "fail", "operators.remainder.ones-vector"},
        {"expected/rusticl-mesa-22.3",
         "long v1 = convert_long(as_int(in[6])); char v4 = convert_char_sat(convert_int_sat(add_sat(v1, v1))); out[19] = as_uchar(v4);",
         "fail", "intfn.add_sat.widened_int_long.same"},
        /* and what is not theirs */
        {"expected/rusticl-mesa-22.3", "out[0] = as_uint(add_sat(as_int(in[0]), 2147483647));", "fail", NULL},
        {"expected/pocl-3.1", "out[0] = as_uint(sub_sat(mul_hi(in[0], in[1]), 1u));", "fail", NULL},
        {"expected/nvidia-580", "out[0] = sub_sat(in[0], mul_hi(in[0], in[1]));", "fail", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const cJSON *doc = NULL, *d;
        cJSON_ArrayForEach(d, regs)
        {
            const char *p = cJSON_GetStringValue(
                cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(d, "register"), "path"));
            if (p && !strcmp(p, cases[i].reg))
                doc = d;
        }
        const cJSON *e = doc ? fuzz_known_match(doc, cases[i].text, cases[i].verdict) : NULL;
        int ok = doc && (cases[i].want ? e && !strcmp(glob_of(e), cases[i].want) : e == NULL);
        CHECK(ok, "%s: %.60s... -> %s (got %s)", cases[i].reg, cases[i].text, cases[i].want ? cases[i].want : "new",
              glob_of(e));
    }
    cJSON_Delete(regs);
}

/* Known deviations under their entry, each once; the new with their
 * reduced probe; the unreduced grouped by their hint, or unclassified. */
static void test_summary_groups(void)
{
    fuzz_devs list = {0};
    fuzz_dev d;
    const struct {
        const char *id, *key, *reduced, *entry, *hint;
    } rows[] = {
        {"fuzz.p1", "devA", "r/1.probe", "E1 (reg): why", NULL},
        {"fuzz.p2", "devB", "r/2.probe", NULL, NULL},
        {"fuzz.p3", "devA", "r/3.probe", "E1 (reg): why", NULL},
        {"fuzz.p4", "devA", "", NULL, "E1 (reg): why"},
        {"fuzz.p5", "devA", "", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        memset(&d, 0, sizeof d);
        snprintf(d.id, sizeof d.id, "%s", rows[i].id);
        snprintf(d.key, sizeof d.key, "%s", rows[i].key);
        snprintf(d.verdict, sizeof d.verdict, "fail");
        snprintf(d.reduced, sizeof d.reduced, "%s", rows[i].reduced);
        d.entry = rows[i].entry ? strdup(rows[i].entry) : NULL;
        d.hint = rows[i].hint ? strdup(rows[i].hint) : NULL;
        fuzz_devs_add(&list, &d);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    fuzz_triage_summary(&list, f);
    fclose(f);
    const char *want = "devA: 4 deviations: 2 known, 0 new, 2 not reduced (1 of them matching a known entry unreduced)\n"
                       "  known: E1 (reg): why\n"
                       "    fuzz.p1 fail -> r/1.probe\n"
                       "    fuzz.p3 fail -> r/3.probe\n"
                       "  not reduced, unreduced matching E1 (reg): why:\n"
                       "    fuzz.p4 fail\n"
                       "  not reduced, unclassified:\n"
                       "    fuzz.p5 fail\n"
                       "devB: 1 deviation: 0 known, 1 new, 0 not reduced (0 of them matching a known entry unreduced)\n"
                       "  new: fuzz.p2 fail -> r/2.probe\n";
    int same = text && !strcmp(text, want);
    if (!same)
        printf("# got:\n%s", text ? text : "NULL\n");
    CHECK(same, "the summary groups per device, the known under their entry, the unreduced by hint");
    free(text);
    fuzz_devs_free(&list);
}

int main(void)
{
    test_summary_groups();
    test_signatures_parse_and_match();
    test_text_collapses_blanks();
    test_committed_signatures();
    return check_done();
}
