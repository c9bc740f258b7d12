/* A probe's deviation, as a register entry names it: see register_dev.h. */
#include "register_dev.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int has_string(const cJSON *arr, const char *s)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it) && strcmp(it->valuestring, s) == 0)
            return 1;
    return 0;
}

static void add_unique(cJSON *arr, const char *s)
{
    if (!has_string(arr, s))
        cJSON_AddItemToArray(arr, cJSON_CreateString(s));
}

/* s with every run of blanks one blank, none at either end (malloc'd). */
static char *collapse(const char *s)
{
    char *out = malloc(strlen(s) + 1);
    size_t k = 0;
    if (!out)
        return NULL;
    for (const char *p = s; *p; p++) {
        if (!isspace((unsigned char)*p))
            out[k++] = *p;
        else if (k > 0 && out[k - 1] != ' ')
            out[k++] = ' ';
    }
    while (k > 0 && out[k - 1] == ' ')
        k--;
    out[k] = '\0';
    return out;
}

/* Adds "E -> G", blanks collapsed, to arr. */
static void add_pair(cJSON *arr, const char *e, const char *g)
{
    size_t n = strlen(e) + strlen(g) + 8;
    char *raw = malloc(n);
    if (!raw)
        return;
    snprintf(raw, n, "%s -> %s", e, g);
    char *t = collapse(raw);
    if (t)
        add_unique(arr, t);
    free(t);
    free(raw);
}

/* 1 when actual is expected or one of its '|' alternatives. */
static int element_holds(const char *expected, const char *actual)
{
    size_t n = strlen(actual);
    for (const char *p = expected;;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, actual, n) == 0)
            return 1;
        if (!bar)
            return 0;
        p = bar + 1;
    }
}

cJSON *register_dev_values(const clc_record *rec)
{
    cJSON *out = cJSON_CreateArray();
    const cJSON *fails = cJSON_GetObjectItemCaseSensitive(record_get(rec, "ulp"), "failures");
    const cJSON *f;
    if (cJSON_IsArray(fails) && cJSON_GetArraySize(fails) > 0) {
        cJSON_ArrayForEach(f, fails)
            if (str(f, "expected") && str(f, "actual"))
                add_pair(out, str(f, "expected"), str(f, "actual"));
        return out;
    }
    const cJSON *exp = record_get(rec, "expected");
    const cJSON *act = record_get(rec, "actual");
    if (!cJSON_IsArray(exp) || !cJSON_IsArray(act))
        return out;
    for (const cJSON *e = exp->child, *a = act->child; e && a; e = e->next, a = a->next) {
        if (!cJSON_IsString(e) || !cJSON_IsString(a) || strcmp(e->valuestring, "*") == 0)
            continue;
        if (!element_holds(e->valuestring, a->valuestring))
            add_pair(out, e->valuestring, a->valuestring);
    }
    return out;
}

cJSON *register_dev_kinds(const clc_record *rec)
{
    cJSON *out = cJSON_CreateArray();
    const cJSON *k;
    cJSON_ArrayForEach(k, record_get(rec, "groups")) {
        const char *p = cJSON_IsString(k) ? k->valuestring : "";
        int bars = 0;
        while (*p && bars < 3)
            bars += *p++ == '|';
        if (bars == 3)
            add_unique(out, p);
    }
    return out;
}

int register_dev_add(cJSON *entry, const char *text, char *why, size_t len)
{
    char *t = collapse(text);
    const char *arrow = t ? strstr(t, " -> ") : NULL;
    const char *key = NULL, *item = NULL;
    if (t && strncmp(t, "kind ", 5) == 0 && t[5]) {
        key = "kinds";
        item = t + 5;
    } else if (arrow && arrow > t && arrow[4]) {
        key = "values";
        item = t;
    }
    if (!key) {
        snprintf(why, len, "a deviation line is `deviation E -> G` or `deviation kind CLASS`");
        free(t);
        return -1;
    }
    cJSON *arr = cJSON_GetObjectItemCaseSensitive(entry, key);
    add_unique(arr ? arr : cJSON_AddArrayToObject(entry, key), item);
    free(t);
    return 0;
}

int register_dev_named(const cJSON *entry)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(entry, "values")) > 0 ||
           cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(entry, "kinds")) > 0;
}

static int cmp_str(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Appends to buf (of *used bytes, cap len) the members of have not in want,
 * sorted, each after "; " (but the first) and prefix. */
static void append_missing(char **buf, size_t *used, const cJSON *have, const cJSON *want, const char *prefix)
{
    int n = cJSON_GetArraySize(have), m = 0;
    const char **v = calloc((size_t)n + 1, sizeof *v);
    const cJSON *it;
    cJSON_ArrayForEach(it, have)
        if (v && !has_string(want, it->valuestring))
            v[m++] = it->valuestring;
    if (v)
        qsort(v, (size_t)m, sizeof *v, cmp_str);
    for (int i = 0; v && i < m; i++) {
        size_t add = strlen(v[i]) + strlen(prefix) + 3;
        char *grown = realloc(*buf, *used + add);
        if (!grown)
            break;
        *buf = grown;
        *used += (size_t)sprintf(grown + *used, "%s%s%s", *used ? "; " : "", prefix, v[i]);
    }
    free(v);
}

char *register_dev_changed(const cJSON *entry, const clc_record *rec)
{
    const cJSON *want_v = cJSON_GetObjectItemCaseSensitive(entry, "values");
    const cJSON *want_k = cJSON_GetObjectItemCaseSensitive(entry, "kinds");
    char *buf = NULL;
    size_t used = 0;
    if (cJSON_GetArraySize(want_v) > 0) {
        cJSON *have = register_dev_values(rec);
        append_missing(&buf, &used, have, want_v, "");
        cJSON_Delete(have);
    }
    if (cJSON_GetArraySize(want_k) > 0) {
        cJSON *have = register_dev_kinds(rec);
        append_missing(&buf, &used, have, want_k, "kind ");
        cJSON_Delete(have);
    }
    /* An outcome that changes with the code around the call is part of the
     * deviation: an entry says so with a `context` line. */
    if (record_has(rec, REC_CONTEXT) && !rec->context.same && !cJSON_GetObjectItemCaseSensitive(entry, "context")) {
        const char *alone = verdict_name(rec->context.alone);
        cJSON *have = cJSON_CreateArray(), *want = cJSON_CreateArray();
        char what[96];
        snprintf(what, sizeof what, "another outcome alone (%s)", alone);
        cJSON_AddItemToArray(have, cJSON_CreateString(what));
        append_missing(&buf, &used, have, want, "context: ");
        cJSON_Delete(have);
        cJSON_Delete(want);
    }
    return buf;
}
