/* The OpenCL 3.0 device queries: see devinfo_cl3.h. This module asks for the
 * 3.0 API, unlike the rest of the harness (clenv.h pins 1.2): the queries
 * are answered by the driver, and an older driver answers CL_INVALID_VALUE,
 * which is recorded, never fatal. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "devinfo_cl3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clerr.h"
#include "devinfo_query.h"
#include "utf8.h"

static void version_text(cl_version v, char *buf, size_t len)
{
    snprintf(buf, len, "%u.%u.%u", (unsigned)CL_VERSION_MAJOR(v), (unsigned)CL_VERSION_MINOR(v),
             (unsigned)CL_VERSION_PATCH(v));
}

/* A cl_name_version[] query as [{"name":..., "version":"X.Y.Z"}, ...]. */
static void add_name_versions(cJSON *o, cl_device_id d, cl_device_info what, const char *field)
{
    size_t size = 0;
    cl_int err = clGetDeviceInfo(d, what, 0, NULL, &size);
    cl_name_version *nv = NULL;
    if (err == CL_SUCCESS && size % sizeof *nv != 0)
        err = CL_INVALID_VALUE; /* a size that is no whole number of entries */
    if (err == CL_SUCCESS && size > 0) {
        nv = calloc(1, size);
        err = nv ? clGetDeviceInfo(d, what, size, nv, NULL) : CL_OUT_OF_HOST_MEMORY;
    }
    if (err != CL_SUCCESS) {
        clerr_add_field_error(o, field, err);
        free(nv);
        return;
    }
    cJSON *arr = cJSON_AddArrayToObject(o, field);
    for (size_t i = 0; arr && i < size / sizeof *nv; i++) {
        char name[CL_NAME_VERSION_MAX_NAME_SIZE + 1], ver[48];
        memcpy(name, nv[i].name, CL_NAME_VERSION_MAX_NAME_SIZE);
        name[CL_NAME_VERSION_MAX_NAME_SIZE] = '\0'; /* a driver may fill all 64 bytes */
        char *clean = utf8_clean(name);
        version_text(nv[i].version, ver, sizeof ver);
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "name", clean ? clean : "");
        cJSON_AddStringToObject(e, "version", ver);
        cJSON_AddItemToArray(arr, e);
        free(clean);
    }
    free(nv);
}

typedef struct {
    cl_bitfield bit;
    const char *name;
} bit_name;

static void add_bits(cJSON *o, cl_device_id d, cl_device_info what, const char *field, const bit_name *names,
                     size_t n)
{
    cl_bitfield v = 0;
    cl_int err = clGetDeviceInfo(d, what, sizeof v, &v, NULL);
    if (err != CL_SUCCESS) {
        clerr_add_field_error(o, field, err);
        return;
    }
    cJSON *arr = cJSON_AddArrayToObject(o, field);
    for (size_t i = 0; arr && i < n; i++)
        if (v & names[i].bit)
            cJSON_AddItemToArray(arr, cJSON_CreateString(names[i].name));
}

static void add_bool(cJSON *o, cl_device_id d, cl_device_info what, const char *field)
{
    cl_bool v = CL_FALSE;
    cl_int err = clGetDeviceInfo(d, what, sizeof v, &v, NULL);
    if (err != CL_SUCCESS)
        clerr_add_field_error(o, field, err);
    else
        cJSON_AddBoolToObject(o, field, v != CL_FALSE);
}

static const bit_name atomic_bits[] = {
    {CL_DEVICE_ATOMIC_ORDER_RELAXED, "relaxed"},       {CL_DEVICE_ATOMIC_ORDER_ACQ_REL, "acq_rel"},
    {CL_DEVICE_ATOMIC_ORDER_SEQ_CST, "seq_cst"},       {CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM, "work_item"},
    {CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP, "work_group"}, {CL_DEVICE_ATOMIC_SCOPE_DEVICE, "device"},
    {CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES, "all_devices"}};
static const bit_name enqueue_bits[] = {{CL_DEVICE_QUEUE_SUPPORTED, "supported"},
                                        {CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT, "replaceable_default"}};
