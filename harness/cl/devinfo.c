/* Platform and device identity: see devinfo.h. */
#include "devinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CL/cl_ext.h>

#include "devinfo_cl3.h"
#include "devinfo_query.h"

/* The device's identity, in the order of its object (its type and
 * extensions follow). */
static const struct {
    cl_device_info what;
    const char *field;
} device_strings[] = {
    {CL_DEVICE_NAME, "name"},       {CL_DEVICE_VENDOR, "vendor"},
    {CL_DEVICE_VERSION, "version"}, {CL_DRIVER_VERSION, "driver_version"},
    {CL_DEVICE_OPENCL_C_VERSION, "opencl_c_version"}, {CL_DEVICE_PROFILE, "profile"},
};

static cJSON *split_words(const char *s)
{
    cJSON *arr = cJSON_CreateArray();
    const char *p = s;
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if (e > p) {
            char *w = strndup(p, (size_t)(e - p));
            cJSON_AddItemToArray(arr, cJSON_CreateString(w));
            free(w);
        }
        p = e;
    }
    return arr;
}

cJSON *devinfo_platform(cl_platform_id platform, int index)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "index", index);
    devinfo_query_platform_string(o, platform, CL_PLATFORM_NAME, "name");
    devinfo_query_platform_string(o, platform, CL_PLATFORM_VENDOR, "vendor");
    devinfo_query_platform_string(o, platform, CL_PLATFORM_VERSION, "version");
    devinfo_query_platform_string(o, platform, CL_PLATFORM_PROFILE, "profile");
    devinfo_query_platform_string(o, platform, CL_PLATFORM_EXTENSIONS, "extensions");
    cJSON *ext = cJSON_GetObjectItemCaseSensitive(o, "extensions");
    if (cJSON_IsString(ext))
        cJSON_ReplaceItemInObjectCaseSensitive(o, "extensions", split_words(ext->valuestring));
    return o;
}

/* The device's numbers, each asked with the width its query answers in. */
static const struct {
    cl_device_info what;
    size_t width;
    const char *field;
} device_numbers[] = {
    {CL_DEVICE_VENDOR_ID, sizeof(cl_uint), "vendor_id"},
    {CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cl_uint), "max_compute_units"},
    {CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t), "max_work_group_size"},
    {CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof(cl_uint), "max_clock_frequency_mhz"},
    {CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong), "global_mem_size"},
    {CL_DEVICE_LOCAL_MEM_SIZE, sizeof(cl_ulong), "local_mem_size"},
    {CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong), "max_mem_alloc_size"},
    {CL_DEVICE_ADDRESS_BITS, sizeof(cl_uint), "address_bits"},
};

static cl_device_fp_config add_fp_config(cJSON *o, cl_device_id d, cl_device_info what, const char *field)
{
    cl_device_fp_config cfg = 0;
    cl_int err = clGetDeviceInfo(d, what, sizeof cfg, &cfg, NULL);
    cJSON *arr = cJSON_CreateArray();
    static const struct {
        cl_device_fp_config bit;
        const char *name;
    } bits[] = {{CL_FP_DENORM, "denorm"}, {CL_FP_INF_NAN, "inf_nan"},
                {CL_FP_ROUND_TO_NEAREST, "round_to_nearest"}, {CL_FP_ROUND_TO_ZERO, "round_to_zero"},
                {CL_FP_ROUND_TO_INF, "round_to_inf"}, {CL_FP_FMA, "fma"},
                {CL_FP_SOFT_FLOAT, "soft_float"},
                {CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, "correctly_rounded_divide_sqrt"}};
    if (err != CL_SUCCESS) {
        /* CL_DEVICE_DOUBLE_FP_CONFIG is invalid on devices without fp64 in 1.x. */
        cfg = 0;
    }
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        if (cfg & bits[i].bit)
            cJSON_AddItemToArray(arr, cJSON_CreateString(bits[i].name));
    cJSON_AddItemToObject(o, field, arr);
    return cfg;
}

static const char *type_name(cl_device_type t)
{
    if (t & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (t & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (t & CL_DEVICE_TYPE_ACCELERATOR)
        return "ACCELERATOR";
    if (t & CL_DEVICE_TYPE_CUSTOM)
        return "CUSTOM";
    return "OTHER";
}

static int has_word(const cJSON *arr, const char *w)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, arr)
        if (cJSON_IsString(it) && strcmp(it->valuestring, w) == 0)
            return 1;
    return 0;
}

