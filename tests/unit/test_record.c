/* harness/judge/record.c, harness/judge/verdict.c and report_summarize of
 * harness/report/report_json.c: judging an output buffer (pass, fail with
 * first_mismatch and mismatches, info for impl-defined), what a record
 * carries, UTF-8 cleaning of driver strings (harness/util/utf8.c), which verdicts are unexpected,
 * and the per-verdict and per-family summary counts. */
#include "check.h"
#include "probe_load.h"
#include "record.h"
#include "report_json.h"
#include "utf8.h"
#include "verdict.h"

#include <stdlib.h>
#include <string.h>

static clc_probe_set set;

static const clc_probe *probe(const char *id)
{
    for (size_t i = 0; i < set.count; i++)
        if (strcmp(set.items[i].id, id) == 0)
            return &set.items[i];
    return NULL;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(s) ? s->valuestring : NULL;
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(n) ? n->valuedouble : -12345;
}

/* The record as its JSON object, to check what a report gets: valid until
 * the next call (and freed at the end of main). */
static cJSON *view_of;
static const cJSON *J(const clc_record *r)
{
    cJSON_Delete(view_of);
    view_of = record_to_json(r);
    return view_of;
}

static int has(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key) != NULL; }

/* 1 when the string array o[key] is exactly the given strings. */
static int strings_are(const cJSON *o, const char *key, const char *const *want, int n)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n)
        return 0;
    for (int i = 0; i < n; i++) {
        const cJSON *s = cJSON_GetArrayItem(arr, i);
        if (!cJSON_IsString(s) || strcmp(s->valuestring, want[i]) != 0) {
            printf("#   %s[%d] = '%s', wanted '%s'\n", key, i, cJSON_IsString(s) ? s->valuestring : "?", want[i]);
            return 0;
        }
    }
    return 1;
}

static const char probes_text[] =
    "[defaults]\n"
    "spec = OpenCL C (unified): Implicit Conversions\n"
    "[probe r.ints]\n"
    "why = ints\n"
    "kind = run\n"
    "out = int[5]\n"
    "expect = 1 -2 * 4|5 0x7fffffff\n"
    "body = x\n"
    "[probe r.floats]\n"
    "kind = run\n"
    "spec = OpenCL C 3.0\n"
    "out = float[4]\n"
    "expect = nan 0 bits(0x7fa00001) 0x1p-149|0\n"
    "body = x\n"
    "[probe r.impl]\n"
    "kind = impl-defined\n"
    "out = uchar[4]\n"
    "body = x\n"
    "[probe r.nd]\n"
    "kind = build-ok\n"
    "global = 8 6 4\n"
    "local = 2 3 4\n"
    "offset = 1 0 7\n"
    "body = x\n";

static void test_record_new(void)
{
    const clc_probe *p = probe("r.ints");
    clc_record R, *rec = &R;
    record_start(rec, p);
    CHECK(rec && strcmp(str(J(rec), "id"), "r.ints") == 0 && strcmp(str(J(rec), "clause"), "OpenCL C: Implicit Conversions") == 0 &&
              strcmp(str(J(rec), "spec"), "OpenCL C (unified): Implicit Conversions") == 0 && strcmp(str(J(rec), "kind"), "run") == 0 &&
              strcmp(str(J(rec), "file"), "rec.probe") == 0 && num(J(rec), "line") == 3 &&
              strcmp(str(J(rec), "why"), "ints") == 0,
          "record_new_carries_the_probe_identity");
    CHECK(strcmp(str(J(rec), "verdict"), "error") == 0, "record_new_verdict_is_error_until_set");
    CHECK(num(J(rec), "time_ms") == 0 && num(J(rec), "build_ms") == 0 && num(J(rec), "batch_size") == 0,
          "record_new_has_zero_timings");
    record_set_verdict(rec, CLC_VERDICT_SKIP, "lacks cl_x");
    record_set_verdict(rec, CLC_VERDICT_SKIP, "lacks cl_y");
    CHECK(strcmp(str(J(rec), "verdict"), "skip") == 0 && strcmp(str(J(rec), "detail"), "lacks cl_y") == 0 &&
              cJSON_GetArraySize(J(rec)) == 12,
          "record_set_verdict_replaces_without_duplicating_keys");
    record_set_ms(rec, REC_TIME_MS, 1.5);
    CHECK(num(J(rec), "time_ms") == 1.5 && cJSON_GetArraySize(J(rec)) == 12, "record_set_ms_replaces");
    record_set_detail(rec, "first");
    record_set_count(rec, REC_CHECKS, 3);
    record_set_detail(rec, "second");
    const cJSON *view = J(rec), *last = cJSON_GetArrayItem(view, cJSON_GetArraySize(view) - 1);
    CHECK(strcmp(str(view, "detail"), "second") == 0 && cJSON_GetArraySize(view) == 13 && last &&
              strcmp(last->string, "detail") == 0,
          "record_set_detail_replaces_one_detail_and_puts_it_last");
    record_clear(rec);
    record_start(rec, probe("r.floats"));
    CHECK(!has(J(rec), "why") && strcmp(str(J(rec), "spec"), "OpenCL C 3.0") == 0, "record_without_why_and_own_spec");
    record_clear(rec);
}

