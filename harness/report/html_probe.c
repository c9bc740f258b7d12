/* One probe record as an HTML card: see html_probe.h. */
#include "html_probe.h"

#include "build_logs.h"

#include <math.h>
#include <string.h>

#include "html_escape.h"
#include "human_time.h"
#include "html_page.h"
#include "record.h"
#include "html_ulp.h"

/* Arrays longer than this show only their head and the rows around the first
 * mismatch; the JSON report keeps every element. */
#define CMP_ALL_ROWS 256
#define CMP_HEAD_ROWS 32
#define CMP_CONTEXT_ROWS 16

void html_probe_write_anchor(FILE *f, const cJSON *rec)
{
    fputs(" id=\"probe-", f);
    html_escape_write_attr(f, html_json_str(rec, "id"));
    fputc('"', f);
}

void html_probe_write_href(FILE *f, const char *page, const char *id)
{
    fputs(" href=\"", f);
    if (page)
        html_url_write(f, page);
    fputs("#probe-", f);
    html_url_write(f, id);
    fputc('"', f);
}

static int json_int(const cJSON *obj, const char *key, int fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || fabs(v->valuedouble) > 1e9)
        return fallback;
    return (int)v->valuedouble;
}

/* A "label value" pair in a .facts line, when the value is present. */
static void write_fact(FILE *f, const char *label, const cJSON *v)
{
    if (!v)
        return;
    fprintf(f, "<span><b>%s</b> ", label);
    html_value_write(f, v, " ");
    fputs("</span>", f);
}

static void write_ms(FILE *f, const char *label, const cJSON *ms)
{
    if (!cJSON_IsNumber(ms))
        return;
    char buf[32];
    fprintf(f, "%s%s", label, human_time_ms(ms->valuedouble, buf, sizeof buf));
}

static void write_head(FILE *f, const cJSON *rec, const char *mark, const char *note)
{
    const char *v = html_json_str(rec, "verdict");
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(rec, "file");

    fputs("<div class=\"phead\">", f);
    html_badge(f, v);
    if (mark) {
        fprintf(f, "<span class=\"mark %s\"", strncmp(mark, "known", 5) == 0 ? "m-known" : "m-new");
        if (note) {
            fputs(" title=\"", f);
            html_escape_write_attr(f, note);
            fputc('"', f);
        }
        fputc('>', f);
        html_escape_write(f, mark);
        fputs("</span>", f);
    }
    html_element(f, "span", "pid", html_json_str(rec, "id"));
    fputs("<a class=\"self\" title=\"link to this probe\"", f);
    html_probe_write_href(f, NULL, html_json_str(rec, "id"));
    fputs(">#</a></div>\n<div class=\"meta\">\xC2\xA7 ", f);
    html_escape_write(f, html_json_str(rec, "clause"));
    fputc(' ', f);
    html_escape_write(f, html_json_str(rec, "spec"));
    fputs(" \xC2\xB7 kind ", f);
    html_escape_write(f, html_json_str(rec, "kind"));
    if (cJSON_IsString(file)) {
        fputs(" \xC2\xB7 ", f);
        html_escape_write(f, file->valuestring);
        fprintf(f, ":%d", json_int(rec, "line", 0));
    }
    write_ms(f, " \xC2\xB7 run ", cJSON_GetObjectItemCaseSensitive(rec, "time_ms"));
    write_ms(f, " \xC2\xB7 build ", cJSON_GetObjectItemCaseSensitive(rec, "build_ms"));
    if (cJSON_GetObjectItemCaseSensitive(rec, "batch_size"))
        fprintf(f, " (%d in program)", json_int(rec, "batch_size", 1));
    fputs("</div>\n", f);
}

/* Where a run alone in a kernel of its own came out otherwise than the
 * batched run (context_fold.h): which verdict each gave, and where the
 * deviation showed. */
static void write_context(FILE *f, const cJSON *ctx)
{
    if (!cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(ctx, "same")))
        return;
    const char *alone = html_json_str(ctx, "alone"), *shown = html_json_str(ctx, "shown");
    const char *batched = html_json_str(ctx, "batched");
    char line[256];
    snprintf(line, sizeof line,
             "Depends on the code around the call: alone in a kernel of its own %s, batched %s (shown %s).",
             alone ? alone : "?", batched ? batched : "as above", shown ? shown : "?");
    html_element(f, "p", "detail", line);
    fputc('\n', f);
}

