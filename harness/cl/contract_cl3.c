/* The OpenCL 3.0 API contract: see contract_cl3.h. Each rule quotes the
 * specification it comes from (OpenCL API specification, unified, section
 * "Querying Devices", clGetDeviceInfo, and Appendix H "Changes to OpenCL 3.0
 * ... optional features"; OpenCL C, "Features"). */
#include "contract_cl3.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const cJSON *dev, *cl3;
    cJSON *violations, *notes;
    int n;
} ctx;

static void add(cJSON *arr, const char *rule, const char *clause, const char *detail)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "rule", rule);
    cJSON_AddStringToObject(o, "clause", clause);
    cJSON_AddStringToObject(o, "detail", detail);
    cJSON_AddItemToArray(arr, o);
}

static void violation(ctx *c, const char *rule, const char *clause, const char *detail)
{
    add(c->violations, rule, clause, detail);
    c->n++;
}

static int in_names(const cJSON *arr, const char *name)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, arr) {
        const cJSON *n = cJSON_IsObject(e) ? cJSON_GetObjectItemCaseSensitive(e, "name") : e;
        if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
            return 1;
    }
    return 0;
}

static int feature(const ctx *c, const char *name)
{
    return in_names(cJSON_GetObjectItemCaseSensitive(c->cl3, "opencl_c_features"), name);
}

static int cap_bit(const ctx *c, const char *field, const char *bit)
{
    return in_names(cJSON_GetObjectItemCaseSensitive(c->cl3, field), bit);
}

/* 1 true, 0 false, -1 not answered. */
static int query_bool(const ctx *c, const char *field)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->cl3, field);
    return cJSON_IsBool(v) ? cJSON_IsTrue(v) : -1;
}

static double query_number(const ctx *c, const char *field)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->cl3, field);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static void check_extensions(ctx *c)
{
    const cJSON *with = cJSON_GetObjectItemCaseSensitive(c->cl3, "extensions_with_version");
    const cJSON *plain = cJSON_GetObjectItemCaseSensitive(c->dev, "extensions");
    const char *clause = "API \"Querying Devices\" CL_DEVICE_EXTENSIONS_WITH_VERSION: \"The same extension name must not be "
                         "reported more than once. The list of extensions reported must match the list "
                         "reported via CL_DEVICE_EXTENSIONS.\"";
    char d[320];
    if (!cJSON_IsArray(with) || !cJSON_IsArray(plain))
        return;
    const cJSON *e;
    cJSON_ArrayForEach(e, plain) {
        if (cJSON_IsString(e) && !in_names(with, e->valuestring)) {
            snprintf(d, sizeof d, "%s is in CL_DEVICE_EXTENSIONS but not in CL_DEVICE_EXTENSIONS_WITH_VERSION",
                     e->valuestring);
            violation(c, "extensions_with_version_matches", clause, d);
        }
    }
    int index = 0;
    cJSON_ArrayForEach(e, with) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "name");
        if (!cJSON_IsString(n))
            continue;
        if (!in_names(plain, n->valuestring)) {
            snprintf(d, sizeof d, "%s is in CL_DEVICE_EXTENSIONS_WITH_VERSION but not in CL_DEVICE_EXTENSIONS",
                     n->valuestring);
            violation(c, "extensions_with_version_matches", clause, d);
        }
        int before = 0;
        for (int k = 0; k < index; k++) {
            const cJSON *m = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(with, k), "name");
            before |= cJSON_IsString(m) && strcmp(m->valuestring, n->valuestring) == 0;
        }
        if (before) {
            snprintf(d, sizeof d, "%s is reported more than once", n->valuestring);
            violation(c, "extensions_with_version_unique", clause, d);
        }
        index++;
    }
}

static int lists_version(const cJSON *all, const char *xy)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, all) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "version");
        size_t n = strlen(xy);
        if (cJSON_IsString(v) && strncmp(v->valuestring, xy, n) == 0 && v->valuestring[n] == '.')
            return 1;
    }
    return 0;
}

