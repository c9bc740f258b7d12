/* Baseline comparison: loading earlier reports (one device, or a run index
 * that lists several), finding the report of a device, and classifying each
 * probe as unchanged, regression, fix, new or removed. Works on the report
 * documents only (docs/report-schema.md), so a baseline from another machine
 * or another tool version is as good as one from this run. */
#include "baseline.h"
#include "json_file.h"
#include "report_arrays.h"
#include "register.h"
#include "verdict.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* ---- loading ---------------------------------------------------------- */

static int is_report(const cJSON *doc)
{
    return cJSON_IsObject(doc) && cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(doc, "probes"));
}

/* A relative path in an index is relative to the index file's folder, so an
 * index and its reports can be moved together. Caller frees. */
static char *path_beside(const char *index_path, const char *rel)
{
    const char *slash = strrchr(index_path, '/');
    size_t dirlen = (rel[0] == '/' || !slash) ? 0 : (size_t)(slash - index_path) + 1;
    char *p = malloc(dirlen + strlen(rel) + 1);
    if (p) {
        memcpy(p, index_path, dirlen);
        strcpy(p + dirlen, rel);
    }
    return p;
}

/* Replaces each path string of an index's "reports" by the report it names. */
static int load_index_entries(cJSON *reports, const char *path, FILE *err)
{
    int i = 0;
    for (cJSON *el = reports->child; el; el = el->next, i++) {
        if (is_report(el))
            continue;
        if (!cJSON_IsString(el)) {
            fprintf(err, "%s: reports[%d] is neither a report object nor a path\n", path, i);
            return -1;
        }
        char *sub = path_beside(path, el->valuestring);
        cJSON *rep = sub ? report_load_json(sub, err) : NULL;
        if (rep && !is_report(rep))
            fprintf(err, "%s: not a clconform device report (no \"probes\" array)\n", sub);
        free(sub);
        if (!rep || !is_report(rep)) {
            cJSON_Delete(rep);
            return -1;
        }
        cJSON_ReplaceItemViaPointer(reports, el, rep);
        el = rep;
    }
    return 0;
}

cJSON *baseline_load(const char *path, FILE *err)
{
    /* A register of expected/ (not JSON) is a baseline too. */
    char *text = json_file_read_text(path, err);
    if (!text)
        return NULL;
    int is_register = register_text_is_register(text);
    cJSON *doc = is_register ? register_parse(text, path, err) : NULL;
    free(text);
    if (is_register)
        return doc;
    doc = report_load_json(path, err);
    if (!doc)
        return NULL;
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(doc, "schema_version");
    if (cJSON_IsNumber(ver) && ver->valueint != 1 && ver->valueint != 2) {
        fprintf(err, "%s: schema_version %d, this clconform reads 1 and 2\n", path, ver->valueint);
        goto fail;
    }
    if (is_report(doc))
        return doc;
    cJSON *reports = cJSON_GetObjectItemCaseSensitive(doc, "reports");
    if (!cJSON_IsArray(reports)) {
        fprintf(err, "%s: neither a device report (\"probes\") nor a run index (\"reports\")\n",
                path);
        goto fail;
    }
    if (load_index_entries(reports, path, err) != 0)
        goto fail;
    return doc;
fail:
    cJSON_Delete(doc);
    return NULL;
}

static const char *device_key(const cJSON *report)
{
    const cJSON *dev = cJSON_GetObjectItemCaseSensitive(report, "device");
    const cJSON *key = cJSON_GetObjectItemCaseSensitive(dev, "key");
    return cJSON_IsString(key) ? key->valuestring : NULL;
}

const cJSON *baseline_find_device(const cJSON *baseline, const char *key)
{
    if (!baseline || !key)
        return NULL;
    if (register_is(baseline))
        return baseline; /* which devices it describes, register_compare decides */
    if (is_report(baseline)) {
        const char *k = device_key(baseline);
        return (k && strcmp(k, key) == 0) ? baseline : NULL;
    }
    const cJSON *reports = cJSON_GetObjectItemCaseSensitive(baseline, "reports");
    const cJSON *el;
    cJSON_ArrayForEach(el, reports) {
        const char *k = is_report(el) ? device_key(el) : NULL;
        if (k && strcmp(k, key) == 0)
            return el;
    }
    return NULL;
}

/* ---- pattern files ---------------------------------------------------- */

static int line_error(FILE *err, const char *path, int line, const char *why)
{
    fprintf(err, "%s:%d: %s\n", path, line, why);
    return -1;
}

/* Checks one glob the way fnmatch will read it: an unclosed '[' would make
 * fnmatch match nothing, silently, which is worse than an error. */
