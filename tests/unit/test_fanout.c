/* harness/jobserver.c's token pool hands out what it holds and takes tokens
 * back; harness/fanout.c orders a GPU's and rusticl's claims by count, not
 * another CPU's (the chunks themselves: test_chunk_order.c). */
#include "check.h"
#include "fanout.h"
#include "jobserver.h"

#include <stdlib.h>

int main(void)
{
    clc_jobserver js;
    int opened = jobserver_open(&js, 2);
    int t1 = jobserver_try_take(&js), t2 = jobserver_try_take(&js), t3 = jobserver_try_take(&js);
    CHECK(opened == 0 && t1 && t2 && !t3, "pool_of_two_gives_two_then_none");
    jobserver_give(&js);
    int t4 = jobserver_try_take(&js);
    CHECK(t4, "a_token_given_back_is_taken_again");
    jobserver_close(&js);
    clc_jobserver none = {-1, -1};
    CHECK(!jobserver_try_take(&none), "no_pool_no_token");

    /* The device's type bits decide (devinfo.c "types"): Oclgrind says
     * CPU and GPU at once, and runs on the host's cores. */
    const char *cases[][2] = {{"[\"GPU\"]", "1"}, {"[\"GPU\", \"DEFAULT\"]", "1"}, {"[\"CPU\"]", "0"},
                              {"[\"CPU\", \"GPU\", \"ACCELERATOR\", \"DEFAULT\"]", "0"}, {"[]", "0"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cJSON *info = cJSON_CreateObject();
        cJSON_AddItemToObject(info, "types", cJSON_Parse(cases[i][0]));
        CHECK(fanout_order_by_count(info) == (cases[i][1][0] == '1'), "order_by_count_for_types_%s", cases[i][0]);
        CHECK(fanout_batch_max(info) == (cases[i][1][0] == '1' ? 128u : 256u), "batch_max_for_types_%s", cases[i][0]);
        cJSON_Delete(info);
    }
    cJSON *old = cJSON_Parse("{\"type\": \"GPU\"}");
    CHECK(!fanout_order_by_count(old), "a_record_without_types_keeps_suite_order");
    cJSON_Delete(old);

    /* rusticl's claims go largest first, its programs stay 256 probes;
     * PoCL's keep suite order. */
    cJSON *cpu = cJSON_Parse("{\"types\": [\"CPU\"]}");
    clc_devref rusticl = {0}, pocl = {0};
    rusticl.platform_name = "rusticl";
    rusticl.info = cpu;
    pocl.platform_name = "Portable Computing Language";
    pocl.info = cpu;
    CHECK(fanout_claims_largest_first(&rusticl) && fanout_batch_max(cpu) == 256u,
          "rusticl_claims_largest_first_with_programs_unchanged");
    CHECK(!fanout_claims_largest_first(&pocl), "pocl_claims_in_suite_order");
    cJSON_Delete(cpu);
    return check_done();
}
