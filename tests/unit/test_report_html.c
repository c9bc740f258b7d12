/* The HTML writers: escaping of hostile driver strings, the device page's
 * sections and order, and the cross-device index. Reads the fixture reports
 * in tests/fixtures/reports (from $SRCDIR, else the current folder). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "html_escape.h"
#include "json_file.h"
#include "report_html.h"

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

/* What escape(s) writes, as a new string. */
static char *escaped(void (*escape)(FILE *, const char *), const char *s)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    escape(f, s);
    fclose(f);
    return out;
}

static int escapes_to(void (*escape)(FILE *, const char *), const char *in, const char *want)
{
    char *got = escaped(escape, in);
    int ok = got && strcmp(got, want) == 0;
    if (!ok)
        printf("# got [%s] want [%s]\n", got ? got : "(null)", want);
    free(got);
    return ok;
}

/* Is s valid UTF-8 made only of characters XML 1.0 allows? */
static int is_xml_safe_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int n;
        if (*p < 0x80) cp = *p, n = 1;
        else if ((*p & 0xE0) == 0xC0) cp = *p & 0x1Fu, n = 2;
        else if ((*p & 0xF0) == 0xE0) cp = *p & 0x0Fu, n = 3;
        else if ((*p & 0xF8) == 0xF0) cp = *p & 0x07u, n = 4;
        else return 0;
        for (int i = 1; i < n; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            cp = (cp << 6) | (p[i] & 0x3Fu);
        }
        if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000))
            return 0;
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0xD800 && cp <= 0xDFFF) ||
            cp == 0xFFFE || cp == 0xFFFF || cp > 0x10FFFF)
            return 0;
        p += n;
    }
    return 1;
}

static void test_escaping(void)
{
    CHECK(escapes_to(html_escape_write, "<script>alert(1)</script> & \"q\" 'a'",
                     "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &#39;a&#39;"),
          "escape_markup_and_quotes_as_entities");
    CHECK(escapes_to(html_escape_write, "a\tb\nc\r", "a\tb\nc\r"), "escape_keeps_tab_newline_cr_in_text");
    CHECK(escapes_to(html_escape_write_attr, "a\tb\nc", "a&#9;b&#10;c"), "escape_attr_keeps_newlines_as_references");
    CHECK(escapes_to(html_escape_write, "\x01" "x\x1b[31m\x7f", "\xE2\x90\x81x\xE2\x90\x9B[31m\xE2\x90\xA1"),
          "escape_controls_as_control_pictures");
    CHECK(escapes_to(html_escape_write, "a\xff" "b", "a\xEF\xBF\xBD" "b"), "escape_invalid_byte_as_replacement");
    CHECK(escapes_to(html_escape_write, "\xC0\xAF", "\xEF\xBF\xBD\xEF\xBF\xBD"), "escape_overlong_utf8_as_replacement");
    CHECK(escapes_to(html_escape_write, "\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"),
          "escape_utf8_surrogate_as_replacement");
    CHECK(escapes_to(html_escape_write, "\xEF\xBF\xBE|\xEF\xBF\xBF", "\xEF\xBF\xBD|\xEF\xBF\xBD"),
          "escape_noncharacters_fffe_ffff_as_replacement");
    CHECK(escapes_to(html_escape_write, "caf\xC3\xA9 \xF0\x9F\x98\x80", "caf\xC3\xA9 \xF0\x9F\x98\x80"),
          "escape_keeps_valid_multibyte_utf8");
    CHECK(escapes_to(html_escape_write, "\xE2\x82", "\xEF\xBF\xBD\xEF\xBF\xBD"), "escape_truncated_sequence_at_end");
    CHECK(escapes_to(html_url_write, "conv.a_b-c~d", "conv.a_b-c~d"), "url_keeps_unreserved_characters");
    CHECK(escapes_to(html_url_write, "a b#<\"", "a%20b%23%3C%22"), "url_percent_encodes_the_rest");
}

