/* The device report document: see report_json.h. */
#include "report_json.h"

#include "build_logs.h"
#include "claims.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "report_arrays.h"
#include "group.h"
#include "litmus_power.h"
#include "record.h"
#include "timestamp.h"
#include "verdict.h"

/* 2: repeated large arrays stored once under "arrays" (report_arrays.h),
 * passing records without "why". Readers take 1 and 2. */
#define SCHEMA_VERSION 2

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
    timestamp_now_iso(now, sizeof now);
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
                    const size_t *todo, size_t n_todo, clc_device_run *run)
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
    if (run->recs) {
        clc_record **recs = malloc((n_todo ? n_todo : 1) * sizeof *recs);
        for (size_t k = 0; recs && k < n_todo; k++)
            recs[k] = run->recs[todo[k]];
        cJSON *claims = recs ? claims_report(meta->claims, cJSON_GetObjectItemCaseSensitive(doc, "device"), set,
                                             todo, n_todo, recs)
                             : NULL;
        if (claims)
            cJSON_AddItemToObject(doc, "claims", claims);
        free(recs);
    }
    /* The report document: each record becomes its JSON object here. */
    cJSON *probes = cJSON_CreateArray();
    for (size_t k = 0; k < n_todo; k++) {
        clc_record *rec = run->recs ? run->recs[todo[k]] : NULL;
        if (rec) {
            cJSON_AddItemToArray(probes, record_release_json(rec));
            record_free(rec);
            run->recs[todo[k]] = NULL;
        }
    }
    cJSON_AddItemToObject(doc, "probes", probes);
    build_logs_pool(doc);
    report_summarize(doc);
    return doc;
}

static void count_into(cJSON *counts, clc_verdict verdict, double checks)
{
    cJSON *total = cJSON_GetObjectItemCaseSensitive(counts, "total");
    cJSON_SetNumberValue(total, total->valuedouble + 1);
    cJSON *ch = cJSON_GetObjectItemCaseSensitive(counts, "checks");
    cJSON_SetNumberValue(ch, ch->valuedouble + checks);
    cJSON *c = verdict == CLC_VERDICT_UNKNOWN ? NULL : cJSON_GetObjectItemCaseSensitive(counts, verdict_name(verdict));
    if (c)
        cJSON_SetNumberValue(c, c->valuedouble + 1);
}

static cJSON *new_counts(void)
{
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "total", 0);
    cJSON_AddNumberToObject(c, "checks", 0); /* values compared by run probes */
    for (size_t i = 0; i < CLC_VERDICT_COUNT; i++)
        cJSON_AddNumberToObject(c, verdict_name((clc_verdict)i), 0);
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

clc_id_map *report_probe_map(const cJSON *report)
{
    const cJSON *probes = cJSON_GetObjectItemCaseSensitive(report, "probes"), *rec;
    clc_id_map *m = id_map_new((size_t)cJSON_GetArraySize(probes));
    cJSON_ArrayForEach(rec, probes) {
        const cJSON *rid = cJSON_GetObjectItemCaseSensitive(rec, "id");
        if (m && cJSON_IsString(rid) && id_map_put(m, rid->valuestring, (void *)rec) != 0) {
            id_map_free(m);
            return NULL;
        }
    }
    return m;
}

void report_set_alone_slice(cJSON *doc, unsigned k, unsigned n)
{
    cJSON *run = cJSON_GetObjectItemCaseSensitive(doc, "run");
    char slice[32];
    if (n == 0 || n == 1)
        snprintf(slice, sizeof slice, "%s", n ? "all" : "none");
    else
        snprintf(slice, sizeof slice, "%u/%u", k, n);
    if (cJSON_IsObject(run))
        cJSON_AddStringToObject(run, "alone", slice);
}

/* {"run": probes also run alone, "differ": N, "ids": [those whose outcome
 * alone was another]} from the records' "context" (context_fold.h), or
 * NULL where none ran alone. */
