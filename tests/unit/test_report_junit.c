/* The JUnit writer: counts per suite, verdict mapping, escaping, and that
 * the file is XML a real parser (python3's xml.etree) accepts even when the
 * driver strings hold control bytes, invalid UTF-8 and markup. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json_file.h"
#include "check.h"
#include "report_junit.h"

static cJSON *load_fixture(const char *name)
{
    char path[1024];
    const char *src = getenv("SRCDIR");
    char *text;
    cJSON *doc;

    snprintf(path, sizeof path, "%s/tests/fixtures/reports/%s", src ? src : ".", name);
    text = json_file_read_text(path, NULL);
    doc = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!doc)
        printf("# cannot load %s\n", path);
    return doc;
}

/* No byte XML 1.0 forbids: C0 controls but tab/newline/CR, UTF-8 surrogates,
 * U+FFFE/U+FFFF, and no byte that cannot start or continue UTF-8. */
static int has_forbidden_bytes(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
            return 1;
        if (*p == 0xC0 || *p == 0xC1 || *p >= 0xF5)
            return 1;
        if (p[0] == 0xED && p[1] >= 0xA0)
            return 1;
        if (p[0] == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
            return 1;
    }
    return 0;
}

/* Runs python3's XML parser on path with a check script; 1 when it exits 0.
 * -1 when python3 is missing (then the check is skipped). */
static int python_accepts(const char *path, const char *script)
{
    char cmd[4096];
    int rc;

    if (system("command -v python3 >/dev/null 2>&1") != 0)
        return -1;
    snprintf(cmd, sizeof cmd,
             "python3 -c 'import sys, xml.etree.ElementTree as ET\n"
             "t = ET.parse(sys.argv[1]).getroot()\n%s' '%s'", script, path);
    rc = system(cmd);
    return rc == 0;
}

static void test_fixtures(void)
{
    const cJSON *reports[4] = {load_fixture("pocl.json"), load_fixture("rusticl.json"),
                               load_fixture("hostile.json"), load_fixture("pocl-farm-b.json")};
    char path[] = "/tmp/clc-test-junit.XXXXXX";
    int fd = mkstemp(path);
    char *xml = NULL;
    int py;

    close(fd);
    CHECK(report_junit_write(reports, 4, path, stderr) == 0, "junit_written_for_four_reports");
    xml = json_file_read_text(path, NULL);
    CHECK(xml != NULL, "junit_file_readable");
    if (!xml)
        goto cleanup;
    CHECK(strstr(xml, "name=\"pocl--pthread-skylake-avx512\" tests=\"14\" failures=\"4\" errors=\"3\" "
                      "skipped=\"1\"") != NULL, "suite_counts_failures_errors_skips");
    CHECK(strstr(xml, "name=\"rusticl--llvmpipe\" tests=\"8\" failures=\"1\" errors=\"1\"") != NULL,
          "incomplete_run_adds_one_error_case");
    CHECK(strstr(xml, "name=\"run.complete\"") != NULL && strstr(xml, "message=\"interrupted by SIGINT\"") != NULL,
          "incomplete_case_carries_the_reason");
    CHECK(strstr(xml, "<testcase classname=\"pocl--pthread-skylake-avx512.conv\" "
                      "name=\"conv.convert_int_sat_rte.float4.nan\"") != NULL, "classname_is_device_dot_family");
    CHECK(strstr(xml, "<failure type=\"unexpected-build-ok\"") != NULL &&
          strstr(xml, "<failure type=\"build-fail\"") != NULL, "build_verdicts_are_failures");
    CHECK(strstr(xml, "<error type=\"timeout\"") && strstr(xml, "<error type=\"crash\"") &&
          strstr(xml, "<error type=\"error\""), "timeout_crash_error_are_errors");
    CHECK(strstr(xml, "<skipped message=\"requires cl_khr_fp64: the device lacks it\"/>") != NULL,
          "skip_has_reason");
    CHECK(strstr(xml, "#2  expected 0  actual -2147483648  &lt;- first mismatch") != NULL,
          "failure_body_has_expected_vs_actual");
    CHECK(strstr(xml, "<system-out>") != NULL && strstr(xml, "&quot;groups_ok&quot;:4") != NULL,
          "info_records_values_in_system_out");
    CHECK(strstr(xml, "&lt;script&gt;alert(1)&lt;/script&gt;") != NULL && strstr(xml, "<script") == NULL,
          "driver_markup_escaped");
    CHECK(!has_forbidden_bytes(xml), "no_character_xml_forbids");
    py = python_accepts(path, "s = t.findall(\"testsuite\")\n"
                              "assert t.tag == \"testsuites\" and len(s) == 4\n"
                              "for x in s: assert int(x.get(\"tests\")) == len(x.findall(\"testcase\"))\n"
                              "assert sum(len(x.findall(\"testcase/failure\")) for x in s) == "
                              "sum(int(x.get(\"failures\")) for x in s)\n");
    if (py >= 0)
        CHECK(py == 1, "python_xml_etree_parses_and_counts_match");
    else
        printf("# skip: python3 not installed\n");
cleanup:
    free(xml);
    unlink(path);
    for (int i = 0; i < 4; i++)
        cJSON_Delete((cJSON *)reports[i]);
}