/* Renders report into a temporary file and returns the page (caller frees). */
static char *render_device(const cJSON *report)
{
    char path[] = "/tmp/clc-test-html.XXXXXX";
    int fd = mkstemp(path);
    char *page = NULL;

    if (fd < 0)
        return NULL;
    close(fd);
    if (report_html_write_device(report, path, stderr) == 0)
        page = json_file_read_text(path, NULL);
    unlink(path);
    return page;
}

static int before(const char *page, const char *a, const char *b)
{
    const char *pa = strstr(page, a), *pb = strstr(page, b);
    return pa && pb && pa < pb;
}

static void test_hostile_page(void)
{
    cJSON *report = load_fixture("hostile.json");
    char *page = render_device(report);

    CHECK(page != NULL, "device_page_written_for_hostile_report");
    if (!page)
        goto cleanup;
    CHECK(strstr(page, "Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;GPU&quot; &#39;x&#39;") != NULL,
          "device_name_markup_is_escaped_text");
    CHECK(strstr(page, "<script") == NULL, "device_page_has_no_script_element");
    CHECK(strstr(page, "<img") == NULL && strstr(page, "<b>bold") == NULL && strstr(page, "&lt;b&gt;bold") != NULL,
          "driver_markup_never_becomes_an_element");
    CHECK(strstr(page, "&lt;/pre&gt;") != NULL, "build_log_cannot_close_its_pre");
    CHECK(strstr(page, "\xE2\x90\x9B[31mred") != NULL, "ansi_escape_in_build_log_shown_as_control_picture");
    CHECK(is_xml_safe_utf8(page), "device_page_is_valid_utf8_without_control_bytes");
    CHECK(strstr(page, "http://") == NULL && strstr(page, "https://") == NULL, "device_page_references_no_network");
    CHECK(strstr(page, "&lt;script&gt;alert(4)&lt;/script&gt;") != NULL, "environment_values_escaped");
    CHECK(strstr(page, "&#39;it&#39;\\&#39;&#39;s &lt;here&gt;&#39;") != NULL, "argv_shell_quoted_and_escaped");
cleanup:
    free(page);
    cJSON_Delete(report);
}

static void test_pocl_page(void)
{
    cJSON *report = load_fixture("pocl.json");
    char *page = render_device(report);
    const cJSON *rec;
    int anchors = 1;

    CHECK(page != NULL, "device_page_written");
    if (!page)
        goto cleanup;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItem(report, "probes")) {
        char want[300];
        snprintf(want, sizeof want, "id=\"probe-%s\"", cJSON_GetObjectItem(rec, "id")->valuestring);
        anchors &= strstr(page, want) != NULL;
    }
    CHECK(anchors, "every_probe_has_an_anchor_for_index_links");
    CHECK(before(page, "id=\"failures\"", "id=\"info\"") && before(page, "id=\"info\"", "id=\"skips\"") &&
          before(page, "id=\"skips\"", "id=\"passes\""), "sections_failures_info_skips_passes_in_order");
    /* The cards, in the failures section (the groups above link to them). */
    const char *cards = strstr(page, "id=\"failures\"") ? strstr(page, "id=\"failures\"") : page;
    CHECK(before(cards, "probe-bool.int2.implicit.runtime", "probe-vec.literal.float4.scalar") &&
          before(cards, "probe-vec.literal.float4.scalar", "probe-conv.int4_from_float4.implicit") &&
          before(cards, "probe-conv.int4_from_float4.implicit", "probe-sync.barrier.spin") &&
          before(cards, "probe-sync.barrier.spin", "probe-math.fma.float.denorm") &&
          before(cards, "probe-math.fma.float.denorm", "probe-mem.local.max") &&
          before(cards, "probe-mem.local.max", "probe-as.uchar4.uint.byteorder"),
          "failures_grouped_fail_buildfail_unexpected_timeout_crash_error_then_info");
    CHECK(strstr(page, "<tr class=\"first-mismatch\"><td class=\"num\">2</td><td>0</td><td>-2147483648</td>") != NULL,
          "first_mismatch_row_highlighted_with_expected_and_actual");
    CHECK(strstr(page, "<span class=\"n\">2</span><span class=\"l\">fail</span>") != NULL &&
          strstr(page, "<span class=\"n\">14</span><span class=\"l\">probes</span>") != NULL,
          "summary_tiles_count_verdicts");
    CHECK(strstr(page, "Complete run") != NULL && strstr(page, "INCOMPLETE RUN") == NULL, "complete_run_banner");
    CHECK(strstr(page, "<th>groups_ok</th><td>4</td>") != NULL, "measure_object_shown");
    CHECK(strstr(page, "0x78 0x56 0x34 0x12") == NULL && strstr(page, "<td>0x78</td>") != NULL,
          "impl_defined_actual_values_shown");
    CHECK(strstr(page, "requires cl_khr_fp64: the device lacks it") != NULL, "skip_reason_shown");
    CHECK(strstr(page, "CL_OUT_OF_RESOURCES") != NULL && strstr(page, "SIGSEGV") != NULL,
          "error_call_and_crash_signal_shown");
    CHECK(strstr(page, "17179869184 <span class=\"muted\">(16 GiB)</span>") != NULL, "memory_size_in_units");