static void test_judge(void)
{
    const clc_probe *p = probe("r.ints");
    clc_record R, *rec = &R;
    record_start(rec, p);
    int32_t good[5] = {1, -2, 999, 5, 0x7fffffff};
    clc_verdict v = record_judge_output(rec, p, good);
    CHECK(v == CLC_VERDICT_PASS && strcmp(str(J(rec), "verdict"), "pass") == 0, "judge_matching_output_passes");
    CHECK(!has(J(rec), "actual") && !has(J(rec), "first_mismatch") && !has(J(rec), "mismatches") && !has(J(rec), "detail"),
          "pass_record_has_no_actual_or_mismatch_fields");
    record_clear(rec);

    record_start(rec, p);
    int32_t bad[5] = {1, 2, 7, 6, 0x7fffffff};
    v = record_judge_output(rec, p, bad);
    static const char *const actual[] = {"1", "2", "7", "6", "2147483647"};
    CHECK(v == CLC_VERDICT_FAIL && strcmp(str(J(rec), "verdict"), "fail") == 0, "judge_wrong_output_fails");
    CHECK(num(J(rec), "first_mismatch") == 1, "fail_first_mismatch_is_index_1");
    CHECK(num(J(rec), "mismatches") == 2, "fail_counts_two_mismatches_not_the_star");
    CHECK(strings_are(J(rec), "actual", actual, 5), "fail_records_every_actual_value");
    const char *d = str(J(rec), "detail");
    CHECK(d && strstr(d, "2 of 5") && strstr(d, "[1]") && strstr(d, "expected -2") && strstr(d, "got 2"),
          "fail_detail_names_count_index_expected_and_actual");
    /* Judging again (a retry) replaces rather than appends. */
    v = record_judge_output(rec, p, good);
    CHECK(v == CLC_VERDICT_PASS && !has(J(rec), "actual"), "rejudging_a_record_replaces_actual");
    record_clear(rec);

    /* Last element only. */
    record_start(rec, p);
    int32_t last[5] = {1, -2, 0, 4, 0};
    record_judge_output(rec, p, last);
    CHECK(num(J(rec), "first_mismatch") == 4 && num(J(rec), "mismatches") == 1, "fail_in_last_element");
    record_clear(rec);

    /* Floats: any NaN for nan, -0 is not 0, bits(...) exact, denormal|0. */
    p = probe("r.floats");
    uint32_t fgood[4] = {0xffc00001u, 0, 0x7fa00001, 0};
    record_start(rec, p);
    CHECK(record_judge_output(rec, p, fgood) == CLC_VERDICT_PASS, "judge_float_nan_payload_matches_nan");
    record_clear(rec);
    uint32_t fbad[4] = {0x7f800000, 0x80000000u, 0x7fc00000, 0x80000000u};
    record_start(rec, p);
    v = record_judge_output(rec, p, fbad);
    static const char *const factual[] = {"inf", "-0", "nan", "-0"};
    CHECK(v == CLC_VERDICT_FAIL && num(J(rec), "first_mismatch") == 0 && num(J(rec), "mismatches") == 4,
          "judge_float_inf_minus0_and_wrong_nan_all_fail");
    CHECK(strings_are(J(rec), "actual", factual, 4), "fail_float_actual_strings");
    record_clear(rec);
    uint32_t payload[4] = {0x7fc00000, 0, 0x7fa00003, 1};
    record_start(rec, p);
    record_judge_output(rec, p, payload);
    static const char *const pactual[] = {"nan", "0", "bits(0x7fa00003)", "1.4013e-45"};
    CHECK(num(J(rec), "first_mismatch") == 2 && num(J(rec), "mismatches") == 1 && strings_are(J(rec), "actual", pactual, 4),
          "fail_actual_keeps_nan_payload_as_bits");
    record_clear(rec);

    /* impl-defined: info, with the values, never judged. */
    p = probe("r.impl");
    record_start(rec, p);
    unsigned char bytes[4] = {1, 0, 0, 255};
    v = record_judge_output(rec, p, bytes);
    static const char *const iactual[] = {"1", "0", "0", "255"};
    CHECK(v == CLC_VERDICT_INFO && strcmp(str(J(rec), "verdict"), "info") == 0, "impl_defined_is_info");
    CHECK(strings_are(J(rec), "actual", iactual, 4), "impl_defined_records_actual_values");
    CHECK(!has(J(rec), "first_mismatch") && !has(J(rec), "mismatches"), "impl_defined_has_no_mismatch_fields");
    record_clear(rec);
}