static void check_versions(ctx *c)
{
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(c->cl3, "opencl_c_all_versions");
    const char *clause = "API \"Querying Devices\" CL_DEVICE_OPENCL_C_ALL_VERSIONS: \"the name field is required to be "
                         "\\\"OpenCL C\\\" ... The version returned by CL_DEVICE_OPENCL_C_VERSION is required "
                         "to be present in the list ... support for at least OpenCL C 3.0, OpenCL C 1.2, "
                         "OpenCL C 1.1, and OpenCL C 1.0 is required for an OpenCL 3.0 device.\"";
    char d[320];
    const cJSON *e;
    cJSON_ArrayForEach(e, all) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "name");
        if (!cJSON_IsString(n) || strcmp(n->valuestring, "OpenCL C") != 0) {
            snprintf(d, sizeof d, "an entry is named \"%s\", not \"OpenCL C\"",
                     cJSON_IsString(n) ? n->valuestring : "?");
            violation(c, "all_versions_name", clause, d);
        }
    }
    const cJSON *cver = cJSON_GetObjectItemCaseSensitive(c->dev, "opencl_c_version");
    int major = 0, minor = 0;
    if (cJSON_IsString(cver) && sscanf(cver->valuestring, "OpenCL C %d.%d", &major, &minor) == 2) {
        char xy[32];
        snprintf(xy, sizeof xy, "%d.%d", major, minor);
        if (!lists_version(all, xy)) {
            snprintf(d, sizeof d, "CL_DEVICE_OPENCL_C_VERSION is \"%s\" but %s is not listed", cver->valuestring, xy);
            violation(c, "all_versions_has_c_version", clause, d);
        }
    }
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(c->dev, "version");
    const cJSON *num = cJSON_GetObjectItemCaseSensitive(c->cl3, "numeric_version");
    int vmaj = -1, vmin = -1, nmaj = -2, nmin = -2;
    if (cJSON_IsString(ver) && cJSON_IsString(num) && sscanf(ver->valuestring, "OpenCL %d.%d", &vmaj, &vmin) == 2 &&
        sscanf(num->valuestring, "%d.%d", &nmaj, &nmin) == 2 && (vmaj != nmaj || vmin != nmin)) {
        snprintf(d, sizeof d, "CL_DEVICE_NUMERIC_VERSION is %s but CL_DEVICE_VERSION is \"%s\"", num->valuestring,
                 ver->valuestring);
        violation(c, "numeric_version_matches",
                  "API \"Querying Devices\" CL_DEVICE_NUMERIC_VERSION: \"The major and minor version numbers returned must match "
                  "those returned via CL_DEVICE_VERSION.\"", d);
    }
    /* Every feature the unified spec names was introduced with OpenCL C 3.0. */
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(c->cl3, "opencl_c_features")) {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(e, "name");
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, "version");
        if (cJSON_IsString(n) && strncmp(n->valuestring, "__opencl_c_", 11) == 0 && cJSON_IsString(v) &&
            strncmp(v->valuestring, "3.0.", 4) != 0) {
            snprintf(d, sizeof d, "%s is reported with version %s, not 3.0", n->valuestring, v->valuestring);
            violation(c, "feature_version",
                      "API \"Querying Devices\" CL_DEVICE_OPENCL_C_FEATURES: \"... alongside the OpenCL C version that introduced "
                      "the feature macro. For example, if a compiler supports an OpenCL C 3.0 feature, the returned "
                      "name will be the full name of the OpenCL C feature macro, and the returned version will be "
                      "3.0.0.\"", d);
        }
    }
    if (cJSON_IsString(ver) && strncmp(ver->valuestring, "OpenCL 3.0", 10) == 0) {
        static const char *const required[] = {"3.0", "1.2", "1.1", "1.0"};
        for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
            if (!lists_version(all, required[i])) {
                snprintf(d, sizeof d, "an OpenCL 3.0 device does not list OpenCL C %s", required[i]);
                violation(c, "all_versions_required", clause, d);
            }
        }
    }
}

