/* The cross-device page: the devices with their counts, then the probes x
 * devices matrix. Rows where the devices are not all good come first, worst
 * first; probes that pass everywhere are only counted and listed in a
 * collapsed block, so the page stays readable with thousands of probes. */
#include "report_html.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "group_html.h"
#include "html_escape.h"
#include "html_page.h"
#include "record.h"
#include "html_probe.h"
#include "id_map.h"
#include "report_json.h"

typedef struct {
    const char *id;
    const char *clause;
    int worst;            /* lowest verdict rank over the devices */
    int all_good;         /* pass, info or skip everywhere it ran */
    int all_pass;         /* pass on every device */
    size_t order;         /* suite order, for stable ties */
    int part;             /* row_part(), set before sorting */
    size_t n_present;     /* devices whose report has the probe */
    size_t n_wrong;       /* devices where it failed as judged (fail, build-fail, unexpected-build-ok) */
    int everywhere;       /* row_fails_everywhere(), set before sorting */
} row;

/* A judged failure: the device's answer differs from the expectation (not
 * a timeout, crash or error, which say nothing about the expectation). */
static int judged_failure(clc_verdict v)
{
    return v == CLC_VERDICT_FAIL || v == CLC_VERDICT_BUILD_FAIL || v == CLC_VERDICT_UNEXPECTED_BUILD_OK;
}

/* A probe that fails as judged on every one of two or more devices is more
 * likely a wrong expectation than the same bug in every driver: the page
 * says so, so that whoever reads it checks the probe first (see
 * docs/spec-readings.md). */
static int row_fails_everywhere(const row *r, size_t n_devices)
{
    return n_devices >= 2 && r->n_present == n_devices && r->n_wrong == n_devices;
}

static const cJSON *probes_of(const cJSON *report)
{
    return cJSON_GetObjectItemCaseSensitive(report, "probes");
}

/* 0: fails somewhere; 1: differs (info, skip); 2: passes on every device
 * that ran it (a run that lacks it says so itself: older suite, or the
 * INCOMPLETE banner). */
static int row_part(const row *r)
{
    if (!r->all_good)
        return 0;
    return r->all_pass ? 2 : 1;
}

static int row_cmp(const void *a, const void *b)
{
    const row *x = a, *y = b;
    if (x->part != y->part)
        return x->part - y->part;
    if (x->everywhere != y->everywhere)
        return y->everywhere - x->everywhere;
    if (x->worst != y->worst)
        return x->worst - y->worst;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Every probe id of every report, once, in first-seen order. */
static row *collect_rows(const cJSON *const *reports, size_t n, size_t *n_rows)
{
    size_t cap = 256, count = 0;
    row *rows = malloc(cap * sizeof *rows);
    /* id -> its row's index + 1 (rows move as they grow). */
    clc_id_map *where = id_map_new(n ? (size_t)cJSON_GetArraySize(probes_of(reports[0])) : 0);
    if (!where) {
        free(rows);
        return NULL;
    }
    for (size_t d = 0; rows && d < n; d++) {
        const cJSON *rec;
        cJSON_ArrayForEach(rec, probes_of(reports[d])) {
            const char *id = html_json_str(rec, "id");
            if (!id)
                continue;
            /* First report: ids are unique, no search needed. */
            size_t k = d > 0 ? (size_t)(uintptr_t)id_map_get(where, id) : 0;
            if (k) {
                k--;
            } else {
                if (count == cap) {
                    row *r = realloc(rows, (cap *= 2) * sizeof *r);
                    if (!r)
                        break;
                    rows = r;
                }
                if (id_map_put(where, id, (void *)(uintptr_t)(count + 1)) != 0)
                    break;
                rows[count] = (row){id, html_json_str(rec, "clause"), HTML_N_VERDICTS, 1, 1, count, 0, 0, 0, 0};
                k = count++;
            }
            clc_verdict v = record_verdict(rec);
            int rank = html_verdict_rank(v);
            rows[k].n_present++;
            rows[k].n_wrong += judged_failure(v) != 0;
            if (rank < rows[k].worst)
                rows[k].worst = rank;
            if (html_verdict_is_failure(v))
                rows[k].all_good = 0;
            if (rank != html_verdict_rank(CLC_VERDICT_PASS))
                rows[k].all_pass = 0;
        }
    }
    id_map_free(where);
    *n_rows = count;
    return rows;
}

/* The comparison with the register of the report's device (the main
 * command's, or --baseline with a register), or NULL. */
static const cJSON *register_cmp(const cJSON *report)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(report, "baseline");
    return cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "register")) ? b : NULL;
}

/* The register's columns of a device row: new (failures and changed
 * deviations), known, newly passing; a device no register describes: "-". */
