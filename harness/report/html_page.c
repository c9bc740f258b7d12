/* The shared frame of the HTML pages: see html_page.h. */
#include "html_page.h"
#include "record.h"
#include "atomic_file.h"

#include <errno.h>
#include <string.h>

#include "html_escape.h"

const char *const html_verdicts[HTML_N_VERDICTS] = {
    "fail", "build-fail", "unexpected-build-ok", "timeout", "crash", "error",
    "unknown", "info", "skip", "pass",
};

static const char *const verdict_classes[HTML_N_VERDICTS] = {
    "v-fail", "v-build-fail", "v-unexpected-build-ok", "v-timeout", "v-crash", "v-error",
    "v-unknown", "v-info", "v-skip", "v-pass",
};

/* One style sheet for every page, inline so a page is one file that opens
 * offline and from an e-mail attachment. Colours: red for a wrong result,
 * purple for a dead worker, amber for a hang, orange for an API error, blue
 * for recorded information, grey for skips, green for passes. */
static const char style_sheet[] =
    ":root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#f6f8fa;--card:#fff;"
    "--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace}\n"
    "*{box-sizing:border-box}\n"
    "body{margin:0;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',"
    "'Liberation Sans',sans-serif;color:var(--fg);background:var(--bg)}\n"
    "main{max-width:1280px;margin:0 auto;padding:0 24px 48px}\n"
    "header.top{background:#24292f;color:#fff;padding:20px 24px 16px}\n"
    "header.top .inner{max-width:1280px;margin:0 auto}\n"
    "header.top .brand{font-size:12px;letter-spacing:.08em;text-transform:uppercase;"
    "color:#9198a1}\n"
    "header.top h1{margin:2px 0 4px;font-size:24px;font-weight:600;overflow-wrap:anywhere}\n"
    "header.top .sub{color:#d1d9e0;margin:0;overflow-wrap:anywhere}\n"
    "nav.sections{display:flex;gap:16px;flex-wrap:wrap;padding:10px 0;margin-bottom:8px;"
    "border-bottom:1px solid var(--line)}\n"
    "nav.sections a{color:var(--muted);text-decoration:none;font-weight:500}\n"
    "nav.sections a:hover{color:#0969da}\n"
    "h2{font-size:18px;margin:28px 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}\n"
    "h3{font-size:14px;margin:16px 0 6px}\n"
    "a{color:#0969da}\n"
    "code,pre,.mono{font-family:var(--mono);font-size:12.5px}\n"
    ".banner{margin:16px 0;padding:12px 16px;border-radius:6px;font-weight:600}\n"
    ".banner.complete{background:#dafbe1;color:#116329;border:1px solid #aceebb}\n"
    ".banner.incomplete{background:#cf222e;color:#fff;font-size:18px;"
    "letter-spacing:.02em;border:2px solid #82071e}\n"
    ".banner .why{display:block;font-weight:400;font-size:14px;margin-top:2px}\n"
    ".tiles{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 16px}\n"
    ".tile{min-width:104px;padding:8px 12px;border-radius:6px;border:1px solid var(--line);"
    "background:var(--card)}\n"
    ".tile .n{display:block;font-size:22px;font-weight:600;line-height:1.2}\n"
    ".tile .l{color:var(--muted);font-size:12px}\n"
    ".tile.zero{opacity:.45}\n"
    "table{border-collapse:collapse;background:var(--card)}\n"
    "th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}\n"
    "th{background:#f0f3f6;font-weight:600}\n"
    "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\n"
    "td.zero{color:#c2c8cf}\n"
    ".grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}\n"
    "table.kv{width:100%}\n"
    "table.kv th{width:34%;white-space:nowrap}\n"
    "table.kv td{overflow-wrap:anywhere}\n"
    ".badge{display:inline-block;padding:1px 8px;border-radius:12px;font-size:12px;"
    "font-weight:600;white-space:nowrap;border:1px solid transparent}\n"
    "p.warn{background:#fff8c5;border:1px solid #f0dc8c;border-radius:6px;padding:6px 10px}\n"
    ".v-pass{background:#dafbe1;color:#116329;border-color:#aceebb}\n"
    ".v-fail,.v-build-fail,.v-unexpected-build-ok,.v-unknown{background:#ffebe9;color:#a40e26;"
    "border-color:#ffcecb}\n"
    ".v-timeout{background:#fff8c5;color:#7d4e00;border-color:#f0dc8c}\n"
    ".v-crash{background:#fbefff;color:#6e40c9;border-color:#e6ccff}\n"
    ".v-error{background:#fff1e5;color:#953800;border-color:#ffd8b5}\n"
    ".v-info{background:#ddf4ff;color:#0550ae;border-color:#b6e3ff}\n"
    ".v-skip{background:#f6f8fa;color:#59636e;border-color:#d1d9e0}\n"
    "article.probe{background:var(--card);border:1px solid var(--line);border-left:4px solid "
    "#cf222e;border-radius:6px;padding:10px 16px 12px;margin:12px 0}\n"
    "article.probe.k-info{border-left-color:#0969da}\n"
    "article.probe.k-timeout{border-left-color:#bf8700}\n"
    "article.probe.k-crash{border-left-color:#8250df}\n"
    "article.probe.k-error{border-left-color:#bc4c00}\n"
    "article.probe:target{box-shadow:0 0 0 3px #54aeff66}\n"
    /* Hundreds of cards and thousands of passing ids: the browser lays out
     * and paints only what is on screen (a 5,600-probe page rendered 3.5 s
     * beyond an empty page, 1.1 s with this; a page must render within 2 s). */
    "article.probe,#passes,#skips,#build-logs{content-visibility:auto;contain-intrinsic-size:auto 320px}\n"
    ".phead{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px}\n"
    ".mark{display:inline-block;padding:1px 8px;border-radius:12px;font-size:12px;margin-right:6px}\n"
    ".m-known{background:#e3e8ef;color:#334}\n.m-new{background:#b3261e;color:#fff}\n"
    ".pid{font-family:var(--mono);font-size:14px;font-weight:600;overflow-wrap:anywhere}\n"
    ".meta{color:var(--muted);font-size:12.5px}\n"
    "a.self{color:#afb8c1;text-decoration:none}\n"
    ".detail{margin:6px 0;font-weight:500;overflow-wrap:anywhere}\n"
    ".why{margin:4px 0 8px;color:var(--muted);font-style:italic}\n"
    "table.cmp td{font-family:var(--mono);font-size:12.5px}\n"
    "table.cmp tr.first-mismatch td{background:#ffebe9;font-weight:600}\n"
    "table.cmp tr.first-mismatch td.mark{color:#a40e26}\n"
    "table.cmp tr.gap td{color:var(--muted);font-style:italic;font-family:inherit}\n"
    "pre{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:8px 12px;"
    "overflow:auto;max-height:420px;margin:4px 0 8px;white-space:pre-wrap;overflow-wrap:anywhere}\n"
    "pre.log{background:#1f2328;color:#e6edf3;border-color:#1f2328}\n"
    "details>summary{cursor:pointer;color:var(--muted);font-weight:500;margin:4px 0}\n"
    ".facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:6px 0;font-size:13px}\n"
    ".facts b{color:var(--muted);font-weight:500}\n"
    "ul.cols{columns:3 320px;margin:8px 0;padding-left:18px;font-family:var(--mono);"
    "font-size:12.5px}\n"
    "ul.cols li{break-inside:avoid;overflow-wrap:anywhere}\n"
    "ul.cols li:target{background:#fff8c5}\n"
    ".muted{color:var(--muted)}\n"
    "table.matrix td.c{text-align:center;padding:0}\n"
    "table.matrix td.c a,table.matrix td.c span{display:block;padding:3px 6px;"
    "text-decoration:none;color:inherit;font-size:12px;font-weight:600}\n"
    "table.matrix td.absent{background:repeating-linear-gradient(45deg,#fff,#fff 4px,"
    "#f0f3f6 4px,#f0f3f6 8px)}\n"
    "table.matrix th.dev{vertical-align:bottom;font-weight:500;font-size:12px;max-width:140px;"
    "overflow-wrap:anywhere}\n"
    "table.matrix thead th{position:sticky;top:0;z-index:1}\n"
    "table.matrix td.pid{font-family:var(--mono);font-size:12.5px;overflow-wrap:anywhere}\n"
    "footer{max-width:1280px;margin:0 auto;padding:16px 24px 32px;color:var(--muted);"
    "font-size:12px}\n";

