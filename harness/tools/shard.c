/* Shards: see shard.h. */
#include "shard.h"
#include "json_num.h"

#include "build_logs.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "report_json.h"

int shard_parse(const char *s, size_t *index, size_t *total, FILE *err)
{
    char *end;
    long i = strtol(s, &end, 10);
    long n = *end == '/' ? strtol(end + 1, &end, 10) : 0;
    if (*end || i < 1 || n < 1 || i > n || n > 100000) {
        fprintf(err, "clconform: --shard '%s': expected I/N with 1 <= I <= N, e.g. 2/4\n", s);
        return -1;
    }
    *index = (size_t)i;
    *total = (size_t)n;
    return 0;
}

int shard_from_env(char *(*get)(const char *), size_t *index, size_t *total, FILE *err)
{
    const char *i = get("CI_NODE_INDEX"), *n = get("CI_NODE_TOTAL");
    if (!i || !n || !*i || !*n)
        return 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s/%s", i, n);
    if (shard_parse(buf, index, total, err) != 0) {
        fprintf(err, "clconform: (from CI_NODE_INDEX=%s, CI_NODE_TOTAL=%s)\n", i, n);
        return -1;
    }
    return 1;
}

size_t shard_slice(size_t n, size_t index, size_t total, size_t *first)
{
    size_t a = n * (index - 1) / total, b = n * index / total;
    *first = a;
    return b - a;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int shard_of(const cJSON *doc, int *index, int *total)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "run"), "shard");
    const cJSON *i = cJSON_GetObjectItemCaseSensitive(s, "index"), *n = cJSON_GetObjectItemCaseSensitive(s, "total");
    return json_num_int(n, "total", 1, INT_MAX, total, NULL, 0) == 0 &&
           json_num_int(i, "index", 1, *total, index, NULL, 0) == 0; /* I/N: 1 <= I <= N */
}

/* Merges the shards of docs[first]'s device into docs[first]. */
static void merge_group(cJSON **docs, size_t n, size_t first, int *gone, FILE *err)
{
    const char *key = str(cJSON_GetObjectItemCaseSensitive(docs[first], "device"), "key");
    int idx, total;
    shard_of(docs[first], &idx, &total);
    cJSON **by_index = calloc((size_t)total + 1, sizeof *by_index);
    if (!by_index)
        return;
    for (size_t j = first; j < n; j++) {
        int i2, t2;
        const char *k2 = str(cJSON_GetObjectItemCaseSensitive(docs[j], "device"), "key");
        if (gone[j] || !k2 || strcmp(k2, key) != 0 || !shard_of(docs[j], &i2, &t2) || t2 != total)
            continue;
        if (i2 < 1 || i2 > total || by_index[i2]) {
            fprintf(err, "clconform merge: %s: shard %d/%d given twice (or out of range); the first is kept\n", key,
                    i2, t2);
            if (j != first)
                gone[j] = 1; /* dropped, not shown as a device of its own */
            continue;
        }
        by_index[i2] = docs[j];
        if (j != first)
            gone[j] = 1;
    }
    /* The lowest shard present carries the result. */
    cJSON *base = NULL;
    for (int i = 1; i <= total && !base; i++)
        base = by_index[i];
    cJSON *probes = cJSON_CreateArray(), *shards = cJSON_CreateArray();
    int complete = 1;
    double wall = 0;
    char missing[256] = "";
    for (int i = 1; i <= total; i++) {
        cJSON *d = by_index[i];
        if (!d) {
            complete = 0;
            size_t l = strlen(missing);
            snprintf(missing + l, sizeof missing - l, "%s%d", l ? ", " : "", i);
            continue;
        }
        cJSON *run = cJSON_GetObjectItemCaseSensitive(d, "run");
        complete &= cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete"));
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(run, "wall_ms");
        wall = cJSON_IsNumber(w) && w->valuedouble > wall ? w->valuedouble : wall;
        cJSON *s = cJSON_CreateObject();
        cJSON_AddNumberToObject(s, "index", i);
        cJSON_AddNumberToObject(s, "total", total);
        cJSON_AddStringToObject(s, "host", str(run, "host") ? str(run, "host") : "");
        cJSON_AddBoolToObject(s, "complete", cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "complete")));
        cJSON_AddNumberToObject(s, "wall_ms", cJSON_IsNumber(w) ? w->valuedouble : 0);
        cJSON_AddNumberToObject(s, "probes", cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(d, "probes")));
        cJSON_AddItemToArray(shards, s);
        build_logs_inline(d); /* each shard numbers its logs from L0 */
        cJSON *recs = cJSON_GetObjectItemCaseSensitive(d, "probes");
        while (recs && recs->child)
            cJSON_AddItemToArray(probes, cJSON_DetachItemViaPointer(recs, recs->child));
    }
    cJSON_ReplaceItemInObjectCaseSensitive(base, "probes", probes);
    build_logs_pool(base);
    cJSON *run = cJSON_GetObjectItemCaseSensitive(base, "run");
    cJSON_DeleteItemFromObjectCaseSensitive(run, "shard");
    cJSON_DeleteItemFromObjectCaseSensitive(run, "incomplete_reason");
    cJSON_ReplaceItemInObjectCaseSensitive(run, "complete", cJSON_CreateBool(complete));
    if (!complete) {
        char why[320];
        if (missing[0])
            snprintf(why, sizeof why, "shard(s) %s of %d missing", missing, total);
        else
            snprintf(why, sizeof why, "a shard is incomplete");
        cJSON_AddStringToObject(run, "incomplete_reason", why);
    }
    /* Shards run side by side: the device's wall time is the longest. */
    cJSON_ReplaceItemInObjectCaseSensitive(run, "wall_ms", cJSON_CreateNumber(wall));
    cJSON_AddItemToObject(run, "shards", shards);
    report_summarize(base);
    if (base != docs[first]) {
        /* Keep the carrier at the group's first position. */
        for (size_t j = first; j < n; j++)
            if (docs[j] == base) {
                docs[j] = docs[first];
                docs[first] = base;
                gone[j] = 1;
            }
    }
    free(by_index);
}

size_t shard_reassemble(cJSON **docs, size_t n, FILE *err)
{
    int *gone = calloc(n ? n : 1, sizeof *gone);
    if (!gone)
        return n;
    for (size_t i = 0; i < n; i++) {
        int idx, total;
        if (!gone[i] && shard_of(docs[i], &idx, &total))
            merge_group(docs, n, i, gone, err);
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (gone[i])
            cJSON_Delete(docs[i]);
        else
            docs[k++] = docs[i];
    }
    free(gone);
    return k;
}