/* OpenCL C "Features": a feature that needs another. */
static void check_feature_dependencies(ctx *c)
{
    static const struct {
        const char *feature, *needs, *sentence;
    } deps[] = {
        {"__opencl_c_3d_image_writes", "__opencl_c_images",
         "\"OpenCL C compilers that define the feature macro __opencl_c_3d_image_writes must also define the "
         "feature macro __opencl_c_images.\""},
        {"__opencl_c_read_write_images", "__opencl_c_images",
         "\"... __opencl_c_read_write_images must also define the feature macro __opencl_c_images.\""},
        {"__opencl_c_device_enqueue", "__opencl_c_generic_address_space",
         "\"... __opencl_c_device_enqueue must also define __opencl_c_generic_address_space and "
         "__opencl_c_program_scope_global_variables feature macros.\""},
        {"__opencl_c_device_enqueue", "__opencl_c_program_scope_global_variables",
         "\"... __opencl_c_device_enqueue must also define __opencl_c_generic_address_space and "
         "__opencl_c_program_scope_global_variables feature macros.\""},
        {"__opencl_c_pipes", "__opencl_c_generic_address_space",
         "\"... __opencl_c_pipes must also define the feature macro __opencl_c_generic_address_space.\""},
    };
    char d[320], clause[400];
    for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
        if (feature(c, deps[i].feature) && !feature(c, deps[i].needs)) {
            snprintf(d, sizeof d, "%s is reported without %s", deps[i].feature, deps[i].needs);
            snprintf(clause, sizeof clause, "OpenCL C \"Features\": %s", deps[i].sentence);
            violation(c, "feature_dependency", clause, d);
        }
    }
    const cJSON *prof = cJSON_GetObjectItemCaseSensitive(c->dev, "profile");
    const cJSON *bits = cJSON_GetObjectItemCaseSensitive(c->dev, "address_bits");
    int full = cJSON_IsString(prof) && strcmp(prof->valuestring, "FULL_PROFILE") == 0;
    int ptr64 = cJSON_IsNumber(bits) && bits->valuedouble == 64;
    if ((full || ptr64) && !feature(c, "__opencl_c_int64"))
        violation(c, "feature_int64", "OpenCL C \"Features\": \"OpenCL C compilers for FULL profile devices or "
                  "devices with 64-bit pointers must always define the __opencl_c_int64 feature macro.\"",
                  full ? "a FULL_PROFILE device does not report __opencl_c_int64"
                       : "a device with 64-bit pointers does not report __opencl_c_int64");
}

/* A query and its feature must agree both ways (API "Querying Devices" and Appendix H). */
static void check_agree(ctx *c, const char *feat, int query, const char *query_text, const char *clause)
{
    if (query < 0)
        return;
    char d[320];
    if (query && !feature(c, feat)) {
        snprintf(d, sizeof d, "%s but %s is not among the features", query_text, feat);
        violation(c, "query_feature_agree", clause, d);
    } else if (!query && feature(c, feat)) {
        snprintf(d, sizeof d, "%s is among the features but the query says otherwise (%s)", feat, query_text);
        violation(c, "query_feature_agree", clause, d);
    }
}

