/* harness/cl/driver_policy.c's table: each known driver gets the values its
 * measurements chose (the table says which), so a change to one is a
 * decision, not an accident. The device types are those the drivers
 * report (devinfo.c "types"): Oclgrind says every type and runs on the
 * host's cores. */
#include "check.h"
#include "driver_policy.h"

#include <string.h>

typedef struct {
    const char *what, *platform;
    cl_device_type type;
    driver_policy want;
} driver_case;

#define EVERY_TYPE (CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_DEFAULT)

/* Field order: group, group_bytes, weigh_unrolled, groups_by_geometry,
 * launch_compiles, keep_binaries, serial_launches, order_by_count,
 * claims_largest_first, lone_last, batch_max, warm_jobs. */
static const driver_case cases[] = {
    {"oclgrind", "Oclgrind", EVERY_TYPE, {16, 32768, 0, 0, 0, 1, 0, 0, 0, 1, 256, 2}},
    {"pocl_cpu", "Portable Computing Language", CL_DEVICE_TYPE_CPU, {16, 32768, 0, 1, 0, 0, 0, 0, 1, 1, 256, 0}},
    {"rusticl_llvmpipe", "rusticl", CL_DEVICE_TYPE_CPU, {8, 1024, 1, 0, 1, 1, 0, 0, 1, 0, 16, 0}},
    {"nvidia_gpu", "NVIDIA CUDA", CL_DEVICE_TYPE_GPU, {16, 32768, 0, 0, 0, 1, 1, 1, 1, 0, 128, 2}},
    {"nvidia_gpu_default", "NVIDIA CUDA", CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT,
     {16, 32768, 0, 0, 0, 1, 1, 1, 1, 0, 128, 2}},
    {"rusticl_on_a_gpu", "rusticl", CL_DEVICE_TYPE_GPU, {8, 1024, 1, 0, 1, 1, 1, 1, 1, 0, 16, 2}},
    {"an_accelerator", "Some Accelerator", CL_DEVICE_TYPE_ACCELERATOR, {16, 32768, 0, 0, 0, 1, 1, 0, 0, 1, 256, 0}},
    {"unknown_platform_and_type", NULL, 0, {16, 32768, 0, 0, 0, 1, 0, 0, 0, 1, 256, 0}},
};

static int same(const driver_policy *a, const driver_policy *b)
{
    return a->group == b->group && a->group_bytes == b->group_bytes && a->weigh_unrolled == b->weigh_unrolled &&
           a->groups_by_geometry == b->groups_by_geometry && a->launch_compiles == b->launch_compiles &&
           a->keep_binaries == b->keep_binaries && a->serial_launches == b->serial_launches &&
           a->order_by_count == b->order_by_count && a->claims_largest_first == b->claims_largest_first &&
           a->lone_last == b->lone_last && a->batch_max == b->batch_max && a->warm_jobs == b->warm_jobs;
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        driver_policy got = driver_policy_for(cases[i].platform, cases[i].type);
        CHECK(same(&got, &cases[i].want), "policy_of_%s", cases[i].what);
        if (!same(&got, &cases[i].want))
            printf("# got %zu %zu %d %d %d %d %d %d %d %d %zu %zu\n", got.group, got.group_bytes, got.weigh_unrolled,
                   got.groups_by_geometry, got.launch_compiles, got.keep_binaries, got.serial_launches,
                   got.order_by_count, got.claims_largest_first, got.lone_last, got.batch_max, got.warm_jobs);
    }

    /* A platform is matched by a part of its name, as drivers spell it
     * with versions and vendors around it. */
    CHECK(driver_policy_for("Mesa/X.org rusticl", CL_DEVICE_TYPE_CPU).group == 8, "rusticl_matched_inside_a_name");

    /* The type bits come from the record's "types" array, every bit. */
    const struct {
        const char *json;
        cl_device_type bits;
    } types[] = {{"{\"types\": [\"GPU\"]}", CL_DEVICE_TYPE_GPU},
                 {"{\"types\": [\"GPU\", \"DEFAULT\"]}", CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT},
                 {"{\"types\": [\"CPU\"]}", CL_DEVICE_TYPE_CPU},
                 {"{\"types\": [\"CPU\", \"GPU\", \"ACCELERATOR\", \"DEFAULT\"]}", EVERY_TYPE},
                 {"{\"types\": []}", 0},
                 {"{\"type\": \"GPU\"}", 0}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        cJSON *info = cJSON_Parse(types[i].json);
        CHECK(info && driver_policy_types(info) == types[i].bits, "types_of_%s", types[i].json);
        cJSON_Delete(info);
    }
    return check_done();
}
