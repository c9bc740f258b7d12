/* The device page: one self-contained HTML file per device report. Layout:
 * identity and run, summary, then the probes by how much they need a
 * reader's attention: failures, information, skips, passes. */
#include "report_html.h"

#include <stdlib.h>
#include <string.h>

#include "group_html.h"
#include "human_time.h"
#include "html_claims.h"
#include "html_escape.h"
#include "html_page.h"
#include "record.h"
#include "html_ulp.h"
#include "html_probe.h"

/* The verdict counts of one family (probe id up to the first '.'). */
typedef struct {
    const char *name; /* borrowed from a probe id; not NUL-terminated at len */
    size_t len;
    int counts[HTML_N_VERDICTS];
    int total;
} family;

static const cJSON *child(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

static void write_kv_row(FILE *f, const char *label, const cJSON *v)
{
    if (!v)
        return;
    fprintf(f, "<tr><th>%s</th><td>", label);
    html_value_write(f, v, " ");
    fputs("</td></tr>\n", f);
}

/* A byte count with its binary-unit rendering: "17179869184 (16 GiB)". */
static void write_bytes_row(FILE *f, const char *label, const cJSON *v)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double d;
    int u = 0;

    if (!cJSON_IsNumber(v)) {
        write_kv_row(f, label, v);
        return;
    }
    for (d = v->valuedouble; d >= 1024 && u < 4; u++)
        d /= 1024;
    fprintf(f, "<tr><th>%s</th><td>", label);
    html_value_write(f, v, "");
    fprintf(f, " <span class=\"muted\">(%.4g %s)</span></td></tr>\n", d, units[u]);
}

static void write_header(FILE *f, const cJSON *report)
{
    const cJSON *dev = child(report, "device");
    const cJSON *plat = child(report, "platform");
    const cJSON *run = child(report, "run");

    fputs("<header class=\"top\"><div class=\"inner\"><div class=\"brand\">clconform device "
          "report</div>\n", f);
    html_element(f, "h1", NULL, html_json_str(dev, "name") ? html_json_str(dev, "name")
                                                           : "(unnamed device)");
    fputs("\n<p class=\"sub\">", f);
    html_escape_write(f, html_json_str(plat, "name"));
    fputs(" \xC2\xB7 key <code>", f);
    html_escape_write(f, html_json_str(dev, "key"));
    fputs("</code> \xC2\xB7 ", f);
    html_escape_write(f, html_json_str(run, "started"));
    fputs("</p></div></header>\n<main>\n", f);
}

/* An incomplete run must not be mistaken for a clean one: a red banner. */
static void write_banner(FILE *f, const cJSON *run)
{
    if (cJSON_IsTrue(child(run, "complete"))) {
        fputs("<div class=\"banner complete\">Complete run: every probe of the suite ran on "
              "this device.</div>\n", f);
        return;
    }
    fputs("<div class=\"banner incomplete\">INCOMPLETE RUN \xE2\x80\x94 this report does not "
          "cover the whole suite<span class=\"why\">", f);
    html_escape_write(f, html_json_str(run, "incomplete_reason")
                             ? html_json_str(run, "incomplete_reason")
                             : "the report does not say why");
    fputs("</span></div>\n", f);
}

static void write_nav(FILE *f, const int counts[HTML_N_VERDICTS])
{
    int failures = 0;
    for (int i = 0; i <= HTML_VERDICT_UNKNOWN; i++)
        failures += counts[i];
    fprintf(f, "<nav class=\"sections\"><a href=\"#summary\">Summary</a>"
               "<a href=\"#identity\">Device and run</a><a href=\"#failures\">Failures (%d)</a>"
               "<a href=\"#info\">Information (%d)</a><a href=\"#skips\">Skipped (%d)</a><a href=\"#claims\">Claims</a>"
               "<a href=\"#passes\">Passed (%d)</a></nav>\n",
            failures, counts[html_verdict_rank(CLC_VERDICT_INFO)], counts[html_verdict_rank(CLC_VERDICT_SKIP)],
            counts[html_verdict_rank(CLC_VERDICT_PASS)]);
}

static void write_tiles(FILE *f, const int counts[HTML_N_VERDICTS], int total)
{
    fprintf(f, "<div class=\"tiles\"><div class=\"tile\"><span class=\"n\">%d</span>"
               "<span class=\"l\">probes</span></div>\n", total);
    for (int i = 0; i < HTML_N_VERDICTS; i++) {
        if (i == HTML_VERDICT_UNKNOWN && counts[i] == 0)
            continue;
        fprintf(f, "<div class=\"tile %s%s\"><span class=\"n\">%d</span><span class=\"l\">%s"
                   "</span></div>\n", html_verdict_class(verdict_parse(html_verdicts[i])),
                counts[i] ? "" : " zero", counts[i], html_verdicts[i]);
    }
    fputs("</div>\n", f);
}

