/* Measurements remembered per device and driver: see measure_memo.h. */
#include "measure_memo.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bincache.h"
#include "json_file.h"
#include "litmus_plan.h"
#include "measure_plan.h"
#include "measure_names.h"
#include "record.h"
#include "timestamp.h"

cJSON *measure_memo_load(const char *path)
{
    cJSON *m = json_file_load(path, NULL);
    if (!cJSON_IsObject(m)) {
        cJSON_Delete(m);
        m = cJSON_CreateObject();
    }
    return m;
}

/* What makes two measurements the same: the probe's measurement, its
 * kernels and its watchdog, and the clconform that measured it: a harness
 * fix must not inherit a record (or a litmus probe's outcomes) its bug
 * produced. */
static void probe_hash(const clc_probe *p, char key[BINCACHE_KEY_LEN + 1])
{
    char opts[256];
    snprintf(opts, sizeof opts, "%s timeout=%g clconform %s", p->measure ? p->measure : "", p->timeout_s, CLC_VERSION);
    bincache_key(p->id, opts, p->source ? p->source : "", key);
}

/* The litmus family's counts are samples, not properties of the driver: each
 * run adds evidence (a rare weak outcome may show only in some runs), so
 * they are measured every time, never taken from here as a record. What is
 * remembered of them is their sum over the runs (measure_memo_litmus_totals).
 * The sync methods' counts (iwg_sync_*) are samples too, measured anew each
 * run. */
static int rememberable(const clc_probe *p)
{
    measure_plan plan;
    if (measure_plan_parse(p->measure, &plan) == 0 && plan.family == MEASURE_IWG_SYNC)
        return 0;
    return litmus_plan_parse(p->measure, NULL) != 0;
}

/* Which of a measurement's verdicts are remembered. An info record is what
 * the device and driver are (how many groups are resident, whether a
 * pattern deadlocks). A limit the device advertises that held (a buffer of
 * CL_DEVICE_MAX_MEM_ALLOC_SIZE made and used, a kernel of the most
 * arguments), or a code shape it took (300 kernels in a program), holds
 * for the same device and driver version too, and some cost the host
 * dearly every run: rusticl zeroes its 2 GiB largest buffer page by page,
 * 8 s alone and 18.5 s of a warm run's core time beside the other device.
 * Their skips follow from the device's answers to queries. A fail, an
 * error or a timeout is measured again on every run: a failure in a report
 * is what the driver did in that run. */
static int remembered_verdict(const clc_probe *p, clc_verdict v)
{
    if (v == CLC_VERDICT_INFO)
        return 1;
    int settled = v == CLC_VERDICT_PASS || v == CLC_VERDICT_SKIP;
    return settled && measure_name_is_limit_or_shape(p->measure);
}

const cJSON *measure_memo_litmus_totals(const cJSON *memo, const clc_probe *p)
{
    if (rememberable(p))
        return NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(memo, p->id);
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(e, "hash");
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, "totals");
    char key[BINCACHE_KEY_LEN + 1];
    probe_hash(p, key);
    return cJSON_IsString(h) && strcmp(h->valuestring, key) == 0 && cJSON_IsObject(t) ? t : NULL;
}

clc_record *measure_memo_take(const cJSON *memo, const clc_probe *p)
{
    if (!rememberable(p))
        return NULL;
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(memo, p->id);
    const cJSON *h = cJSON_GetObjectItemCaseSensitive(e, "hash");
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(e, "record");
    const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "measured_at");
    char key[BINCACHE_KEY_LEN + 1];
    probe_hash(p, key);
    if (!cJSON_IsString(h) || strcmp(h->valuestring, key) != 0 || !cJSON_IsObject(rec) ||
        !remembered_verdict(p, record_verdict(rec)))
        return NULL;
    /* The cache file's JSON becomes a record here; one that does not read
     * is measured again. */
    clc_record *out = record_alloc();
    char err[256];
    if (record_from_json(rec, out, err, sizeof err) != 0) {
        record_free(out);
        return NULL;
    }
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "measured_at", cJSON_IsString(at) ? at->valuestring : "?");
    cJSON_AddStringToObject(c, "why", "remembered for this device and driver version; --no-cache measures again");
    record_put_last(out, "cached", c);
    /* Where the probe is and what it cites are today's, not the measuring
     * run's: a probe moved to another file or line (its source unchanged)
     * keeps its measurement. */
    record_set_text(out, REC_FILE, p->file ? p->file : "");
    record_set_count(out, REC_LINE, (long)p->line);
    record_move_last(out, REC_LINE);
    record_set_text(out, REC_CLAUSE, p->clause ? p->clause : "");
    if (p->spec && record_has(out, REC_SPEC))
        record_set_text(out, REC_SPEC, p->spec);
    if (out->detail) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s (measured %s, remembered)", out->detail,
                 cJSON_IsString(at) ? at->valuestring : "earlier");
        record_set_text(out, REC_DETAIL, buf);
    }
    return out;
}