static void test_repro_fields(void)
{
    const clc_probe *p = probe("r.floats");
    clc_record R, *rec = &R;
    record_start(rec, p);
    record_add_repro(rec, p, "-cl-std=CL1.2");
    static const char *const expected[] = {"nan", "0", "bits(0x7fa00001)", "1.4013e-45|0"};
    CHECK(strings_are(J(rec), "expected", expected, 4), "repro_expected_strings_as_in_the_probe_file");
    CHECK(strcmp(str(J(rec), "options"), "-cl-std=CL1.2") == 0 && strcmp(str(J(rec), "kernel"), "probe") == 0 &&
              strcmp(str(J(rec), "out_type"), "float") == 0 && num(J(rec), "out_count") == 4 && num(J(rec), "global") == 1 &&
              num(J(rec), "local") == 0,
          "repro_options_kernel_and_shape");
    const char *src = str(J(rec), "source");
    CHECK(src && strstr(src, "__kernel") && strstr(src, "probe") && strstr(src, "__global float *out"),
          "repro_source_is_a_whole_program_with_kernel_probe");
    record_clear(rec);
}

/* 1 when o[key] is the array of the given numbers. */
static int numbers_are(const cJSON *o, const char *key, const double *want, int n)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n)
        return 0;
    for (int i = 0; i < n; i++) {
        const cJSON *v = cJSON_GetArrayItem(arr, i);
        if (!cJSON_IsNumber(v) || v->valuedouble != want[i])
            return 0;
    }
    return 1;
}

static void test_ndrange_fields(void)
{
    const clc_probe *p = probe("r.nd");
    clc_record R, *rec = p ? &R : NULL;
    if (rec)
        record_start(rec, p);
    if (rec)
        record_add_repro(rec, p, "");
    static const double g[] = {8, 6, 4}, l[] = {2, 3, 4}, o[] = {1, 0, 7};
    CHECK(rec && numbers_are(J(rec), "global", g, 3) && numbers_are(J(rec), "local", l, 3) &&
              numbers_are(J(rec), "offset", o, 3),
          "three_dimensional_global_local_offset_recorded_as_arrays");
    record_clear(rec);
    p = probe("r.floats");
    record_start(rec, p);
    record_add_repro(rec, p, "");
    CHECK(!has(J(rec), "offset") && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(J(rec), "global")),
          "one_dimensional_launch_keeps_plain_numbers_and_no_offset");
    record_clear(rec);
}