/* The litmus family's kill rate (summary.litmus_power): how much its
 * passes say, since a judged probe passes only where the environment showed
 * a mutant's allowed weak outcome. No line where no litmus probe ran. */
static void write_litmus_power(FILE *f, const cJSON *summary)
{
    const cJSON *p = child(summary, "litmus_power");
    const cJSON *run = child(p, "mutants_run"), *killed = child(p, "mutants_killed");
    if (!cJSON_IsNumber(run) || !cJSON_IsNumber(killed))
        return;
    if (run->valuedouble > 0)
        fprintf(f, "<p class=\"litmus-power\">Litmus power: environment killed %.0f of %.0f allowed-weak kernels "
                   "(%.0f%%)</p>\n", killed->valuedouble, run->valuedouble,
                100.0 * killed->valuedouble / run->valuedouble);
    else
        fputs("<p class=\"litmus-power\">Litmus power: no allowed-weak kernel ran</p>\n", f);
}

/* Returns the families of probes in order of first appearance (*n of them),
 * or NULL with *n = 0 when there are none or memory ran out. */
static family *count_families(const cJSON *probes, size_t *n)
{
    family *fams = NULL;
    size_t cap = 0;
    const cJSON *rec;

    *n = 0;
    cJSON_ArrayForEach(rec, probes) {
        const char *id = html_json_str(rec, "id") ? html_json_str(rec, "id") : "";
        size_t len = strcspn(id, ".");
        size_t i = 0;
        while (i < *n && !(fams[i].len == len && strncmp(fams[i].name, id, len) == 0))
            i++;
        if (i == *n) {
            if (*n == cap) {
                family *grown = realloc(fams, (cap = cap ? 2 * cap : 16) * sizeof *fams);
                if (!grown) {
                    free(fams);
                    *n = 0;
                    return NULL;
                }
                fams = grown;
            }
            memset(&fams[i], 0, sizeof fams[i]);
            fams[i].name = id, fams[i].len = len;
            (*n)++;
        }
        fams[i].counts[html_verdict_rank(record_verdict(rec))]++;
        fams[i].total++;
    }
    return fams;
}