/* Detail, why, and the short facts of errors, crashes and retries. */
static void write_reason(FILE *f, const cJSON *rec)
{
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(rec, "error");
    const cJSON *retried = cJSON_GetObjectItemCaseSensitive(rec, "retried");

    if (html_json_str(rec, "detail")) {
        html_element(f, "p", "detail", html_json_str(rec, "detail"));
        fputc('\n', f);
    }
    if (html_json_str(rec, "why")) {
        html_element(f, "p", "why", html_json_str(rec, "why"));
        fputc('\n', f);
    }
    write_context(f, cJSON_GetObjectItemCaseSensitive(rec, "context"));
    if (!error && !retried && !cJSON_GetObjectItemCaseSensitive(rec, "signal"))
        return;
    fputs("<div class=\"facts\">", f);
    write_fact(f, "call", cJSON_GetObjectItemCaseSensitive(error, "call"));
    write_fact(f, "code", cJSON_GetObjectItemCaseSensitive(error, "code"));
    write_fact(f, "error", cJSON_GetObjectItemCaseSensitive(error, "name"));
    write_fact(f, "signal", cJSON_GetObjectItemCaseSensitive(rec, "signal"));
    write_fact(f, "first run", cJSON_GetObjectItemCaseSensitive(retried, "first"));
    write_fact(f, "retry", cJSON_GetObjectItemCaseSensitive(retried, "second"));
    fputs("</div>\n", f);
}

static int row_shown(int i, int n, int first)
{
    if (n <= CMP_ALL_ROWS || i < CMP_HEAD_ROWS)
        return 1;
    return first >= 0 && i >= first - CMP_CONTEXT_ROWS && i <= first + CMP_CONTEXT_ROWS;
}

static void write_cmp_row(FILE *f, int i, const cJSON *exp, const cJSON *act, int first)
{
    fprintf(f, "<tr%s><td class=\"num\">%d</td>", i == first ? " class=\"first-mismatch\"" : "", i);
    if (exp) {
        fputs("<td>", f);
        html_value_write(f, cJSON_GetArrayItem(exp, i), " ");
        fputs("</td>", f);
    }
    fputs("<td>", f);
    html_value_write(f, cJSON_GetArrayItem(act, i), " ");
    fputs("</td>", f);
    if (exp)
        fprintf(f, "<td class=\"mark\">%s</td>", i == first ? "\xE2\x97\x80 first mismatch" : "");
    fputs("</tr>\n", f);
}

/* Expected vs actual, one row per element of the output buffer; for an
 * impl-defined record only the actual values. */
static void write_comparison(FILE *f, const cJSON *rec)
{
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(rec, "expected");
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(rec, "actual");
    int first = json_int(rec, "first_mismatch", -1);
    int n, hidden = 0;

    exp = cJSON_IsArray(exp) ? exp : NULL;
    act = cJSON_IsArray(act) ? act : NULL;
    if (!exp && !act)
        return;
    n = cJSON_GetArraySize(exp) > cJSON_GetArraySize(act) ? cJSON_GetArraySize(exp)
                                                          : cJSON_GetArraySize(act);
    fputs(exp ? "<h3>Expected vs actual" : "<h3>Recorded values", f);
    if (exp && cJSON_GetObjectItemCaseSensitive(rec, "mismatches"))
        fprintf(f, " <span class=\"muted\">(%d of %d differ)</span>",
                json_int(rec, "mismatches", 0), n);
    fputs("</h3>\n<table class=\"cmp\"><thead><tr><th class=\"num\">#</th>", f);
    fputs(exp ? "<th>expected</th><th>actual</th><th></th>" : "<th>value</th>", f);
    fputs("</tr></thead><tbody>\n", f);
    for (int i = 0; i < n; i++) {
        if (!row_shown(i, n, first)) {
            hidden++;
            continue;
        }
        if (hidden)
            fprintf(f, "<tr class=\"gap\"><td colspan=\"%d\">\xE2\x80\xA6 %d elements not shown "
                       "(all are in the JSON report)</td></tr>\n", exp ? 4 : 2, hidden);
        hidden = 0;
        write_cmp_row(f, i, exp, act, first);
    }
    if (hidden)
        fprintf(f, "<tr class=\"gap\"><td colspan=\"%d\">\xE2\x80\xA6 %d elements not shown "
                   "(all are in the JSON report)</td></tr>\n", exp ? 4 : 2, hidden);
    fputs("</tbody></table>\n", f);
}

