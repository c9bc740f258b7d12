/* harness/sched/lost_memo.c: a probe that hung or crashed a driver version while
 * running is remembered with its verdict, for that version only; the
 * remembered verdict yields to a requirement the device does not meet. */
#include "check.h"
#include "crash_memo.h"
#include "lost_memo.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *verdict_of(const cJSON *rec)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, "verdict");
    return cJSON_IsString(v) ? v->valuestring : "";
}

static const char *text_of(const cJSON *rec, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

int main(void)
{
    char dir[] = "/tmp/clc-lostmemo-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    cJSON *dev = cJSON_CreateObject();
    cJSON_AddStringToObject(dev, "version", "OpenCL 3.0 PoCL");
    cJSON_AddStringToObject(dev, "driver_version", "5.0+debian");
    cJSON *caps = cJSON_AddArrayToObject(dev, "capabilities");
    cJSON_AddItemToArray(caps, cJSON_CreateString("wg_8"));
    char path[4096], other[4096];
    CHECK(crash_memo_lost_path(dir, "pocl", dev, path, sizeof path) == 0, "memo_has_a_path");
    cJSON_ReplaceItemInObject(dev, "driver_version", cJSON_CreateString("6.0"));
    CHECK(crash_memo_lost_path(dir, "pocl", dev, other, sizeof other) == 0 && strcmp(path, other) != 0,
          "another_driver_version_reads_another_memo");
    CHECK(crash_memo_lost_path(NULL, "pocl", dev, other, sizeof other) == -1, "no_cache_folder_no_memo");

    char *needs_wg8[] = {"wg_8"}, *needs_fp64[] = {"cl_khr_fp64"};
    clc_probe items[5];
    memset(items, 0, sizeof items);
    items[0].id = "a.source";
    items[0].source = "__kernel void probe(__global int *out) { }";
    items[0].requires = needs_wg8;
    items[0].n_requires = 1;
    items[1].id = "b.batched";
    items[1].body = "out[0] = 1;";
    items[2].id = "c.hang";
    items[2].body = "for (;;) ;";
    items[3].id = "d.needs-fp64";
    items[3].source = "__kernel void probe(__global int *out) { }";
    items[3].requires = needs_fp64;
    items[3].n_requires = 1;
    items[4].id = "e.measure";
    items[4].kind = CLC_KIND_MEASURE;
    items[4].source = "__kernel void probe(__global int *out) { }";
    clc_probe_set set = {items, 5, 5};
    size_t todo[5] = {0, 1, 2, 3, 4};

    CHECK(lost_memo_remembers_crash(&items[0]) && !lost_memo_remembers_crash(&items[1]) &&
              !lost_memo_remembers_crash(&items[4]),
          "only_a_crash_of_a_probe_built_alone_is_remembered");
    int lost[5] = {0};
    size_t found = lost_memo_load(path, &set, todo, 5, dev, lost);
    CHECK(found == 0 && lost[0] == LOST_NONE, "missing_memo_remembers_nothing");

    lost_memo_add_crash(path, "a.source", SIGABRT);
    crash_memo_add(path, "c.hang");
    lost_memo_add_crash(path, "d.needs-fp64", SIGSEGV);
    crash_memo_add(path, "e.measure");
    const char *damaged = "b.batched\tcrash\tnot-a-signal\nb.batched\tcrash\t0\nb.batched\t16\n";
    crash_memo_append(path, damaged, strlen(damaged));
    found = lost_memo_load(path, &set, todo, 5, dev, lost);
    CHECK(found == 2 && lost[0] == SIGABRT && lost[2] == LOST_HANG, "crash_and_hang_are_read_back");
    CHECK(lost[1] == LOST_NONE, "damaged_lines_and_batch_caps_are_not_verdicts");
    CHECK(lost[3] == LOST_NONE, "a_probe_the_device_would_skip_is_not_remembered");
    CHECK(lost[4] == LOST_NONE, "a_measurement_is_never_a_remembered_loss");

    clc_record r;
    lost_memo_record(&items[0], lost[0], &r);
    CHECK(r.verdict == CLC_VERDICT_CRASH && r.remembered && strcmp(r.signal, "SIGABRT") == 0,
          "remembered_crash_typed_fields");
    cJSON *crash = record_release_json(&r);
    CHECK(strcmp(verdict_of(crash), "crash") == 0 && strcmp(text_of(crash, "signal"), "SIGABRT") == 0 &&
              strstr(text_of(crash, "detail"), "remembered") &&
              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(crash, "remembered")),
          "remembered_crash_keeps_its_verdict_and_signal_and_says_so");
    lost_memo_record(&items[2], lost[2], &r);
    cJSON *hang = record_release_json(&r);
    CHECK(strcmp(verdict_of(hang), "timeout") == 0 && strstr(text_of(hang, "detail"), "--no-cache") &&
              cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(hang, "remembered")),
          "remembered_hang_is_a_timeout_and_says_how_to_run_it_again");
    items[0].undefined = "the probe's reason";
    lost_memo_record(&items[0], SIGSEGV, &r);
    cJSON *undef = record_release_json(&r);
    CHECK(strcmp(verdict_of(undef), "info") == 0 && strcmp(text_of(undef, "outcome"), "crash") == 0,
          "a_probe_of_undefined_behaviour_stays_info");
    cJSON_Delete(crash);
    cJSON_Delete(hang);
    cJSON_Delete(undef);

    int none[5] = {0};
    found = lost_memo_load(other, &set, todo, 5, dev, none);
    CHECK(found == 0, "another_driver_version_remembers_nothing");
    unlink(path);
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/lost", dir);
    rmdir(sub);
    rmdir(dir);
    cJSON_Delete(dev);
    return check_done();
}
