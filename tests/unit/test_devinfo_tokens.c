/* harness/cl/devinfo_cl3.c's capability tokens, from hand-built device objects:
 * the versions, features and atomic capabilities of a 3.0 device, the
 * cl_ext_float_atomics capabilities (fp32_atomic_B / fp64_atomic_B / fp16_atomic_B), and a
 * 1.2 device that answers the 3.0 queries yet gets only its implied cl_std_. */
#include "devinfo_cl3.h"
#include "check.h"

#include <string.h>

static int has(const cJSON *device, const char *token)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(device, "capabilities"))
        if (cJSON_IsString(e) && strcmp(e->valuestring, token) == 0)
            return 1;
    return 0;
}

static cJSON *device(const char *json)
{
    cJSON *d = cJSON_Parse(json);
    devinfo_cl3_add_tokens(d);
    return d;
}

int main(void)
{
    cJSON *d3 = device("{\"version\": \"OpenCL 3.0 PoCL\", \"opencl_c_version\": \"OpenCL C 1.2 PoCL\","
                       " \"capabilities\": [], \"extensions\": [\"cl_ext_float_atomics\"],"
                       " \"opencl_3\": {\"opencl_c_all_versions\": [{\"name\": \"OpenCL C\", \"version\": \"3.0.0\"},"
                       "   {\"name\": \"OpenCL C\", \"version\": \"1.2.0\"}],"
                       "  \"opencl_c_features\": [{\"name\": \"__opencl_c_subgroups\", \"version\": \"3.0.0\"}],"
                       "  \"atomic_memory_capabilities\": [\"relaxed\", \"work_group\"],"
                       "  \"single_fp_atomic_capabilities\": [\"global_add\", \"local_min_max\"],"
                       "  \"double_fp_atomic_capabilities\": [\"global_load_store\"],"
                       "  \"half_fp_atomic_capabilities\": [\"local_add\"]}}");
    CHECK(has(d3, "cl_std_3.0") && has(d3, "cl_std_1.2") && !has(d3, "cl_std_2.0"), "listed_versions_give_cl_std");
    CHECK(has(d3, "__opencl_c_subgroups"), "a_feature_is_a_token");
    CHECK(has(d3, "atomic_memory_work_group") && !has(d3, "atomic_memory_device"), "atomic_memory_bits");
    CHECK(has(d3, "fp32_atomic_global_add") && has(d3, "fp32_atomic_local_min_max"), "fp32_atomic_bits");
    CHECK(!has(d3, "fp32_atomic_local_add") && !has(d3, "fp32_atomic_global_min_max"), "fp32_atomic_bits_not_set");
    CHECK(has(d3, "fp64_atomic_global_load_store") && !has(d3, "fp64_atomic_global_add"), "fp64_atomic_bits");
    CHECK(has(d3, "fp16_atomic_local_add") && !has(d3, "fp16_atomic_local_load_store"), "fp16_atomic_bits");

    cJSON *d12 = device("{\"version\": \"OpenCL 1.2 Oclgrind\", \"opencl_c_version\": \"OpenCL C 1.2 \","
                        " \"capabilities\": [],"
                        " \"opencl_3\": {\"opencl_c_all_versions\": [{\"name\": \"OpenCL C\", \"version\": \"3.0.0\"}],"
                        "  \"opencl_c_features\": [{\"name\": \"__opencl_c_subgroups\", \"version\": \"3.0.0\"}]}}");
    CHECK(has(d12, "cl_std_1.2") && has(d12, "cl_std_1.0") && !has(d12, "cl_std_3.0"),
          "a_1_2_device_lists_its_implied_versions_only");
    CHECK(!has(d12, "__opencl_c_subgroups"), "a_1_2_device_gets_no_feature_tokens");
    CHECK(!has(d12, "fp32_atomic_global_add"), "no_float_atomic_tokens_without_the_answers");
    cJSON_Delete(d3);
    cJSON_Delete(d12);
    return check_done();
}
