/* The documents explain reads: see explain_docs.h. */
#include "explain_docs.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"

/* The text's lines, split in place: lines[i] points into text. */
typedef struct {
    char *text;
    char **lines;
    size_t n;
} line_file;

static int lines_load(const char *path, line_file *lf)
{
    memset(lf, 0, sizeof *lf);
    FILE *quiet = fopen("/dev/null", "w");
    lf->text = json_file_read_text(path, quiet ? quiet : stderr);
    if (quiet)
        fclose(quiet);
    if (!lf->text)
        return -1;
    size_t cap = 64;
    lf->lines = malloc(cap * sizeof *lf->lines);
    for (char *s = lf->text; lf->lines && s;) {
        if (lf->n == cap) {
            char **nl = realloc(lf->lines, (cap *= 2) * sizeof *nl);
            if (!nl)
                break;
            lf->lines = nl;
        }
        lf->lines[lf->n++] = s;
        s = strchr(s, '\n');
        if (s)
            *s++ = '\0';
    }
    return lf->lines ? 0 : -1;
}

static void lines_free(line_file *lf)
{
    free(lf->text);
    free(lf->lines);
}

/* The paragraph starting at line k (up to a blank line) joined into one line. */
static char *paragraph(const line_file *lf, size_t k)
{
    size_t len = 1;
    for (size_t i = k; i < lf->n && *lf->lines[i]; i++)
        len += strlen(lf->lines[i]) + 1;
    char *out = malloc(len), *o = out;
    for (size_t i = k; out && i < lf->n && *lf->lines[i]; i++)
        o += sprintf(o, "%s%s", o > out ? " " : "", lf->lines[i]);
    return out;
}

/* Adds key: the paragraph of entry [from, to) that starts with marker, the marker dropped. */
static void add_paragraph(cJSON *e, const char *key, const line_file *lf, size_t from, size_t to, const char *marker)
{
    for (size_t i = from; i < to; i++) {
        if (strncmp(lf->lines[i], marker, strlen(marker)) != 0 || (i > from && *lf->lines[i - 1]))
            continue;
        char *para = paragraph(lf, i), *t = para ? para + strlen(marker) : NULL;
        while (t && *t == ' ')
            t++;
        if (t)
            cJSON_AddStringToObject(e, key, t);
        free(para);
        return;
    }
}

/* Does the entry's `Probes:` paragraph [from, to) name a glob matching id? */
static int entry_names(const line_file *lf, size_t from, size_t to, const char *id)
{
    for (size_t i = from; i < to; i++) {
        if (strncmp(lf->lines[i], "Probes:", 7) != 0)
            continue;
        char *para = paragraph(lf, i), *save = NULL;
        int hit = 0;
        for (char *g = para ? strtok_r(para + 7, ", \t", &save) : NULL; g && *g != '(' && !hit;
             g = strtok_r(NULL, ", \t", &save))
            hit = fnmatch(g, id, 0) == 0;
        free(para);
        return hit;
    }
    return 0;
}

/* Is NAME cited in why as `[ledger: NAME]`? */
static int why_cites(const char *why, const char *name)
{
    char tag[160];
    snprintf(tag, sizeof tag, "[ledger: %s]", name);
    return why && strstr(why, tag) != NULL;
}

static cJSON *entry_json(const line_file *lf, const char *path, size_t at, size_t end, int cited, int named)
{
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "name", lf->lines[at] + 3);
    cJSON_AddStringToObject(e, "file", path);
    cJSON_AddNumberToObject(e, "line", (double)at + 1);
    add_paragraph(e, "rule", lf, at + 1, end, "**Rule.**");
    /* An entry without **Rule.** opens with its rule in bold, unless it opens with its text. */
    size_t first = at + 1;
    while (first < end && !*lf->lines[first])
        first++;
    if (!cJSON_GetObjectItemCaseSensitive(e, "rule") && first < end && strncmp(lf->lines[first], "**", 2) == 0 &&
        strncmp(lf->lines[first], "**Text", 6) != 0)
        add_paragraph(e, "rule", lf, first, first + 1, "");
    add_paragraph(e, "text", lf, at + 1, end, "**Text.**");
    if (!cJSON_GetObjectItemCaseSensitive(e, "text"))
        add_paragraph(e, "text", lf, at + 1, end, "Text:");
    cJSON_AddBoolToObject(e, "cited", cited);
    cJSON_AddBoolToObject(e, "names_probe", named);
    return e;
}

