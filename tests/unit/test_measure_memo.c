/* harness/measure_memo.c: a measurement is remembered per device and driver
 * version and taken back only for the very same probe, marked as cached. */
#include "check.h"
#include "measure_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    char dir[] = "/tmp/clc-measmemo-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char path[4200];
    snprintf(path, sizeof path, "%s/measures/dev--drv--ver.json", dir);
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = "iwg.resident.wg64";
    p.measure = "iwg_resident_wg64";
    p.source = "__kernel void iwg_resident(__global int *c, int t, int r) {}";
    p.timeout_s = 20;

    cJSON *memo = measure_memo_load(path);
    cJSON *none = measure_memo_take(memo, &p);
    CHECK(cJSON_IsObject(memo) && none == NULL, "no_file_no_memory");

    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "id", p.id);
    cJSON_AddStringToObject(rec, "verdict", "info");
    cJSON_AddStringToObject(rec, "detail", "132 work-groups of 64 resident at once");
    measure_memo_store(memo, path, &p, rec);
    cJSON_Delete(memo);

    memo = measure_memo_load(path);
    cJSON *back = measure_memo_take(memo, &p);
    const cJSON *cached = cJSON_GetObjectItemCaseSensitive(back, "cached");
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(back, "detail");
    CHECK(back && cJSON_IsObject(cached) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(cached, "measured_at")),
          "remembered_record_comes_back_marked_cached");
    CHECK(cJSON_IsString(detail) && strstr(detail->valuestring, "132 work-groups") &&
              strstr(detail->valuestring, "remembered"),
          "its_detail_says_it_was_remembered");

    /* The cached copy is never stored again as if measured. */
    measure_memo_store(memo, path, &p, back);
    cJSON *again = measure_memo_take(memo, &p);
    const cJSON *at1 = cJSON_GetObjectItemCaseSensitive(cached, "measured_at");
    const cJSON *at2 = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(again, "cached"), "measured_at");
    CHECK(again && strcmp(at1->valuestring, at2->valuestring) == 0, "a_cached_record_is_not_stored_again");

    clc_probe changed = p;
    changed.source = "__kernel void iwg_resident(__global int *c, int t, int r) { /* new */ }";
    cJSON *stale = measure_memo_take(memo, &changed);
    CHECK(stale == NULL, "a_changed_probe_is_measured_again");

    cJSON *err = cJSON_CreateObject();
    cJSON_AddStringToObject(err, "verdict", "error");
    clc_probe other = p;
    other.id = "iwg.resident.wg1";
    measure_memo_store(memo, path, &other, err);
    cJSON *no_err = measure_memo_take(memo, &other);
    CHECK(no_err == NULL, "only_info_results_are_remembered");

    cJSON_Delete(back), cJSON_Delete(again), cJSON_Delete(rec), cJSON_Delete(err), cJSON_Delete(memo);
    unlink(path);
    char sub[4300];
    snprintf(sub, sizeof sub, "%s/measures", dir);
    rmdir(sub);
    rmdir(dir);
    return check_done();
}
