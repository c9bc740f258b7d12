/* harness/report/report_arrays.c and the device report's file form
 * (report_write_device_json): repeated large arrays are stored once and
 * come back whole, arrays used once or short stay in their records, a
 * reference to nothing is an error naming the probe, and what the file
 * leaves out is what docs/report-schema.md says. */
#include "check.h"
#include "report_arrays.h"
#include "report_json.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An array of n strings "<seed>.<i>": 64 elements print to well over
 * REPORT_ARRAY_MIN_BYTES. */
static cJSON *values(int seed, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "%d.%d", seed, i);
        cJSON_AddItemToArray(a, cJSON_CreateString(buf));
    }
    return a;
}

static cJSON *record(cJSON *probes, const char *id, const char *verdict, int in, int exp, int act, int refs)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "verdict", verdict);
    cJSON_AddStringToObject(r, "why", "the rule");
    cJSON_AddStringToObject(r, "spec", "OpenCL C (unified): Math Functions");
    cJSON_AddNumberToObject(r, "time_ms", 1.23456789);
    cJSON *ins = cJSON_AddArrayToObject(r, "inputs");
    cJSON *x = cJSON_CreateObject();
    cJSON_AddStringToObject(x, "name", "x");
    cJSON_AddItemToObject(x, "values", values(in, 64));
    cJSON_AddItemToArray(ins, x);
    cJSON_AddItemToObject(r, "expected", values(exp, exp < 0 ? 3 : 64));
    cJSON_AddItemToObject(r, "actual", values(act, 64));
    if (refs) {
        cJSON *u = cJSON_AddObjectToObject(r, "ulp");
        cJSON_AddNumberToObject(u, "max_error", 0.5);
        cJSON_AddItemToObject(u, "references", values(refs, 64));
    }
    cJSON_AddItemToArray(probes, r);
    return r;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(s) ? s->valuestring : NULL;
}

static int has(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k) != NULL;
}

