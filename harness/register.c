/* The register: see register.h and docs/register-format.md. */
#include "register.h"

#include <ctype.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "verdict.h"

/* The verdicts an entry may allow: every unexpected one, and pass (an
 * outcome that varies between runs, or a glob over probes of which only
 * some fail). */
static const char *const allowed_verdicts[] = {"fail", "build-fail", "unexpected-build-ok", "crash",
                                               "timeout", "error", "pass"};

/* The identity fields a "driver" line may test. */
static const char *const driver_fields[] = {"platform.name",   "platform.vendor",       "platform.version",
                                            "device.name",     "device.vendor",         "device.version",
                                            "device.driver_version", "device.opencl_c_version"};

int register_text_is_register(const char *text)
{
    while (*text && isspace((unsigned char)*text))
        text++;
    return *text == '#' || (strncmp(text, "driver", 6) == 0 && (text[6] == ' ' || text[6] == '\t'));
}

static int line_error(FILE *err, const char *path, int line, const char *why)
{
    fprintf(err, "%s:%d: %s\n", path, line, why);
    return -1;
}

/* The next blank-separated token of *p into tok (NUL-terminated in place);
 * NULL at the end of the line. */
static char *next_token(char **p)
{
    char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        return NULL;
    char *t = s;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return t;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int register_glob_unclosed(const char *pat)
{
    for (const char *p = pat; *p; p++) {
        if (*p != '[')
            continue;
        const char *q = p + 1;
        if (*q == '!' || *q == '^')
            q++;
        if (*q == ']')
            q++;
        while (*q && *q != ']')
            q++;
        if (!*q)
            return 1;
    }
    return 0;
}

static const char *glob_problem(const char *pat)
{
    for (const char *p = pat; *p; p++)
        if (iscntrl((unsigned char)*p))
            return "control character in the glob";
    return register_glob_unclosed(pat) ? "unterminated '[' in the glob" : NULL;
}

/* "fail|timeout" into an array; NULL (with why) on an unknown verdict. */
static cJSON *parse_verdicts(char *text, char *why, size_t len)
{
    cJSON *arr = cJSON_CreateArray();
    for (char *v = strtok(text, "|"); v; v = strtok(NULL, "|")) {
        size_t k = 0, n = sizeof allowed_verdicts / sizeof *allowed_verdicts;
        while (k < n && strcmp(v, allowed_verdicts[k]) != 0)
            k++;
        if (k == n) {
            snprintf(why, len, "unknown verdict '%.40s' (one or more of fail, build-fail, unexpected-build-ok, "
                               "crash, timeout, error, pass, joined by '|')", v);
            cJSON_Delete(arr);
            return NULL;
        }
        cJSON_AddItemToArray(arr, cJSON_CreateString(v));
    }
    if (cJSON_GetArraySize(arr) == 0) {
        snprintf(why, len, "no verdict");
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

/* "driver FIELD TEXT": the report's FIELD must contain TEXT. */
static int parse_driver(char *rest, cJSON *drivers, char *why, size_t len)
{
    char *field = next_token(&rest);
    char *text = trim(rest);
    size_t k = 0, n = sizeof driver_fields / sizeof *driver_fields;
    while (field && k < n && strcmp(field, driver_fields[k]) != 0)
        k++;
    if (!field || k == n) {
        snprintf(why, len, "a driver line names one of platform.name, platform.vendor, platform.version, "
                           "device.name, device.vendor, device.version, device.driver_version, "
                           "device.opencl_c_version, then the text it contains");
        return -1;
    }
    if (!*text) {
        snprintf(why, len, "driver %s: the text the field must contain is missing", field);
        return -1;
    }
    cJSON *d = cJSON_CreateObject();
    cJSON_AddStringToObject(d, "field", field);
    cJSON_AddStringToObject(d, "contains", text);
    cJSON_AddItemToArray(drivers, d);
    return 0;
}

/* "GLOB VERDICTS CLAUSE REASON". */
static int parse_entry(char *line, int lineno, cJSON *entries, char *why, size_t len)
{
    char *rest = line;
    char *glob = next_token(&rest), *verdicts = next_token(&rest), *clause = next_token(&rest);
    char *reason = trim(rest);
    if (!verdicts || !clause || !*reason) {
        snprintf(why, len, "an entry is GLOB VERDICTS CLAUSE REASON (the reason names the deviation)");
        return -1;
    }
    const char *gp = glob_problem(glob);
    if (gp) {
        snprintf(why, len, "%s", gp);
        return -1;
    }
    if (strncmp(reason, "TODO", 4) == 0) {
        snprintf(why, len, "the reason is still TODO: triage the failure against its spec sentence");
        return -1;
    }
    cJSON *vs = parse_verdicts(verdicts, why, len);
    if (!vs)
        return -1;
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "glob", glob);
    cJSON_AddItemToObject(e, "verdicts", vs);
    cJSON_AddStringToObject(e, "clause", clause);
    cJSON_AddStringToObject(e, "reason", reason);
    cJSON_AddNumberToObject(e, "line", lineno);
    cJSON_AddItemToArray(entries, e);
    return 0;
}

/* "fuzz [!]ERE": a signature of the entry above, matched by `clconform fuzz`
 * against the reduced program of a deviation (docs/register-format.md). */
static int parse_fuzz(char *rest, cJSON *entries, char *why, size_t len)
{
    char *pat = trim(rest);
    cJSON *last = cJSON_GetArrayItem(entries, cJSON_GetArraySize(entries) - 1);
    if (!last) {
        snprintf(why, len, "a fuzz line gives a signature to the entry above it, and there is none");
        return -1;
    }
    const char *re_text = pat[0] == '!' ? pat + 1 : pat;
    regex_t re;
    int rc = *re_text ? regcomp(&re, re_text, REG_EXTENDED | REG_NOSUB) : REG_BADPAT;
    if (rc != 0) {
        snprintf(why, len, "fuzz %s: not a POSIX extended regular expression", pat);
        return -1;
    }
    regfree(&re);
    cJSON *sigs = cJSON_GetObjectItemCaseSensitive(last, "fuzz");
    if (!sigs)
        sigs = cJSON_AddArrayToObject(last, "fuzz");
    cJSON_AddItemToArray(sigs, cJSON_CreateString(pat));
    return 0;
}

cJSON *register_parse(const char *text, const char *path, FILE *err)
{
    char *copy = strdup(text);
    cJSON *doc = cJSON_CreateObject(), *reg = cJSON_AddObjectToObject(doc, "register");
    cJSON_AddStringToObject(reg, "path", path);
    cJSON *drivers = cJSON_AddArrayToObject(reg, "driver");
    cJSON *entries = cJSON_AddArrayToObject(reg, "entries");
    int lineno = 0, rc = 0;
    char why[320];
    for (char *line = copy; line && rc == 0;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *s = trim(line);
        if (*s && *s != '#') {
            if (strncmp(s, "driver", 6) == 0 && (s[6] == ' ' || s[6] == '\t' || !s[6]))
                rc = parse_driver(s + 6, drivers, why, sizeof why);
            else if (strncmp(s, "fuzz", 4) == 0 && (s[4] == ' ' || s[4] == '\t' || !s[4]))
                rc = parse_fuzz(s + 4, entries, why, sizeof why);
            else
                rc = parse_entry(s, lineno, entries, why, sizeof why);
            if (rc != 0)
                line_error(err, path, lineno, why);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(copy);
    if (rc == 0 && cJSON_GetArraySize(drivers) == 0) {
        line_error(err, path, 1, "no driver line: a register says which driver it describes "
                                      "(e.g. \"driver platform.version PoCL 3.1\")");
        rc = -1;
    }
    if (rc != 0) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

cJSON *register_load(const char *path, FILE *err)
{
    char *text = json_file_read_text(path, err);
    if (!text)
        return NULL;
    cJSON *doc = register_parse(text, path, err);
    free(text);
    return doc;
}

static const cJSON *reg_of(const cJSON *doc)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(doc, "register");
    return cJSON_IsObject(r) ? r : NULL;
}

int register_is(const cJSON *doc)
{
    return reg_of(doc) != NULL;
}

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int register_describes(const cJSON *doc, const cJSON *report)
{
    const cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(reg_of(doc), "driver")) {
        const char *field = str(d, "field"), *want = str(d, "contains");
        char obj[16];
        size_t n = strcspn(field, ".");
        snprintf(obj, sizeof obj, "%.*s", (int)n, field);
        const char *have = str(cJSON_GetObjectItemCaseSensitive(report, obj), field + n + 1);
        if (!have || !strstr(have, want))
            return 0;
    }
    return 1;
}

const cJSON *register_entry_for(const cJSON *doc, const char *id)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(reg_of(doc), "entries"))
        if (fnmatch(str(e, "glob"), id, 0) == 0)
            return e;
    return NULL;
}

int register_entry_allows(const cJSON *entry, const char *v)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(entry, "verdicts"))
        if (v && strcmp(it->valuestring, v) == 0)
            return 1;
    return 0;
}

