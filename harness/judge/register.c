/* The register: see register.h and docs/register-format.md. */
#include "register.h"

#include <ctype.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "register_dev.h"
#include "verdict.h"

/* The unified spec's section headings ("OpenCL C: Math Functions"), from
 * docs/unified-spec-headings.txt (scripts/register.mk). */
static const char *const spec_headings[] = {
#include "spec_headings.h"
};

int register_heading_known(const char *heading)
{
    for (size_t i = 0; i < sizeof spec_headings / sizeof *spec_headings; i++)
        if (strcmp(spec_headings[i], heading) == 0)
            return 1;
    return 0;
}

/* The verdicts an entry may allow: every unexpected one, and pass (an
 * outcome that varies between runs, or a glob over probes of which only
 * some fail). */
static int verdict_registrable(clc_verdict v)
{
    return v != CLC_VERDICT_UNKNOWN && (v == CLC_VERDICT_PASS || verdict_unexpected(v));
}

/* The identity fields a "driver" line may test. */
static const char *const driver_fields[] = {"platform.name",   "platform.vendor",       "platform.version",
                                            "device.name",     "device.vendor",         "device.version",
                                            "device.driver_version", "device.opencl_c_version"};

/* 1 when the verdict list vs holds v. */
static int verdicts_allow(const cJSON *vs, clc_verdict v)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, vs)
        if (v != CLC_VERDICT_UNKNOWN && verdict_parse(cJSON_GetStringValue(it)) == v)
            return 1;
    return 0;
}

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
        if (!verdict_registrable(verdict_parse(v))) {
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

/* The quoted heading at *p ("DOC: HEADING"), NUL-terminated in place, *p
 * moved past it; NULL when *p does not start with a closed quote. */
static char *quoted(char **p)
{
    char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    char *end = *s == '"' ? strchr(s + 1, '"') : NULL;
    if (!end)
        return NULL;
    *end = '\0';
    *p = end + 1;
    return s + 1;
}

/* The checks of an entry's fields beyond their syntax; NULL when none fails. */
static const char *entry_problem(const char *glob, const char *clause, const char *reason, const cJSON *vs,
                                 char *why, size_t len)
{
    const char *gp = glob_problem(glob);
    if (gp)
        return gp;
    if (!register_heading_known(clause)) {
        snprintf(why, len, "\"%.200s\" is not a heading of docs/unified-spec-headings.txt", clause);
        return why;
    }
    if (strncmp(reason, "TODO", 4) == 0)
        return "the reason is still TODO: triage the failure against its spec sentence";
    const char *after = reason + 6;
    while (*after == ' ' || *after == '\t')
        after++;
    if (verdicts_allow(vs, CLC_VERDICT_PASS) && (strncmp(reason, "flaky:", 6) != 0 || !*after))
        return "an entry allows pass only when its reason says why the probe is flaky ('flaky: ...')";
    return NULL;
}

/* GLOB VERDICTS "DOC: HEADING" REASON. */
static int parse_entry(char *line, int lineno, cJSON *entries, char *why, size_t len)
{
    char *rest = line;
    char *glob = next_token(&rest), *verdicts = next_token(&rest), *clause = verdicts ? quoted(&rest) : NULL;
    char *reason = clause ? trim(rest) : "";
    if (!verdicts || !clause || !*reason) {
        snprintf(why, len, "an entry is GLOB VERDICTS \"DOC: HEADING\" REASON (the reason names the deviation)");
        return -1;
    }
    cJSON *vs = parse_verdicts(verdicts, why, len);
    if (!vs)
        return -1;
    const char *problem = entry_problem(glob, clause, reason, vs, why, len);
    if (problem) {
        if (problem != why)
            snprintf(why, len, "%s", problem);
        cJSON_Delete(vs);
        return -1;
    }
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "glob", glob);
    cJSON_AddItemToObject(e, "verdicts", vs);
    cJSON_AddStringToObject(e, "clause", clause);
    cJSON_AddStringToObject(e, "reason", reason);
    cJSON_AddNumberToObject(e, "line", lineno);
    cJSON_AddItemToArray(entries, e);
    return 0;
}

/* The entry a `deviation`, `fuzz` or `context` line belongs to (the last
 * one), or NULL with none_msg in why. */
static cJSON *entry_above(cJSON *entries, const char *none_msg, char *why, size_t len)
{
    cJSON *last = cJSON_GetArrayItem(entries, cJSON_GetArraySize(entries) - 1);
    if (!last)
        snprintf(why, len, "%s", none_msg);
    return last;
}