static void write_families(FILE *f, const cJSON *probes, const int counts[HTML_N_VERDICTS])
{
    size_t n = 0;
    family *fams = count_families(probes, &n);

    if (n == 0)
        goto cleanup;
    fputs("<h3>By family</h3>\n<table><thead><tr><th>family</th><th class=\"num\">total</th>", f);
    for (int v = 0; v < HTML_N_VERDICTS; v++)
        if (counts[v])
            fprintf(f, "<th class=\"num\">%s</th>", html_verdicts[v]);
    fputs("</tr></thead><tbody>\n", f);
    for (size_t i = 0; i < n; i++) {
        char *name = strndup(fams[i].name, fams[i].len);
        fputs("<tr><td><code>", f);
        html_escape_write(f, name ? name : "?");
        free(name);
        fprintf(f, "</code></td><td class=\"num\">%d</td>", fams[i].total);
        for (int v = 0; v < HTML_N_VERDICTS; v++)
            if (counts[v])
                fprintf(f, "<td class=\"num%s\">%d</td>", fams[i].counts[v] ? "" : " zero",
                        fams[i].counts[v]);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
cleanup:
    free(fams);
}

/* Device fields shown first, in this order; any other field follows, so a
 * limit added to the schema later still appears. */
static const char *const identity_fields[][2] = {
    {"name", "name"}, {"vendor", "vendor"}, {"version", "device version"},
    {"driver_version", "driver version"}, {"opencl_c_version", "OpenCL C version"},
    {"profile", "profile"}, {"type", "type"}, {"index", "index (platform:device)"},
    {"key", "report key"}, {"max_compute_units", "compute units"},
    {"max_work_group_size", "max work-group size"}, {"global_mem_size", "global memory"},
    {"local_mem_size", "local memory"}, {"address_bits", "address bits"},
    {"endian_little", "little-endian"}, {"single_fp_config", "float config"},
    {"double_fp_config", "double config"}, {"capabilities", "capabilities"},
};
#define N_IDENTITY (sizeof identity_fields / sizeof identity_fields[0])

static int is_listed_field(const char *key)
{
    if (key && strcmp(key, "extensions") == 0)
        return 1;
    for (size_t i = 0; key && i < N_IDENTITY; i++)
        if (strcmp(key, identity_fields[i][0]) == 0)
            return 1;
    return 0;
}

static void write_extensions(FILE *f, const char *label, const cJSON *ext)
{
    if (!cJSON_IsArray(ext))
        return;
    fprintf(f, "<tr><th>%s</th><td><details><summary>%d extensions</summary>", label,
            cJSON_GetArraySize(ext));
    html_value_write(f, ext, " ");
    fputs("</details></td></tr>\n", f);
}

static void write_identity(FILE *f, const cJSON *dev, const cJSON *plat)
{
    const cJSON *item;

    fputs("<div><h3>Device</h3>\n<table class=\"kv\"><tbody>\n", f);
    for (size_t i = 0; i < N_IDENTITY; i++) {
        const char *key = identity_fields[i][0];
        if (strstr(key, "mem_size"))
            write_bytes_row(f, identity_fields[i][1], child(dev, key));
        else
            write_kv_row(f, identity_fields[i][1], child(dev, key));
    }
    cJSON_ArrayForEach(item, dev) {
        if (is_listed_field(item->string))
            continue;
        fputs("<tr><th>", f);
        html_escape_write(f, item->string);
        fputs("</th><td>", f);
        html_value_write(f, item, " ");
        fputs("</td></tr>\n", f);
    }
    write_extensions(f, "extensions", child(dev, "extensions"));
    fputs("<tr><th>platform</th><td>", f);
    html_escape_write(f, html_json_str(plat, "name"));
    fputs("</td></tr>\n", f);
    write_kv_row(f, "platform vendor", child(plat, "vendor"));
    write_kv_row(f, "platform version", child(plat, "version"));
    write_kv_row(f, "platform profile", child(plat, "profile"));
    write_extensions(f, "platform extensions", child(plat, "extensions"));
    fputs("</tbody></table></div>\n", f);
}

/* Does arg need quoting to be pasted into a POSIX shell as one word? */
static int needs_quotes(const char *arg)
{
    return !arg[0] || arg[strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                      "0123456789_./:=,@%+-")] != '\0';
}

/* The command line as one string a reader can paste into a shell. */
static void write_argv(FILE *f, const cJSON *argv)
{
    const cJSON *arg;
    int first = 1;

    if (!cJSON_IsArray(argv))
        return;
    fputs("<tr><th>command line</th><td><code>", f);
    cJSON_ArrayForEach(arg, argv) {
        const char *s = cJSON_IsString(arg) ? arg->valuestring : "";
        if (!first)
            fputc(' ', f);
        first = 0;
        if (!needs_quotes(s)) {
            html_escape_write(f, s);
            continue;
        }
        fputs("&#39;", f);
        for (const char *q = strchr(s, '\''); q; s = q + 1, q = strchr(s, '\'')) {
            char *part = strndup(s, (size_t)(q - s));
            html_escape_write(f, part ? part : "?");
            free(part);
            fputs("&#39;\\&#39;&#39;", f);
        }
        html_escape_write(f, s);
        fputs("&#39;", f);
    }
    fputs("</code></td></tr>\n", f);
}

/* Seconds for people; the exact milliseconds stay in the JSON. */
static void write_wall_time(FILE *f, const cJSON *ms)
{
    char buf[32];
    if (cJSON_IsNumber(ms))
        fprintf(f, "<tr><th>wall time</th><td>%s</td></tr>\n", human_time_ms(ms->valuedouble, buf, sizeof buf));
}

