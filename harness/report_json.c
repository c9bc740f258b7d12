/* The device report document: see report_json.h. */
#include "report_json.h"

#include "build_logs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "group.h"
#include "record.h"
#include "verdict.h"

#define SCHEMA_VERSION 1

void report_now_iso(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The environment variables that change which drivers load and how. */
static const char *const env_names[] = {
    "OCL_ICD_VENDORS", "OCL_ICD_FILENAMES", "OPENCL_VENDOR_PATH", "RUSTICL_ENABLE",
    "RUSTICL_DEVICE_TYPE", "POCL_DEVICES", "POCL_KERNEL_CACHE", "POCL_CACHE_DIR",
    "POCL_MAX_PTHREAD_COUNT", "POCL_AFFINITY", "MESA_SHADER_CACHE_DISABLE", "LP_NUM_THREADS",
    "OCLGRIND_DIAGNOSTIC_OPTIONS", "CUDA_VISIBLE_DEVICES", "XDG_CACHE_HOME", NULL,
};

static cJSON *run_object(const clc_report_meta *meta, const clc_device_run *run)
{
    cJSON *o = cJSON_CreateObject();
    char now[32], host[256] = "";
    report_now_iso(now, sizeof now);
    gethostname(host, sizeof host - 1);
    cJSON_AddStringToObject(o, "started", meta->started);
    cJSON_AddStringToObject(o, "finished", now);
    cJSON_AddBoolToObject(o, "complete", run->complete);
    if (!run->complete)
        cJSON_AddStringToObject(o, "incomplete_reason", run->incomplete_reason);
    cJSON_AddStringToObject(o, "host", host);
    cJSON *argv = cJSON_CreateArray();
    for (int i = 0; i < meta->argc; i++)
        cJSON_AddItemToArray(argv, cJSON_CreateString(meta->argv[i]));
    cJSON_AddItemToObject(o, "argv", argv);
    cJSON *env = cJSON_CreateObject();
    for (size_t i = 0; env_names[i]; i++) {
        const char *v = getenv(env_names[i]);
        if (v)
            cJSON_AddStringToObject(env, env_names[i], v);
    }
    cJSON_AddItemToObject(o, "env", env);
    cJSON_AddNumberToObject(o, "timeout_s", meta->timeout_s);
    cJSON_AddStringToObject(o, "isolation", meta->isolate ? "process" : "none");
    cJSON_AddNumberToObject(o, "builds", (double)run->builds);
    cJSON_AddNumberToObject(o, "workers", (double)run->workers);
    cJSON_AddNumberToObject(o, "wall_ms", run->wall_ms);
    if (run->fatal[0])
        cJSON_AddStringToObject(o, "device_error", run->fatal);
    if (meta->shard_total) {
        cJSON *s = cJSON_AddObjectToObject(o, "shard");
        cJSON_AddNumberToObject(s, "index", (double)meta->shard_index);
        cJSON_AddNumberToObject(s, "total", (double)meta->shard_total);
        cJSON_AddNumberToObject(s, "suite_probes", (double)meta->suite_probes);
    }
    return o;
}

static cJSON *fallback_device(const clc_devref *dev)
{
    cJSON *d = cJSON_CreateObject();
    char index[32];
    snprintf(index, sizeof index, "%d:%d", dev->pidx, dev->didx);
    cJSON_AddStringToObject(d, "key", dev->key);
    cJSON_AddStringToObject(d, "index", index);
    cJSON_AddStringToObject(d, "name", dev->device_name);
    cJSON_AddStringToObject(d, "type", dev->type);
    return d;
}

cJSON *report_build(const clc_report_meta *meta, const clc_devref *dev, const clc_probe_set *set,
                    const size_t *todo, size_t n_todo, const clc_device_run *run)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "schema_version", SCHEMA_VERSION);
    cJSON *tool = cJSON_CreateObject();
    cJSON_AddStringToObject(tool, "name", "clconform");
    cJSON_AddStringToObject(tool, "version", CLC_VERSION);
    cJSON_AddItemToObject(doc, "tool", tool);
    cJSON_AddItemToObject(doc, "run", run_object(meta, run));
    cJSON *plat = run->platform ? cJSON_Duplicate(run->platform, 1) : cJSON_CreateObject();
    if (!run->platform) {
        cJSON_AddNumberToObject(plat, "index", dev->pidx);
        cJSON_AddStringToObject(plat, "name", dev->platform_name);
    }
    cJSON_AddItemToObject(doc, "platform", plat);
    cJSON_AddItemToObject(doc, "device", run->device ? cJSON_Duplicate(run->device, 1) : fallback_device(dev));
    cJSON_AddItemToObject(doc, "summary", cJSON_CreateObject());
    cJSON *probes = cJSON_CreateArray();
    for (size_t k = 0; k < n_todo; k++) {
        const cJSON *rec = run->recs ? run->recs[todo[k]] : NULL;
        if (rec)
            cJSON_AddItemToArray(probes, cJSON_Duplicate(rec, 1));
    }
    (void)set;
    cJSON_AddItemToObject(doc, "probes", probes);
    build_logs_pool(doc);
    report_summarize(doc);
    return doc;
}