static void test_utf8(void)
{
    static const struct {
        const char *in, *out, *name;
    } cases[] = {
        {"plain ascii", "plain ascii", "ascii_kept"},
        {"caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9d\x84\x9e", "valid_2_3_4_byte_kept"},
        {"a\x80z", "a?z", "lone_continuation_byte"},
        {"a\xffz", "a?z", "byte_ff"},
        {"a\xfe\xfez", "a??z", "bytes_fe"},
        {"end\xc3", "end?", "truncated_2_byte_at_end"},
        {"end\xe2\x82", "end??", "truncated_3_byte_at_end"},
        {"a\xc3(z", "a?(z", "bad_continuation"},
        {"a\xc0\xafz", "a??z", "overlong_2_byte_c0"},
        {"a\xc1\xbfz", "a??z", "overlong_2_byte_c1"},
        {"a\xf5\x80\x80\x80z", "a????z", "lead_byte_f5"},
        {"", "", "empty"},
        /* Regression test (fixed bug): utf8.c utf8_len accepts overlong 3-byte forms,
         * UTF-16 surrogates and code points above U+10FFFF; strict decoders
         * (Python's json.load) then refuse the whole report. */
        {"a\xe0\x80\xafz", NULL, "overlong_3_byte_e0_80"},
        {"a\xed\xa0\x80z", NULL, "surrogate_d800"},
        {"a\xf4\x90\x80\x80z", NULL, "above_u10ffff"},
        {"a\xf0\x80\x80\xafz", NULL, "overlong_4_byte_f0_80"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *got = utf8_clean(cases[i].in);
        int ok = got != NULL;
        if (ok && cases[i].out) {
            ok = strcmp(got, cases[i].out) == 0;
        } else if (ok) {
            /* Out: "a", one or more '?', "z", and nothing else. */
            size_t n = strlen(got);
            ok = n >= 3 && got[0] == 'a' && got[n - 1] == 'z' && strspn(got + 1, "?") == n - 2;
        }
        if (!ok && got) {
            printf("#   got:");
            for (const unsigned char *c = (const unsigned char *)got; *c; c++)
                printf(*c < 0x80 ? " %c" : " \\x%02x", *c);
            printf("\n");
        }
        CHECK(ok, "clean_utf8_%s", cases[i].name);
        free(got);
    }
    /* Strings set on a record are cleaned. */
    clc_record R, *rec = &R;
    record_start(rec, probe("r.ints"));
    record_put_text(rec, "build_log", "error\xff here");
    CHECK(strcmp(str(J(rec), "build_log"), "error? here") == 0, "record_put_text_cleans_driver_text");
    record_put_text(rec, "build_log", NULL);
    CHECK(str(J(rec), "build_log") && str(J(rec), "build_log")[0] == '\0', "record_put_text_null_is_empty");
    record_set_text(rec, REC_DETAIL, "error\xff here");
    CHECK(strcmp(rec->detail, "error? here") == 0, "record_set_text_cleans_driver_text");
    record_clear(rec);
}

static void test_verdicts(void)
{
    static const struct {
        const char *v;
        int unexpected;
    } table[] = {{"pass", 0}, {"fail", 1}, {"build-fail", 1}, {"unexpected-build-ok", 1}, {"info", 0},
                 {"skip", 0}, {"timeout", 1}, {"crash", 1}, {"error", 1}};
    CHECK(CLC_VERDICT_COUNT == 9 && sizeof table / sizeof *table == CLC_VERDICT_COUNT, "nine_verdicts");
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        clc_verdict v = verdict_parse(table[i].v);
        /* The enum's order is the report's order, and each name goes
         * both ways. */
        CHECK(v == (clc_verdict)i && strcmp(verdict_name(v), table[i].v) == 0, "verdict_%s_round_trips_in_report_order",
              table[i].v);
        CHECK(verdict_unexpected(v) == table[i].unexpected, "verdict_unexpected_%s_is_%d", table[i].v,
              table[i].unexpected);
    }
    static const char *const unknown[] = {"passed", "", "PASS", "pass ", "unknown", "fail|crash"};
    for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
        CHECK(verdict_parse(unknown[i]) == CLC_VERDICT_UNKNOWN, "'%s'_is_no_verdict", unknown[i]);
    CHECK(verdict_parse(NULL) == CLC_VERDICT_UNKNOWN, "null_is_no_verdict");
    CHECK(strcmp(verdict_name(CLC_VERDICT_UNKNOWN), "unknown") == 0 &&
              strcmp(verdict_name((clc_verdict)(CLC_VERDICT_UNKNOWN + 5)), "unknown") == 0,
          "no_verdict_is_named_unknown");
    /* A damaged record is something a nightly job must notice. */
    CHECK(verdict_unexpected(CLC_VERDICT_UNKNOWN), "unknown_verdict_is_unexpected");

    /* The record's verdict: the enum in, the name in the JSON, the enum out. */
    cJSON *rec = cJSON_CreateObject();
    CHECK(record_verdict(rec) == CLC_VERDICT_UNKNOWN && record_verdict(NULL) == CLC_VERDICT_UNKNOWN &&
              !record_unexpected(NULL),
          "no_verdict_field_is_unknown_and_no_record_is_not_counted");
    clc_record typed;
    record_init(&typed);
    for (size_t i = 0; i < CLC_VERDICT_COUNT; i++) {
        record_set_verdict(&typed, (clc_verdict)i, NULL);
        cJSON_Delete(rec);
        rec = record_to_json(&typed);
        CHECK(record_verdict(rec) == (clc_verdict)i && strcmp(str(rec, "verdict"), table[i].v) == 0 &&
                  record_unexpected(rec) == table[i].unexpected,
              "record_set_verdict_%s_reads_back", table[i].v);
    }
    record_clear(&typed);
    cJSON_ReplaceItemInObjectCaseSensitive(rec, "verdict", cJSON_CreateString("passed"));
    CHECK(record_verdict(rec) == CLC_VERDICT_UNKNOWN, "record_with_foreign_verdict_text_is_unknown");
    cJSON_ReplaceItemInObjectCaseSensitive(rec, "verdict", cJSON_CreateNumber(0));
    CHECK(record_verdict(rec) == CLC_VERDICT_UNKNOWN, "record_with_numeric_verdict_is_unknown");
    cJSON_Delete(rec);
}