/* Puts entry (taken) under id in memo and in the file at path. Several
 * supervisors of one device store at once (litmus probes are spread over
 * them), each with the memo it loaded: the file is read again under a lock
 * and only this id replaced, so no supervisor's entries overwrite
 * another's. */
static void store_entry(cJSON *memo, const char *path, const char *id, cJSON *entry)
{
    cJSON_DeleteItemFromObjectCaseSensitive(memo, id);
    cJSON_AddItemToObject(memo, id, cJSON_Duplicate(entry, 1));
    /* The folder: path's parent, made as needed (the cache folder may be new). */
    char dir[4096], lock[4200], tmp[4200];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *q = dir + 1; *q; q++)
        if (*q == '/') {
            *q = '\0';
            mkdir(dir, 0755);
            *q = '/';
        }
    snprintf(lock, sizeof lock, "%s.lock", path);
    int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lfd >= 0)
        flock(lfd, LOCK_EX);
    cJSON *now = measure_memo_load(path);
    cJSON_DeleteItemFromObjectCaseSensitive(now, id);
    cJSON_AddItemToObject(now, id, entry);
    /* Written aside and renamed: a reader never sees half a file. A memo that
     * cannot be written costs only the next run's time, so nothing is said. */
    char *text = cJSON_Print(now);
    cJSON_Delete(now);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = text ? fopen(tmp, "w") : NULL;
    if (f) {
        int bad = fputs(text, f) == EOF;
        bad |= fclose(f) != 0;
        if (bad || rename(tmp, path) != 0)
            unlink(tmp);
    }
    free(text);
    if (lfd >= 0)
        close(lfd); /* and with it the lock */
}

/* An entry: the probe's hash, the time now under time_key, and a copy of
 * what under what_key. */
static cJSON *stamped_entry(const char *hash, const char *time_key, const char *what_key, const cJSON *what)
{
    cJSON *e = cJSON_CreateObject();
    char now[32];
    timestamp_now_iso(now, sizeof now);
    cJSON_AddStringToObject(e, "hash", hash);
    cJSON_AddStringToObject(e, time_key, now);
    cJSON_AddItemToObject(e, what_key, cJSON_Duplicate(what, 1));
    return e;
}

/* A litmus record's sums over the runs of this clconform, driver and probe
 * ("all_runs" of its measure object, measure_litmus.c) become its totals. */
static void store_litmus(cJSON *memo, const char *path, const clc_probe *p, const clc_record *rec)
{
    clc_verdict v = rec->verdict;
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(record_get(rec, "measure"), "all_runs");
    int ok = v == CLC_VERDICT_PASS || v == CLC_VERDICT_FAIL || v == CLC_VERDICT_INFO || v == CLC_VERDICT_SKIP;
    if (!ok || !cJSON_IsObject(all))
        return;
    char key[BINCACHE_KEY_LEN + 1];
    probe_hash(p, key);
    store_entry(memo, path, p->id, stamped_entry(key, "updated_at", "totals", all));
}

void measure_memo_store(cJSON *memo, const char *path, const clc_probe *p, const clc_record *rec)
{
    if (!memo || record_get(rec, "cached"))
        return;
    if (!rememberable(p)) {
        store_litmus(memo, path, p, rec);
        return;
    }
    if (!remembered_verdict(p, rec->verdict))
        return;
    char key[BINCACHE_KEY_LEN + 1];
    probe_hash(p, key);
    /* The cache file holds the record as a report does. */
    cJSON *json = record_to_json(rec);
    if (json)
        store_entry(memo, path, p->id, stamped_entry(key, "measured_at", "record", json));
    cJSON_Delete(json);
}
