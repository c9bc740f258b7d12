/* harness/report/group.c and group_html.c: a failing record's keys name its
 * family, clause, ledger entry and how its values deviate (rounded the
 * wrong way under _rtp, NaN made INT_MIN under _sat, one ulp off, flushed
 * denormal...); reports group by those keys, across devices; the HTML
 * section unfolds each group to links to its probes. */
#include "check.h"
#include "group.h"
#include "group_html.h"

#include <stdlib.h>
#include <string.h>

#include "json_file.h"

/* A fail record of a generated-style conversion probe: block 0 is
 * convert_int_rtp x4, block 1 convert_int_sat x4, inputs in. */
static cJSON *conv_record(const char *id, const char *const *exp, const char *const *act, const char *extra_why)
{
    char why[512];
    snprintf(why, sizeof why, "out holds one block per call, in order: convert_int_rtp x4, convert_int_sat x4; "
                              "element j of a block converts input j.%s", extra_why);
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "clause", "OpenCL C: Out-of-Range Behavior and Saturated Conversions");
    cJSON_AddStringToObject(r, "verdict", "fail");
    cJSON_AddStringToObject(r, "why", why);
    cJSON_AddStringToObject(r, "out_type", "int");
    cJSON_AddItemToObject(r, "expected", cJSON_CreateStringArray(exp, 8));
    cJSON_AddItemToObject(r, "actual", cJSON_CreateStringArray(act, 8));
    cJSON *in = cJSON_CreateObject();
    const char *vals[] = {"-0.5", "1.5", "nan", "2"};
    cJSON_AddStringToObject(in, "name", "in");
    cJSON_AddStringToObject(in, "type", "float");
    cJSON_AddItemToObject(in, "values", cJSON_CreateStringArray(vals, 4));
    cJSON *inputs = cJSON_AddArrayToObject(r, "inputs");
    cJSON_AddItemToArray(inputs, in);
    return r;
}

static const char *key(const cJSON *rec, int i)
{
    const cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "groups"), i);
    return cJSON_IsString(k) ? k->valuestring : "(none)";
}

static void test_keys(void)
{
    const char *exp[] = {"0", "2", "*", "2", "0", "2", "0", "2"};
    const char *act[] = {"-1", "2", "5", "2", "0", "2", "-2147483648", "2"};
    cJSON *r = conv_record("conv.a", exp, act, "");
    group_annotate_record(r);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItem(r, "groups")) == 2, "two_ways_of_failing_two_groups");
    CHECK(strcmp(key(r, 0), "conv|OpenCL C: Out-of-Range Behavior and Saturated Conversions||one less (rounded down) in _rtp") == 0, "rtp_rounded_down: %s", key(r, 0));
    CHECK(strcmp(key(r, 1), "conv|OpenCL C: Out-of-Range Behavior and Saturated Conversions||the type's minimum from NaN in _sat") == 0, "nan_to_int_min_under_sat: %s",
          key(r, 1));
    cJSON *again = conv_record("conv.b", exp, act, "");
    group_annotate_record(again);
    CHECK(strcmp(key(r, 0), key(again, 0)) == 0 && strcmp(key(r, 1), key(again, 1)) == 0, "keys_deterministic");
    cJSON_Delete(again);

    cJSON *l = conv_record("conv.c", exp, act, " See [ledger: sat-nan-zero] for the reading.");
    group_annotate_record(l);
    CHECK(strcmp(key(l, 1), "conv|OpenCL C: Out-of-Range Behavior and Saturated Conversions|sat-nan-zero|the type's minimum from NaN in _sat") == 0,
          "ledger_entry_in_key: %s", key(l, 1));
    char buf[64];
    CHECK(strcmp(group_ledger(l, buf, sizeof buf), "sat-nan-zero") == 0, "ledger_parsed");
    cJSON_Delete(l);

    /* A second, shorter input (in-range operands, as generated probes
     * have): the block of 4 still reads the input of 4 values. */
    cJSON *two = conv_record("conv.d", exp, act, "");
    cJSON *short_in = cJSON_CreateObject();
    const char *sv[] = {"1", "2"};
    cJSON_AddStringToObject(short_in, "name", "inr");
    cJSON_AddStringToObject(short_in, "type", "float");
    cJSON_AddItemToObject(short_in, "values", cJSON_CreateStringArray(sv, 2));
    cJSON_AddItemToArray(cJSON_GetObjectItem(two, "inputs"), short_in);
    group_annotate_record(two);
    CHECK(strcmp(key(two, 1), "conv|OpenCL C: Out-of-Range Behavior and Saturated Conversions||the type's minimum from NaN in _sat") == 0,
          "input_found_by_block_length_among_two: %s", key(two, 1));
    cJSON_Delete(two);

    cJSON_ReplaceItemInObject(r, "verdict", cJSON_CreateString("pass"));
    group_annotate_record(r);
    CHECK(cJSON_GetObjectItem(r, "groups") == NULL, "passing_record_has_no_group");
    cJSON_Delete(r);
}