static cJSON *alone_summary(const cJSON *probes)
{
    size_t run = 0;
    cJSON *ids = cJSON_CreateArray();
    const cJSON *rec;
    cJSON_ArrayForEach(rec, probes) {
        const cJSON *ctx = cJSON_GetObjectItemCaseSensitive(rec, "context");
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "id");
        if (!cJSON_IsObject(ctx))
            continue;
        run++;
        if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(ctx, "same")) && cJSON_IsString(id))
            cJSON_AddItemToArray(ids, cJSON_CreateString(id->valuestring));
    }
    if (run == 0) {
        cJSON_Delete(ids);
        return NULL;
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "run", (double)run);
    cJSON_AddNumberToObject(o, "differ", cJSON_GetArraySize(ids));
    cJSON_AddItemToObject(o, "ids", ids);
    return o;
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
        clc_verdict verdict = verdict_parse(v->valuestring);
        count_into(summary, verdict, checks);
        char fam[64];
        size_t n = strcspn(id->valuestring, ".");
        snprintf(fam, sizeof fam, "%.*s", (int)(n < sizeof fam ? n : sizeof fam - 1), id->valuestring);
        cJSON *f = cJSON_GetObjectItemCaseSensitive(families, fam);
        if (!f) {
            f = new_counts();
            cJSON_AddItemToObject(families, fam, f);
        }
        count_into(f, verdict, checks);
    }
    cJSON_AddItemToObject(summary, "families", families);
    cJSON *alone = alone_summary(cJSON_GetObjectItemCaseSensitive(report, "probes"));
    if (alone)
        cJSON_AddItemToObject(summary, "alone", alone);
    cJSON *power = litmus_power_summary(cJSON_GetObjectItemCaseSensitive(report, "probes"));
    if (power)
        cJSON_AddItemToObject(summary, "litmus_power", power);
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

/* What a device report's file leaves out of the document in memory, so
 * that the default suite's file stays under 5 MB a device:
 * - A passing or skipped record's "why" and "spec" (the rule and the
 *   heading's name): its probe file's text, the same every night (1.7 MB of
 *   a device's 7 MB). The record keeps its clause, file and line.
 * - An info's "why", "spec", "source" and "inputs": the probe file's text
 *   too (its kernel is the probe's body in the generated wrapper, its inputs
 *   the file's literals; 0.6 MB a device, mostly the folded out-of-range
 *   conversions' sources). An info keeps what it recorded ("actual",
 *   "measure", "ulp", "detail") and where its probe is.
 * - A passing or skipped record's "build_ms" and "batch_size": its
 *   program's build, which the run's profile sums; they changed every night
 *   and made every passing line of two nights' files differ (0.19 MB).
 * - A pass's "file" and "line" (0.28 MB): where a probe lives is looked up
 *   by its id (grep '[probe ID]' probes/); every record that is not a pass
 *   keeps them. A pass's empty "ulp.failures" too.
 * Failures and every other verdict keep everything: a vendor's reproducer
 * is written from them. The page written beside the report shows every
 * field. An info judged in ulp keeps its error, not its arrays (below).
 * Times keep the microsecond: the 17 digits of a double's nanoseconds were
 * noise. */
static void slim_records(cJSON *doc)
{
    cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(doc, "probes")) {
        clc_verdict verdict = record_verdict(rec);
        int passed = verdict == CLC_VERDICT_PASS, skipped = verdict == CLC_VERDICT_SKIP;
        int info = verdict == CLC_VERDICT_INFO;
        if (passed || skipped || info) {
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "why");
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "spec");
        }
        if (info) {
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "source");
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "inputs");
        }
        if (passed || skipped) {
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "build_ms");
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "batch_size");
        }
        if (passed) {
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "file");
            cJSON_DeleteItemFromObjectCaseSensitive(rec, "line");
        }
        cJSON *ulp = cJSON_GetObjectItemCaseSensitive(rec, "ulp");
        if (passed && cJSON_IsObject(ulp)) {
            const cJSON *fails = cJSON_GetObjectItemCaseSensitive(ulp, "failures");
            if (cJSON_IsArray(fails) && !fails->child)
                cJSON_DeleteItemFromObjectCaseSensitive(ulp, "failures");
        }
        if (info && cJSON_IsObject(ulp)) {
            /* A function whose accuracy the spec leaves undefined records its
             * error: "ulp" keeps it (the largest, where, how many beyond the
             * count's bound, and each of those elements whole). The 1,008
             * inputs, references and values behind it were 0.9 MB a device. */
            static const char *const arrays[] = {"expected", "actual"};
            for (size_t i = 0; i < 2; i++)
                cJSON_DeleteItemFromObjectCaseSensitive(rec, arrays[i]);
            cJSON_DeleteItemFromObjectCaseSensitive(ulp, "references");
        }
        static const char *const times[] = {"time_ms", "build_ms"};
        for (size_t i = 0; i < 2; i++) {
            cJSON *t = cJSON_GetObjectItemCaseSensitive(rec, times[i]);
            if (cJSON_IsNumber(t) && t->valuedouble > -1e12 && t->valuedouble < 1e12)
                cJSON_SetNumberValue(t, (double)llround(t->valuedouble * 1000.0) / 1000.0);
        }
    }
}

