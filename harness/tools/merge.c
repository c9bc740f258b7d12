/* `clconform merge A.json B.json ... --out DIR`: reports from several
 * machines (a device farm) into one probes x devices matrix: DIR/index.html,
 * a page per device, and DIR/matrix.json. */
#include "merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "id_map.h"
#include "html_page.h"
#include "json_file.h"
#include "report_arrays.h"
#include "report_html.h"
#include "report_json.h"
#include "report_junit.h"
#include "shard.h"

#define MAX_REPORTS 256

static const char usage[] =
    "usage: clconform merge REPORT.json... --out DIR [--junit FILE]\n"
    "  Reads device reports (from this machine or a farm) and writes DIR/index.html\n"
    "  (devices, and the probes x devices matrix), DIR/<device-key>.html per device and\n"
    "  DIR/matrix.json; --junit also writes every report as one JUnit file.\n"
    "  Shards of one device (clconform --shard I/N) are put back together into one\n"
    "  report, also written as DIR/<device-key>.json. Two other reports of the same\n"
    "  device key get the host name appended.\n"
    "  Exit: 0 written; 2 usage error, or a report unreadable, malformed or not a report.\n";

static cJSON *load_report(const char *path)
{
    cJSON *doc = report_load_json(path, stderr);
    if (doc && (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(doc, "device")) ||
                !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(doc, "probes")))) {
        fprintf(stderr, "clconform merge: %s: not a clconform device report (no device or probes)\n", path);
        cJSON_Delete(doc);
        doc = NULL;
    }
    const cJSON *version = doc ? cJSON_GetObjectItemCaseSensitive(doc, "schema_version") : NULL;
    if (doc && !(cJSON_IsNumber(version) && (version->valuedouble == 1 || version->valuedouble == 2))) {
        fprintf(stderr, "clconform merge: %s: unsupported report schema_version (this merge reads 1 and 2)\n",
                path);
        cJSON_Delete(doc);
        doc = NULL;
    }
    return doc;
}

/* Two machines may report the same device key: the later ones get the host
 * name appended (then a number), so no page overwrites another. */
static void make_keys_unique(cJSON **docs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cJSON *dev = cJSON_GetObjectItemCaseSensitive(docs[i], "device");
        const char *key = html_json_str(dev, "key");
        for (size_t j = 0; key && j < i; j++) {
            const char *other = html_json_str(cJSON_GetObjectItemCaseSensitive(docs[j], "device"), "key");
            if (!other || strcmp(other, key) != 0)
                continue;
            const char *host = html_json_str(cJSON_GetObjectItemCaseSensitive(docs[i], "run"), "host");
            char fresh[512];
            snprintf(fresh, sizeof fresh, "%s@%s", key, host ? host : "host");
            for (int k = 2; k < 1000; k++) {
                int taken = 0;
                for (size_t m = 0; m < i; m++) {
                    const char *o = html_json_str(cJSON_GetObjectItemCaseSensitive(docs[m], "device"), "key");
                    taken |= o && strcmp(o, fresh) == 0;
                }
                if (!taken)
                    break;
                snprintf(fresh, sizeof fresh, "%s@%s-%d", key, host ? host : "host", k);
            }
            cJSON_ReplaceItemInObjectCaseSensitive(dev, "key", cJSON_CreateString(fresh));
            break;
        }
    }
}

static cJSON *matrix_json(cJSON **docs, size_t n)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddNumberToObject(m, "schema_version", 1);
    cJSON *devices = cJSON_AddArrayToObject(m, "devices");
    cJSON *probes = cJSON_AddArrayToObject(m, "probes");
    clc_id_map *rows = id_map_new(n ? (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(docs[0], "probes")) : 0);
    if (!rows) {
        cJSON_Delete(m);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const cJSON *dev = cJSON_GetObjectItemCaseSensitive(docs[i], "device");
        cJSON *d = cJSON_CreateObject();
        cJSON_AddStringToObject(d, "key", html_json_str(dev, "key") ? html_json_str(dev, "key") : "");
        cJSON_AddStringToObject(d, "name", html_json_str(dev, "name") ? html_json_str(dev, "name") : "");
        const char *plat = html_json_str(cJSON_GetObjectItemCaseSensitive(docs[i], "platform"), "name");
        cJSON_AddStringToObject(d, "platform", plat ? plat : "");
        cJSON_AddItemToObject(d, "summary", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(docs[i], "summary"), 1));
        cJSON_AddItemToArray(devices, d);
        const char *key = html_json_str(dev, "key");
        const cJSON *rec;
        cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(docs[i], "probes")) {
            const char *id = html_json_str(rec, "id");
            if (!id || !key)
                continue;
            cJSON *row = id_map_get(rows, id);
            if (!row) {
                row = cJSON_CreateObject();
                cJSON_AddStringToObject(row, "id", id);
                const char *clause = html_json_str(rec, "clause");
                cJSON_AddStringToObject(row, "clause", clause ? clause : "");
                cJSON_AddObjectToObject(row, "verdicts");
                cJSON_AddItemToArray(probes, row);
                if (id_map_put(rows, html_json_str(row, "id"), row) != 0) {
                    id_map_free(rows);
                    cJSON_Delete(m);
                    return NULL;
                }
            }
            const char *v = html_json_str(rec, "verdict");
            cJSON_AddStringToObject(cJSON_GetObjectItemCaseSensitive(row, "verdicts"), key, v ? v : "?");
        }
    }
    id_map_free(rows);
    return m;
}

