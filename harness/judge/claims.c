/* See claims.h. */
#include "claims.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "record.h"

static int line_error(FILE *err, const char *path, int line, const char *why, const char *what)
{
    fprintf(err, "%s:%d: %s%s%s\n", path, line, why, what ? ": " : "", what ? what : "");
    return -1;
}

static char *next_word(char **p)
{
    char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        return NULL;
    char *w = s;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

/* Appends every remaining word of *p to a list. Returns the count added. */
static size_t take_words(char **p, char ***list, size_t *n)
{
    size_t added = 0;
    for (char *w; (w = next_word(p)) != NULL; added++) {
        char **grown = realloc(*list, (*n + 1) * sizeof **list);
        if (!grown)
            break;
        *list = grown;
        (*list)[(*n)++] = strdup(w);
    }
    return added;
}

static clc_claim_rule *rule_for(clc_claim_table *t, const char *name)
{
    for (size_t i = 0; i < t->count; i++)
        if (strcmp(t->rules[i].name, name) == 0)
            return &t->rules[i];
    clc_claim_rule *grown = realloc(t->rules, (t->count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    t->rules = grown;
    clc_claim_rule *r = &t->rules[t->count++];
    memset(r, 0, sizeof *r);
    r->name = strdup(name);
    return r;
}

static char *trim_end(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* One line of the table, already without its newline. */
static int parse_line(char *s, const char *path, int line, clc_claim_table *t, FILE *err)
{
    char *p = s;
    char *first = next_word(&p);
    if (!first || first[0] == '#')
        return 0;
    if (strcmp(first, "announce") == 0)
        return take_words(&p, &t->announce, &t->n_announce) ? 0
               : line_error(err, path, line, "announce needs at least one glob", NULL);
    char *how = next_word(&p);
    if (!how)
        return line_error(err, path, line, "a claim needs 'probes', 'alias' or 'none' after its name", first);
    clc_claim_rule *r = rule_for(t, first);
    if (!r)
        return line_error(err, path, line, "out of memory", NULL);
    if (strcmp(how, "probes") == 0)
        return take_words(&p, &r->globs, &r->n_globs) ? 0
               : line_error(err, path, line, "'probes' needs at least one glob", first);
    if (strcmp(how, "alias") == 0)
        return take_words(&p, &r->aliases, &r->n_aliases) ? 0
               : line_error(err, path, line, "'alias' needs at least one capability", first);
    if (strcmp(how, "none") == 0) {
        char *why = trim_end(p);
        while (*why == ' ' || *why == '\t')
            why++;
        if (!*why)
            return line_error(err, path, line, "'none' needs a reason", first);
        if (r->none)
            return line_error(err, path, line, "a second 'none' for the same claim", first);
        r->none = strdup(why);
        return 0;
    }
    return line_error(err, path, line, "expected 'probes', 'alias' or 'none', not", how);
}

int claims_parse(char *text, const char *path, clc_claim_table *t, FILE *err)
{
    memset(t, 0, sizeof *t);
    int line = 0;
    for (char *s = text; s && *s;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        line++;
        if (parse_line(s, path, line, t, err) != 0) {
            claims_free(t);
            return -1;
        }
        s = nl ? nl + 1 : NULL;
    }
    return 0;
}

int claims_load(const char *path, clc_claim_table *t, FILE *err)
{
    memset(t, 0, sizeof *t);
    char *text = json_file_read_text(path, err);
    if (!text)
        return -1;
    int rc = claims_parse(text, path, t, err);
    free(text);
    return rc;
}

static void free_list(char **list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

void claims_free(clc_claim_table *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->rules[i].name);
        free_list(t->rules[i].globs, t->rules[i].n_globs);
        free_list(t->rules[i].aliases, t->rules[i].n_aliases);
        free(t->rules[i].none);
    }
    free(t->rules);
    free_list(t->announce, t->n_announce);
    memset(t, 0, sizeof *t);
}

static int matches_any(char *const *globs, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (fnmatch(globs[i], id, 0) == 0)
            return 1;
    return 0;
}

static int requires_token(const clc_probe *p, const char *token)
{
    for (size_t i = 0; i < p->n_requires; i++)
        if (strcmp(p->requires[i], token) == 0)
            return 1;
    return 0;
}

/* Whether probe p exercises claim name (rule r may be NULL). */
static int exercises(const clc_claim_rule *r, const char *name, const clc_probe *p)
{
    if (requires_token(p, name))
        return 1;
    if (!r)
        return 0;
    for (size_t i = 0; i < r->n_aliases; i++)
        if (requires_token(p, r->aliases[i]))
            return 1;
    return matches_any(r->globs, r->n_globs, p->id);
}

/* A verdict that says whether the claim works: the probe ran to a judgement,
 * or the driver hung or died running it (a claim whose kernel never
 * returns is exercised, and found wanting). */
static int is_judged(clc_verdict v)
{
    switch (v) {
    case CLC_VERDICT_PASS:
    case CLC_VERDICT_FAIL:
    case CLC_VERDICT_BUILD_FAIL:
    case CLC_VERDICT_UNEXPECTED_BUILD_OK:
    case CLC_VERDICT_TIMEOUT:
    case CLC_VERDICT_CRASH: return 1;
    case CLC_VERDICT_INFO:
    case CLC_VERDICT_SKIP:
    case CLC_VERDICT_ERROR:
    case CLC_VERDICT_UNKNOWN: break;
    }
    return 0;
}

static const clc_claim_rule *find_rule(const clc_claim_table *t, const char *name)
{
    for (size_t i = 0; t && i < t->count; i++)
        if (strcmp(t->rules[i].name, name) == 0)
            return &t->rules[i];
    return NULL;
}

/* The ways a probe of the run can bear on a claim (state[k] of todo[k]). */
enum { IGNORED, NOT_JUDGED, JUDGED_FAILED, PASSED };

static cJSON *one_claim(const clc_claim_table *t, const char *name, const char *kind, const clc_probe_set *set,
                        const size_t *todo, size_t n_todo, const unsigned char *state)
{
    const clc_claim_rule *r = find_rule(t, name);
    int probes = 0, judged = 0, pass = 0;
    for (size_t k = 0; k < n_todo; k++) {
        if (state[k] == IGNORED || !exercises(r, name, &set->items[todo[k]]))
            continue;
        probes++;
        judged += state[k] != NOT_JUDGED;
        pass += state[k] == PASSED;
    }
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "name", name);
    cJSON_AddStringToObject(c, "kind", kind);
    cJSON_AddNumberToObject(c, "probes", probes);
    cJSON_AddNumberToObject(c, "judged", judged);
    cJSON_AddNumberToObject(c, "pass", pass);
    cJSON_AddBoolToObject(c, "probed", judged > 0);
    if (judged)
        return c;
    char why[160];
    if (r && r->none)
        cJSON_AddStringToObject(c, "reason", r->none);
    else if (probes)
        snprintf(why, sizeof why, "its %d probe(s) in this run were not judged (skipped, information only, or an API error)",
                 probes), cJSON_AddStringToObject(c, "reason", why);
    else
        cJSON_AddStringToObject(c, "reason", "no probe of this run exercises it");
    return c;
}

cJSON *claims_report(const clc_claim_table *t, const cJSON *device, const clc_probe_set *set,
                     const size_t *todo, size_t n_todo, clc_record *const *recs)
{
    unsigned char *state = calloc(n_todo ? n_todo : 1, 1);
    if (!state)
        return NULL;
    for (size_t k = 0; k < n_todo; k++) {
        if (t && matches_any(t->announce, t->n_announce, set->items[todo[k]].id))
            continue;
        clc_verdict v = recs[k] ? recs[k]->verdict : CLC_VERDICT_UNKNOWN;
        state[k] = !is_judged(v) ? NOT_JUDGED : v == CLC_VERDICT_PASS ? PASSED : JUDGED_FAILED;
    }
    cJSON *probed = cJSON_CreateArray(), *unprobed = cJSON_CreateArray();
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(device, "extensions")) {
        if (!cJSON_IsString(e))
            continue;
        cJSON *c = one_claim(t, e->valuestring, "extension", set, todo, n_todo, state);
        cJSON_AddItemToArray(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "probed")) ? probed : unprobed, c);
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(device, "capabilities")) {
        if (!cJSON_IsString(e))
            continue;
        const char *kind = strncmp(e->valuestring, "__opencl_c_", 11) == 0 ? "feature"
                           : strcmp(e->valuestring, "images") == 0 ? "image support" : NULL;
        if (!kind)
            continue;
        cJSON *c = one_claim(t, e->valuestring, kind, set, todo, n_todo, state);
        cJSON_AddItemToArray(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "probed")) ? probed : unprobed, c);
    }
    cJSON *c;
    while ((c = cJSON_DetachItemFromArray(probed, 0)) != NULL)
        cJSON_AddItemToArray(unprobed, c);
    cJSON_Delete(probed);
    free(state);
    return unprobed;
}

int claims_unprobed(const cJSON *claims)
{
    int n = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, claims)
        n += cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(c, "probed"));
    return n;
}