cleanup:
    free(page);
    cJSON_Delete(report);
}

static void test_incomplete_and_errors(void)
{
    cJSON *report = load_fixture("rusticl.json");
    char *page = render_device(report);
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    int rc = report_html_write_device(report, "/nonexistent-dir/x.html", err);

    fclose(err);
    CHECK(page && strstr(page, "INCOMPLETE RUN") && strstr(page, "interrupted by SIGINT"),
          "incomplete_run_shown_loudly_with_reason");
    CHECK(rc == -1 && msg && strstr(msg, "/nonexistent-dir/x.html:") == msg, "unwritable_path_reports_path_and_fails");
    free(msg);
    free(page);
    cJSON_Delete(report);
}

static char *render_index(const cJSON *const *reports, const char *const *pages, size_t n)
{
    char path[] = "/tmp/clc-test-index.XXXXXX";
    int fd = mkstemp(path);
    char *page = NULL;

    if (fd < 0)
        return NULL;
    close(fd);
    if (report_html_write_index(reports, pages, n, path, stderr) == 0)
        page = json_file_read_text(path, NULL);
    unlink(path);
    return page;
}

static void test_index(void)
{
    const cJSON *reports[3] = {load_fixture("pocl.json"), load_fixture("rusticl.json"), load_fixture("hostile.json")};
    const char *pages[3] = {"pocl.html", "rusticl page.html", "evil.html"};
    char *page = render_index(reports, pages, 3);
    char *bare = render_index(reports, NULL, 3);
    const char *passed = page ? strstr(page, "id=\"good\"") : NULL;

    CHECK(page != NULL && passed != NULL, "index_written_with_a_passed_everywhere_part");
    if (!page || !passed)
        goto cleanup;
    CHECK(strstr(page, "href=\"pocl.html#probe-bool.int2.implicit.runtime\"") != NULL,
          "index_cell_links_to_device_page_anchor");
    CHECK(strstr(page, "href=\"rusticl%20page.html\"") != NULL, "device_page_link_percent_encoded");
    CHECK(strstr(page, "href=\"evil.html#probe-hostile.markup.%22%3Cb%3E%22.id\"") != NULL,
          "hostile_probe_id_percent_encoded_in_link");
    CHECK(before(page, "<td class=\"pid\">bool.int2.implicit.runtime", "<td class=\"pid\">as.uchar4.uint.byteorder") &&
          before(page, "<td class=\"pid\">as.uchar4.uint.byteorder", "id=\"good\""),
          "index_rows_failures_then_info_then_passes");
    CHECK(before(page, "<td class=\"pid\">mem.local.max", "id=\"differing\""),
          "a_failure_on_one_device_is_in_the_failing_table");
    CHECK(strstr(passed, "<li>bool.int2.implicit.folded</li>") != NULL &&
          strstr(page, "<td class=\"pid\">bool.int2.implicit.folded") == NULL,
          "probe_passing_everywhere_only_in_collapsed_list");
    CHECK(strstr(page, "<details>") != NULL && before(page, "id=\"good\"", "<details>"), "passes_collapsed_in_details");
    CHECK(strstr(page, "INCOMPLETE") != NULL, "index_marks_incomplete_device");
    CHECK(strstr(page, "<script") == NULL && is_xml_safe_utf8(page), "index_escapes_driver_strings");
    CHECK(bare && strstr(bare, ".html#probe-") == NULL, "index_without_pages_has_no_cell_links");
cleanup:
    free(page);
    free(bare);
    for (int i = 0; i < 3; i++)
        cJSON_Delete((cJSON *)reports[i]);
}

