/* JUnit XML for CI servers (Jenkins, GitLab): one <testsuite> per device, one
 * <testcase> per probe, classname "<device key>.<family>" so a CI server
 * groups the cases by device, then by family. Text goes through
 * html_escape, whose output is XML 1.0 character data: driver build logs
 * carry control characters that XML forbids even as references. */
#include "report_junit.h"
#include "json_num.h"

#include "build_logs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"
#include "html_page.h"
#include "record.h"

/* How a verdict maps onto JUnit's vocabulary. */
typedef enum { J_PASS, J_FAILURE, J_ERROR, J_SKIPPED, J_INFO } jkind;

static jkind kind_of(clc_verdict v)
{
    switch (v) {
    case CLC_VERDICT_PASS: return J_PASS;
    case CLC_VERDICT_SKIP: return J_SKIPPED;
    case CLC_VERDICT_INFO: return J_INFO;
    case CLC_VERDICT_TIMEOUT:
    case CLC_VERDICT_CRASH:
    case CLC_VERDICT_ERROR: return J_ERROR;
    case CLC_VERDICT_FAIL:
    case CLC_VERDICT_BUILD_FAIL:
    case CLC_VERDICT_UNEXPECTED_BUILD_OK:
    case CLC_VERDICT_UNKNOWN: break;
    }
    return J_FAILURE;
}

static const cJSON *child(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static double seconds(const cJSON *obj, const char *key)
{
    const cJSON *v = child(obj, key);
    return cJSON_IsNumber(v) && v->valuedouble > 0 ? v->valuedouble / 1e3 : 0;
}

/* The device key with '.' as '_': CI servers split classname at its last
 * dots into package and class. */
static void write_classname(FILE *f, const char *key, const char *id)
{
    char *copy = strdup(key);
    size_t fam = id ? strcspn(id, ".") : 0;

    for (char *c = copy; c && *c; c++)
        if (*c == '.')
            *c = '_';
    html_escape_write_attr(f, copy ? copy : "device");
    free(copy);
    if (id && id[fam] == '.') {
        char *family = strndup(id, fam);
        fputc('.', f);
        html_escape_write_attr(f, family ? family : "?");
        free(family);
    }
}

/* "  #2  expected 0  actual -2147483648  <- first mismatch" per element. */
static void write_comparison(FILE *f, const cJSON *rec)
{
    const cJSON *exp = child(rec, "expected"), *act = child(rec, "actual");
    const cJSON *first = child(rec, "first_mismatch");
    int n = cJSON_GetArraySize(exp) > cJSON_GetArraySize(act) ? cJSON_GetArraySize(exp)
                                                              : cJSON_GetArraySize(act);

    if (n == 0)
        return;
    fputs(cJSON_IsArray(exp) ? "expected vs actual:\n" : "recorded values:\n", f);
    for (int i = 0; i < n; i++) {
        const cJSON *e = cJSON_GetArrayItem(exp, i), *a = cJSON_GetArrayItem(act, i);
        fprintf(f, "  #%d", i);
        if (cJSON_IsArray(exp)) {
            fputs("  expected ", f);
            html_escape_write(f, cJSON_IsString(e) ? e->valuestring : "-");
            fputs("  actual ", f);
        } else {
            fputs("  ", f);
        }
        html_escape_write(f, cJSON_IsString(a) ? a->valuestring : "-");
        if (json_num_int_or(first, 0, INT_MAX, -1) == i)
            fputs("  &lt;- first mismatch", f);
        fputc('\n', f);
    }
}

static void write_json_field(FILE *f, const char *label, const cJSON *v)
{
    char *text;

    if (!v)
        return;
    text = cJSON_PrintUnformatted(v);
    fprintf(f, "%s: ", label);
    html_escape_write(f, text ? text : "?");
    fputc('\n', f);
    cJSON_free(text);
}

/* Everything a reader of a CI log needs to understand a non-pass verdict. */
static void write_body(FILE *f, const cJSON *rec, const cJSON *logs)
{
    /* spec, not clause: the clause is the same heading in the registers' form */
    fputs("spec ", f);
    html_escape_write(f, html_json_str(rec, "spec"));
    fputs(", kind ", f);
    html_escape_write(f, html_json_str(rec, "kind"));
    fputc('\n', f);
    if (html_json_str(rec, "detail")) {
        html_escape_write(f, html_json_str(rec, "detail"));
        fputc('\n', f);
    }
    if (html_json_str(rec, "why")) {
        fputs("why: ", f);
        html_escape_write(f, html_json_str(rec, "why"));
        fputc('\n', f);
    }
    write_json_field(f, "error", child(rec, "error"));
    write_json_field(f, "signal", child(rec, "signal"));
    write_json_field(f, "measure", child(rec, "measure"));
    write_comparison(f, rec);
    if (html_json_str(rec, "options")) {
        fputs("build options: ", f);
        html_escape_write(f, html_json_str(rec, "options"));
        fputc('\n', f);
    }
    const char *log = build_logs_lookup(logs, rec);
    if (log && log[0]) {
        fputs("build log:\n", f);
        html_escape_write(f, log);
    }
}

static void write_case(FILE *f, const cJSON *rec, const char *key, const cJSON *logs)
{
    const char *v = html_json_str(rec, "verdict");
    jkind k = kind_of(record_verdict(rec));
    const char *tag = k == J_FAILURE ? "failure" : "error";

    fputs("    <testcase classname=\"", f);
    write_classname(f, key, html_json_str(rec, "id"));
    fputs("\" name=\"", f);
    html_escape_write_attr(f, html_json_str(rec, "id"));
    fprintf(f, "\" time=\"%.6f\"", seconds(rec, "time_ms"));
    if (k == J_PASS) {
        fputs("/>\n", f);
        return;
    }
    fputs(">\n", f);
    if (k == J_SKIPPED) {
        fputs("      <skipped message=\"", f);
        html_escape_write_attr(f, html_json_str(rec, "detail"));
        fputs("\"/>\n", f);
    } else if (k == J_INFO) {
        fputs("      <system-out>", f);
        write_body(f, rec, logs);
        fputs("</system-out>\n", f);
    } else {
        fprintf(f, "      <%s type=\"", tag);
        html_escape_write_attr(f, v ? v : "unknown");
        fputs("\" message=\"", f);
        html_escape_write_attr(f, html_json_str(rec, "detail"));
        fputs("\">", f);
        write_body(f, rec, logs);
        fprintf(f, "</%s>\n", tag);
    }
    fputs("    </testcase>\n", f);
}

/* An interrupted run must turn a CI job red even when every probe that ran
 * passed: one extra error case, "run.complete". */
static void write_incomplete_case(FILE *f, const cJSON *run, const char *key)
{
    fputs("    <testcase classname=\"", f);
    write_classname(f, key, "run.complete");
    fputs("\" name=\"run.complete\" time=\"0\">\n      <error type=\"incomplete\" message=\"", f);
    html_escape_write_attr(f, html_json_str(run, "incomplete_reason")
                                  ? html_json_str(run, "incomplete_reason")
                                  : "the run did not finish");
    fputs("\">this device's run did not cover the whole suite</error>\n    </testcase>\n", f);
}

static void write_properties(FILE *f, const cJSON *dev, const cJSON *run)
{
    static const char *const props[] = {"name", "vendor", "version", "driver_version",
                                        "opencl_c_version", "index"};

    fputs("    <properties>\n", f);
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        if (!html_json_str(dev, props[i]))
            continue;
        fprintf(f, "      <property name=\"device.%s\" value=\"", props[i]);
        html_escape_write_attr(f, html_json_str(dev, props[i]));
        fputs("\"/>\n", f);
    }
    fprintf(f, "      <property name=\"run.complete\" value=\"%s\"/>\n",
            cJSON_IsTrue(child(run, "complete")) ? "true" : "false");
    fputs("    </properties>\n", f);
}

