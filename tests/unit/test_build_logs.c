/* harness/report/build_logs.c: a report keeps each distinct build log once, records
 * refer to it, readers find it either way, and joining reports (shards)
 * inlines first so references never collide. */
#include "build_logs.h"
#include "check.h"

#include <string.h>

static cJSON *rec_with_log(cJSON *probes, const char *id, const char *log)
{
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "id", id);
    if (log)
        cJSON_AddStringToObject(rec, "build_log", log);
    cJSON_AddItemToArray(probes, rec);
    return rec;
}

int main(void)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON *probes = cJSON_AddArrayToObject(doc, "probes");
    cJSON *a = rec_with_log(probes, "a", "warning: ABI\n");
    cJSON *b = rec_with_log(probes, "b", "warning: ABI\n");
    cJSON *c = rec_with_log(probes, "c", "error: other\n");
    cJSON *d = rec_with_log(probes, "d", NULL);

    build_logs_pool(doc);
    const cJSON *logs = cJSON_GetObjectItemCaseSensitive(doc, "build_logs");
    CHECK(cJSON_GetArraySize(logs) == 2, "two_distinct_logs_stored_once_each");
    CHECK(!cJSON_GetObjectItemCaseSensitive(a, "build_log") && !cJSON_GetObjectItemCaseSensitive(b, "build_log"),
          "records_no_longer_carry_the_text");
    CHECK(strcmp(cJSON_GetObjectItemCaseSensitive(a, "build_log_ref")->valuestring,
                 cJSON_GetObjectItemCaseSensitive(b, "build_log_ref")->valuestring) == 0,
          "equal_logs_share_one_reference");
    CHECK(strcmp(cJSON_GetObjectItemCaseSensitive(a, "build_log_ref")->valuestring,
                 cJSON_GetObjectItemCaseSensitive(c, "build_log_ref")->valuestring) != 0,
          "different_logs_get_different_references");
    CHECK(build_logs_of(doc, b) && strcmp(build_logs_of(doc, b), "warning: ABI\n") == 0, "reference_resolves");
    CHECK(build_logs_of(doc, c) && strcmp(build_logs_of(doc, c), "error: other\n") == 0, "second_log_resolves");
    CHECK(build_logs_of(doc, d) == NULL && !cJSON_GetObjectItemCaseSensitive(d, "build_log_ref"),
          "record_without_log_gets_no_reference");
    CHECK(build_logs_of(NULL, b) == NULL, "reference_without_the_report_finds_nothing");

    /* Pooling twice changes nothing: a pooled report written and read back
     * (merge, baseline) may pass through again. */
    build_logs_pool(doc);
    CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "build_logs")) == 2 &&
              strcmp(build_logs_of(doc, a), "warning: ABI\n") == 0,
          "pooling_a_pooled_report_keeps_its_logs");

    build_logs_inline(doc);
    CHECK(!cJSON_GetObjectItemCaseSensitive(doc, "build_logs") && !cJSON_GetObjectItemCaseSensitive(a, "build_log_ref") &&
              strcmp(cJSON_GetObjectItemCaseSensitive(a, "build_log")->valuestring, "warning: ABI\n") == 0 &&
              strcmp(cJSON_GetObjectItemCaseSensitive(c, "build_log")->valuestring, "error: other\n") == 0,
          "inlining_restores_every_log");

    cJSON *old = cJSON_CreateObject();
    cJSON *old_rec = rec_with_log(cJSON_AddArrayToObject(old, "probes"), "x", "inline log");
    CHECK(build_logs_of(old, old_rec) && strcmp(build_logs_of(old, old_rec), "inline log") == 0,
          "older_reports_with_inline_logs_still_read");
    cJSON_Delete(old);
    cJSON_Delete(doc);
    return check_done();
}