static const char *pattern_problem(const char *pat)
{
    for (const char *p = pat; *p; p++) {
        if (isspace((unsigned char)*p))
            return "whitespace inside a pattern (one glob per line; '#' starts a comment)";
        if (iscntrl((unsigned char)*p))
            return "control character in a pattern";
    }
    return register_glob_unclosed(pat) ? "unterminated '[' in a pattern" : NULL;
}

/* Strips blanks and a trailing comment ("id   # reason") in place; returns
 * the pattern, empty for a blank or comment-only line. A '#' starts a comment
 * only at the start or after a blank, so it never cuts a pattern in two. */
static char *line_pattern(char *line)
{
    char *p = line;
    while (isspace((unsigned char)*p))
        p++;
    for (char *q = p; *q; q++) {
        if (*q == '#' && (q == p || isspace((unsigned char)q[-1]))) {
            *q = '\0';
            break;
        }
    }
    size_t n = strlen(p);
    while (n > 0 && isspace((unsigned char)p[n - 1]))
        p[--n] = '\0';
    return p;
}

static int push_pattern(char ***list, size_t *n, const char *pat)
{
    char **grown = realloc(*list, (*n + 1) * sizeof **list);
    if (!grown)
        return -1;
    *list = grown;
    grown[*n] = strdup(pat);
    if (!grown[*n])
        return -1;
    (*n)++;
    return 0;
}

void baseline_free_patterns(char **patterns, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(patterns[i]);
    free(patterns);
}

int baseline_read_patterns(const char *path, char ***out, size_t *n, FILE *err)
{
    char **list = NULL;
    size_t count = 0;
    int rc = -1;
    char *text = json_file_read_text(path, err);
    if (!text)
        goto done;
    int lineno = 0;
    for (char *line = text; line; ) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *pat = line_pattern(line);
        const char *why = *pat ? pattern_problem(pat) : NULL;
        if (why) {
            line_error(err, path, lineno, why);
            goto done;
        }
        if (*pat && push_pattern(&list, &count, pat) != 0) {
            line_error(err, path, lineno, "out of memory");
            goto done;
        }
        line = nl ? nl + 1 : NULL;
    }
    rc = 0;
done:
    free(text);
    if (rc != 0) {
        baseline_free_patterns(list, count);
        list = NULL;
        count = 0;
    }
    *out = list;
    *n = count;
    return rc;
}

int baseline_matches_any(const char *id, const char *const *patterns, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (fnmatch(patterns[i], id, 0) == 0)
            return 1;
    return 0;
}

/* ---- comparison ------------------------------------------------------- */

/* One probe of the baseline, sorted by id for lookups; seen marks those the
 * current report also has, so the rest are "removed". */
typedef struct {
    const char *id;
    const char *verdict;
    int seen;
} base_entry;

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(((const base_entry *)a)->id, ((const base_entry *)b)->id);
}

static const char *str_field(const cJSON *obj, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

static int report_is_complete(const cJSON *report)
{
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(report, "run");
    return !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(run, "complete"));
}

static int verdict_is_good(const char *v)
{
    clc_verdict verdict = verdict_parse(v);
    return verdict == CLC_VERDICT_PASS || verdict == CLC_VERDICT_INFO || verdict == CLC_VERDICT_SKIP;
}

/* The baseline's probes as a sorted array; records without an id are
 * dropped (they cannot be matched). Returns the count, or -1 (no memory). */
static long index_probes(const cJSON *report, base_entry **out)
{
    const cJSON *probes = cJSON_GetObjectItemCaseSensitive(report, "probes");
    base_entry *v = calloc((size_t)cJSON_GetArraySize(probes) + 1, sizeof *v);
    if (!v)
        return -1;
    size_t n = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, probes) {
        const char *id = str_field(rec, "id");
        if (!id)
            continue;
        v[n].id = id;
        v[n].verdict = str_field(rec, "verdict");
        n++;
    }
    qsort(v, n, sizeof *v, entry_cmp);
    *out = v;
    return (long)n;
}

static base_entry *find_entry(base_entry *v, size_t n, const char *id)
{
    base_entry key = {id, NULL, 0};
    return bsearch(&key, v, n, sizeof *v, entry_cmp);
}

/* The baseline report for the report's device, or NULL after saying why. */
static const cJSON *matching_baseline(const cJSON *report, const cJSON *baseline,
                                      const char *name, FILE *err)
{
    const char *key = device_key(report);
    if (!key) {
        fprintf(err, "%s: the current report has no device.key to compare by\n", name);
        return NULL;
    }
    const cJSON *found = baseline_find_device(baseline, key);
    if (found)
        return found;
    if (is_report(baseline)) {
        const char *other = device_key(baseline);
        fprintf(err, "%s: baseline is for device '%s', not for device '%s'; "
                "compare reports of the same device\n", name, other ? other : "(no key)", key);
        return NULL;
    }
    fprintf(err, "%s: baseline has no report for device '%s' (it has:", name, key);
    const cJSON *el;
    cJSON_ArrayForEach(el, cJSON_GetObjectItemCaseSensitive(baseline, "reports")) {
        const char *k = device_key(el);
        fprintf(err, " '%s'", k ? k : "(no key)");
    }
    fprintf(err, ")\n");
    return NULL;
}