/* The citations of why that no entry of the ledger answers. */
static void add_missing(cJSON *out, const char *why)
{
    for (const char *s = why ? strstr(why, "[ledger: ") : NULL; s; s = strstr(s + 1, "[ledger: ")) {
        const char *name = s + 9, *end = strchr(name, ']');
        if (!end)
            break;
        int known = 0;
        cJSON *e;
        cJSON_ArrayForEach(e, out) {
            const char *n = cJSON_GetObjectItemCaseSensitive(e, "name")->valuestring;
            known |= strlen(n) == (size_t)(end - name) && strncmp(n, name, (size_t)(end - name)) == 0;
        }
        if (!known) {
            char buf[160];
            snprintf(buf, sizeof buf, "%.*s", (int)(end - name), name);
            cJSON *m = cJSON_CreateObject();
            cJSON_AddStringToObject(m, "name", buf);
            cJSON_AddBoolToObject(m, "cited", 1);
            cJSON_AddBoolToObject(m, "missing", 1);
            cJSON_AddItemToArray(out, m);
        }
    }
}

cJSON *explain_ledger_for(const clc_probe *p, const char *ledger_path)
{
    cJSON *out = cJSON_CreateArray();
    line_file lf;
    if (!out || lines_load(ledger_path, &lf) != 0)
        return out;
    for (size_t i = 0; i < lf.n; i++) {
        if (strncmp(lf.lines[i], "## ", 3) != 0)
            continue;
        size_t end = i + 1;
        while (end < lf.n && strncmp(lf.lines[end], "## ", 3) != 0 && strncmp(lf.lines[end], "# ", 2) != 0)
            end++;
        int cited = why_cites(p->why, lf.lines[i] + 3), named = entry_names(&lf, i + 1, end, p->id);
        if (cited || named)
            cJSON_AddItemToArray(out, entry_json(&lf, ledger_path, i, end, cited, named));
    }
    add_missing(out, p->why);
    lines_free(&lf);
    return out;
}

cJSON *explain_spec_heading(const clc_probe *p, const char *headings_path)
{
    cJSON *out = cJSON_CreateObject();
    const char *spec = p->spec ? p->spec : "";
    char key[512];
    const char *colon = strstr(spec, ": ");
    const char *uni = strstr(spec, " (unified)");
    if (uni && colon && uni < colon)
        snprintf(key, sizeof key, "%.*s%s", (int)(uni - spec), spec, colon);
    else
        snprintf(key, sizeof key, "%s", spec);
    cJSON_AddStringToObject(out, "heading", spec);
    cJSON_AddStringToObject(out, "file", headings_path);
    line_file lf;
    size_t found = 0;
    if (lines_load(headings_path, &lf) == 0) {
        for (size_t i = 0; i < lf.n && !found; i++)
            if (strcmp(lf.lines[i], key) == 0)
                found = i + 1;
        lines_free(&lf);
    }
    if (found)
        cJSON_AddNumberToObject(out, "line", (double)found);
    else
        cJSON_AddNullToObject(out, "line");
    return out;
}

cJSON *explain_generators(const char *probe_file)
{
    cJSON *out = cJSON_CreateArray();
    line_file lf;
    if (!out || lines_load(probe_file, &lf) != 0)
        return out;
    /* The header: the comment lines before the first section. */
    for (size_t i = 0; i < lf.n && lf.lines[i][0] != '['; i++) {
        const char *g = lf.lines[i][0] == '#' ? strstr(lf.lines[i], "Generated by ") : NULL;
        for (const char *s = g ? strstr(g, "scripts/") : NULL; s; s = strstr(s + 1, "scripts/")) {
            size_t n = 0;
            while (s[n] && (isalnum((unsigned char)s[n]) || strchr("/_.-", s[n])))
                n++;
            while (n && s[n - 1] == '.')
                n--;
            char path[256];
            snprintf(path, sizeof path, "%.*s", (int)n, s);
            cJSON_AddItemToArray(out, cJSON_CreateString(path));
        }
        /* `gen_math.c and gen_math_overloads.c`: the second named by its folder's first. */
        const char *and = g ? strstr(g, " and gen_") : NULL;
        if (and && cJSON_GetArraySize(out) > 0) {
            const char *first = cJSON_GetArrayItem(out, cJSON_GetArraySize(out) - 1)->valuestring;
            const char *slash = strrchr(first, '/');
            size_t n = 0;
            while (and[5 + n] && (isalnum((unsigned char)and[5 + n]) || strchr("_.", and[5 + n])))
                n++;
            char path[512];
            snprintf(path, sizeof path, "%.*s%.*s", (int)(slash - first + 1), first, (int)n, and + 5);
            cJSON_AddItemToArray(out, cJSON_CreateString(path));
        }
    }
    lines_free(&lf);
    return out;
}