static void check_queries(ctx *c)
{
    int b = query_bool(c, "generic_address_space_support");
    check_agree(c, "__opencl_c_generic_address_space", b,
                b > 0 ? "CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT is CL_TRUE" : "CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT is CL_FALSE",
                "API Appendix H Generic Address Space: \"OpenCL C compilers supporting the generic address space "
                "will define the feature macro __opencl_c_generic_address_space.\"");
    b = query_bool(c, "work_group_collective_functions_support");
    check_agree(c, "__opencl_c_work_group_collective_functions", b,
                b > 0 ? "CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT is CL_TRUE"
                      : "CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT is CL_FALSE",
                "API Appendix H Work-group Collective Functions: \"OpenCL C compilers supporting work-group "
                "collective functions will define the feature macro __opencl_c_work_group_collective_functions.\"");
    b = query_bool(c, "pipe_support");
    check_agree(c, "__opencl_c_pipes", b, b > 0 ? "CL_DEVICE_PIPE_SUPPORT is CL_TRUE" : "CL_DEVICE_PIPE_SUPPORT is CL_FALSE",
                "API Appendix H Pipes: \"OpenCL C compilers supporting pipes will define the feature macro "
                "__opencl_c_pipes.\"");
    double n = query_number(c, "max_global_variable_size");
    check_agree(c, "__opencl_c_program_scope_global_variables", n < 0 ? -1 : n > 0,
                n > 0 ? "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is not 0" : "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is 0",
                "API \"Querying Devices\" CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: \"The minimum value is 64 KB if the device supports "
                "program scope global variables, and must be 0 for devices that do not support program scope "
                "global variables.\"");
    if (n > 0 && n < 65536 && feature(c, "__opencl_c_program_scope_global_variables"))
        violation(c, "global_variable_size_minimum", "API \"Querying Devices\" CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: \"The minimum "
                  "value is 64 KB if the device supports program scope global variables\"",
                  "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is below 65536");
    n = query_number(c, "max_num_sub_groups");
    check_agree(c, "__opencl_c_subgroups", n < 0 ? -1 : n > 0,
                n > 0 ? "CL_DEVICE_MAX_NUM_SUB_GROUPS is not 0" : "CL_DEVICE_MAX_NUM_SUB_GROUPS is 0",
                "API \"Querying Devices\" CL_DEVICE_MAX_NUM_SUB_GROUPS: \"The minimum value is 1 if the device supports sub-groups, "
                "and must be 0 for devices that do not support sub-groups.\"");
    const cJSON *enq = cJSON_GetObjectItemCaseSensitive(c->cl3, "device_enqueue_capabilities");
    if (cJSON_IsArray(enq))
        check_agree(c, "__opencl_c_device_enqueue", in_names(enq, "supported"),
                    in_names(enq, "supported") ? "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES has CL_DEVICE_QUEUE_SUPPORTED"
                                              : "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES lacks CL_DEVICE_QUEUE_SUPPORTED",
                    "API Appendix H Device-Side Enqueue: \"OpenCL C compilers supporting device-side enqueue and "
                    "on-device queues will define the feature macro __opencl_c_device_enqueue.\"");
    const cJSON *caps = cJSON_GetObjectItemCaseSensitive(c->dev, "capabilities");
    int images = in_names(caps, "images");
    check_agree(c, "__opencl_c_images", images, images ? "CL_DEVICE_IMAGE_SUPPORT is CL_TRUE" : "CL_DEVICE_IMAGE_SUPPORT is CL_FALSE",
                "API Appendix H Language Features That Were Already Optional: \"OpenCL C compilers supporting "
                "images will define the feature macro __opencl_c_images.\"");
    int fp64 = in_names(cJSON_GetObjectItemCaseSensitive(c->dev, "extensions"), "cl_khr_fp64");
    check_agree(c, "__opencl_c_fp64", fp64, fp64 ? "cl_khr_fp64 is an extension" : "cl_khr_fp64 is not an extension",
                "API Appendix H Language Features That Were Already Optional: \"OpenCL C compilers supporting the "
                "double type will define the feature macro __opencl_c_fp64.\" (double is supported iff cl_khr_fp64)");
    n = query_number(c, "max_read_write_image_args");
    check_agree(c, "__opencl_c_read_write_images", n < 0 ? -1 : n > 0,
                n > 0 ? "CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS is not 0" : "CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS is 0",
                "API Appendix H Read-Write Images: \"May return 0, indicating that device does not support "
                "read-write images\"; \"OpenCL C compilers supporting read-write images will define the feature "
                "macro __opencl_c_read_write_images.\"");
}

/* Atomic capabilities: the mandated minimum, the hierarchy, and each
 * atomic feature backed by the capability it names. */