static cJSON *plain_record(const char *id, const char *verdict, const char *type, const char *e, const char *a)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "clause", "OpenCL C: Math Functions");
    cJSON_AddStringToObject(r, "verdict", verdict);
    if (type) {
        cJSON_AddStringToObject(r, "out_type", type);
        cJSON_AddItemToObject(r, "expected", cJSON_CreateStringArray(&e, 1));
        cJSON_AddItemToObject(r, "actual", cJSON_CreateStringArray(&a, 1));
    }
    return r;
}

static int deviates(const char *verdict, const char *type, const char *e, const char *a, const char *want)
{
    cJSON *r = plain_record("math.x", verdict, type, e, a);
    char dev[GROUP_MAX_KEYS][GROUP_DEV_LEN];
    size_t n = group_deviations(r, dev, GROUP_MAX_KEYS);
    int ok = n == 1 && strcmp(dev[0], want) == 0;
    if (!ok)
        printf("#   %s %s %s: got '%s'\n", type ? type : verdict, e ? e : "", a ? a : "", n ? dev[0] : "");
    cJSON_Delete(r);
    return ok;
}

static void test_classes(void)
{
    CHECK(deviates("fail", "float", "1", "0x1.000002p+0", "1 ulp off"), "float_one_ulp");
    CHECK(deviates("fail", "float", "1", "0x1.000006p+0", "3-4 ulp off"), "float_three_ulp_bucketed");
    CHECK(deviates("fail", "float", "1", "1.5", "over 65536 ulp off"), "float_far_off_is_not_one_ulp");
    CHECK(deviates("fail", "float", "-0", "0", "the sign of a zero: +0 for -0"), "float_sign_of_zero_plus");
    CHECK(deviates("fail", "double", "0", "-0", "the sign of a zero: -0 for +0"), "double_sign_of_zero_minus");
    CHECK(deviates("fail", "float", "0x1.fffffep+127", "inf", "infinity where a finite value is required"),
          "float_inf_for_finite");
    CHECK(deviates("fail", "float", "-inf", "inf", "infinity of the wrong sign"), "float_inf_wrong_sign");
    CHECK(deviates("fail", "float", "0", "0x1p-149", "a nonzero value where 0 is required"), "float_nonzero_for_zero");
    CHECK(deviates("fail", "float", "0x1p-149", "0", "denormal flushed to zero"), "float_flushed_denormal");
    CHECK(deviates("fail", "float", "nan", "1", "a number where NaN is required"), "float_nan_required");
    CHECK(deviates("fail", "float", "1", "nan", "NaN where a number is required"), "float_nan_produced");
    CHECK(deviates("fail", "double", "2", "-2", "sign flipped"), "double_sign");
    CHECK(deviates("fail", "int", "-7", "0", "0 instead of the value"), "int_zero");
    CHECK(deviates("fail", "uchar", "7", "255", "the type's maximum"), "uchar_max");
    CHECK(deviates("fail", "int", "5", "6", "one more"), "int_one_more_outside_conversions");
    CHECK(deviates("fail", "uchar", "255", "0", "0 instead of the value"), "uchar_wrap_is_not_one_more");
    CHECK(deviates("fail", "char", "127", "-128", "the type's minimum"), "char_wrap_is_not_one_more");
    /* get_global_size(3) must be 1 (Work-Item Functions): 0 is "0 instead of", not a rounding. */
    CHECK(deviates("fail", "uint", "1", "0", "0 instead of the value"), "uint_zero_for_one_not_rounded");
    CHECK(deviates("fail", "int", "5", "60", "other values"), "int_other");
    CHECK(deviates("build-fail", NULL, NULL, NULL, "does not build"), "build_fail");
    CHECK(deviates("unexpected-build-ok", NULL, NULL, NULL, "builds though the spec forbids it"), "build_ok");
    cJSON *c = plain_record("x.c", "crash", NULL, NULL, NULL);
    cJSON_AddStringToObject(c, "signal", "SIGSEGV");
    char dev[GROUP_MAX_KEYS][GROUP_DEV_LEN];
    CHECK(group_deviations(c, dev, GROUP_MAX_KEYS) == 1 && strcmp(dev[0], "crash SIGSEGV") == 0, "crash_signal");
    cJSON_Delete(c);
}