/* "GLOB VERDICTS CLAUSE REASON", as the line reads. */
static void entry_line(const cJSON *e, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%s ", str(e, "glob"));
    const cJSON *v;
    int first = 1;
    cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(e, "verdicts")) {
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", first ? "" : "|", v->valuestring);
        first = 0;
    }
    if (used < len)
        snprintf(buf + used, len - used, " %s %s", str(e, "clause"), str(e, "reason"));
}

static void add_change(cJSON *result, const char *cls, const char *id, const char *before, const char *now)
{
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(result, cls), cJSON_CreateString(id));
    cJSON *ch = cJSON_CreateObject();
    cJSON_AddStringToObject(ch, "id", id);
    cJSON_AddStringToObject(ch, "class", cls);
    cJSON_AddStringToObject(ch, "before", before);
    cJSON_AddStringToObject(ch, "now", now);
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(result, "changes"), ch);
}

cJSON *register_compare(const cJSON *report, const cJSON *doc, const char *name)
{
    static const char *const lists[] = {"regressions", "fixes", "new", "removed", "flaky", "ignored", "changes",
                                        "stale"};
    const cJSON *reg = reg_of(doc);
    const char *key = str(cJSON_GetObjectItemCaseSensitive(report, "device"), "key");
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "baseline", name ? name : "");
    cJSON_AddStringToObject(r, "register", str(reg, "path") ? str(reg, "path") : "");
    cJSON_AddStringToObject(r, "device", key ? key : "");
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        cJSON_AddItemToObject(r, lists[i], cJSON_CreateArray());
    cJSON *known = cJSON_AddObjectToObject(r, "known");
    if (!register_describes(doc, report)) {
        cJSON_AddBoolToObject(r, "not_described", 1);
        cJSON_AddNumberToObject(r, "unchanged", 0);
        return r;
    }
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(reg, "entries");
    int n_entries = cJSON_GetArraySize(entries);
    /* per entry: 1 matched a probe of this run, 2 matched one with a verdict
     * it allows other than pass */
    unsigned char *hit = calloc((size_t)n_entries + 1, 1);
    int unchanged = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const char *id = str(rec, "id"), *v = str(rec, "verdict");
        if (!id || !v)
            continue;
        const cJSON *e = register_entry_for(doc, id);
        int at = 0;
        for (const cJSON *x = entries ? entries->child : NULL; e && x && x != e; x = x->next)
            at++;
        if (e && hit)
            hit[at] |= 1;
        if (verdict_is_unexpected(v)) {
            if (e && register_entry_allows(e, v)) {
                char line[600];
                snprintf(line, sizeof line, "%s %s: %s", str(e, "glob"), str(e, "clause"), str(e, "reason"));
                cJSON_AddStringToObject(known, id, line);
                if (hit)
                    hit[at] |= 2;
                unchanged++;
            } else {
                add_change(r, "regressions", id, e ? "registered with other verdicts" : "pass (not registered)", v);
            }
        } else if (e && strcmp(v, "pass") == 0 && !register_entry_allows(e, "pass")) {
            add_change(r, "fixes", id, "registered failure", v);
        } else {
            unchanged++;
        }
    }
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, entries) {
        /* An entry that matched none of this run's probes may name probes
         * a --filter left out: only one that matched and explained nothing
         * is stale here (scripts/check_register.py, on a whole run, also
         * reports entries that match no probe at all). One that allows pass
         * (an outcome that varies) is not stale for passing: a run where the
         * crash did not happen must not fail CI. */
        if (hit && hit[i] == 1 && !register_entry_allows(e, "pass")) {
            char line[700];
            entry_line(e, line, sizeof line);
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "stale"), cJSON_CreateString(line));
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "removed"), cJSON_CreateString(line));
        }
        i++;
    }
    free(hit);
    cJSON_AddNumberToObject(r, "unchanged", unchanged);
    return r;
}