static void count_into(cJSON *counts, const char *verdict, double checks)
{
    cJSON *total = cJSON_GetObjectItemCaseSensitive(counts, "total");
    cJSON_SetNumberValue(total, total->valuedouble + 1);
    cJSON *ch = cJSON_GetObjectItemCaseSensitive(counts, "checks");
    cJSON_SetNumberValue(ch, ch->valuedouble + checks);
    cJSON *c = cJSON_GetObjectItemCaseSensitive(counts, verdict);
    if (c)
        cJSON_SetNumberValue(c, c->valuedouble + 1);
}

static cJSON *new_counts(void)
{
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "total", 0);
    cJSON_AddNumberToObject(c, "checks", 0); /* values compared by run probes */
    for (size_t i = 0; i < verdict_count; i++)
        cJSON_AddNumberToObject(c, verdict_names[i], 0);
    return c;
}

const cJSON *report_find_probe(const cJSON *report, const char *id)
{
    const cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const cJSON *rid = cJSON_GetObjectItemCaseSensitive(rec, "id");
        if (cJSON_IsString(rid) && strcmp(rid->valuestring, id) == 0)
            return rec;
    }
    return NULL;
}

void report_summarize(cJSON *report)
{
    cJSON *summary = new_counts();
    cJSON *families = cJSON_CreateObject();
    const cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "id");
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, "verdict");
        if (!cJSON_IsString(id) || !cJSON_IsString(v))
            continue;
        const cJSON *ch = cJSON_GetObjectItemCaseSensitive(rec, "checks");
        double checks = cJSON_IsNumber(ch) ? ch->valuedouble : 0;
        count_into(summary, v->valuestring, checks);
        char fam[64];
        size_t n = strcspn(id->valuestring, ".");
        snprintf(fam, sizeof fam, "%.*s", (int)(n < sizeof fam ? n : sizeof fam - 1), id->valuestring);
        cJSON *f = cJSON_GetObjectItemCaseSensitive(families, fam);
        if (!f) {
            f = new_counts();
            cJSON_AddItemToObject(families, fam, f);
        }
        count_into(f, v->valuestring, checks);
    }
    cJSON_AddItemToObject(summary, "families", families);
    if (cJSON_GetObjectItemCaseSensitive(report, "summary"))
        cJSON_ReplaceItemInObjectCaseSensitive(report, "summary", summary);
    else
        cJSON_AddItemToObject(report, "summary", summary);
    group_annotate_report(report); /* each failure's rule, and summary.groups */
}

int report_write_json(const cJSON *doc, const char *path, FILE *err)
{
    char *text = cJSON_Print(doc);
    if (!text) {
        fprintf(err, "%s: out of memory while formatting the report\n", path);
        return -1;
    }
    size_t len = strlen(text);
    text[len] = '\n'; /* the NUL becomes the file's last newline */
    int rc = atomic_file_write(path, text, len + 1, err);
    free(text);
    return rc;
}