/* A table row's name pattern (`iwg_resident_WG`) as a glob: each run of
 * upper-case letters stands for any text. */
static void pattern_glob(const char *pat, size_t n, char *glob, size_t len)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 2 < len; i++) {
        if (isupper((unsigned char)pat[i])) {
            glob[o++] = '*';
            while (i + 1 < n && isupper((unsigned char)pat[i + 1]))
                i++;
        } else {
            glob[o++] = pat[i];
        }
    }
    glob[o] = '\0';
}

/* The row of section [from, to) whose first cell's pattern matches name. */
static void add_row(cJSON *out, const line_file *lf, size_t from, size_t to, const char *name)
{
    for (size_t i = from; i < to; i++) {
        const char *l = lf->lines[i], *tick = strncmp(l, "| `", 3) == 0 ? strchr(l + 3, '`') : NULL;
        char glob[128];
        if (!tick)
            continue;
        pattern_glob(l + 3, (size_t)(tick - (l + 3)), glob, sizeof glob);
        if (fnmatch(glob, name, 0) == 0) {
            cJSON_AddStringToObject(out, "row", l);
            cJSON_AddNumberToObject(out, "row_line", (double)i + 1);
            return;
        }
    }
}

/* The subsection of [from, to) whose heading names a glob (`iwg_resident_*`)
 * matching name: how that measurement is made. */
static void add_how(cJSON *out, const line_file *lf, size_t from, size_t to, const char *name)
{
    for (size_t i = from; i < to; i++) {
        const char *l = lf->lines[i], *a = strncmp(l, "### ", 4) == 0 ? strchr(l, '`') : NULL;
        const char *b = a ? strchr(a + 1, '`') : NULL;
        char glob[128];
        if (!b || (size_t)(b - a) >= sizeof glob || !memchr(a, '*', (size_t)(b - a)))
            continue;
        snprintf(glob, sizeof glob, "%.*s", (int)(b - a - 1), a + 1);
        if (fnmatch(glob, name, 0) == 0) {
            cJSON *how = cJSON_AddObjectToObject(out, "how");
            cJSON_AddNumberToObject(how, "line", (double)i + 1);
            cJSON_AddStringToObject(how, "heading", l + 4);
            return;
        }
    }
}

cJSON *explain_measure_doc(const clc_probe *p, const char *measurements_path)
{
    cJSON *out = cJSON_CreateObject();
    cJSON_AddStringToObject(out, "name", p->measure ? p->measure : "");
    const char *file = p->file ? strstr(p->file, "probes/") : NULL;
    line_file lf;
    if (!file || lines_load(measurements_path, &lf) != 0)
        return out;
    char quoted[512];
    snprintf(quoted, sizeof quoted, "`%s`", file);
    for (size_t i = 0; i < lf.n; i++) {
        if (strncmp(lf.lines[i], "## ", 3) != 0 || !strstr(lf.lines[i], quoted))
            continue;
        size_t end = i + 1;
        while (end < lf.n && strncmp(lf.lines[end], "## ", 3) != 0)
            end++;
        cJSON *doc = cJSON_AddObjectToObject(out, "doc");
        cJSON_AddStringToObject(doc, "file", measurements_path);
        cJSON_AddNumberToObject(doc, "line", (double)i + 1);
        cJSON_AddStringToObject(doc, "heading", lf.lines[i] + 3);
        add_row(out, &lf, i + 1, end, p->measure ? p->measure : "");
        add_how(out, &lf, i + 1, end, p->measure ? p->measure : "");
        break;
    }
    lines_free(&lf);
    return out;
}