static cJSON *report(const char *dev, int n_fail)
{
    cJSON *rep = cJSON_CreateObject();
    cJSON *d = cJSON_AddObjectToObject(rep, "device");
    cJSON_AddStringToObject(d, "key", dev);
    cJSON_AddObjectToObject(rep, "summary");
    cJSON *probes = cJSON_AddArrayToObject(rep, "probes");
    for (int i = 0; i < n_fail; i++) {
        char id[32];
        snprintf(id, sizeof id, "rel.isnan.%d", i);
        cJSON_AddItemToArray(probes, plain_record(id, "fail", "int", "-1", "1"));
    }
    cJSON_AddItemToArray(probes, plain_record("rel.ok", "pass", NULL, NULL, NULL));
    cJSON_AddItemToArray(probes, plain_record("cmp.x", "build-fail", NULL, NULL, NULL));
    group_annotate_report(rep);
    return rep;
}

static void test_collect(void)
{
    cJSON *a = report("dev-a", 3), *b = report("dev-b", 2);
    const cJSON *groups = cJSON_GetObjectItem(cJSON_GetObjectItem(a, "summary"), "groups");
    const cJSON *g0 = cJSON_GetArrayItem(groups, 0);
    CHECK(cJSON_GetArraySize(groups) == 2 && cJSON_GetObjectItem(g0, "count")->valueint == 3 &&
              strcmp(cJSON_GetObjectItem(g0, "deviation")->valuestring, "sign flipped") == 0 &&
              cJSON_GetArraySize(cJSON_GetObjectItem(g0, "probes")) == 3,
          "device_summary_groups_largest_first");
    const cJSON *both[] = {a, b};
    cJSON *all = group_collect(both, 2);
    const cJSON *first = cJSON_GetArrayItem(all, 0);
    CHECK(cJSON_GetArraySize(all) == 2 && cJSON_GetObjectItem(first, "count")->valueint == 5 &&
              cJSON_GetArraySize(cJSON_GetObjectItem(first, "devices")) == 2,
          "cross_device_group_counts_both_devices");
    cJSON_Delete(all);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    const char *pages[] = {"dev-a.html", "dev-b.html"};
    group_html_write(f, both, pages, 2);
    fclose(f);
    CHECK(text && strstr(text, "<section id=\"groups\">") && strstr(text, "<details class=\"group\"><summary>sign flipped</summary>") &&
              strstr(text, "href=\"dev-b.html#probe-rel.isnan.1\"") && strstr(text, "<td>dev-a, dev-b</td>"),
          "cross_device_html_rows_unfold_to_probe_links");
    free(text);

    text = NULL;
    f = open_memstream(&text, &len);
    const cJSON *one[] = {a};
    group_html_write(f, one, NULL, 1);
    fclose(f);
    CHECK(text && strstr(text, "href=\"#probe-cmp.x\"") && strstr(text, "does not build"),
          "device_html_links_on_the_same_page");
    free(text);

    text = NULL;
    f = open_memstream(&text, &len);
    group_print_console(f, both, 2, 1);
    fclose(f);
    CHECK(text && strstr(text, "(2 groups; 0 failure(s) differ only in the sign of a zero)") && strstr(text, "     5  rel OpenCL C: Math Functions: sign flipped  [dev-a, dev-b]") &&
              strstr(text, "1 more group"),
          "console_one_line_per_group_with_count_and_devices");
    free(text);
    cJSON_Delete(a);
    cJSON_Delete(b);
}


/* ---- real failing records (tests/fixtures/groups/, one family each at
 * least): the classes below come from reading each record's values ---- */

static const cJSON *fixture_record(const cJSON *doc, const char *id)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(doc, "records"))
        if (strcmp(cJSON_GetObjectItem(r, "id")->valuestring, id) == 0)
            return r;
    return NULL;
}

