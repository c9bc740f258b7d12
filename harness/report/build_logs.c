/* One copy of each build log per report: see build_logs.h. */
#include "build_logs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "id_map.h"

typedef struct {
    uint64_t hash;
    const char *text; /* owned by the logs object */
    char key[24];
} log_entry;

void build_logs_pool(cJSON *doc)
{
    /* A pooled report (read back for a baseline or a merge) starts over from
     * its logs, so its references stay right. */
    if (cJSON_GetObjectItemCaseSensitive(doc, "build_logs"))
        build_logs_inline(doc);
    cJSON *probes = cJSON_GetObjectItemCaseSensitive(doc, "probes");
    int n = cJSON_GetArraySize(probes);
    if (n <= 0)
        return;
    log_entry *seen = calloc((size_t)n, sizeof *seen);
    cJSON *logs = cJSON_CreateObject();
    if (!seen || !logs) {
        free(seen);
        cJSON_Delete(logs);
        return;
    }
    size_t n_seen = 0;
    cJSON *rec;
    cJSON_ArrayForEach(rec, probes) {
        cJSON *log = cJSON_GetObjectItemCaseSensitive(rec, "build_log");
        if (!cJSON_IsString(log))
            continue;
        uint64_t h = id_map_hash(log->valuestring);
        size_t k = 0;
        while (k < n_seen && !(seen[k].hash == h && strcmp(seen[k].text, log->valuestring) == 0))
            k++;
        if (k == n_seen) {
            seen[k].hash = h;
            snprintf(seen[k].key, sizeof seen[k].key, "L%zu", k);
            cJSON *moved = cJSON_DetachItemViaPointer(rec, log);
            cJSON_AddItemToObject(logs, seen[k].key, moved);
            seen[k].text = moved->valuestring;
            n_seen++;
        } else {
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "build_log");
        }
        cJSON_AddStringToObject(rec, "build_log_ref", seen[k].key);
    }
    free(seen);
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "build_logs");
    cJSON_AddItemToObject(doc, "build_logs", logs);
}

void build_logs_inline(cJSON *doc)
{
    const cJSON *logs = cJSON_GetObjectItemCaseSensitive(doc, "build_logs");
    cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(doc, "probes")) {
        const char *log = build_logs_lookup(logs, rec);
        if (log && !cJSON_GetObjectItemCaseSensitive(rec, "build_log"))
            cJSON_AddStringToObject(rec, "build_log", log);
        cJSON_DeleteItemFromObjectCaseSensitive(rec, "build_log_ref");
    }
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "build_logs");
}

const char *build_logs_lookup(const cJSON *logs, const cJSON *rec)
{
    const cJSON *inl = cJSON_GetObjectItemCaseSensitive(rec, "build_log");
    if (cJSON_IsString(inl))
        return inl->valuestring;
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(rec, "build_log_ref");
    if (!cJSON_IsString(ref) || !logs)
        return NULL;
    const cJSON *log = cJSON_GetObjectItemCaseSensitive(logs, ref->valuestring);
    return cJSON_IsString(log) ? log->valuestring : NULL;
}

const char *build_logs_of(const cJSON *doc, const cJSON *rec)
{
    return build_logs_lookup(doc ? cJSON_GetObjectItemCaseSensitive(doc, "build_logs") : NULL, rec);
}
