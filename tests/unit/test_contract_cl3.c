/* harness/cl/contract_cl3.c: each rule between a device's OpenCL 3.0 queries
 * fires on a device object that breaks it, and only then. The devices are
 * written here by hand from the API specification, not taken from a driver. */
#include "check.h"
#include "contract_cl3.h"

#include <string.h>

/* A consistent OpenCL 3.0 device; `extra` (",\"key\":value...") goes first
 * into "opencl_3", where it wins over the defaults (cJSON finds the first). */
static cJSON *device(const char *version, const char *features, const char *extra, const char *exts)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"version\":\"%s\",\"opencl_c_version\":\"OpenCL C 1.2\",\"profile\":\"FULL_PROFILE\","
             "\"address_bits\":64,\"capabilities\":[\"images\"],\"extensions\":[%s],"
             "\"opencl_3\":{%s%s\"numeric_version\":\"3.0.0\",\"opencl_c_all_versions\":["
             "{\"name\":\"OpenCL C\",\"version\":\"1.0.0\"},{\"name\":\"OpenCL C\",\"version\":\"1.1.0\"},"
             "{\"name\":\"OpenCL C\",\"version\":\"1.2.0\"},{\"name\":\"OpenCL C\",\"version\":\"3.0.0\"}],"
             "\"opencl_c_features\":[%s],\"extensions_with_version\":[{\"name\":\"cl_khr_fp64\",\"version\":\"1.0.0\"}],"
             "\"atomic_memory_capabilities\":[\"relaxed\",\"work_group\"],"
             "\"atomic_fence_capabilities\":[\"relaxed\",\"acq_rel\",\"work_group\"],"
             "\"generic_address_space_support\":false,\"work_group_collective_functions_support\":false,"
             "\"pipe_support\":false,\"max_num_sub_groups\":0,\"max_global_variable_size\":0,"
             "\"max_read_write_image_args\":0,\"device_enqueue_capabilities\":[]}}",
             version, exts, extra[0] ? extra + 1 : "", extra[0] ? "," : "", features);
    return cJSON_Parse(text);
}

#define F(n) "{\"name\":\"" n "\",\"version\":\"3.0.0\"}"
#define BASE_FEATURES F("__opencl_c_int64") "," F("__opencl_c_images") "," F("__opencl_c_fp64")

/* Runs the check; returns the violation count, and whether rule was among them. */
static int run(cJSON *dev, const char *rule, int *has_rule, int *notes)
{
    cJSON *v = cJSON_CreateArray(), *n = cJSON_CreateArray();
    int count = contract_cl3_check(dev, v, n);
    *has_rule = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, v) {
        const cJSON *r = cJSON_GetObjectItemCaseSensitive(e, "rule");
        if (rule && cJSON_IsString(r) && strcmp(r->valuestring, rule) == 0)
            *has_rule = 1;
        if (count == 1 || !rule)
            printf("#   %s\n", cJSON_GetObjectItemCaseSensitive(e, "detail")->valuestring);
    }
    *notes = cJSON_GetArraySize(n);
    cJSON_Delete(v);
    cJSON_Delete(n);
    cJSON_Delete(dev);
    return count;
}

static int breaks(const char *version, const char *features, const char *extra, const char *exts, const char *rule)
{
    int has, notes;
    int n = run(device(version, features, extra, exts), rule, &has, &notes);
    return n >= 1 && has;
}

int main(void)
{
    int has, notes;
    CHECK(run(device("OpenCL 3.0 X", BASE_FEATURES, "", "\"cl_khr_fp64\""), NULL, &has, &notes) == 0,
          "a_consistent_device_breaks_nothing");
    cJSON *old = cJSON_Parse("{\"version\":\"OpenCL 1.2\",\"opencl_3\":{\"opencl_c_all_versions_error\":\"x\"}}");
    CHECK(contract_cl3_check(old, cJSON_CreateArray(), cJSON_CreateArray()) == -1, "a_device_without_the_queries_is_not_checked");
    cJSON_Delete(old);
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, "", "\"cl_khr_fp64\",\"cl_khr_icd\"", "extensions_with_version_matches"),
          "an_extension_missing_from_extensions_with_version");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, "", "", "extensions_with_version_matches"),
          "an_extension_only_in_extensions_with_version");
    CHECK(breaks("OpenCL 3.0 X", F("__opencl_c_int64") "," F("__opencl_c_images"), "", "\"cl_khr_fp64\"",
                 "query_feature_agree"),
          "cl_khr_fp64_without_opencl_c_fp64");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES "," F("__opencl_c_3d_image_writes"), "", "\"cl_khr_fp64\"", NULL) == 0,
          "3d_image_writes_with_images_is_fine");
    CHECK(breaks("OpenCL 3.0 X", F("__opencl_c_int64") "," F("__opencl_c_fp64") "," F("__opencl_c_pipes"),
                 ",\"pipe_support\":true", "\"cl_khr_fp64\"", "feature_dependency"),
          "pipes_without_generic_address_space");
    CHECK(breaks("OpenCL 3.0 X", F("__opencl_c_images") "," F("__opencl_c_fp64"), "", "\"cl_khr_fp64\"", "feature_int64"),
          "full_profile_without_int64");
    CHECK(breaks("OpenCL 3.0 X", "{\"name\":\"__opencl_c_int64\",\"version\":\"1.0.0\"}," F("__opencl_c_images") ","
                 F("__opencl_c_fp64"), "", "\"cl_khr_fp64\"", "feature_version"),
          "a_feature_reported_with_version_1_0");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, ",\"generic_address_space_support\":true", "\"cl_khr_fp64\"",
                 "query_feature_agree"),
          "generic_query_true_without_the_feature");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, ",\"max_num_sub_groups\":4", "\"cl_khr_fp64\"", "query_feature_agree"),
          "sub_groups_counted_without_the_feature");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES "," F("__opencl_c_atomic_scope_device"), "", "\"cl_khr_fp64\"",
                 "atomic_feature_backed"),
          "device_scope_feature_without_the_capability");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, ",\"atomic_memory_capabilities\":[\"relaxed\",\"seq_cst\",\"work_group\"]",
                 "\"cl_khr_fp64\"", "atomic_hierarchy"),
          "seq_cst_without_acq_rel");
    CHECK(breaks("OpenCL 3.0 X", BASE_FEATURES, ",\"atomic_fence_capabilities\":[\"relaxed\",\"work_group\"]",
                 "\"cl_khr_fp64\"", "atomic_minimum"),
          "fence_capabilities_below_the_minimum");
    CHECK(breaks("OpenCL 1.2 X", BASE_FEATURES, "", "\"cl_khr_fp64\"", "numeric_version_matches"),
          "numeric_version_3_0_on_a_1_2_device");
    /* The spec leaves a capability without its macro to the implementation
     * ("some or all ... as appropriate"): a note, not a violation. */
    CHECK(run(device("OpenCL 3.0 X", BASE_FEATURES,
                     ",\"atomic_memory_capabilities\":[\"relaxed\",\"acq_rel\",\"work_group\"]", "\"cl_khr_fp64\""),
              NULL, &has, &notes) == 0 && notes == 1,
          "acq_rel_capability_without_its_feature_is_a_note");
    return check_done();
}