static void add_change(cJSON *result, const char *cls, const char *id,
                       const char *before, const char *now)
{
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(result, cls), cJSON_CreateString(id));
    cJSON *ch = cJSON_CreateObject();
    cJSON_AddStringToObject(ch, "id", id);
    cJSON_AddStringToObject(ch, "class", cls);
    cJSON_AddStringToObject(ch, "before", before ? before : "(none)");
    cJSON_AddStringToObject(ch, "now", now ? now : "(none)");
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(result, "changes"), ch);
}

static cJSON *new_result(const char *name, const char *key)
{
    static const char *const lists[] = {"regressions", "fixes", "new", "removed",
                                        "flaky", "ignored", "changes"};
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "baseline", name ? name : "");
    cJSON_AddStringToObject(r, "device", key);
    for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
        cJSON_AddItemToObject(r, lists[i], cJSON_CreateArray());
    return r;
}

/* Classifies one probe of the current report against its baseline entry. */
static int classify(cJSON *result, const char *id, const char *now, const base_entry *was,
                    const clc_baseline_opts *opts)
{
    if (!was) {
        cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(result, "new"),
                             cJSON_CreateString(id));
        return 0;
    }
    int good_before = verdict_is_good(was->verdict), good_now = verdict_is_good(now);
    if (good_before && !good_now) {
        int flaky = baseline_matches_any(id, opts ? opts->flakes : NULL,
                                         opts ? opts->n_flakes : 0);
        add_change(result, flaky ? "flaky" : "regressions", id, was->verdict, now);
    } else if (!good_before && good_now) {
        add_change(result, "fixes", id, was->verdict, now);
    } else {
        return 1;
    }
    return 0;
}

cJSON *baseline_compare(const cJSON *report, const cJSON *baseline, const char *baseline_name,
                        const clc_baseline_opts *opts, FILE *err)
{
    if (register_is(baseline)) {
        cJSON *r = register_compare(report, baseline, baseline_name, err);
        if (r && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "not_described")))
            fprintf(err, "%s: the register does not describe device '%s' (its driver lines do not hold); "
                         "not compared\n", baseline_name, device_key(report) ? device_key(report) : "?");
        return r;
    }
    const cJSON *base = matching_baseline(report, baseline, baseline_name, err);
    if (!base)
        return NULL;
    const char *const *skips = opts ? opts->skips : NULL;
    size_t n_skips = opts ? opts->n_skips : 0;
    base_entry *v = NULL;
    long nv = index_probes(base, &v);
    if (nv < 0) {
        fprintf(err, "%s: out of memory\n", baseline_name);
        return NULL;
    }
    cJSON *result = new_result(baseline_name, device_key(report));
    cJSON *ignored = cJSON_GetObjectItemCaseSensitive(result, "ignored");
    int unchanged = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const char *id = str_field(rec, "id");
        if (!id)
            continue;
        base_entry *was = find_entry(v, (size_t)nv, id);
        if (was)
            was->seen = 1;
        if (baseline_matches_any(id, skips, n_skips))
            cJSON_AddItemToArray(ignored, cJSON_CreateString(id));
        else
            unchanged += classify(result, id, str_field(rec, "verdict"), was, opts);
    }
    /* Removed probes in the baseline's own (suite) order, not sorted order.
     * An interrupted run did not remove the probes it never reached: those
     * are only counted, as "not_run". */
    int complete = report_is_complete(report), not_run = 0;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(base, "probes")) {
        const char *id = str_field(rec, "id");
        base_entry *was = id ? find_entry(v, (size_t)nv, id) : NULL;
        if (!was || was->seen)
            continue;
        was->seen = 1; /* a duplicated id is listed once */
        if (!complete) {
            not_run++;
            continue;
        }
        cJSON *list = baseline_matches_any(id, skips, n_skips)
                          ? ignored : cJSON_GetObjectItemCaseSensitive(result, "removed");
        cJSON_AddItemToArray(list, cJSON_CreateString(id));
    }
    cJSON_AddNumberToObject(result, "unchanged", unchanged);
    if (!complete)
        cJSON_AddNumberToObject(result, "not_run", not_run);
    free(v);
    return result;
}