int main(void)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "schema_version", 2);
    cJSON *probes = cJSON_AddArrayToObject(doc, "probes");
    /* Two vector variants: same inputs, expected and references; actual
     * differs in one, is shared in the other pair. */
    cJSON *a = record(probes, "f.float2", "fail", 1, 2, 3, 4);
    cJSON *b = record(probes, "f.float4", "fail", 1, 2, 3, 4);
    cJSON *c = record(probes, "f.float8", "fail", 1, 2, 9, 4);
    cJSON *d = record(probes, "g.short", "fail", 5, -1, 6, 0); /* short expected, nothing shared */
    cJSON *whole = cJSON_Duplicate(doc, 1);

    CHECK(report_arrays_pool(doc) == 0, "pooling_succeeds");
    const cJSON *arrays = cJSON_GetObjectItemCaseSensitive(doc, "arrays");
    CHECK(cJSON_GetArraySize(arrays) == 4, "four_shared_arrays_stored_once_each (got %d)", cJSON_GetArraySize(arrays));
    CHECK(!has(a, "expected") && str(a, "expected_ref") && strcmp(str(a, "expected_ref"), str(b, "expected_ref")) == 0 &&
              strcmp(str(a, "expected_ref"), str(c, "expected_ref")) == 0,
          "equal_expected_arrays_share_one_reference");
    CHECK(str(a, "actual_ref") && str(b, "actual_ref") && strcmp(str(a, "actual_ref"), str(b, "actual_ref")) == 0,
          "equal_actual_arrays_share_one_reference");
    CHECK(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(c, "actual")) && !has(c, "actual_ref"),
          "an_array_used_once_stays_in_its_record");
    const cJSON *in_a = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "inputs"), 0);
    CHECK(str(in_a, "values_ref") && !has(in_a, "values"), "input_values_are_pooled");
    CHECK(str(cJSON_GetObjectItemCaseSensitive(a, "ulp"), "references_ref"), "ulp_references_are_pooled");
    CHECK(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(d, "expected")) &&
              cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(d, "actual")),
          "short_and_unshared_arrays_stay_inline");

    CHECK(report_arrays_inline(doc, "t.json", stderr) == 0 && !has(doc, "arrays"), "inlining_succeeds");
    CHECK(cJSON_Compare(doc, whole, 1), "inlining_restores_every_array");

    /* A pooled document pooled again (read back by merge) comes out the same. */
    report_arrays_pool(doc);
    char *once = cJSON_PrintUnformatted(doc);
    report_arrays_pool(doc);
    char *twice = cJSON_PrintUnformatted(doc);
    CHECK(once && twice && strcmp(once, twice) == 0, "pooling_a_pooled_document_changes_nothing");
    free(once);
    free(twice);

    /* A reference to nothing: an error that names the probe and the field. */
    cJSON_ReplaceItemInObjectCaseSensitive(b, "expected_ref", cJSON_CreateString("A99"));
    char msg[512] = "";
    FILE *err = fmemopen(msg, sizeof msg - 1, "w");
    int rc = report_arrays_inline(doc, "night.json", err);
    fclose(err);
    CHECK(rc == -1 && strstr(msg, "night.json: probe f.float4: expected_ref \"A99\" names no array"),
          "a_dangling_reference_is_an_error_naming_file_probe_and_field (%s)", msg);

    /* The device writer: the file is valid JSON, one record a line, schema
     * 2; read back through report_load_json it equals the document except
     * for what the file leaves out. */
    cJSON *dev = cJSON_CreateObject();
    cJSON_AddNumberToObject(dev, "schema_version", 2);
    cJSON *dp = cJSON_AddArrayToObject(dev, "probes");
    record(dp, "f.float2", "fail", 1, 2, 3, 4);
    record(dp, "f.float4", "fail", 1, 2, 3, 4);
    cJSON *pass = record(dp, "p.int", "pass", 7, 8, 8, 0);
    cJSON *info = record(dp, "n.float", "info", 1, 2, 10, 4);
    (void)pass;
    (void)info;
    char dir[] = "/tmp/clc-arrays.XXXXXX", path[64];
    int made = mkdtemp(dir) != NULL;
    CHECK(made, "temporary_folder");
    snprintf(path, sizeof path, "%s/r.json", dir);
    CHECK(report_write_device_json(dev, path, stderr) == 0, "device_report_written");
    FILE *f = fopen(path, "r");
    int lines = 0, ch;
    while (f && (ch = fgetc(f)) != EOF)
        lines += ch == '\n';
    if (f)
        fclose(f);
    CHECK(lines >= 4 + 2 + 1, "one_record_a_line (%d lines)", lines);
    cJSON *back = report_load_json(path, stderr);
    CHECK(back != NULL, "device_report_reads_back");
    const cJSON *bp = cJSON_GetObjectItemCaseSensitive(back, "probes");
    const cJSON *b0 = cJSON_GetArrayItem(bp, 0), *b2 = cJSON_GetArrayItem(bp, 2), *b3 = cJSON_GetArrayItem(bp, 3);
    CHECK(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(b0, "expected"),
                        cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(dp, 0), "expected"), 1) &&
              cJSON_Compare(cJSON_GetObjectItemCaseSensitive(b0, "inputs"),
                            cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(dp, 0), "inputs"), 1),
          "a_failure_reads_back_with_its_arrays");
    CHECK(str(b0, "why") && str(b0, "spec"), "a_failure_keeps_why_and_spec");
    CHECK(!has(b2, "why") && !has(b2, "spec"), "a_pass_leaves_why_and_spec_to_its_probe_file");
    CHECK(!has(b3, "actual") && !has(b3, "inputs") && has(b3, "ulp") &&
              !has(cJSON_GetObjectItemCaseSensitive(b3, "ulp"), "references"),
          "an_info_judged_in_ulp_keeps_its_error_not_its_arrays");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(b0, "time_ms");
    CHECK(cJSON_IsNumber(t) && t->valuedouble == 1.235, "times_kept_to_the_microsecond");
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(dp, 3), "actual")) == 64,
          "the_document_in_memory_is_left_whole");
    unlink(path);
    rmdir(dir);

    cJSON_Delete(back);
    cJSON_Delete(dev);
    cJSON_Delete(whole);
    cJSON_Delete(doc);
    return check_done();
}