static void write_suite(FILE *f, const cJSON *report)
{
    const cJSON *dev = child(report, "device"), *run = child(report, "run");
    const cJSON *probes = child(report, "probes"), *rec;
    const char *key = html_json_str(dev, "key") ? html_json_str(dev, "key") : "device";
    int complete = cJSON_IsTrue(child(run, "complete"));
    int counts[5] = {0};

    cJSON_ArrayForEach(rec, probes)
        counts[kind_of(record_verdict(rec))]++;
    fputs("  <testsuite name=\"", f);
    html_escape_write_attr(f, key);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\"",
            cJSON_GetArraySize(probes) + !complete, counts[J_FAILURE], counts[J_ERROR] + !complete,
            counts[J_SKIPPED], seconds(run, "wall_ms"));
    if (html_json_str(run, "started")) {
        fputs(" timestamp=\"", f);
        html_escape_write_attr(f, html_json_str(run, "started"));
        fputc('"', f);
    }
    fputs(" hostname=\"", f);
    html_escape_write_attr(f, html_json_str(run, "host") ? html_json_str(run, "host") : "localhost");
    fputs("\">\n", f);
    write_properties(f, dev, run);
    if (!complete)
        write_incomplete_case(f, run, key);
    cJSON_ArrayForEach(rec, probes)
        write_case(f, rec, key, child(report, "build_logs"));
    fputs("  </testsuite>\n", f);
}

int report_junit_write(const cJSON *const *reports, size_t n, const char *path, FILE *err)
{
    FILE *f = html_file_open(path, err);

    if (!f)
        return -1;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"clconform\">\n", f);
    for (size_t i = 0; i < n; i++)
        write_suite(f, reports[i]);
    fputs("</testsuites>\n", f);
    return html_file_close(f, path, err);
}