int html_verdict_rank(clc_verdict v)
{
    /* Each verdict's place in html_verdicts. */
    static const int rank[CLC_VERDICT_COUNT] = {
        [CLC_VERDICT_FAIL] = 0,    [CLC_VERDICT_BUILD_FAIL] = 1, [CLC_VERDICT_UNEXPECTED_BUILD_OK] = 2,
        [CLC_VERDICT_TIMEOUT] = 3, [CLC_VERDICT_CRASH] = 4,      [CLC_VERDICT_ERROR] = 5,
        [CLC_VERDICT_INFO] = 7,    [CLC_VERDICT_SKIP] = 8,       [CLC_VERDICT_PASS] = 9,
    };
    return (size_t)v < CLC_VERDICT_COUNT ? rank[v] : HTML_VERDICT_UNKNOWN;
}

int html_verdict_is_failure(clc_verdict v)
{
    return html_verdict_rank(v) <= HTML_VERDICT_UNKNOWN;
}

const char *html_verdict_class(clc_verdict v)
{
    return verdict_classes[html_verdict_rank(v)];
}

int html_count_verdicts(const cJSON *probes, int counts[HTML_N_VERDICTS])
{
    const cJSON *rec;
    int total = 0;

    memset(counts, 0, sizeof counts[0] * HTML_N_VERDICTS);
    cJSON_ArrayForEach(rec, probes) {
        counts[html_verdict_rank(record_verdict(rec))]++;
        total++;
    }
    return total;
}