/* "deviation E -> G" or "deviation kind CLASS": what the entry above is. */
static int parse_deviation(char *rest, cJSON *entries, char *why, size_t len)
{
    cJSON *last = entry_above(entries, "a deviation line belongs to the entry above it, and there is none", why, len);
    if (!last)
        return -1;
    return register_dev_add(last, rest, why, len);
}

/* The first entry that names no deviation: its line, else 0. */
static int entry_without_deviation(const cJSON *entries)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, entries)
        if (!register_dev_named(e))
            return cJSON_GetObjectItemCaseSensitive(e, "line")->valueint;
    return 0;
}

/* "fuzz [!]ERE": a signature of the entry above, matched by `clconform fuzz`
 * against the reduced program of a deviation (docs/register-format.md). */
static int parse_fuzz(char *rest, cJSON *entries, char *why, size_t len)
{
    char *pat = trim(rest);
    cJSON *last = entry_above(entries, "a fuzz line gives a signature to the entry above it, and there is none", why, len);
    if (!last)
        return -1;
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

/* "context CALL": the entry above is a deviation that shows in some
 * programs around CALL and not in others (docs/register-format.md). */
static int parse_context(char *rest, cJSON *entries, char *why, size_t len)
{
    char *call = trim(rest);
    cJSON *last = entry_above(entries, "a context line marks the entry above it, and there is none", why, len);
    if (!last)
        return -1;
    if (!*call) {
        snprintf(why, len, "a context line names the call whose result depends on the code around it");
        return -1;
    }
    if (cJSON_GetObjectItemCaseSensitive(last, "context")) {
        snprintf(why, len, "the entry above already has a context line");
        return -1;
    }
    cJSON_AddStringToObject(last, "context", call);
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
            else if (strncmp(s, "deviation", 9) == 0 && (s[9] == ' ' || s[9] == '\t' || !s[9]))
                rc = parse_deviation(s + 9, entries, why, sizeof why);
            else if (strncmp(s, "context", 7) == 0 && (s[7] == ' ' || s[7] == '\t' || !s[7]))
                rc = parse_context(s + 7, entries, why, sizeof why);
            else
                rc = parse_entry(s, lineno, entries, why, sizeof why);
            if (rc != 0)
                line_error(err, path, lineno, why);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(copy);
    int bare = rc == 0 ? entry_without_deviation(entries) : 0;
    if (bare) {
        line_error(err, path, bare, "the entry names no deviation: add `deviation E -> G` or "
                                    "`deviation kind CLASS` lines under it");
        rc = -1;
    }
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

int register_entry_allows(const cJSON *entry, clc_verdict v)
{
    /* A context-dependent deviation may show in neither program of a run. */
    if (v == CLC_VERDICT_PASS && cJSON_GetObjectItemCaseSensitive(entry, "context"))
        return 1;
    return verdicts_allow(cJSON_GetObjectItemCaseSensitive(entry, "verdicts"), v);
}

size_t register_context_globs(const cJSON *doc, const char **globs, size_t max)
{
    size_t n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(reg_of(doc), "entries"))
        if (cJSON_GetObjectItemCaseSensitive(e, "context") && str(e, "glob") && n < max)
            globs[n++] = str(e, "glob");
    return n;
}

/* GLOB VERDICTS "HEADING" REASON, as the line reads. */
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
        snprintf(buf + used, len - used, " \"%s\" %s", str(e, "clause"), str(e, "reason"));
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

/* What the comparison keeps per entry while it walks the report. */
typedef struct {
    unsigned char hit; /* 1: matched a probe of this run; 2: one with a verdict it allows but pass */
    int passing;       /* matched probes that pass */
} entry_tally;

/* Classifies one probe of the report against the entry e (NULL: none). */
static void classify(cJSON *r, const clc_record *rec, const cJSON *e, entry_tally *t, int *unchanged)
{
    const char *id = rec->id;
    clc_verdict verdict = rec->verdict;
    const char *v = verdict_name(verdict);
    if (e) {
        t->hit |= 1;
        t->passing += verdict == CLC_VERDICT_PASS;
    }
    if (!verdict_unexpected(verdict)) {
        if (e && verdict == CLC_VERDICT_PASS && !register_entry_allows(e, CLC_VERDICT_PASS))
            add_change(r, "fixes", id, "registered failure", v);
        else
            (*unchanged)++;
        return;
    }
    if (!e || !register_entry_allows(e, verdict)) {
        add_change(r, "regressions", id, e ? "registered with other verdicts" : "pass (not registered)", v);
        return;
    }
    t->hit |= 2;
    char *changed = register_dev_changed(e, rec);
    char line[700];
    if (changed) {
        snprintf(line, sizeof line, "changed deviation: %s", changed);
        add_change(r, "regressions", id, "registered with another deviation", line);
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "changed_deviation"), cJSON_CreateString(id));
        free(changed);
        return;
    }
    snprintf(line, sizeof line, "%s \"%s\": %s", str(e, "glob"), str(e, "clause"), str(e, "reason"));
    cJSON_AddStringToObject(cJSON_GetObjectItemCaseSensitive(r, "known"), id, line);
    (*unchanged)++;
}

