/* The run section's profile: see report_profile.h. */
#include "report_profile.h"

static void set_item(cJSON *o, const char *name, cJSON *item)
{
    if (cJSON_GetObjectItemCaseSensitive(o, name))
        cJSON_ReplaceItemInObjectCaseSensitive(o, name, item);
    else
        cJSON_AddItemToObject(o, name, item);
}

void report_set_profile(cJSON *doc, const clc_device_run *run, const char *cache_dir)
{
    cJSON *r = cJSON_GetObjectItemCaseSensitive(doc, "run");
    if (!cJSON_IsObject(r))
        return;
    set_item(r, "profile", profile_to_json(&run->profile));
    /* What no phase accounts for: the supervisor reading and judging
     * messages, forks, waiting between phases. The report phase happens
     * after wall_ms was taken, so it is added to the wall here. */
    double harness = run->wall_ms + run->profile.ms[PROF_REPORT] - profile_total_ms(&run->profile);
    size_t jobs = run->device_jobs > 1 ? run->device_jobs : 1;
    set_item(r, "device_jobs", cJSON_CreateNumber((double)jobs));
    set_item(r, "chunks", cJSON_CreateNumber((double)(run->chunks ? run->chunks : 1)));
    set_item(r, "borrowed", cJSON_CreateNumber((double)run->borrowed));
    /* Supervisors side by side overlap: their phases add up to more than
     * the wall time, so nothing is left over to call the harness's. */
    set_item(r, "harness_other_ms",
             jobs > 1 ? cJSON_CreateNull() : cJSON_CreateNumber((double)(long long)(harness * 1e3) / 1e3));
    cJSON *cache = cJSON_CreateObject();
    cJSON_AddBoolToObject(cache, "enabled", cache_dir != NULL);
    if (cache_dir)
        cJSON_AddStringToObject(cache, "dir", cache_dir);
    cJSON_AddNumberToObject(cache, "hits", (double)run->profile.count[PROF_CACHE_LOAD]);
    cJSON_AddNumberToObject(cache, "rejected", (double)run->profile.count[PROF_CACHE_REJECTED]);
    cJSON_AddNumberToObject(cache, "stored", (double)run->profile.count[PROF_CACHE_STORE]);
    set_item(r, "cache", cache);
    set_item(r, "timeouts_retried", cJSON_CreateNumber((double)run->timeouts_retried));
}