static cJSON *rec_of(const char *id, const char *verdict)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "verdict", verdict);
    return r;
}

static double count(const cJSON *report, const char *family, const char *verdict)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(report, "summary");
    if (family)
        s = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(s, "families"), family);
    return num(s, verdict);
}

static void test_summary(void)
{
    cJSON *report = cJSON_CreateObject();
    cJSON_AddItemToObject(report, "summary", cJSON_CreateString("stale"));
    cJSON *probes = cJSON_AddArrayToObject(report, "probes");
    cJSON_AddItemToArray(probes, rec_of("conv.a.b", "pass"));
    cJSON_AddItemToArray(probes, rec_of("conv.c", "fail"));
    cJSON_AddItemToArray(probes, rec_of("conv.d", "pass"));
    cJSON_AddItemToArray(probes, rec_of("bool.x", "skip"));
    cJSON_AddItemToArray(probes, rec_of("bool.y", "unexpected-build-ok"));
    cJSON_AddItemToArray(probes, rec_of("bool.z", "crash"));
    cJSON_AddItemToArray(probes, rec_of("nodot", "info"));
    cJSON_AddItemToArray(probes, rec_of("op.t", "timeout"));
    cJSON_AddItemToArray(probes, rec_of("op.e", "error"));
    cJSON_AddItemToArray(probes, rec_of("op.b", "build-fail"));
    report_summarize(report);
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(report, "summary");
    CHECK(cJSON_IsObject(s), "summarize_replaces_a_stale_summary");
    CHECK(count(report, NULL, "total") == 10, "summary_total");
    CHECK(count(report, NULL, "pass") == 2 && count(report, NULL, "fail") == 1 && count(report, NULL, "skip") == 1 &&
              count(report, NULL, "unexpected-build-ok") == 1 && count(report, NULL, "crash") == 1 &&
              count(report, NULL, "info") == 1 && count(report, NULL, "timeout") == 1 &&
              count(report, NULL, "error") == 1 && count(report, NULL, "build-fail") == 1,
          "summary_counts_per_verdict");
    int all = 1;
    for (size_t i = 0; i < CLC_VERDICT_COUNT; i++)
        all = all && count(report, "op", verdict_name((clc_verdict)i)) >= 0;
    CHECK(all, "every_verdict_has_a_count_even_when_zero");
    CHECK(count(report, "conv", "total") == 3 && count(report, "conv", "pass") == 2 && count(report, "conv", "fail") == 1,
          "family_conv_counts_by_first_dot");
    CHECK(count(report, "bool", "total") == 3 && count(report, "bool", "skip") == 1 && count(report, "bool", "pass") == 0,
          "family_bool_counts");
    CHECK(count(report, "nodot", "info") == 1, "id_without_dot_is_its_own_family");
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(s, "families")) == 4, "four_families");
    /* A verdict change, then summarising again. */
    cJSON *first = cJSON_GetArrayItem(probes, 1);
    cJSON_ReplaceItemInObjectCaseSensitive(first, "verdict", cJSON_CreateString("pass"));
    report_summarize(report);
    CHECK(count(report, NULL, "pass") == 3 && count(report, NULL, "fail") == 0 && count(report, NULL, "total") == 10 &&
              count(report, "conv", "pass") == 3,
          "resummarize_recounts_from_scratch");
    int n_summary = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, report) n_summary += strcmp(it->string, "summary") == 0;
    CHECK(n_summary == 1, "only_one_summary_key");
    cJSON_Delete(report);

    report = cJSON_CreateObject();
    cJSON_AddArrayToObject(report, "probes");
    report_summarize(report);
    CHECK(count(report, NULL, "total") == 0 &&
              cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "summary"),
                                                                   "families")) == 0,
          "empty_report_summary_is_zero");
    cJSON_Delete(report);
}