static void write_run(FILE *f, const cJSON *report)
{
    const cJSON *run = child(report, "run");
    const cJSON *tool = child(report, "tool");
    const cJSON *env = child(run, "env");
    const cJSON *item;

    fputs("<div><h3>Run</h3>\n<table class=\"kv\"><tbody>\n", f);
    fputs("<tr><th>status</th><td>", f);
    fputs(cJSON_IsTrue(child(run, "complete")) ? "complete" : "<strong>INCOMPLETE</strong>", f);
    fputs("</td></tr>\n", f);
    write_kv_row(f, "why incomplete", child(run, "incomplete_reason"));
    write_kv_row(f, "started", child(run, "started"));
    write_kv_row(f, "finished", child(run, "finished"));
    write_kv_row(f, "host", child(run, "host"));
    write_kv_row(f, "tool", child(tool, "name"));
    write_kv_row(f, "tool version", child(tool, "version"));
    write_argv(f, child(run, "argv"));
    write_kv_row(f, "timeout (s)", child(run, "timeout_s"));
    write_kv_row(f, "isolation", child(run, "isolation"));
    write_kv_row(f, "program builds", child(run, "builds"));
    write_wall_time(f, child(run, "wall_ms"));
    write_kv_row(f, "schema version", child(report, "schema_version"));
    fputs("</tbody></table>\n<h3>Environment</h3>\n", f);
    if (cJSON_GetArraySize(env) == 0)
        fputs("<p class=\"muted\">No OpenCL-related variable was set.</p>\n", f);
    else
        fputs("<table class=\"kv\"><tbody>\n", f);
    cJSON_ArrayForEach(item, env) {
        fputs("<tr><th><code>", f);
        html_escape_write(f, item->string);
        fputs("</code></th><td><code>", f);
        html_value_write(f, item, " ");
        fputs("</code></td></tr>\n", f);
    }
    if (cJSON_GetArraySize(env) > 0)
        fputs("</tbody></table>\n", f);
    fputs("</div>\n", f);
}

static int in_list(const cJSON *arr, const char *id)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it) && id && strcmp(it->valuestring, id) == 0)
            return 1;
    return 0;
}

/* After a comparison with a baseline (report.baseline), how a failure
 * stands: "new" (a regression, or a probe the baseline lacks), else "known
 * (register)" with the register's entry as note, or "known (baseline)".
 * NULL without a comparison, or when the register does not describe the
 * device. */
static const char *failure_mark(const cJSON *report, const cJSON *rec, const char **note)
{
    const cJSON *cmp = child(report, "baseline");
    const char *id = html_json_str(rec, "id");
    *note = NULL;
    if (!cJSON_IsObject(cmp) || cJSON_IsTrue(child(cmp, "not_described")))
        return NULL;
    if (in_list(child(cmp, "regressions"), id) || in_list(child(cmp, "new"), id))
        return "new";
    if (!child(cmp, "register"))
        return "known (baseline)";
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(child(cmp, "known"), id ? id : "");
    if (!cJSON_IsString(k))
        return "new";
    *note = k->valuestring;
    return "known (register)";
}

/* The failure cards grouped by verdict (fail first, then build-fail, ...),
 * each group in suite order. */
static void write_failures(FILE *f, const cJSON *report, const cJSON *probes, const int counts[HTML_N_VERDICTS],
                           const cJSON *logs)
{
    int n = 0;
    for (int v = 0; v <= HTML_VERDICT_UNKNOWN; v++)
        n += counts[v];
    fprintf(f, "<section id=\"failures\"><h2>Failures (%d)</h2>\n", n);
    if (n == 0)
        fputs("<p class=\"muted\">No probe failed on this device.</p>\n", f);
    for (int v = 0; v <= HTML_VERDICT_UNKNOWN; v++) {
        const cJSON *rec;
        if (counts[v] == 0)
            continue;
        cJSON_ArrayForEach(rec, probes) {
            if (html_verdict_rank(record_verdict(rec)) == v) {
                const char *note;
                const char *mark = failure_mark(report, rec, &note);
                html_probe_write_card_marked(f, rec, logs, mark, note);
            }
        }
    }
    fputs("</section>\n", f);
}

static void write_info(FILE *f, const cJSON *probes, int n, const cJSON *logs)
{
    const cJSON *rec;
    int info = html_verdict_rank(CLC_VERDICT_INFO);

    fprintf(f, "<section id=\"info\"><h2>Implementation-defined results and measurements (%d)"
               "</h2>\n", n);
    if (n == 0)
        fputs("<p class=\"muted\">No information was recorded.</p>\n", f);
    cJSON_ArrayForEach(rec, probes) {
        if (html_verdict_rank(record_verdict(rec)) == info)
            html_probe_write_card(f, rec, logs);
    }
    fputs("</section>\n", f);
}