/* The file name of a device page: the key with every byte outside
 * [A-Za-z0-9._@+-] as '_' (a key read from a file must not name another
 * folder), never a hidden file or one of the names merge writes itself,
 * and unique among taken[0..n). Caller frees. */
static char *page_name(const cJSON *doc, const char *const *taken, size_t n)
{
    const char *key = html_json_str(cJSON_GetObjectItemCaseSensitive(doc, "device"), "key");
    char base[256], name[300];

    snprintf(base, sizeof base, "%s", key && key[0] ? key : "device");
    for (char *c = base; *c; c++)
        if (!strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._@+-", *c))
            *c = '_';
    if (base[0] == '.' || strcmp(base, "index") == 0 || strcmp(base, "matrix") == 0)
        base[0] = '_';
    snprintf(name, sizeof name, "%s.html", base);
    for (int k = 2;; k++) {
        size_t i = 0;
        while (i < n && !(taken[i] && strcmp(taken[i], name) == 0))
            i++;
        if (i == n)
            return strdup(name);
        snprintf(name, sizeof name, "%s-%d.html", base, k);
    }
}

/* Failures first: a stable sort of the matrix rows by their worst verdict. */
static int worst_rank(const cJSON *row)
{
    int worst = HTML_N_VERDICTS;
    const cJSON *v;
    cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(row, "verdicts")) {
        int r = html_verdict_rank(verdict_parse(cJSON_GetStringValue(v)));
        worst = r < worst ? r : worst;
    }
    return worst;
}

static void sort_rows(cJSON *matrix)
{
    cJSON *probes = cJSON_DetachItemFromObjectCaseSensitive(matrix, "probes");
    cJSON *sorted = cJSON_AddArrayToObject(matrix, "probes");
    for (int rank = 0; rank <= HTML_N_VERDICTS; rank++) {
        cJSON *row = probes->child;
        while (row) {
            cJSON *next = row->next;
            if (worst_rank(row) == rank)
                cJSON_AddItemToArray(sorted, cJSON_DetachItemViaPointer(probes, row));
            row = next;
        }
    }
    cJSON_Delete(probes);
}

/* A device put together from shards also gets its JSON report, as if it
 * had run in one job: DIR/<page name>.json. */
static int write_reassembled(const cJSON *doc, const char *out, const char *page)
{
    if (!cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "run"), "shards"))
        return 0;
    char path[4096];
    size_t n = strlen(page);
    snprintf(path, sizeof path, "%s/%.*s.json", out, (int)(n > 5 ? n - 5 : n), page);
    return report_write_device_json(doc, path, stderr);
}

int merge_main(int argc, char **argv)
{
    const char *out = NULL;
    const char *paths[MAX_REPORTS];
    size_t n = 0;
    const char *junit = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("%s", usage);
            return 0;
        } else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strncmp(argv[i], "--out=", 6) == 0) {
            out = argv[i] + 6;
        } else if (strcmp(argv[i], "--junit") == 0 && i + 1 < argc) {
            junit = argv[++i];
        } else if (argv[i][0] == '-' || n == MAX_REPORTS) {
            fprintf(stderr, "clconform merge: %s: %s\n%s", argv[i],
                    n == MAX_REPORTS ? "too many reports" : "unknown option or missing value", usage);
            return 2;
        } else {
            paths[n++] = argv[i];
        }
    }
    if (!out || n == 0) {
        fprintf(stderr, "clconform merge: %s\n%s", n ? "--out DIR is required" : "no report given",
                usage);
        return 2;
    }
    cJSON *docs[MAX_REPORTS];
    size_t loaded = 0;
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        docs[loaded] = load_report(paths[i]);
        if (docs[loaded])
            loaded++;
        else
            rc = 2;
    }
    if (rc == 0 && mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "clconform merge: %s: %s\n", out, strerror(errno));
        rc = 2;
    }
    if (rc == 0) {
        loaded = shard_reassemble(docs, loaded, stderr);
        make_keys_unique(docs, loaded);
        char *pages[MAX_REPORTS];
        char path[4096];
        for (size_t i = 0; i < loaded; i++) {
            pages[i] = page_name(docs[i], (const char *const *)pages, i);
            snprintf(path, sizeof path, "%s/%s", out, pages[i] ? pages[i] : "?");
            if (!pages[i] || report_html_write_device(docs[i], path, stderr) != 0)
                rc = 2;
            if (pages[i] && write_reassembled(docs[i], out, pages[i]) != 0)
                rc = 2;
        }
        snprintf(path, sizeof path, "%s/index.html", out);
        if (report_html_write_index((const cJSON *const *)docs, (const char *const *)pages, loaded, path, stderr))
            rc = 2;
        cJSON *matrix = matrix_json(docs, loaded);
        snprintf(path, sizeof path, "%s/matrix.json", out);
        if (!matrix) {
            fprintf(stderr, "%s: out of memory while comparing the reports\n", path);
            rc = 2;
        } else {
            sort_rows(matrix);
            if (report_write_json(matrix, path, stderr) != 0)
                rc = 2;
        }
        if (junit && report_junit_write((const cJSON *const *)docs, loaded, junit, stderr) != 0)
            rc = 2;
        cJSON_Delete(matrix);
        for (size_t i = 0; i < loaded; i++)
            free(pages[i]);
        if (rc == 0)
            fprintf(stderr, "clconform merge: %zu report(s) -> %s/index.html\n", loaded, out);
    }
    for (size_t i = 0; i < loaded; i++)
        cJSON_Delete(docs[i]);
    return rc;
}
