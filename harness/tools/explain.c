/* `clconform explain`: see explain.h. The explanation is built as one JSON
 * document (explain_probe); the text output renders that document, so the
 * two never say different things. */
#include "explain.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain_docs.h"
#include "explain_element.h"
#include "explain_register.h"
#include "probe_load.h"

/* How a probe of this kind is judged, in one line. */
static const char *judging(const clc_probe *p)
{
    switch (p->kind) {
    case CLC_KIND_RUN:
        return p->has_ulp ? "run: passes when every judged element is within the ulp bound of its reference (`*`: "
                            "not judged)"
                          : "run: passes when every judged element equals its expected value (`*`: not judged)";
    case CLC_KIND_BUILD_FAIL:
        return "build-fail: the program must not build (building is `unexpected-build-ok`)";
    case CLC_KIND_BUILD_OK:
        return "build-ok: the program must build";
    case CLC_KIND_IMPL_DEFINED:
        return "impl-defined: the values are recorded as info, never judged";
    default:
        return "measure: the numbers are recorded as info, never pass or fail (error when an OpenCL call fails, "
               "naming it)";
    }
}

cJSON *explain_probe(const clc_probe *p, int has_element, size_t e, const clc_explain_paths *paths)
{
    cJSON *doc = cJSON_CreateObject();
    char ledger[PATH_MAX], headings[PATH_MAX], measures[PATH_MAX], expected[PATH_MAX];
    /* Paths as a reader types them: docs/..., not ./docs/..., from the tree's root. */
    const char *root = strcmp(paths->root, ".") == 0 ? "" : paths->root, *sep = *root ? "/" : "";
    snprintf(ledger, sizeof ledger, "%s%sdocs/spec-readings.md", root, sep);
    snprintf(headings, sizeof headings, "%s%sdocs/unified-spec-headings.txt", root, sep);
    snprintf(measures, sizeof measures, "%s%sdocs/measurements.md", root, sep);
    snprintf(expected, sizeof expected, "%s%sexpected", root, sep);
    cJSON_AddStringToObject(doc, "id", p->id);
    cJSON_AddStringToObject(doc, "file", p->file ? p->file : "");
    cJSON_AddNumberToObject(doc, "line", p->line);
    cJSON_AddItemToObject(doc, "generators", p->file ? explain_generators(p->file) : cJSON_CreateArray());
    cJSON_AddStringToObject(doc, "kind", probe_kind_name(p->kind));
    cJSON_AddStringToObject(doc, "judged", judging(p));
    cJSON_AddItemToObject(doc, "spec", explain_spec_heading(p, headings));
    cJSON_AddStringToObject(doc, "why", p->why ? p->why : "");
    cJSON_AddItemToObject(doc, "ledger", explain_ledger_for(p, ledger));
    if (p->kind == CLC_KIND_MEASURE)
        cJSON_AddItemToObject(doc, "measure", explain_measure_doc(p, measures));
    if (p->kind != CLC_KIND_MEASURE && p->out_count)
        cJSON_AddNumberToObject(doc, "out_count", (double)p->out_count);
    if (has_element)
        cJSON_AddItemToObject(doc, "element", explain_element(p, e));
    cJSON_AddItemToObject(doc, "register", explain_register_matches(p->id, expected));
    return doc;
}

/* ---- text ---------------------------------------------------------------- */

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static int flag(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static void print_head(FILE *f, const cJSON *doc)
{
    const cJSON *g, *spec = cJSON_GetObjectItemCaseSensitive(doc, "spec");
    fprintf(f, "%s\n  probe      %s:%d\n", str(doc, "id"), str(doc, "file"), (int)num(doc, "line"));
    cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(doc, "generators"))
        fprintf(f, "  generator  %s (edit it, then make regen; the probe file is its output)\n", g->valuestring);
    fprintf(f, "  judged     %s\n  spec       %s", str(doc, "judged"), str(spec, "heading"));
    if (num(spec, "line") > 0)
        fprintf(f, " (%s:%d)\n", str(spec, "file"), (int)num(spec, "line"));
    else
        fprintf(f, " (not a heading of %s)\n", str(spec, "file"));
    fprintf(f, "  why        %s\n", str(doc, "why"));
}

static void print_ledger(FILE *f, const cJSON *doc)
{
    const cJSON *e, *ledger = cJSON_GetObjectItemCaseSensitive(doc, "ledger");
    if (cJSON_GetArraySize(ledger) == 0)
        fputs("  ledger     none: no entry of docs/spec-readings.md is cited by the probe or names it\n", f);
    cJSON_ArrayForEach(e, ledger) {
        if (flag(e, "missing")) {
            fprintf(f, "  ledger     %s: cited in why, but no such entry in the ledger\n", str(e, "name"));
            continue;
        }
        fprintf(f, "  ledger     %s (%s:%d; %s)\n", str(e, "name"), str(e, "file"), (int)num(e, "line"),
                flag(e, "cited") && flag(e, "names_probe") ? "cited in why, and its Probes: line names this probe"
                : flag(e, "cited")                         ? "cited in why"
                                                           : "its Probes: line names this probe; why does not cite it");
        if (*str(e, "rule"))
            fprintf(f, "               rule: %s\n", str(e, "rule"));
        if (*str(e, "text"))
            fprintf(f, "               spec text: %s\n", str(e, "text"));
    }
}

