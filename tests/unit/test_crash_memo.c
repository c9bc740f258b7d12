/* harness/sched/crash_memo.c: the probes that crashed a driver are remembered per
 * device and driver version, and next time only those are built alone. */
#include "check.h"
#include "crash_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    char dir[] = "/tmp/clc-crashmemo-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    cJSON *dev = cJSON_CreateObject();
    cJSON_AddStringToObject(dev, "version", "OpenCL 3.0 ");
    cJSON_AddStringToObject(dev, "driver_version", "22.3.6/x");
    char path[4096], other[4096];
    CHECK(crash_memo_path(dir, "rusticl--llvmpipe", dev, path, sizeof path) == 0 &&
              strstr(path, "/crashes/rusticl--llvmpipe--22.3.6_x--OpenCL_3.0_.txt"),
          "path_names_device_and_driver_version");
    cJSON_ReplaceItemInObject(dev, "driver_version", cJSON_CreateString("23.0"));
    CHECK(crash_memo_path(dir, "rusticl--llvmpipe", dev, other, sizeof other) == 0 && strcmp(path, other) != 0,
          "another_driver_version_has_another_memo");
    CHECK(crash_memo_path(NULL, "k", dev, other, sizeof other) == -1, "no_cache_folder_no_memo");
    cJSON *nodrv = cJSON_CreateObject();
    CHECK(crash_memo_path(dir, "k", nodrv, other, sizeof other) == -1, "unknown_driver_no_memo");

    clc_probe items[3];
    memset(items, 0, sizeof items);
    items[0].id = "a.one";
    items[1].id = "b.two";
    items[2].id = "c.three";
    clc_probe_set set = {items, 3, 3};
    size_t todo[3] = {0, 1, 2}, cap[3] = {0, 0, 0};
    /* CHECK evaluates its condition twice: calls go before it. */
    size_t found = crash_memo_apply(path, &set, todo, 3, cap, NULL);
    CHECK(found == 0 && cap[0] == 0 && cap[1] == 0, "missing_memo_changes_nothing");
    crash_memo_add(path, "b.two");
    crash_memo_add(path, "b.two");
    crash_memo_add(path, "zz.not-in-suite");
    found = crash_memo_apply(path, &set, todo, 3, cap, NULL);
    CHECK(found == 1 && cap[0] == 0 && cap[1] == 1 && cap[2] == 0, "remembered_probe_is_built_alone_others_not");
    size_t only_first[1] = {0}, cap2[3] = {0, 0, 0};
    found = crash_memo_apply(path, &set, only_first, 1, cap2, NULL);
    CHECK(found == 0 && cap2[1] == 0, "only_probes_of_this_run_are_touched");

    /* Batch-mates of a crash keep the cap their batch ended with: the
     * smallest remembered cap wins, the culprit's bare line is cap 1, and
     * a damaged line is ignored (it only costs speed). */
    size_t mates[2] = {0, 2};
    crash_memo_add_caps(path, &set, mates, 2, 16, NULL);
    crash_memo_add_caps(path, &set, mates, 1, 4, NULL);
    FILE *f = fopen(path, "a");
    if (f) {
        fputs("c.three\tbad\nc.three\t0\n", f);
        fclose(f);
    }
    size_t cap3[3] = {0, 0, 0};
    found = crash_memo_apply(path, &set, todo, 3, cap3, NULL);
    CHECK(cap3[0] == 4 && cap3[1] == 1 && cap3[2] == 16, "smallest_remembered_cap_wins");
    size_t cap4[3] = {2, 0, 0};
    found = crash_memo_apply(path, &set, todo, 3, cap4, NULL);
    CHECK(cap4[0] == 2, "a smaller cap already set is kept");

    /* A part cut after a crash keeps its leader: the leader that comes
     * with the smallest cap wins, a line of the old two-field form still
     * reads (no leader), and a leader not in this suite leads nothing. */
    char path2[4096];
    snprintf(path2, sizeof path2, "%s/crashes/leaders.txt", dir);
    size_t part[2] = {1, 2}, lead[2] = {2, 2};
    crash_memo_add_caps(path2, &set, part, 2, 8, lead);
    f = fopen(path2, "r");
    char line[256] = "";
    if (f) {
        if (!fgets(line, sizeof line, f))
            line[0] = '\0';
        fclose(f);
    }
    CHECK(strcmp(line, "b.two\t8\tb.two\n") == 0, "a_part_line_names_its_leader");
    size_t cap5[3] = {0, 0, 0}, ld5[3] = {7, 7, 7};
    found = crash_memo_apply(path2, &set, todo, 3, cap5, ld5);
    CHECK(found == 2 && cap5[1] == 8 && ld5[1] == 2 && cap5[2] == 8 && ld5[2] == 2 && ld5[0] == 7,
          "leaders_read_back_as_index_plus_one");
    size_t deeper[1] = {2}, lead2[1] = {3};
    crash_memo_add_caps(path2, &set, deeper, 1, 2, lead2);
    crash_memo_add_caps(path2, &set, deeper, 1, 4, lead);
    f = fopen(path2, "a");
    if (f) {
        fputs("a.one\t3\tzz.gone\na.one\t5\tb.two\n", f);
        fclose(f);
    }
    size_t cap6[3] = {0, 0, 0}, ld6[3] = {0, 0, 0};
    found = crash_memo_apply(path2, &set, todo, 3, cap6, ld6);
    CHECK(cap6[2] == 2 && ld6[2] == 3, "the_smallest_cap_brings_its_leader");
    CHECK(cap6[0] == 3 && ld6[0] == 0, "a_leader_outside_the_suite_leads_nothing");
    unlink(path2);

    unlink(path);
    char sub[4200];
    snprintf(sub, sizeof sub, "%s/crashes", dir);
    rmdir(sub);
    rmdir(dir);
    cJSON_Delete(dev);
    cJSON_Delete(nodrv);
    return check_done();
}
