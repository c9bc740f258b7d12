/* JUnit XML for CI servers (Jenkins, GitLab): one <testsuite> per device, one
 * <testcase> per probe. Driver build logs carry control characters that XML
 * 1.0 forbids even escaped, so text is escaped and those are dropped. */
#include "report_junit.h"

#include <errno.h>
#include <string.h>


/* Length of the UTF-8 sequence at s if it is one XML 1.0 allows, else 0. */
static size_t xml_char_len(const unsigned char *s)
{
    if (s[0] < 0x80)
        return (s[0] >= 0x20 || s[0] == '\t' || s[0] == '\n' || s[0] == '\r') ? 1 : 0;
    size_t n = (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (n == 0 || (n == 2 && s[0] < 0xc2) || (n == 4 && s[0] > 0xf4))
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    /* U+FFFE and U+FFFF are not XML characters either. */
    if (n == 3 && s[0] == 0xef && s[1] == 0xbf && (s[2] == 0xbe || s[2] == 0xbf))
        return 0;
    return n;
}

static void xml_write(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    while (*p) {
        size_t n = xml_char_len(p);
        if (n == 0) {
            fputc('?', f);
            p++;
            continue;
        }
        switch (*p) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fwrite(p, 1, n, f);
        }
        p += n;
    }
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double num(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* "expected: a b c" style lines of a string array. */
static void write_values(FILE *f, const char *label, const cJSON *arr)
{
    if (!cJSON_IsArray(arr))
        return;
    fprintf(f, "%s:", label);
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, arr) {
        if (i++ == 64) {
            fputs(" ...", f);
            break;
        }
        fputc(' ', f);
        xml_write(f, cJSON_IsString(it) ? it->valuestring : "?");
    }
    fputc('\n', f);
}

static void write_case(FILE *f, const cJSON *rec, const char *suite)
{
    const char *id = str(rec, "id"), *v = str(rec, "verdict");
    const char *family_end = id ? strchr(id, '.') : NULL;
    fputs("    <testcase classname=\"", f);
    xml_write(f, suite);
    if (family_end) {
        fputc('.', f);
        char fam[64];
        snprintf(fam, sizeof fam, "%.*s", (int)(family_end - id < 63 ? family_end - id : 63), id);
        xml_write(f, fam);
    }
    fputs("\" name=\"", f);
    xml_write(f, id);
    fprintf(f, "\" time=\"%.6f\"", num(rec, "time_ms") / 1e3);
    if (v && (strcmp(v, "pass") == 0)) {
        fputs("/>\n", f);
        return;
    }
    fputs(">\n", f);
    const char *tag = NULL;
    if (!v || !strcmp(v, "fail") || !strcmp(v, "build-fail") || !strcmp(v, "unexpected-build-ok"))
        tag = "failure";
    else if (!strcmp(v, "error") || !strcmp(v, "crash") || !strcmp(v, "timeout"))
        tag = "error";
    if (v && !strcmp(v, "skip")) {
        fputs("      <skipped message=\"", f);
        xml_write(f, str(rec, "detail"));
        fputs("\"/>\n", f);
    } else if (tag) {
        fprintf(f, "      <%s type=\"", tag);
        xml_write(f, v);
        fputs("\" message=\"", f);
        xml_write(f, str(rec, "detail"));
        fputs("\">", f);
        fputs("clause ", f);
        xml_write(f, str(rec, "clause"));
        fputs(" (", f);
        xml_write(f, str(rec, "spec"));
        fputs(")\n", f);
        if (str(rec, "why")) {
            xml_write(f, str(rec, "why"));
            fputc('\n', f);
        }
        write_values(f, "expected", cJSON_GetObjectItemCaseSensitive(rec, "expected"));
        write_values(f, "actual", cJSON_GetObjectItemCaseSensitive(rec, "actual"));
        if (str(rec, "build_log")) {
            fputs("build log:\n", f);
            xml_write(f, str(rec, "build_log"));
        }
        fprintf(f, "</%s>\n", tag);
    } else {
        /* info: implementation-defined values and measurements, recorded. */
        fputs("      <system-out>", f);
        xml_write(f, str(rec, "detail"));
        fputc('\n', f);
        write_values(f, "actual", cJSON_GetObjectItemCaseSensitive(rec, "actual"));
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(rec, "measure");
        if (m) {
            char *text = cJSON_PrintUnformatted(m);
            xml_write(f, text);
            cJSON_free(text);
        }
        fputs("</system-out>\n", f);
    }
    fputs("    </testcase>\n", f);
}

static void write_suite(FILE *f, const cJSON *report)
{
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(report, "device");
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(report, "run");
    const cJSON *probes = cJSON_GetObjectItemCaseSensitive(report, "probes");
    const char *key = str(dev, "key") ? str(dev, "key") : "device";
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, probes) {
        const char *v = str(rec, "verdict");
        tests++;
        if (!v || !strcmp(v, "fail") || !strcmp(v, "build-fail") || !strcmp(v, "unexpected-build-ok"))
            failures++;
        else if (!strcmp(v, "error") || !strcmp(v, "crash") || !strcmp(v, "timeout"))
            errors++;
        else if (!strcmp(v, "skip"))
            skipped++;
    }
    fputs("  <testsuite name=\"", f);
    xml_write(f, key);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\" timestamp=\"",
            tests, failures, errors, skipped, num(run, "wall_ms") / 1e3);
    xml_write(f, str(run, "started"));
    fputs("\" hostname=\"", f);
    xml_write(f, str(run, "host") ? str(run, "host") : "localhost");
    fputs("\">\n    <properties>\n", f);
    static const char *const props[] = {"name", "vendor", "version", "driver_version", "opencl_c_version"};
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        fprintf(f, "      <property name=\"device.%s\" value=\"", props[i]);
        xml_write(f, str(dev, props[i]));
        fputs("\"/>\n", f);
    }
    fprintf(f, "      <property name=\"run.complete\" value=\"%s\"/>\n",
            cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete")) ? "true" : "false");
    fputs("    </properties>\n", f);
    cJSON_ArrayForEach(rec, probes)
        write_case(f, rec, key);
    fputs("  </testsuite>\n", f);
}

int report_junit_write(const cJSON *const *reports, size_t n, const char *path, FILE *err)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"clconform\">\n", f);
    for (size_t i = 0; i < n; i++)
        write_suite(f, reports[i]);
    fputs("</testsuites>\n", f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(err, "%s: write failed\n", path);
        return -1;
    }
    return 0;
}