/* Capability tokens, so probes can say `requires = fp64 !fp_denorm`. */
static void add_capabilities(cJSON *o, cl_device_id d, cl_device_fp_config single, cl_device_fp_config dbl,
                             cl_device_fp_config half)
{
    cJSON *caps = cJSON_CreateArray();
    const cJSON *ext = cJSON_GetObjectItemCaseSensitive(o, "extensions");
    if (dbl || has_word(ext, "cl_khr_fp64"))
        cJSON_AddItemToArray(caps, cJSON_CreateString("fp64"));
    if (single & CL_FP_DENORM)
        cJSON_AddItemToArray(caps, cJSON_CreateString("fp_denorm"));
    if (single & CL_FP_INF_NAN)
        cJSON_AddItemToArray(caps, cJSON_CreateString("fp_inf_nan"));
    /* -cl-fp32-correctly-rounded-divide-sqrt only binds devices that say so. */
    if (single & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
        cJSON_AddItemToArray(caps, cJSON_CreateString("fp_correctly_rounded_divide_sqrt"));
    /* half's default rounding: to nearest even where the device says so,
     * else toward zero (OpenCL C, "Rounding Modes", under cl_khr_fp16). */
    if (half & CL_FP_ROUND_TO_NEAREST)
        cJSON_AddItemToArray(caps, cJSON_CreateString("half_rte"));
    if (half & CL_FP_DENORM)
        cJSON_AddItemToArray(caps, cJSON_CreateString("half_denorm"));
    cl_bool images = CL_FALSE;
    if (clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL) == CL_SUCCESS && images)
        cJSON_AddItemToArray(caps, cJSON_CreateString("images"));
    cl_bool little = CL_FALSE;
    if (clGetDeviceInfo(d, CL_DEVICE_ENDIAN_LITTLE, sizeof little, &little, NULL) == CL_SUCCESS && little)
        cJSON_AddItemToArray(caps, cJSON_CreateString("endian_little"));
    /* wg_N: the device's maximum work-group size is at least N, so probes can
     * ask for a work-group of N work-items (barrier, __local atomics). */
    size_t max_wg = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof max_wg, &max_wg, NULL) == CL_SUCCESS) {
        for (size_t n = 2; n <= 1024; n *= 2) {
            if (max_wg >= n) {
                char tok[16];
                snprintf(tok, sizeof tok, "wg_%zu", n);
                cJSON_AddItemToArray(caps, cJSON_CreateString(tok));
            }
        }
    }
    const cJSON *prof = cJSON_GetObjectItemCaseSensitive(o, "profile");
    if (cJSON_IsString(prof) && strcmp(prof->valuestring, "FULL_PROFILE") == 0)
        cJSON_AddItemToArray(caps, cJSON_CreateString("full_profile"));
    const cJSON *cver = cJSON_GetObjectItemCaseSensitive(o, "opencl_c_version");
    int major = 0, minor = 0;
    if (cJSON_IsString(cver))
        sscanf(cver->valuestring, "OpenCL C %d.%d", &major, &minor);
    static const int versions[][2] = {{1, 0}, {1, 1}, {1, 2}, {2, 0}, {3, 0}};
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        if (major > versions[i][0] || (major == versions[i][0] && minor >= versions[i][1])) {
            char tok[32];
            snprintf(tok, sizeof tok, "opencl_c_%d.%d", versions[i][0], versions[i][1]);
            cJSON_AddItemToArray(caps, cJSON_CreateString(tok));
        }
    }
    /* opencl_X.Y: the device's OpenCL version (CL_DEVICE_VERSION) is at least
     * X.Y, so a probe can pin one version with `opencl_1.2 !opencl_2.0`. */
    const cJSON *dver = cJSON_GetObjectItemCaseSensitive(o, "version");
    major = minor = 0;
    if (cJSON_IsString(dver))
        sscanf(dver->valuestring, "OpenCL %d.%d", &major, &minor);
    static const int dev_versions[][2] = {{1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}, {3, 0}};
    for (size_t i = 0; i < sizeof dev_versions / sizeof dev_versions[0]; i++) {
        if (major > dev_versions[i][0] || (major == dev_versions[i][0] && minor >= dev_versions[i][1])) {
            char tok[32];
            snprintf(tok, sizeof tok, "opencl_%d.%d", dev_versions[i][0], dev_versions[i][1]);
            cJSON_AddItemToArray(caps, cJSON_CreateString(tok));
        }
    }
    cJSON_AddItemToObject(o, "capabilities", caps);
}