static void print_measure(FILE *f, const cJSON *m)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(m, "doc");
    fprintf(f, "  measures   %s", str(m, "name"));
    if (d)
        fprintf(f, ": %s:%d, \"%s\"", str(d, "file"), (int)num(d, "line"), str(d, "heading"));
    fputc('\n', f);
    if (*str(m, "row"))
        fprintf(f, "               %s (line %d)\n", str(m, "row"), (int)num(m, "row_line"));
    const cJSON *how = cJSON_GetObjectItemCaseSensitive(m, "how");
    if (how)
        fprintf(f, "               how: \"%s\" (line %d)\n", str(how, "heading"), (int)num(how, "line"));
}

static void print_element(FILE *f, const cJSON *el)
{
    const cJSON *o;
    fprintf(f, "  element    %d\n", (int)num(el, "index"));
    if (*str(el, "iteration"))
        fprintf(f, "    written by %s\n", str(el, "iteration"));
    if (*str(el, "call"))
        fprintf(f, "    call       %s\n", str(el, "call"));
    if (*str(el, "statement"))
        fprintf(f, "    statement  %s\n", str(el, "statement"));
    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(el, "operands"))
        fprintf(f, "    operand    %s[%d] = %s\n", str(o, "name"), (int)num(o, "index"), str(o, "value"));
    if (!strcmp(str(el, "from"), "none"))
        fputs("    call       not mapped: no element label, and the kernel is not of a shape explain reads\n", f);
    fprintf(f, "    expected   %s (%s)", str(el, "expected"), str(el, "type"));
    if (num(el, "ulp") >= 0)
        fprintf(f, ", within %g ulp", num(el, "ulp"));
    fputc('\n', f);
}

static void print_register(FILE *f, const cJSON *doc)
{
    const cJSON *e, *d, *v, *reg = cJSON_GetObjectItemCaseSensitive(doc, "register");
    if (cJSON_GetArraySize(reg) == 0) {
        fputs("  register   no entry of expected/ matches: no known driver is recorded failing it\n", f);
        return;
    }
    cJSON_ArrayForEach(e, reg) {
        if (*str(e, "error")) {
            fprintf(f, "  register   %s: %s\n", str(e, "file"), str(e, "error"));
            continue;
        }
        fprintf(f, "  register   %s:%d%s [", str(e, "file"), (int)num(e, "line"),
                flag(e, "applies") ? "" : " (shadowed by an earlier entry of the file)");
        int first = 1;
        cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(e, "driver")) {
            fprintf(f, "%s%s", first ? "" : "; ", d->valuestring);
            first = 0;
        }
        fprintf(f, "]\n               %s  ", str(e, "glob"));
        first = 1;
        cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(e, "verdicts")) {
            fprintf(f, "%s%s", first ? "" : "|", v->valuestring);
            first = 0;
        }
        fprintf(f, "  %s  %s\n", str(e, "clause"), str(e, "reason"));
    }
}

void explain_print(FILE *f, const cJSON *doc)
{
    print_head(f, doc);
    print_ledger(f, doc);
    if (cJSON_GetObjectItemCaseSensitive(doc, "measure"))
        print_measure(f, cJSON_GetObjectItemCaseSensitive(doc, "measure"));
    if (num(doc, "out_count") > 0 && !cJSON_GetObjectItemCaseSensitive(doc, "element"))
        fprintf(f, "  elements   %d (explain %s:N for one)\n", (int)num(doc, "out_count"), str(doc, "id"));
    if (cJSON_GetObjectItemCaseSensitive(doc, "element"))
        print_element(f, cJSON_GetObjectItemCaseSensitive(doc, "element"));
    print_register(f, doc);
}

/* ---- the command ---------------------------------------------------------- */

static int explain_usage(FILE *f)
{
    fputs("usage: clconform explain ID[:ELEMENT] [--json] [--probes PATH]... [--root DIR]\n"
          "       clconform explain --call 'FUNCTION(VALUE)' [--json] [--probes PATH]... [--root DIR]\n"
          "  What a probe checks and where it is judged, from probes/, expected/ and docs/ (no device):\n"
          "  the probe's file and line (and the generator that writes it), the spec heading,\n"
          "  how it is judged, the ledger entries it rests on, element ELEMENT's call, operands and\n"
          "  expected value, and every register entry (expected/) that matches it on a known driver.\n"
          "  --call F(V)    every element whose label says it is F applied to V (e.g.\n"
          "                 'convert_int_sat_rte(NaN)'), with its probe, element and expected value\n"
          "  --json         the same as one JSON document\n"
          "  --probes PATH  probe file or folder instead of the suite's (repeatable)\n"
          "  --root DIR     where docs/ and expected/ are (default: the folder above the probes)\n", f);
    return 2;
}