static void check_atomics(ctx *c)
{
    static const struct {
        const char *field, *bits[3], *clause;
    } minimum[] = {
        {"atomic_memory_capabilities", {"relaxed", "work_group", NULL},
         "API \"Querying Devices\" CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: \"The mandated minimum capability is: "
         "CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP\""},
        {"atomic_fence_capabilities", {"relaxed", "acq_rel", "work_group"},
         "API \"Querying Devices\" CL_DEVICE_ATOMIC_FENCE_CAPABILITIES: \"The mandated minimum capability is: "
         "CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP\""},
    };
    char d[320];
    for (size_t i = 0; i < 2; i++) {
        if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(c->cl3, minimum[i].field)))
            continue;
        for (size_t k = 0; k < 3 && minimum[i].bits[k]; k++) {
            if (!cap_bit(c, minimum[i].field, minimum[i].bits[k])) {
                snprintf(d, sizeof d, "%s lacks %s", minimum[i].field, minimum[i].bits[k]);
                violation(c, "atomic_minimum", minimum[i].clause, d);
            }
        }
        static const char *const chain[][2] = {{"seq_cst", "acq_rel"}, {"acq_rel", "relaxed"},
                                                {"all_devices", "device"}, {"device", "work_group"}};
        for (size_t k = 0; k < 4; k++) {
            if (cap_bit(c, minimum[i].field, chain[k][0]) && !cap_bit(c, minimum[i].field, chain[k][1])) {
                snprintf(d, sizeof d, "%s has %s but not %s", minimum[i].field, chain[k][0], chain[k][1]);
                violation(c, "atomic_hierarchy",
                          "API \"Querying Devices\" CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES: \"a device that supports a strong memory "
                          "order must also support all weaker memory orders ... a device that supports a wide "
                          "scope must also support all narrower scopes, except for the work-item scope\"",
                          d);
            }
        }
    }
    /* OpenCL C "Features": acq_rel is about atomic operations; seq_cst, device
     * and all_devices about "atomic operations and fences". */
    static const struct {
        const char *feature, *bit;
        int fences;
    } atomics[] = {{"__opencl_c_atomic_order_acq_rel", "acq_rel", 0},
                   {"__opencl_c_atomic_order_seq_cst", "seq_cst", 1},
                   {"__opencl_c_atomic_scope_device", "device", 1},
                   {"__opencl_c_atomic_scope_all_devices", "all_devices", 1}};
    for (size_t i = 0; i < 4; i++) {
        int mem = cap_bit(c, "atomic_memory_capabilities", atomics[i].bit);
        int fence = cap_bit(c, "atomic_fence_capabilities", atomics[i].bit);
        int backed = mem && (!atomics[i].fences || fence);
        if (feature(c, atomics[i].feature) && !backed) {
            snprintf(d, sizeof d, "%s is reported but the atomic %s capabilities lack %s", atomics[i].feature,
                     mem ? "fence" : "memory", atomics[i].bit);
            violation(c, "atomic_feature_backed",
                      "OpenCL C \"Features\"; API Appendix H Memory Consistency Model: \"OpenCL C compilers "
                      "supporting atomics orders or scopes beyond the mandated minimum will define some or all of "
                      "following feature macros as appropriate\"",
                      d);
        } else if (!feature(c, atomics[i].feature) && backed) {
            snprintf(d, sizeof d, "the atomic capabilities have %s but %s is not reported", atomics[i].bit,
                     atomics[i].feature);
            add(c->notes, "atomic_capability_without_feature",
                "API Appendix H: \"... will define some or all of following feature macros as appropriate\"", d);
        }
    }
}

int contract_cl3_check(const cJSON *device, cJSON *violations, cJSON *notes)
{
    ctx c = {device, cJSON_GetObjectItemCaseSensitive(device, "opencl_3"), violations, notes, 0};
    if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(c.cl3, "opencl_c_all_versions")))
        return -1;
    check_versions(&c);
    check_extensions(&c);
    check_feature_dependencies(&c);
    check_queries(&c);
    check_atomics(&c);
    return c.n;
}