cJSON *devinfo_device(cl_device_id d, const char *key, int pidx, int didx)
{
    cJSON *o = cJSON_CreateObject();
    char index[32];
    snprintf(index, sizeof index, "%d:%d", pidx, didx);
    cJSON_AddStringToObject(o, "key", key);
    cJSON_AddStringToObject(o, "index", index);
    for (size_t i = 0; i < sizeof device_strings / sizeof device_strings[0]; i++)
        devinfo_query_string(o, d, device_strings[i].what, device_strings[i].field);
    cl_device_type t = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof t, &t, NULL) == CL_SUCCESS) {
        cJSON_AddStringToObject(o, "type", type_name(t));
        /* Every bit, not only the first name: Oclgrind says CPU, GPU and
         * ACCELERATOR at once, and runs on the host's cores (fanout.c). */
        cJSON *bits = cJSON_AddArrayToObject(o, "types");
        const struct { cl_device_type bit; const char *name; } names[] = {
            {CL_DEVICE_TYPE_CPU, "CPU"}, {CL_DEVICE_TYPE_GPU, "GPU"}, {CL_DEVICE_TYPE_ACCELERATOR, "ACCELERATOR"},
            {CL_DEVICE_TYPE_CUSTOM, "CUSTOM"}, {CL_DEVICE_TYPE_DEFAULT, "DEFAULT"}};
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (t & names[i].bit)
                cJSON_AddItemToArray(bits, cJSON_CreateString(names[i].name));
    }
    devinfo_query_string(o, d, CL_DEVICE_EXTENSIONS, "extensions");
    cJSON *ext = cJSON_GetObjectItemCaseSensitive(o, "extensions");
    if (cJSON_IsString(ext))
        cJSON_ReplaceItemInObjectCaseSensitive(o, "extensions", split_words(ext->valuestring));
    for (size_t i = 0; i < sizeof device_numbers / sizeof device_numbers[0]; i++)
        devinfo_query_number(o, d, device_numbers[i].what, device_numbers[i].width, device_numbers[i].field);
    cl_bool little = CL_TRUE;
    if (clGetDeviceInfo(d, CL_DEVICE_ENDIAN_LITTLE, sizeof little, &little, NULL) == CL_SUCCESS)
        cJSON_AddBoolToObject(o, "endian_little", little);
    /* Whether the device's memory is the host's (deprecated by OpenCL 2.0,
     * still answered): such a device's limit measurements run beside other
     * work, as a CPU's do (fanout.c). */
    cl_bool unified = CL_FALSE;
    if (clGetDeviceInfo(d, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL) == CL_SUCCESS)
        cJSON_AddBoolToObject(o, "host_unified_memory", unified);
    cl_device_fp_config single = add_fp_config(o, d, CL_DEVICE_SINGLE_FP_CONFIG, "single_fp_config");
    cl_device_fp_config dbl = add_fp_config(o, d, CL_DEVICE_DOUBLE_FP_CONFIG, "double_fp_config");
    /* CL_DEVICE_HALF_FP_CONFIG is cl_khr_fp16's query: asked only where it is listed. */
    cl_device_fp_config half = 0;
    if (has_word(cJSON_GetObjectItemCaseSensitive(o, "extensions"), "cl_khr_fp16"))
        half = add_fp_config(o, d, CL_DEVICE_HALF_FP_CONFIG, "half_fp_config");
    add_capabilities(o, d, single, dbl, half);
    devinfo_cl3_add(o, d);
    return o;
}

int devinfo_has_capability(const cJSON *device, const char *token)
{
    return has_word(cJSON_GetObjectItemCaseSensitive(device, "capabilities"), token) ||
           has_word(cJSON_GetObjectItemCaseSensitive(device, "extensions"), token);
}

const char *devinfo_unmet_requirement(const cJSON *device, char *const *requires, size_t n, char *buf, size_t len)
{
    for (size_t i = 0; i < n; i++) {
        const char *r = requires[i];
        int negate = (r[0] == '!');
        if (devinfo_has_capability(device, r + negate) == negate) {
            snprintf(buf, len, negate ? "device has %s; the probe is for devices without it" : "device lacks %s",
                     r + negate);
            return buf;
        }
    }
    return NULL;
}