/* Records of a report, as the harness writes them (their keys in the order
 * each path sets them), read and written again byte for byte. */
static const char *const round_trips[] = {
    "{\"id\":\"a.b\",\"clause\":\"OpenCL C: X\",\"kind\":\"run\",\"verdict\":\"pass\",\"time_ms\":0.012,\"checks\":16}",
    "{\"id\":\"a.c\",\"clause\":\"c\",\"spec\":\"s\",\"kind\":\"run\",\"file\":\"f.probe\",\"line\":12,\"time_ms\":0,"
    "\"build_ms\":3.25,\"batch_size\":1,\"why\":\"w\",\"options\":\"-cl-std=CL3.0\",\"error\":{\"call\":"
    "\"clEnqueueNDRangeKernel\",\"code\":-5,\"name\":\"CL_OUT_OF_RESOURCES\"},\"verdict\":\"error\",\"detail\":\"d\","
    "\"source\":\"kernel void probe(){}\",\"kernel\":\"probe\",\"global\":[4,2],\"local\":0,\"inputs\":[{\"name\":\"a\","
    "\"type\":\"float\",\"values\":[\"1.5\",\"nan\"]}],\"out_type\":\"int\",\"out_count\":4,\"expected\":[\"1\",\"*\"],"
    "\"groups\":[\"a|c||x\"]}",
    "{\"id\":\"m.x\",\"clause\":\"c\",\"kind\":\"measure\",\"verdict\":\"info\",\"file\":\"m.probe\",\"time_ms\":1.5,"
    "\"measure\":{\"n\":[1,2.5,-0.1]},\"detail\":\"d\",\"cached\":{\"measured_at\":\"t\"},\"line\":7}",
    "{\"id\":\"c.x\",\"clause\":\"c\",\"kind\":\"run\",\"verdict\":\"crash\",\"detail\":\"SIGSEGV\",\"signal\":\"SIGSEGV\","
    "\"remembered\":true,\"checks\":3,\"actual\":[\"1\"],\"first_mismatch\":0,\"mismatches\":1,\"outcome\":\"crash\","
    "\"undefined\":\"u\",\"context\":{\"alone\":\"pass\",\"same\":false,\"shown\":\"batched\"}}",
    "{\"id\":\"x.y\",\"kind\":\"run\",\"verdict\":\"fail\",\"context\":{\"alone\":\"fail\",\"same\":false,"
    "\"batched\":\"pass\",\"shown\":\"alone\"},\"groups\":[]}",
    "{\"id\":\"x.z\",\"kind\":\"run\",\"verdict\":\"fail\",\"context\":{\"alone\":\"crash\",\"same\":false,"
    "\"shown\":\"both\",\"alone_actual\":[\"7\",\"nan\"],\"alone_detail\":\"d\"}}",
    "{\"id\":\"x.w\",\"kind\":\"run\",\"verdict\":\"pass\",\"context\":{\"alone\":\"pass\",\"same\":true}}",
};

