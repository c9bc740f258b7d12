/* harness/util/profile.c: phases add up, merge, and survive the JSON round trip
 * the worker's "prof" messages take; bad JSON adds nothing. */
#include "check.h"
#include "profile.h"

#include <string.h>

int main(void)
{
    clc_profile p, q;
    memset(&p, 0, sizeof p);
    memset(&q, 0, sizeof q);
    profile_add(&p, PROF_BUILD, 100.5);
    profile_add(&p, PROF_BUILD, 50.25);
    profile_add(&p, PROF_CODEGEN, 3);
    CHECK(p.count[PROF_BUILD] == 2 && p.ms[PROF_BUILD] == 150.75, "two builds add up");
    CHECK(profile_total_ms(&p) == 153.75, "total over phases");

    cJSON *j = profile_to_json(&p);
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(j, "build");
    CHECK(cJSON_GetObjectItemCaseSensitive(b, "count")->valuedouble == 2 &&
              cJSON_GetObjectItemCaseSensitive(b, "ms")->valuedouble == 150.75,
          "JSON has build ms and count");
    int all = 1;
    for (int i = 0; i < PROF_COUNT; i++)
        all &= cJSON_GetObjectItemCaseSensitive(j, profile_phase_name((clc_prof_phase)i)) != NULL;
    CHECK(all, "JSON names every phase, zeros included");
    profile_add_json(&q, j);
    profile_add_json(&q, j);
    CHECK(q.count[PROF_BUILD] == 4 && q.ms[PROF_BUILD] == 301.5 && q.count[PROF_CODEGEN] == 2,
          "adding the JSON twice doubles the sums");
    cJSON_Delete(j);

    cJSON *bad = cJSON_Parse("{\"build\":{\"ms\":-5,\"count\":\"x\"},\"nonsense\":{\"ms\":9,\"count\":1}}");
    clc_profile r;
    memset(&r, 0, sizeof r);
    profile_add_json(&r, bad);
    profile_add_json(&r, NULL);
    CHECK(profile_total_ms(&r) == 0 && r.count[PROF_BUILD] == 0, "negative, non-numeric and unknown entries add nothing");
    cJSON_Delete(bad);

    profile_merge(&p, &q);
    CHECK(p.count[PROF_BUILD] == 6 && p.ms[PROF_CODEGEN] == 9, "merge adds phase by phase");
    CHECK(strcmp(profile_phase_name(PROF_WORKER_START), "worker_start") == 0, "phase names are the report keys");
    return check_done();
}