static const bit_name svm_bits[] = {{CL_DEVICE_SVM_COARSE_GRAIN_BUFFER, "coarse_grain_buffer"},
                                    {CL_DEVICE_SVM_FINE_GRAIN_BUFFER, "fine_grain_buffer"},
                                    {CL_DEVICE_SVM_FINE_GRAIN_SYSTEM, "fine_grain_system"},
                                    {CL_DEVICE_SVM_ATOMICS, "atomics"}};
/* cl_ext_float_atomics: the bits of CL_DEVICE_SINGLE/DOUBLE/HALF_FP_ATOMIC_CAPABILITIES_EXT,
 * spelled out because the installed headers may predate the extension. */
#define CLC_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT 0x4231
#define CLC_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT 0x4232
#define CLC_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT 0x4233
static const bit_name fp_atomic_bits[] = {{1u << 0, "global_load_store"}, {1u << 1, "global_add"},
                                          {1u << 2, "global_min_max"},    {1u << 16, "local_load_store"},
                                          {1u << 17, "local_add"},        {1u << 18, "local_min_max"}};
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static void add_token(cJSON *caps, const char *prefix, const char *name)
{
    char tok[128];
    snprintf(tok, sizeof tok, "%s%s", prefix, name);
    cJSON_AddItemToArray(caps, cJSON_CreateString(tok));
}

/* The 3.0 queries are "missing before version 3.0" (API 4.2): an older
 * device that answers them anyway (Oclgrind 21.10, OpenCL 1.2, answers
 * OpenCL C 3.0 yet rejects -cl-std=CL3.0) has its answers recorded, never
 * used. */
static int device_is_3_0(const cJSON *device)
{
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(device, "version");
    int major = 0, minor = 0;
    if (cJSON_IsString(ver))
        sscanf(ver->valuestring, "OpenCL %d.%d", &major, &minor);
    return major >= 3;
}

cJSON *devinfo_cl3_listed_versions(const cJSON *device)
{
    cJSON *out = cJSON_CreateArray();
    const cJSON *cl3 = cJSON_GetObjectItemCaseSensitive(device, "opencl_3");
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(cl3, "opencl_c_all_versions");
    const cJSON *e;
    if (cJSON_IsArray(all) && device_is_3_0(device)) {
        cJSON_ArrayForEach(e, all) {
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "version");
            int major = 0, minor = 0;
            char xy[32];
            if (cJSON_IsString(v) && sscanf(v->valuestring, "%d.%d", &major, &minor) == 2) {
                snprintf(xy, sizeof xy, "%d.%d", major, minor);
                cJSON_AddItemToArray(out, cJSON_CreateString(xy));
            }
        }
        return out;
    }
    /* Before 3.0 there is no list: the API spec's CL_DEVICE_OPENCL_C_ALL_VERSIONS
     * names what an OpenCL 1.2 device (1.2, 1.1, 1.0) and an OpenCL 2.x device
     * (2.0 and those) must support. */
    const cJSON *cver = cJSON_GetObjectItemCaseSensitive(device, "opencl_c_version");
    int major = 0, minor = 0;
    if (cJSON_IsString(cver))
        sscanf(cver->valuestring, "OpenCL C %d.%d", &major, &minor);
    static const char *const implied[] = {"1.0", "1.1", "1.2", "2.0"};
    for (size_t i = 0; i < N_OF(implied); i++) {
        int imaj = implied[i][0] - '0', imin = implied[i][2] - '0';
        if (major > imaj || (major == imaj && minor >= imin))
            cJSON_AddItemToArray(out, cJSON_CreateString(implied[i]));
    }
    return out;
}

void devinfo_cl3_add_tokens(cJSON *device)
{
    cJSON *caps = cJSON_GetObjectItemCaseSensitive(device, "capabilities");
    const cJSON *cl3 = cJSON_GetObjectItemCaseSensitive(device, "opencl_3");
    if (!cJSON_IsArray(caps))
        return;
    const cJSON *e;
    cJSON *versions = devinfo_cl3_listed_versions(device);
    cJSON_ArrayForEach(e, versions)
        add_token(caps, "cl_std_", e->valuestring);
    cJSON_Delete(versions);
    /* The float atomic capabilities belong to the extension, not to 3.0: they
     * are only queried where the device lists cl_ext_float_atomics. */
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "single_fp_atomic_capabilities"))
        add_token(caps, "fp32_atomic_", e->valuestring);
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "double_fp_atomic_capabilities"))
        add_token(caps, "fp64_atomic_", e->valuestring);
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "half_fp_atomic_capabilities"))
        add_token(caps, "fp16_atomic_", e->valuestring);
    if (!device_is_3_0(device))
        return;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "opencl_c_features")) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(e, "name");
        if (cJSON_IsString(name))
            add_token(caps, "", name->valuestring);
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "atomic_memory_capabilities"))
        add_token(caps, "atomic_memory_", e->valuestring);
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(cl3, "atomic_fence_capabilities"))
        add_token(caps, "atomic_fence_", e->valuestring);
}