/* want: the deviations, sorted, joined by " ; ". */
static int classes_are(const cJSON *doc, const char *id, const char *want)
{
    const cJSON *r = fixture_record(doc, id);
    if (!r) {
        printf("#   %s: not in the fixture\n", id);
        return 0;
    }
    char dev[GROUP_MAX_KEYS][GROUP_DEV_LEN], got[GROUP_MAX_KEYS * GROUP_DEV_LEN] = "";
    size_t n = group_deviations(r, dev, GROUP_MAX_KEYS);
    for (size_t i = 0; i < n; i++) {
        strcat(got, i ? " ; " : "");
        strcat(got, dev[i]);
    }
    if (strcmp(got, want) != 0)
        printf("#   %s: got '%s'\n", id, got);
    return strcmp(got, want) == 0;
}

static cJSON *load_fixture(const char *name)
{
    char path[512];
    const char *src = getenv("SRCDIR");
    snprintf(path, sizeof path, "%s/tests/fixtures/groups/%s", src ? src : ".", name);
    return json_file_load(path, stderr);
}

static void test_real_records(void)
{
    cJSON *pocl = load_fixture("pocl.json"), *ocl = load_fixture("oclgrind.json");
    CHECK(pocl && ocl, "fixtures_load");
    if (!pocl || !ocl) {
        cJSON_Delete(pocl);
        cJSON_Delete(ocl);
        return;
    }
    /* PoCL 3.1. exp(709.7827128933836) = inf where 1.79769313486166e+308 is
     * required (3,290 ulp; bound 3); its other 1,004 elements are within
     * the bound though many differ from the correctly rounded value, and
     * must not make it "one ulp off". */
    CHECK(classes_are(pocl, "math.exp.double", "infinity where a finite value is required"), "pocl_exp_double_inf");
    CHECK(!group_sign_of_zero_only(fixture_record(pocl, "math.exp.double")), "pocl_exp_double_not_sign_of_zero");
    /* atanpi(-0) = +0; 7.5.1 fixes -0: nothing else wrong. */
    CHECK(classes_are(pocl, "math.atanpi.double", "the sign of a zero: +0 for -0"), "pocl_atanpi_sign_of_zero");
    CHECK(group_sign_of_zero_only(fixture_record(pocl, "math.atanpi.double")), "pocl_atanpi_counts_as_sign_of_zero_only");
    /* sinpi(1) = -0 where +0, sinpi(-1) = +0 where -0. */
    CHECK(classes_are(pocl, "math.sinpi.float", "the sign of a zero: +0 for -0 ; the sign of a zero: -0 for +0"),
          "pocl_sinpi_both_signs");
    /* sin(0x1p-149) = 0.0078 in the 3-wide vector: 5.6e42 ulp. */
    CHECK(classes_are(pocl, "math.sin.float3", "over 65536 ulp off"), "pocl_vector_sin_far_off");
    /* cosh(710.4758600739435) = NaN for a finite result. */
    CHECK(classes_are(pocl, "math.cosh.double", "NaN where a number is required"), "pocl_cosh_nan");
    /* tanh(inf) = 0x1.fffffep-1: 1 ulp, within the bound of 5, but F.9
     * prescribes exactly 1. */
    CHECK(classes_are(pocl, "math.tanh.float", "1 ulp off (a value prescribed exactly)"), "pocl_tanh_prescribed");
    /* tgamma(-34.999268f): 24.4 ulp and another element 228 ulp (bound 16). */
    CHECK(classes_are(pocl, "math.tgamma.float", "17-256 ulp off"), "pocl_tgamma_bucket");
    /* normalize of a NaN vector = 0. */
    CHECK(classes_are(pocl, "geometric.normalize.double", "a number where NaN is required"), "pocl_normalize_nan");
    /* get_global_size(3) = 0 for 1: not a rounding. */
    CHECK(classes_are(pocl, "workitem.dimindx-out-of-range", "0 instead of the value"), "pocl_dimindx_zero_for_one");
    CHECK(classes_are(pocl, "intfn.abs.int.folded", "0 instead of the value"), "pocl_abs_int_min");
    /* convert_uchar_sat_rte folded gives 0 for 255: not "one more". */
    CHECK(classes_are(pocl, "conv.full.convert_uchar_sat_rte.double.folded", "0 instead of the value in _sat"),
          "pocl_sat_rte_zero_not_wrapped_one_more");
    /* (float2)(NaN, x): lane 0 gets lane 1's value. */
    CHECK(classes_are(pocl, "conv.reduced.convert_long2_sat_rtp.float.nan-lane.folded",
                      "another element's value (wrong lane)"),
          "pocl_nan_lane_wrong_lane");
    /* convert_float_rtz(-2147483647) = -2^31: the adjacent float, away from 0. */
    CHECK(classes_are(pocl, "conv.reduced.convert_float_rtz.int.negative.folded", "1 ulp off"), "pocl_rtz_one_ulp");

    /* Oclgrind 21.10. cospi(DBL_MAX) = NaN for 1; cospi(0.5) = 6.1e-17 for
     * +0; cospi(-11.75) 7 ulp off. */
    CHECK(classes_are(ocl, "math.cospi.double",
                      "5-16 ulp off ; NaN where a number is required ; a nonzero value where 0 is required"),
          "oclgrind_cospi_three_ways");
    /* cbrt(5.630281970797836e-199) 2.59 ulp (bound 2). */
    CHECK(classes_are(ocl, "math.cbrt.double", "3-4 ulp off"), "oclgrind_cbrt_bucket");
    /* remquo(0, 0): quo = 4 where 0. */
    CHECK(classes_are(ocl, "math.remquo.float", "a nonzero value where 0 is required"), "oclgrind_remquo_quo");
    /* mad_sat(LONG_MIN, -1, 0) = LONG_MIN for LONG_MAX; (LONG_MIN, -1, 1) =
     * -LONG_MAX for LONG_MAX; (LONG_MIN, 1, 1) = LONG_MIN for LONG_MIN+1;
     * (LONG_MIN, -1, LONG_MAX) = -1 for LONG_MAX. */
    CHECK(classes_are(ocl, "intfn.mad_sat.long.runtime", "one less ; other values ; sign flipped ; the type's minimum"),
          "oclgrind_mad_sat");
    /* sign(+0.0) = -0.0. */
    CHECK(classes_are(ocl, "common.sign.float.runtime", "the sign of a zero: -0 for +0"), "oclgrind_sign_zero");
    /* isnormal(0x1p-149) = 1 for 0. */
    CHECK(classes_are(ocl, "rel.isnormal.float.runtime", "one more"), "oclgrind_isnormal_denormal");
    /* __FAST_RELAXED_MATH__ undefined: 0 where 1. */
    CHECK(classes_are(ocl, "pp.fast-relaxed-math.on", "0 instead of the value"), "oclgrind_fast_relaxed_math");
    /* convert_char_rtp(-0.5) = -1, convert_char_rtn(-0.5) = 0,
     * convert_char_sat(NaN) = -128. */
    CHECK(classes_are(ocl, "conv.convert_char.double.runtime",
                      "one less (rounded down) in _rtp ; one more (rounded up) in _rtn ; the type's minimum from NaN in _sat"),
          "oclgrind_conversions_rounding_and_nan");
    CHECK(classes_are(ocl, "conv.full.convert_char_sat.double.folded", "the type's minimum in _sat"),
          "oclgrind_folded_nan_sat");
    /* clamp(char2, char, char) with a wrong scalar: 100 elements of a few
     * distinct values, so no "wrong lane" guess. */
    CHECK(classes_are(ocl, "intfn.clamp.char2-char.runtime",
                      "0 instead of the value ; one less ; one more ; other values ; sign flipped ; the type's minimum"),
          "oclgrind_clamp_wrong_scalar");
    /* atanpi and sinpi fail only in the sign of a zero; the rest not. */
    cJSON *rep = cJSON_CreateObject();
    cJSON_AddItemToObject(rep, "probes", cJSON_Duplicate(cJSON_GetObjectItem(pocl, "records"), 1));
    const cJSON *one[] = {rep};
    CHECK(group_count_sign_of_zero(one, 1) == 2, "pocl_fixture_two_sign_of_zero_only_failures");
    cJSON_Delete(rep);
    cJSON_Delete(pocl);
    cJSON_Delete(ocl);
}

int main(void)
{
    test_keys();
    test_classes();
    test_collect();
    test_real_records();
    return check_done();
}