/* A minimal report of one device: ids and verdicts alternate in pv. */
static cJSON *tiny_report(const char *key, const char *const *pv, size_t n)
{
    cJSON *r = cJSON_CreateObject(), *dev = cJSON_AddObjectToObject(r, "device"), *probes = cJSON_AddArrayToObject(r, "probes");
    cJSON_AddStringToObject(dev, "key", key);
    for (size_t i = 0; i + 1 < n; i += 2) {
        cJSON *rec = cJSON_CreateObject();
        cJSON_AddStringToObject(rec, "id", pv[i]);
        cJSON_AddStringToObject(rec, "clause", "OpenCL C: Implicit Conversions");
        cJSON_AddStringToObject(rec, "verdict", pv[i + 1]);
        cJSON_AddItemToArray(probes, rec);
    }
    return r;
}

static int row_marked(const char *page, const char *id)
{
    char want[256];
    snprintf(want, sizeof want, "<td class=\"pid\">%s <span class=\"badge v-fail everywhere\"", id);
    return page && strstr(page, want) != NULL;
}

/* The guard against an inverted expectation: a probe every device fails as
 * judged is marked and listed first; a crash somewhere, a device without
 * the probe, or a run of one device is not "everywhere". */
static void test_index_fails_everywhere(void)
{
    const char *a[] = {"p.all", "fail", "p.some", "fail", "p.crash", "fail", "p.buildok", "unexpected-build-ok",
                       "p.pass", "pass"};
    const char *b[] = {"p.all", "build-fail", "p.some", "pass", "p.crash", "crash", "p.buildok", "unexpected-build-ok",
                       "p.pass", "pass"};
    const char *c[] = {"p.all", "fail", "p.some", "fail", "p.crash", "fail", "p.pass", "pass"};
    cJSON *r3[3] = {tiny_report("dev-a", a, 10), tiny_report("dev-b", b, 10), tiny_report("dev-c", c, 8)};
    char *page = render_index((const cJSON *const *)r3, NULL, 3);
    char *one = render_index((const cJSON *const *)r3, NULL, 1);

    CHECK(row_marked(page, "p.all"), "probe_failing_on_every_device_is_marked");
    CHECK(!row_marked(page, "p.some") && !row_marked(page, "p.crash") && !row_marked(page, "p.pass"),
          "probe_passing_or_crashing_somewhere_is_not_marked");
    CHECK(!row_marked(page, "p.buildok"), "probe_missing_from_one_device_is_not_marked");
    CHECK(page && strstr(page, "1 probe(s) fail on every device") != NULL, "index_counts_the_probes_failing_everywhere");
    CHECK(before(page, "<td class=\"pid\">p.all", "<td class=\"pid\">p.some"), "probes_failing_everywhere_listed_first");
    CHECK(one && !row_marked(one, "p.all") && strstr(one, "fail on every device") == NULL,
          "a_single_device_marks_nothing");
    free(page);
    free(one);
    for (int i = 0; i < 3; i++)
        cJSON_Delete(r3[i]);
}

int main(void)
{
    test_escaping();
    test_hostile_page();
    test_pocl_page();
    test_incomplete_and_errors();
    test_index();
    test_index_fails_everywhere();
    return check_done();
}