/* Does the device object's "extensions" (an array of words) hold ext? */
static int lists_extension(const cJSON *device, const char *ext)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(device, "extensions"))
        if (cJSON_IsString(e) && strcmp(e->valuestring, ext) == 0)
            return 1;
    return 0;
}

void devinfo_cl3_add(cJSON *device, cl_device_id d)
{
    cJSON *o = cJSON_AddObjectToObject(device, "opencl_3");
    if (!o)
        return;
    cl_version numeric = 0;
    cl_int err = clGetDeviceInfo(d, CL_DEVICE_NUMERIC_VERSION, sizeof numeric, &numeric, NULL);
    if (err != CL_SUCCESS) {
        clerr_add_field_error(o, "numeric_version", err);
    } else {
        char ver[48];
        version_text(numeric, ver, sizeof ver);
        cJSON_AddStringToObject(o, "numeric_version", ver);
    }
    add_name_versions(o, d, CL_DEVICE_OPENCL_C_ALL_VERSIONS, "opencl_c_all_versions");
    add_name_versions(o, d, CL_DEVICE_OPENCL_C_FEATURES, "opencl_c_features");
    add_name_versions(o, d, CL_DEVICE_EXTENSIONS_WITH_VERSION, "extensions_with_version");
    add_name_versions(o, d, CL_DEVICE_ILS_WITH_VERSION, "ils_with_version");
    add_name_versions(o, d, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, "built_in_kernels_with_version");
    add_bits(o, d, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, "atomic_memory_capabilities", atomic_bits,
             N_OF(atomic_bits));
    add_bits(o, d, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, "atomic_fence_capabilities", atomic_bits,
             N_OF(atomic_bits));
    add_bits(o, d, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, "device_enqueue_capabilities", enqueue_bits,
             N_OF(enqueue_bits));
    add_bits(o, d, CL_DEVICE_SVM_CAPABILITIES, "svm_capabilities", svm_bits, N_OF(svm_bits));
    add_bool(o, d, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, "non_uniform_work_group_support");
    add_bool(o, d, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, "work_group_collective_functions_support");
    add_bool(o, d, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, "generic_address_space_support");
    add_bool(o, d, CL_DEVICE_PIPE_SUPPORT, "pipe_support");
    add_bool(o, d, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, "sub_group_independent_forward_progress");
    devinfo_query_number(o, d, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(cl_uint), "max_num_sub_groups");
    devinfo_query_number(o, d, CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, sizeof(cl_uint), "max_read_write_image_args");
    devinfo_query_number(o, d, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, sizeof(size_t), "max_global_variable_size");
    devinfo_query_number(o, d, CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, sizeof(size_t),
               "global_variable_preferred_total_size");
    devinfo_query_number(o, d, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof(size_t),
               "preferred_work_group_size_multiple");
    devinfo_query_string(o, d, CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, "latest_conformance_version_passed");
    if (lists_extension(device, "cl_ext_float_atomics")) {
        add_bits(o, d, CLC_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT, "single_fp_atomic_capabilities",
                 fp_atomic_bits, N_OF(fp_atomic_bits));
        add_bits(o, d, CLC_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT, "double_fp_atomic_capabilities",
                 fp_atomic_bits, N_OF(fp_atomic_bits));
        add_bits(o, d, CLC_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT, "half_fp_atomic_capabilities",
                 fp_atomic_bits, N_OF(fp_atomic_bits));
    }
    if (!device_is_3_0(device))
        cJSON_AddStringToObject(o, "note", "the device's version is below OpenCL 3.0: these answers are "
                                           "recorded, not used for capabilities");
    devinfo_cl3_add_tokens(device);
}