/* ID[:ELEMENT]: splits q into the id and the element (-1: none). */
static int split_query(const char *q, char *id, size_t len, long *element)
{
    const char *colon = strrchr(q, ':');
    char *end = NULL;
    *element = -1;
    if (colon && colon[1]) {
        long e = strtol(colon + 1, &end, 10);
        if (*end || e < 0)
            return -1;
        *element = e;
    }
    size_t n = colon ? (size_t)(colon - q) : strlen(q);
    if (n == 0 || n >= len)
        return -1;
    snprintf(id, len, "%.*s", (int)n, q);
    return 0;
}

/* --call F(V): the matches, as text or JSON. */
static int explain_call(const clc_probe_set *set, const char *call, int json)
{
    char fn[128], arg[128];
    const char *open = strchr(call, '('), *close = strrchr(call, ')');
    if (!open || !close || close < open || (size_t)(open - call) >= sizeof fn ||
        (size_t)(close - open - 1) >= sizeof arg || close[1]) {
        fprintf(stderr, "clconform explain: --call wants FUNCTION(VALUE), e.g. 'convert_int_sat_rte(NaN)'\n");
        return 2;
    }
    snprintf(fn, sizeof fn, "%.*s", (int)(open - call), call);
    snprintf(arg, sizeof arg, "%.*s", (int)(close - open - 1), open + 1);
    cJSON *hits = explain_find_call(set, fn, arg), *h;
    if (json) {
        char *t = cJSON_Print(hits);
        puts(t ? t : "[]");
        free(t);
    } else {
        cJSON_ArrayForEach(h, hits)
            printf("%s:%d  %s, i.e. %s  expected %s  (%s:%d)\n", str(h, "id"), (int)num(h, "element"), str(h, "call"),
                   str(h, "statement"), str(h, "expected"), str(h, "file"), (int)num(h, "line"));
        printf("%d element(s) judge %s; clconform explain ID:ELEMENT says more about one\n", cJSON_GetArraySize(hits),
               call);
    }
    int n = cJSON_GetArraySize(hits);
    cJSON_Delete(hits);
    return n ? 0 : 1;
}

static const clc_probe *find_probe(const clc_probe_set *set, const char *id)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i].id, id) == 0)
            return &set->items[i];
    return NULL;
}

/* One probe (and element): 0, or 2 when the id or element is unknown. */
static int explain_one(const clc_probe_set *set, const char *query, int json, const clc_explain_paths *paths)
{
    char id[512];
    long e;
    if (split_query(query, id, sizeof id, &e) != 0) {
        fprintf(stderr, "clconform explain: '%s' is not ID or ID:ELEMENT\n", query);
        return 2;
    }
    const clc_probe *p = find_probe(set, id);
    if (!p) {
        fprintf(stderr, "clconform explain: no probe %s (ids are as reports write them)\n", id);
        return 2;
    }
    if (e >= 0 && (size_t)e >= p->out_count) {
        fprintf(stderr, "clconform explain: %s has %zu output elements; %ld is not one\n", id, p->out_count, e);
        return 2;
    }
    cJSON *doc = explain_probe(p, e >= 0, e >= 0 ? (size_t)e : 0, paths);
    if (json) {
        char *t = cJSON_Print(doc);
        puts(t ? t : "{}");
        free(t);
    } else {
        explain_print(stdout, doc);
    }
    cJSON_Delete(doc);
    return 0;
}

int explain_main(int argc, char **argv, const char *default_probes)
{
    const char *query = NULL, *call = NULL, *root = NULL, *paths[64];
    size_t n_paths = 0;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (!strcmp(a, "--json"))
            json = 1;
        else if (!strcmp(a, "--call") && has)
            call = argv[++i];
        else if (!strcmp(a, "--root") && has)
            root = argv[++i];
        else if (!strcmp(a, "--probes") && has && n_paths < 64)
            paths[n_paths++] = argv[++i];
        else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return explain_usage(stdout) & 0;
        else if (a[0] != '-' && !query)
            query = a;
        else {
            fprintf(stderr, "clconform explain: unexpected argument '%s'\n", a);
            return explain_usage(stderr);
        }
    }
    if (!query == !call)
        return explain_usage(stderr);
    char up[PATH_MAX];
    snprintf(up, sizeof up, "%s", default_probes);
    clc_explain_paths ep = {root ? root : dirname(up)};
    clc_probe_set set = {0};
    int rc = 0;
    if (n_paths == 0)
        rc = probe_load_path(default_probes, &set, stderr);
    for (size_t i = 0; i < n_paths && rc == 0; i++)
        rc = probe_load_path(paths[i], &set, stderr);
    if (rc == 0)
        rc = call ? explain_call(&set, call, json) : explain_one(&set, query, json, &ep);
    else
        rc = 2;
    probe_set_free(&set);
    return rc;
}