static void write_measure(FILE *f, const cJSON *rec)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(rec, "measure");
    const cJSON *item;

    if (!cJSON_IsObject(m))
        return;
    fputs("<h3>Measured</h3>\n<table class=\"cmp\"><tbody>\n", f);
    cJSON_ArrayForEach(item, m) {
        fputs("<tr><th>", f);
        html_escape_write(f, item->string);
        fputs("</th><td>", f);
        html_value_write(f, item, ", ");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

static void write_inputs(FILE *f, const cJSON *rec)
{
    const cJSON *inputs = cJSON_GetObjectItemCaseSensitive(rec, "inputs");
    const cJSON *in;

    if (cJSON_GetArraySize(inputs) == 0)
        return;
    fputs("<h3>Inputs</h3>\n<table class=\"cmp\"><thead><tr><th>name</th><th>type</th>"
          "<th>values</th></tr></thead><tbody>\n", f);
    cJSON_ArrayForEach(in, inputs) {
        fputs("<tr><td>", f);
        html_escape_write(f, html_json_str(in, "name"));
        fputs("</td><td>", f);
        const char *by_value = html_json_str(in, "by_value"), *image = html_json_str(in, "image");
        if (image && *image) { /* an image: its channel values, of this type */
            html_escape_write(f, image);
            fputs(" (image; channel values, ", f);
            html_escape_write(f, html_json_str(in, "type"));
            fputs(")", f);
        } else if (by_value && *by_value) { /* an `arg`: its bytes, passed as this type */
            html_escape_write(f, by_value);
            fputs(" (by value; bytes)", f);
        } else {
            html_escape_write(f, html_json_str(in, "type"));
        }
        fputs("</td><td>", f);
        html_value_write(f, cJSON_GetObjectItemCaseSensitive(in, "values"), " ");
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody></table>\n", f);
}

/* Build options, work sizes and the output buffer: how to launch it. */
static void write_launch(FILE *f, const cJSON *rec)
{
    const cJSON *options = cJSON_GetObjectItemCaseSensitive(rec, "options");
    const char *out_type = html_json_str(rec, "out_type");

    if (!options && !cJSON_GetObjectItemCaseSensitive(rec, "source"))
        return;
    fputs("<div class=\"facts\"><span><b>build options</b> <code>", f);
    if (cJSON_IsString(options) && options->valuestring[0])
        html_escape_write(f, options->valuestring);
    else
        fputs("(none)", f);
    fputs("</code></span>", f);
    write_fact(f, "kernel", cJSON_GetObjectItemCaseSensitive(rec, "kernel"));
    write_fact(f, "global", cJSON_GetObjectItemCaseSensitive(rec, "global"));
    write_fact(f, "local", cJSON_GetObjectItemCaseSensitive(rec, "local"));
    if (out_type) {
        fputs("<span><b>output</b> <code>__global ", f);
        html_escape_write(f, out_type);
        fprintf(f, " *out</code> \xC3\x97 %d</span>", json_int(rec, "out_count", 0));
    }
    fputs("</div>\n", f);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n + (s[-1] != '\n');
}

static void write_text_block(FILE *f, const char *title, const char *cls, const char *text,
                             int open)
{
    if (!text)
        return;
    if (!text[0]) {
        fprintf(f, "<p class=\"muted\">%s: (empty)</p>\n", title);
        return;
    }
    fprintf(f, "<details%s><summary>%s (%d lines)</summary><pre class=\"%s\">", open ? " open" : "",
            title, count_lines(text), cls);
    html_escape_write(f, text);
    fputs("</pre></details>\n", f);
}

void html_probe_write_card(FILE *f, const cJSON *rec, const cJSON *logs)
{
    html_probe_write_card_marked(f, rec, logs, NULL, NULL);
}

void html_probe_write_card_marked(FILE *f, const cJSON *rec, const cJSON *logs, const char *mark, const char *note)
{
    clc_verdict v = record_verdict(rec);
    int rank = html_verdict_rank(v);
    /* The build log is the evidence of a build verdict: show it unfolded. */
    int log_open = rank == 1 || rank == 2 || rank == 5 || rank == HTML_VERDICT_UNKNOWN;

    fprintf(f, "<article class=\"probe k-%s\"", html_verdict_class(v) + 2);
    html_probe_write_anchor(f, rec);
    fputs(">\n", f);
    write_head(f, rec, mark, note);
    if (note) {
        fputs("<p class=\"why\">", f);
        html_escape_write(f, mark);
        fputs(": ", f);
        html_escape_write(f, note);
        fputs("</p>\n", f);
    }
    write_reason(f, rec);
    html_ulp_write_card_section(f, rec);
    write_comparison(f, rec);
    write_measure(f, rec);
    write_launch(f, rec);
    write_inputs(f, rec);
    /* Info cards are many and their source is rarely the point: fold it. */
    write_text_block(f, "Source", "src", html_json_str(rec, "source"),
                     rank != html_verdict_rank(CLC_VERDICT_INFO));
    /* A log shared by several probes is printed once, at the page's end
     * (report_html.c), and linked from each of their cards. */
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(rec, "build_log_ref");
    const char *log = build_logs_lookup(logs, rec);
    if (cJSON_IsString(ref) && log && log[0]) {
        fputs("<p>Build log: <a href=\"#log-", f);
        html_escape_write_attr(f, ref->valuestring);
        fprintf(f, "\">%s</a> (%d lines, at the end of the page)</p>\n", ref->valuestring, count_lines(log));
    } else {
        write_text_block(f, "Build log", "log", log, log_open);
    }
    fputs("</article>\n", f);
}