static void test_round_trip(void)
{
    for (size_t i = 0; i < sizeof round_trips / sizeof round_trips[0]; i++) {
        cJSON *in = cJSON_Parse(round_trips[i]);
        clc_record r;
        char err[200] = "";
        int rc = record_from_json(in, &r, err, sizeof err);
        cJSON *out = rc == 0 ? record_to_json(&r) : NULL;
        char *text = out ? cJSON_PrintUnformatted(out) : NULL;
        CHECK(rc == 0 && text && strcmp(text, round_trips[i]) == 0, "record_json_round_trip_%zu (%s)", i,
              rc ? err : text ? text : "?");
        free(text);
        cJSON_Delete(out);
        out = rc == 0 ? record_release_json(&r) : NULL;
        text = out ? cJSON_PrintUnformatted(out) : NULL;
        CHECK(text && strcmp(text, round_trips[i]) == 0 && r.n_keys == 0 && !r.payload,
              "record_release_json_moves_and_clears_%zu", i);
        free(text);
        cJSON_Delete(out);
        rc = record_take_json(cJSON_Duplicate(in, 1), &r, err, sizeof err);
        out = rc == 0 ? record_release_json(&r) : NULL;
        text = out ? cJSON_PrintUnformatted(out) : NULL;
        CHECK(text && strcmp(text, round_trips[i]) == 0, "record_take_json_round_trip_%zu", i);
        free(text);
        cJSON_Delete(out);
        cJSON_Delete(in);
    }
    clc_record r;
    cJSON *in = cJSON_Parse(round_trips[1]);
    int rc = record_from_json(in, &r, NULL, 0); /* CHECK evaluates its condition twice */
    CHECK(rc == 0 && r.verdict == CLC_VERDICT_ERROR && r.kind == CLC_KIND_RUN &&
              r.line == 12 && r.build_ms == 3.25 && r.error.code == -5 &&
              strcmp(r.error.call, "clEnqueueNDRangeKernel") == 0 && strcmp(r.options, "-cl-std=CL3.0") == 0 &&
              cJSON_IsArray(record_get(&r, "inputs")) && !record_has(&r, REC_CHECKS),
          "record_from_json_types_its_fields");
    record_clear(&r);
    cJSON_Delete(in);
    in = cJSON_Parse(round_trips[5]);
    rc = record_from_json(in, &r, NULL, 0);
    CHECK(rc == 0 && record_has(&r, REC_CONTEXT) && r.context.alone == CLC_VERDICT_CRASH &&
              !r.context.same && r.context.shown == CLC_SHOWN_BOTH && cJSON_GetArraySize(r.context.alone_actual) == 2 &&
              strcmp(r.context.alone_detail, "d") == 0 && !r.context.has_batched,
          "record_from_json_types_the_context");
    record_clear(&r);
    cJSON_Delete(in);
}