const char *html_json_str(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int array_has_containers(const cJSON *array)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, array) {
        if (cJSON_IsArray(item) || cJSON_IsObject(item))
            return 1;
    }
    return 0;
}

static void write_number(FILE *f, double d)
{
    /* Integers (sizes, counts, error codes) print in full, not as 1.23e+09. */
    /* Range first: converting a double beyond long long (or NaN) is undefined. */
    if (d > -9007199254740992.0 && d < 9007199254740992.0 && d == (double)(long long)d)
        fprintf(f, "%lld", (long long)d);
    else
        fprintf(f, "%.17g", d);
}

void html_value_write(FILE *f, const cJSON *v, const char *joiner)
{
    if (!v)
        return;
    if (cJSON_IsString(v)) {
        html_escape_write(f, v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        write_number(f, v->valuedouble);
    } else if (cJSON_IsBool(v)) {
        fputs(cJSON_IsTrue(v) ? "true" : "false", f);
    } else if (cJSON_IsNull(v)) {
        fputs("null", f);
    } else if (cJSON_IsArray(v) && !array_has_containers(v)) {
        const cJSON *item;
        int first = 1;
        cJSON_ArrayForEach(item, v) {
            if (!first)
                html_escape_write(f, joiner);
            first = 0;
            html_value_write(f, item, joiner);
        }
    } else {
        char *json = cJSON_PrintUnformatted(v);
        html_escape_write(f, json ? json : "(out of memory)");
        cJSON_free(json);
    }
}

void html_page_begin(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>", f);
    html_escape_write(f, title);
    fputs("</title>\n<style>\n", f);
    fputs(style_sheet, f);
    fputs("</style>\n</head>\n<body>\n", f);
}

void html_page_end(FILE *f, const char *tool_version)
{
    fputs("<footer>Generated by clconform", f);
    if (tool_version) {
        fputc(' ', f);
        html_escape_write(f, tool_version);
    }
    fputs(" from report schema 1. This page is self-contained: no scripts, no network "
          "resources.</footer>\n</body>\n</html>\n", f);
}

void html_element(FILE *f, const char *tag, const char *cls, const char *s)
{
    fprintf(f, "<%s", tag);
    if (cls)
        fprintf(f, " class=\"%s\"", cls);
    fputc('>', f);
    html_escape_write(f, s);
    fprintf(f, "</%s>", tag);
}

void html_badge(FILE *f, const char *v)
{
    fprintf(f, "<span class=\"badge %s\">", html_verdict_class(verdict_parse(v)));
    html_escape_write(f, v ? v : "(none)");
    fputs("</span>", f);
}

/* Pages and JUnit files go through a temporary file and a rename
 * (atomic_file.h): a reader never finds half a page. */
FILE *html_file_open(const char *path, FILE *err)
{
    return atomic_file_open(path, err);
}

int html_file_close(FILE *f, const char *path, FILE *err)
{
    return atomic_file_commit(f, path, err);
}