/* Appends text (freed here; NULL is out of memory) to f. */
static int put_printed(FILE *f, char *text)
{
    if (!text)
        return -1;
    int rc = fputs(text, f) < 0 ? -1 : 0;
    free(text);
    return rc;
}

/* The report's text: compact, with one record (and one pooled array, one
 * build log) a line, so that grep finds a whole record and a diff of two
 * nights' reports reads record by record. */
static int print_by_line(const cJSON *doc, FILE *f)
{
    static const char *const by_line[] = {"probes", "arrays", "build_logs"};
    int rc = fputs("{", f) < 0 ? -1 : 0;
    for (const cJSON *top = doc->child; top && rc == 0; top = top->next) {
        cJSON *key = cJSON_CreateString(top->string ? top->string : "");
        rc |= fputs(top == doc->child ? "\n" : ",\n", f) < 0 ? -1 : 0;
        rc |= put_printed(f, key ? cJSON_PrintUnformatted(key) : NULL);
        cJSON_Delete(key);
        rc |= fputs(":", f) < 0 ? -1 : 0;
        int lines = 0;
        for (size_t i = 0; i < sizeof by_line / sizeof by_line[0]; i++)
            lines |= top->string && strcmp(top->string, by_line[i]) == 0 && top->child;
        if (!lines) {
            rc |= put_printed(f, cJSON_PrintUnformatted(top));
            continue;
        }
        int is_array = cJSON_IsArray(top);
        rc |= fputs(is_array ? "[" : "{", f) < 0 ? -1 : 0;
        for (const cJSON *el = top->child; el && rc == 0; el = el->next) {
            rc |= fputs(el == top->child ? "\n" : ",\n", f) < 0 ? -1 : 0;
            if (!is_array) {
                cJSON *k = cJSON_CreateString(el->string ? el->string : "");
                rc |= put_printed(f, k ? cJSON_PrintUnformatted(k) : NULL);
                cJSON_Delete(k);
                rc |= fputs(":", f) < 0 ? -1 : 0;
            }
            rc |= put_printed(f, cJSON_PrintUnformatted(el));
        }
        rc |= fputs(is_array ? "\n]" : "\n}", f) < 0 ? -1 : 0;
    }
    rc |= fputs("\n}\n", f) < 0 ? -1 : 0;
    return rc;
}

/* Turns file_doc into the file's form and prints it into *text. */
static int print_device_file(cJSON *file_doc, char **text, size_t *len)
{
    FILE *f = open_memstream(text, len);
    int ok = f != NULL;
    if (ok) {
        slim_records(file_doc);
        ok = report_arrays_pool(file_doc) == 0 && print_by_line(file_doc, f) == 0;
        ok &= fclose(f) == 0;
    }
    return ok;
}

int report_write_device_json_consuming(cJSON *doc, const char *path, FILE *err)
{
    char *text = NULL;
    size_t len = 0;
    if (!print_device_file(doc, &text, &len)) {
        free(text);
        fprintf(err, "%s: out of memory while formatting the report\n", path);
        return -1;
    }
    int rc = atomic_file_write(path, text, len, err);
    free(text);
    return rc;
}

int report_write_device_json(const cJSON *doc, const char *path, FILE *err)
{
    cJSON *file_doc = cJSON_Duplicate(doc, 1);
    if (!file_doc) {
        fprintf(err, "%s: out of memory while formatting the report\n", path);
        return -1;
    }
    int rc = report_write_device_json_consuming(file_doc, path, err);
    cJSON_Delete(file_doc);
    return rc;
}