/* What a reader is told about a record it cannot take. */
static void test_from_json_errors(void)
{
    static const struct {
        const char *json, *names;
    } bad[] = {
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"passed\"}", "'verdict'"},
        {"{\"id\":\"a\",\"kind\":\"running\",\"verdict\":\"pass\"}", "'kind'"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"line\":\"7\"}", "'line'"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"checks\":1.5}", "'checks'"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"error\":{\"call\":\"x\"}}", "'error'"},
        {"{\"id\":\"a\",\"kind\":\"run\"}", "'verdict' is missing"},
        {"{\"kind\":\"run\",\"verdict\":\"pass\"}", "'id' is missing"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"detail\":\"x\",\"detail\":\"y\"}", "'detail' given twice"},
        {"[1]", "not an object"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"context\":{\"same\":true,\"alone\":\"pass\"}}",
         "'context'"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"pass\",\"context\":{\"alone\":\"pass\",\"same\":true,"
         "\"shown\":\"elsewhere\"}}", "'context'"},
        {"{\"id\":\"a\",\"kind\":\"run\",\"verdict\":\"fail\",\"context\":{\"alone\":\"fail\",\"same\":false,"
         "\"shown\":\"both\",\"alone_actual\":[\"1\"],\"x\":1}}", "'context'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cJSON *in = cJSON_Parse(bad[i].json);
        clc_record r;
        char err[200] = "";
        int rc = record_from_json(in, &r, err, sizeof err);
        CHECK(rc == -1 && strstr(err, bad[i].names) && r.n_keys == 0 && !r.payload && !r.id,
              "record_from_json_rejects_%zu naming %s (%s)", i, bad[i].names, err);
        cJSON_Delete(in);
    }
}

/* Setting a field keeps its place; moving it or putting a payload field
 * last is what the report's order shows. */
static void test_key_order(void)
{
    clc_record r;
    record_init(&r);
    record_set_text(&r, REC_ID, "k.x");
    record_set_kind(&r, CLC_KIND_RUN);
    r.verdict = CLC_VERDICT_PASS;
    record_move_last(&r, REC_VERDICT); /* not present: nothing */
    record_set_text(&r, REC_DETAIL, "one");
    record_set_ms(&r, REC_TIME_MS, 2);
    record_set_text(&r, REC_DETAIL, "two\xff");
    record_put(&r, "actual", cJSON_CreateArray());
    record_put(&r, "groups", cJSON_CreateArray());
    record_put_last(&r, "actual", cJSON_CreateString("x"));
    record_set_count(&r, REC_CHECKS, 4);
    record_move_last(&r, REC_DETAIL);
    record_drop(&r, REC_TIME_MS);
    record_remove(&r, "groups");
    cJSON *o = record_to_json(&r);
    char *text = cJSON_PrintUnformatted(o);
    CHECK(text && strcmp(text, "{\"id\":\"k.x\",\"kind\":\"run\",\"actual\":\"x\",\"checks\":4,\"detail\":\"two?\"}") == 0,
          "record_keys_keep_their_order (%s)", text ? text : "?");
    free(text);
    cJSON_Delete(o);
    record_clear(&r);
    CHECK(r.n_keys == 0 && !r.id && !r.detail && !r.payload, "record_clear_empties");
}

int main(void)
{
    if (probe_load_text("rec.probe", probes_text, &set, stdout) != 0 || set.count != 4) {
        CHECK(0, "record_test_probes_load");
        return check_done();
    }
    test_record_new();
    test_judge();
    test_repro_fields();
    test_ndrange_fields();
    test_utf8();
    test_verdicts();
    test_summary();
    test_round_trip();
    test_from_json_errors();
    test_key_order();
    cJSON_Delete(view_of);
    probe_set_free(&set);
    return check_done();
}