static void write_register_cells(FILE *f, const cJSON *report)
{
    static const char *const keys[] = {"regressions", "known", "fixes"};
    const cJSON *cmp = register_cmp(report);
    int described = cmp && !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cmp, "not_described"));
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        int c = described ? cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cmp, keys[k])) : 0;
        if (!described)
            fputs("<td class=\"num zero\">-</td>", f);
        else
            fprintf(f, "<td class=\"num%s\">%d</td>", c ? (k == 1 ? "" : " v-fail") : " zero", c);
    }
}

static void write_devices(FILE *f, const cJSON *const *reports, const char *const *pages, size_t n)
{
    int with_register = 0;
    for (size_t d = 0; d < n; d++)
        with_register |= register_cmp(reports[d]) != NULL;
    fputs("<h2 id=\"devices\">Devices</h2>\n<table><tr><th>device</th><th>platform</th>"
          "<th>driver</th><th>OpenCL C</th><th>run</th>", f);
    for (int v = 0; v < HTML_N_VERDICTS; v++)
        if (v != HTML_VERDICT_UNKNOWN)
            fprintf(f, "<th class=\"num\">%s</th>", html_verdicts[v]);
    if (with_register)
        fputs("<th class=\"num\" title=\"failures the register does not name, or names with another "
              "deviation\">new</th><th class=\"num\" title=\"failures the register names\">known</th>"
              "<th class=\"num\" title=\"registered failures that pass\">newly passing</th>", f);
    fputs("</tr>\n", f);
    for (size_t d = 0; d < n; d++) {
        const cJSON *dev = cJSON_GetObjectItemCaseSensitive(reports[d], "device");
        const cJSON *plat = cJSON_GetObjectItemCaseSensitive(reports[d], "platform");
        const cJSON *run = cJSON_GetObjectItemCaseSensitive(reports[d], "run");
        fputs("<tr><td>", f);
        if (pages && pages[d]) {
            fputs("<a href=\"", f);
            html_url_write(f, pages[d]);
            fputs("\">", f);
        }
        html_escape_write(f, html_json_str(dev, "name"));
        if (pages && pages[d])
            fputs("</a>", f);
        fputs("<br><code>", f);
        html_escape_write(f, html_json_str(dev, "key"));
        fputs("</code></td><td>", f);
        html_escape_write(f, html_json_str(plat, "name"));
        fputs("</td><td>", f);
        html_escape_write(f, html_json_str(dev, "driver_version"));
        fputs("</td><td>", f);
        html_escape_write(f, html_json_str(dev, "opencl_c_version"));
        fputs("</td><td>", f);
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete")))
            fputs("complete", f);
        else
            fputs("<span class=\"badge v-fail\">INCOMPLETE</span>", f);
        fputs("</td>", f);
        int counts[HTML_N_VERDICTS];
        html_count_verdicts(probes_of(reports[d]), counts);
        for (int v = 0; v < HTML_N_VERDICTS; v++)
            if (v != HTML_VERDICT_UNKNOWN)
                fprintf(f, "<td class=\"num%s\">%d</td>", counts[v] ? "" : " zero", counts[v]);
        if (with_register)
            write_register_cells(f, reports[d]);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
}

/* A cell is coloured by its verdict and links to the probe's card; its
 * title (a tooltip) carries the detail, or the recorded values of an info. */
static void write_cell(FILE *f, const cJSON *rec, const char *page, const char *id)
{
    if (!rec) {
        fputs("<td class=\"c absent\" title=\"not in this device's run\"></td>", f);
        return;
    }
    const char *v = html_json_str(rec, "verdict");
    clc_verdict verdict = record_verdict(rec);
    const cJSON *actual = cJSON_GetObjectItemCaseSensitive(rec, "actual");
    fprintf(f, "<td class=\"c %s\">", html_verdict_class(verdict));
    fputs(page ? "<a" : "<span", f);
    if (page)
        html_probe_write_href(f, page, id);
    fputs(" title=\"", f);
    if (html_json_str(rec, "detail"))
        html_escape_write_attr(f, html_json_str(rec, "detail"));
    if (cJSON_IsArray(actual) && verdict == CLC_VERDICT_INFO) {
        fputs(": ", f);
        const cJSON *a;
        cJSON_ArrayForEach(a, actual) {
            html_escape_write_attr(f, cJSON_IsString(a) ? a->valuestring : "?");
            fputc(' ', f);
        }
    }
    fputs("\">", f);
    html_escape_write(f, v ? v : "?");
    fputs(page ? "</a></td>" : "</span></td>", f);
}

static void write_matrix_head(FILE *f, const cJSON *const *reports, size_t n)
{
    fputs("<table class=\"matrix\"><thead><tr><th>probe</th><th>clause</th>", f);
    for (size_t d = 0; d < n; d++) {
        fputs("<th class=\"dev\">", f);
        html_escape_write(f, html_json_str(cJSON_GetObjectItemCaseSensitive(reports[d], "device"), "key"));
        fputs("</th>", f);
    }
    fputs("</tr></thead><tbody>\n", f);
}

/* One table of rows [from, to), with a heading that counts them. */
static void write_matrix_part(FILE *f, const cJSON *const *reports, clc_id_map *const *recs,
                              const char *const *pages, size_t n, const row *rows, size_t from, size_t to,
                              const char *anchor, const char *title, const char *none)
{
    fprintf(f, "<h2 id=\"%s\">%s (%zu)</h2>\n", anchor, title, to - from);
    if (from == to) {
        fprintf(f, "<p class=\"muted\">%s</p>\n", none);
        return;
    }
    write_matrix_head(f, reports, n);
    for (size_t r = from; r < to; r++) {
        fputs("<tr><td class=\"pid\">", f);
        html_escape_write(f, rows[r].id);
        if (rows[r].everywhere)
            fputs(" <span class=\"badge v-fail everywhere\" title=\"every device of this run fails this probe: "
                  "suspect the probe first (docs/spec-readings.md)\">fails everywhere &mdash; check the "
                  "expectation</span>", f);
        fputs("</td><td>", f);
        html_escape_write(f, rows[r].clause ? rows[r].clause : "");
        fputs("</td>", f);
        for (size_t d = 0; d < n; d++)
            write_cell(f, id_map_get(recs[d], rows[r].id), pages ? pages[d] : NULL, rows[r].id);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

/* Three parts: rows with a failure somewhere; rows that are not a pass
 * everywhere (implementation-defined values, skips, probes some runs lack),
 * which say how devices differ; and the passes everywhere, only listed. */
static void write_matrix(FILE *f, const cJSON *const *reports, clc_id_map *const *recs, const char *const *pages,
                         size_t n, row *rows, size_t n_rows)
{
    size_t failing = 0, differing, everywhere = 0;
    for (size_t r = 0; r < n_rows; r++) {
        rows[r].part = row_part(&rows[r]);
        rows[r].everywhere = row_fails_everywhere(&rows[r], n);
        everywhere += rows[r].everywhere != 0;
    }
    qsort(rows, n_rows, sizeof *rows, row_cmp);
    while (failing < n_rows && rows[failing].part == 0)
        failing++;
    differing = failing;
    while (differing < n_rows && rows[differing].part == 1)
        differing++;
    if (everywhere)
        fprintf(f, "<p class=\"warn\" id=\"everywhere\">%zu probe(s) fail on every device of this run: a wrong "
                   "expectation is likelier than the same bug in every driver, so check those probes first.</p>\n",
                everywhere);
    write_matrix_part(f, reports, recs, pages, n, rows, 0, failing, "matrix", "Failing on at least one device",
                      "No probe failed on any device.");
    write_matrix_part(f, reports, recs, pages, n, rows, failing, differing, "differing",
                      "Recorded or skipped on at least one device",
                      "Every other probe passed on every device.");
    fprintf(f, "<h2 id=\"good\">Passed on every device that ran them (%zu)</h2>\n<details><summary>list them</summary>"
               "<ul class=\"cols\">\n", n_rows - differing);
    for (size_t r = differing; r < n_rows; r++) {
        fputs("<li>", f);
        html_escape_write(f, rows[r].id);
        fputs("</li>\n", f);
    }
    fputs("</ul></details>\n", f);
}

int report_html_write_index(const cJSON *const *reports, const char *const *device_pages, size_t n,
                            const char *path, FILE *err)
{
    FILE *f = html_file_open(path, err);
    if (!f)
        return -1;
    size_t n_rows = 0;
    row *rows = collect_rows(reports, n, &n_rows);
    /* Each report's records by id, for the cells. */
    clc_id_map **recs = calloc(n ? n : 1, sizeof *recs);
    for (size_t d = 0; rows && recs && d < n; d++)
        if (!(recs[d] = report_probe_map(reports[d]))) {
            free(rows);
            rows = NULL;
        }
    html_page_begin(f, "clconform: devices compared");
    fprintf(f, "<header class=\"top\"><div class=\"inner\"><div class=\"brand\">clconform</div>\n"
               "<h1>%zu device(s) compared</h1><p class=\"sub\">%zu probes; a cell links to the probe on "
               "that device's page</p></div></header>\n<main>\n", n, n_rows);
    write_devices(f, reports, device_pages, n);
    group_html_write(f, reports, device_pages, n);
    if (rows && recs)
        write_matrix(f, reports, recs, device_pages, n, rows, n_rows);
    else
        fputs("<p class=\"warn\">Out of memory: the probes x devices matrix is left out.</p>\n", f);
    for (size_t d = 0; recs && d < n; d++)
        id_map_free(recs[d]);
    free(recs);
    fputs("</main>\n", f);
    const cJSON *tool = n ? cJSON_GetObjectItemCaseSensitive(reports[0], "tool") : NULL;
    html_page_end(f, html_json_str(tool, "version"));
    free(rows);
    return html_file_close(f, path, err);
}