/* Bytes a JSON file cannot even hold, straight into the document. */
static void test_raw_bytes(void)
{
    cJSON *report = cJSON_CreateObject();
    cJSON *dev = cJSON_AddObjectToObject(report, "device");
    cJSON *run = cJSON_AddObjectToObject(report, "run");
    cJSON *probes = cJSON_AddArrayToObject(report, "probes");
    cJSON *rec = cJSON_CreateObject();
    const cJSON *const reports[1] = {report};
    char path[] = "/tmp/clc-test-junit-raw.XXXXXX";
    int fd = mkstemp(path);
    char *xml;
    int py;

    close(fd);
    cJSON_AddStringToObject(dev, "key", "raw\x01.dev");
    cJSON_AddStringToObject(dev, "name", "bad \xff\xfe utf8 \xED\xA0\x80 \xEF\xBF\xBF");
    cJSON_AddTrueToObject(run, "complete");
    cJSON_AddStringToObject(rec, "id", "x.\x1b[0m");
    cJSON_AddStringToObject(rec, "verdict", "build-fail");
    cJSON_AddStringToObject(rec, "detail", "line1\nline2 \x02");
    cJSON_AddStringToObject(rec, "build_log", "]]> \x0b\x0c\x1f\x7f <![CDATA[ x");
    cJSON_AddItemToArray(probes, rec);
    CHECK(report_junit_write(reports, 1, path, stderr) == 0, "junit_written_with_raw_bytes");
    xml = json_file_read_text(path, NULL);
    CHECK(xml && !has_forbidden_bytes(xml), "raw_control_and_invalid_bytes_replaced");
    CHECK(xml && strstr(xml, "message=\"line1&#10;line2 \xE2\x90\x82\"") != NULL,
          "newline_in_message_attribute_kept_as_reference");
    py = python_accepts(path, "f = t.find(\"testsuite/testcase/failure\")\n"
                              "assert f is not None and \"]]>\" in f.text and \"<![CDATA[\" in f.text\n"
                              "assert f.get(\"message\").startswith(\"line1\\nline2\")\n");
    if (py >= 0)
        CHECK(py == 1, "python_xml_etree_parses_raw_byte_report");
    free(xml);
    unlink(path);
    cJSON_Delete(report);
}

static void test_unwritable(void)
{
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    int rc = report_junit_write(NULL, 0, "/nonexistent-dir/j.xml", err);

    fclose(err);
    CHECK(rc == -1 && msg && strncmp(msg, "/nonexistent-dir/j.xml:", 23) == 0, "unwritable_path_reported");
    free(msg);
}

int main(void)
{
    test_fixtures();
    test_raw_bytes();
    test_unwritable();
    return check_done();
}