/* Entries that explain nothing of this run into "stale" and "removed"; -1
 * (after saying why) when an entry that allows pass matches more than
 * REGISTER_MAX_PASSING passing probes. */
static int close_entries(cJSON *r, const cJSON *entries, const entry_tally *t, const char *path, FILE *err)
{
    int i = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, entries) {
        char line[700];
        entry_line(e, line, sizeof line);
        if (register_entry_allows(e, CLC_VERDICT_PASS) && t[i].passing > REGISTER_MAX_PASSING) {
            fprintf(err, "%s:%d: %s matches %d passing probes: an entry that allows pass matches at most %d "
                         "(name the flaky probes)\n", path, cJSON_GetObjectItemCaseSensitive(e, "line")->valueint,
                    str(e, "glob"), t[i].passing, REGISTER_MAX_PASSING);
            return -1;
        }
        /* An entry that matched none of this run's probes may name probes
         * a --filter left out: only one that matched and explained nothing
         * is stale here (scripts/check_register.py, on a whole run, also
         * reports entries that match no probe at all). One that allows pass
         * (a flaky probe) is not stale for passing. */
        if (t[i].hit == 1 && !register_entry_allows(e, CLC_VERDICT_PASS)) {
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "stale"), cJSON_CreateString(line));
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(r, "removed"), cJSON_CreateString(line));
        }
        i++;
    }
    return 0;
}

cJSON *register_compare(const cJSON *report, const cJSON *doc, const char *name, FILE *err)
{
    static const char *const lists[] = {"regressions", "fixes", "new", "removed", "flaky", "ignored", "changes",
                                        "stale", "changed_deviation"};
    const cJSON *reg = reg_of(doc);
    const char *key = str(cJSON_GetObjectItemCaseSensitive(report, "device"), "key");
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "baseline", name ? name : "");
    cJSON_AddStringToObject(r, "register", str(reg, "path") ? str(reg, "path") : "");
    cJSON_AddStringToObject(r, "device", key ? key : "");
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        cJSON_AddItemToObject(r, lists[i], cJSON_CreateArray());
    cJSON_AddObjectToObject(r, "known");
    if (!register_describes(doc, report)) {
        cJSON_AddBoolToObject(r, "not_described", 1);
        cJSON_AddNumberToObject(r, "unchanged", 0);
        return r;
    }
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(reg, "entries");
    entry_tally *t = calloc((size_t)cJSON_GetArraySize(entries) + 1, sizeof *t);
    int unchanged = 0;
    const cJSON *json;
    cJSON_ArrayForEach(json, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        if (!t || !str(json, "id") || !str(json, "verdict"))
            continue;
        /* The report's record, read as a record: one that does not read (a
         * verdict that names none, a field of the wrong type) is a
         * regression saying why, never a pass. */
        clc_record rec;
        char why[256];
        if (record_from_json(json, &rec, why, sizeof why) != 0) {
            add_change(r, "regressions", str(json, "id"), "a record that does not read", why);
            continue;
        }
        const cJSON *e = register_entry_for(doc, rec.id);
        int at = 0;
        for (const cJSON *x = entries ? entries->child : NULL; e && x && x != e; x = x->next)
            at++;
        classify(r, &rec, e, &t[at], &unchanged);
        record_clear(&rec);
    }
    int rc = t ? close_entries(r, entries, t, str(reg, "path"), err) : -1;
    free(t);
    cJSON_AddNumberToObject(r, "unchanged", unchanged);
    if (rc != 0)
        cJSON_Delete(r);
    return rc == 0 ? r : NULL;
}