static void write_skips(FILE *f, const cJSON *probes, int n)
{
    const cJSON *rec;
    int skip = html_verdict_rank(CLC_VERDICT_SKIP);

    fprintf(f, "<section id=\"skips\"><h2>Skipped (%d)</h2>\n", n);
    if (n == 0) {
        fputs("<p class=\"muted\">No probe was skipped.</p></section>\n", f);
        return;
    }
    fputs("<table><thead><tr><th>probe</th><th>clause</th><th>reason</th></tr></thead>"
          "<tbody>\n", f);
    cJSON_ArrayForEach(rec, probes) {
        if (html_verdict_rank(record_verdict(rec)) != skip)
            continue;
        fputs("<tr", f);
        html_probe_write_anchor(f, rec);
        fputs("><td><code>", f);
        html_escape_write(f, html_json_str(rec, "id"));
        fputs("</code></td><td>", f);
        html_escape_write(f, html_json_str(rec, "clause"));
        fputs("</td><td>", f);
        html_escape_write(f, html_json_str(rec, "detail"));
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table></section>\n", f);
}

/* Passes are the bulk of a healthy report: ids only, in columns; the anchor
 * still lets the index link to them. */
static void write_passes(FILE *f, const cJSON *probes, int n)
{
    const cJSON *rec;
    int pass = html_verdict_rank(CLC_VERDICT_PASS);

    fprintf(f, "<section id=\"passes\"><h2>Passed (%d)</h2>\n", n);
    if (n == 0) {
        fputs("<p class=\"muted\">No probe passed.</p></section>\n", f);
        return;
    }
    fputs("<ul class=\"cols\">\n", f);
    cJSON_ArrayForEach(rec, probes) {
        if (html_verdict_rank(record_verdict(rec)) != pass)
            continue;
        fputs("<li", f);
        html_probe_write_anchor(f, rec);
        fputs(" title=\"\xC2\xA7 ", f);
        html_escape_write_attr(f, html_json_str(rec, "clause"));
        fputs("\">", f);
        html_escape_write(f, html_json_str(rec, "id"));
        fputs("</li>\n", f);
    }
    fputs("</ul></section>\n", f);
}

/* Each build log once (build_logs.h); the cards link here. Folded: a log
 * can be hundreds of kilobytes. */
static void write_build_logs(FILE *f, const cJSON *logs)
{
    int n = cJSON_GetArraySize(logs);
    if (n == 0)
        return;
    fprintf(f, "<section id=\"build-logs\"><h2>Build logs (%d)</h2>\n", n);
    const cJSON *log;
    cJSON_ArrayForEach(log, logs) {
        if (!cJSON_IsString(log) || !log->string)
            continue;
        fputs("<details id=\"log-", f);
        html_escape_write_attr(f, log->string);
        fputs("\"><summary>", f);
        html_escape_write(f, log->string);
        fprintf(f, " (%zu bytes)</summary><pre class=\"log\">", strlen(log->valuestring));
        html_escape_write(f, log->valuestring);
        fputs("</pre></details>\n", f);
    }
    fputs("</section>\n", f);
}

static void write_device_page(FILE *f, const cJSON *report)
{
    const cJSON *dev = child(report, "device");
    const cJSON *probes = child(report, "probes");
    int counts[HTML_N_VERDICTS];
    int total = html_count_verdicts(probes, counts);
    const char *name = html_json_str(dev, "name");

    html_page_begin(f, name ? name : "clconform device report");
    write_header(f, report);
    write_nav(f, counts);
    write_banner(f, child(report, "run"));
    fputs("<section id=\"summary\"><h2>Summary</h2>\n", f);
    write_tiles(f, counts, total);
    write_families(f, probes, counts);
    write_litmus_power(f, child(report, "summary"));
    fputs("</section>\n", f);
    group_html_write(f, &report, NULL, 1);
    fputs("<section id=\"identity\"><h2>Device and run</h2>\n<div class=\"grid\">\n",
          f);
    write_identity(f, dev, child(report, "platform"));
    write_run(f, report);
    fputs("</div></section>\n", f);
    const cJSON *logs = child(report, "build_logs");
    write_failures(f, report, probes, counts, logs);
    write_info(f, probes, counts[html_verdict_rank(CLC_VERDICT_INFO)], logs);
    write_skips(f, probes, counts[html_verdict_rank(CLC_VERDICT_SKIP)]);
    html_claims_write(f, child(report, "claims"));
    write_passes(f, probes, counts[html_verdict_rank(CLC_VERDICT_PASS)]);
    html_ulp_write_table(f, probes);
    write_build_logs(f, logs);
    fputs("</main>\n", f);
    html_page_end(f, html_json_str(child(report, "tool"), "version"));
}

int report_html_write_device(const cJSON *report, const char *path, FILE *err)
{
    FILE *f;

    if (!cJSON_IsObject(report)) {
        fprintf(err, "%s: not written: the report is not a JSON object\n", path);
        return -1;
    }
    f = html_file_open(path, err);
    if (!f)
        return -1;
    write_device_page(f, report);
    return html_file_close(f, path, err);
}
