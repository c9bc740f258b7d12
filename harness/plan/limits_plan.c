/* Names, parameter layout, argument values and the spec's minimums of the
 * advertised-limits family (see limits_plan.h). */
#include "limits_plan.h"

#include <stdio.h>
#include <string.h>

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
    const char *stem;
    limits_family family;
} families[] = {
    {"params", LIMITS_PARAMS},
    {"constant_args", LIMITS_CONSTANT_ARGS},
    {"constant_buffer", LIMITS_CONSTANT_BUFFER},
    {"local_mem", LIMITS_LOCAL_MEM},
    {"kernel_wg", LIMITS_KERNEL_WG},
    {"item_sizes", LIMITS_ITEM_SIZES},
    {"max_alloc", LIMITS_MAX_ALLOC},
};

int limits_plan_parse(const char *name, limits_plan *out)
{
    static const char prefix[] = "limits_", kernels[] = "shape_kernels_";
    limits_plan plan = {LIMITS_MINIMUMS, 0, 0};
    if (name && strncmp(name, kernels, sizeof kernels - 1) == 0) {
        const char *d = name + sizeof kernels - 1;
        unsigned long n = 0;
        if (*d < '1' || *d > '9')
            return -1;
        for (; *d >= '0' && *d <= '9' && n <= 100000; d++)
            n = n * 10 + (unsigned long)(*d - '0');
        if (*d || n > 100000)
            return -1;
        plan.family = LIMITS_KERNELS;
        plan.kernels = (unsigned)n;
        if (out)
            *out = plan;
        return 0;
    }
    if (!name || strncmp(name, prefix, sizeof prefix - 1) != 0)
        return -1;
    const char *rest = name + sizeof prefix - 1;
    if (strcmp(rest, "minimums") == 0) {
        if (out)
            *out = plan;
        return 0;
    }
    for (size_t i = 0; i < COUNT_OF(families); i++) {
        size_t len = strlen(families[i].stem);
        if (strncmp(rest, families[i].stem, len) != 0 || rest[len] != '_')
            continue;
        if (strcmp(rest + len + 1, "at") == 0)
            plan.over = 0;
        else if (strcmp(rest + len + 1, "over") == 0)
            plan.over = 1;
        else
            return -1;
        plan.family = families[i].family;
        if (out)
            *out = plan;
        return 0;
    }
    return -1;
}

/* ---- the parameter list ------------------------------------------------------- */

size_t limits_max_args(size_t max_parameter_size)
{
    return max_parameter_size <= 1024 ? 128 : LIMITS_MAX_ARGS;
}

/* Vector types per size, taken in turn so the list mixes element types. */
static const char *const vec16[] = {"int4", "float4", "long2", "uchar16", "short8", "uint4"};
static const char *const vec32[] = {"long4", "float8", "int8", "ushort16"};
static const char *const vec64[] = {"long8", "int16", "float16"};
static const char *const vec128[] = {"long16", "ulong16"};

static void set_arg(limits_arg *a, const char *type, unsigned size, unsigned lanes, int is_float)
{
    memset(a, 0, sizeof *a);
    snprintf(a->type, sizeof a->type, "%s", type);
    a->size = size;
    a->lanes = lanes;
    a->lane_bytes = lanes ? size / lanes : 0;
    a->is_float = is_float;
}

/* Components of a vector type name: the digits at its end. */
static unsigned type_lanes(const char *type)
{
    size_t n = strlen(type), i = n;
    while (i > 0 && type[i - 1] >= '0' && type[i - 1] <= '9')
        i--;
    unsigned lanes = 0;
    for (; i < n; i++)
        lanes = lanes * 10 + (unsigned)(type[i] - '0');
    return lanes ? lanes : 1;
}

static void add_vector(limits_param_layout *L, unsigned size, size_t turn)
{
    const char *type;
    switch (size) {
    case 16: type = vec16[turn % COUNT_OF(vec16)]; break;
    case 32: type = vec32[turn % COUNT_OF(vec32)]; break;
    case 64: type = vec64[turn % COUNT_OF(vec64)]; break;
    default: type = vec128[turn % COUNT_OF(vec128)]; break;
    }
    set_arg(&L->args[L->n_args++], type, size, type_lanes(type), strncmp(type, "float", 5) == 0);
}

/* The fewest vectors of 16, 32, 64 or 128 bytes that add up to bytes (a
 * multiple of 16): as many of 128 as fit, then one of each bit left. */
static size_t fewest_vectors(size_t bytes)
{
    size_t n = bytes / 128, r = (bytes % 128) / 16;
    return n + (r & 1) + ((r >> 1) & 1) + ((r >> 2) & 1);
}

int limits_plan_params(size_t target, unsigned ptr_bytes, size_t max_args, limits_param_layout *out)
{
    static const char *const scalars[] = {"long", "int", "short", "char"};
    static const unsigned scalar_size[] = {8, 4, 2, 1};
    limits_param_layout *L = out;
    memset(L, 0, sizeof *L);
    if (max_args > LIMITS_MAX_ARGS)
        max_args = LIMITS_MAX_ARGS;
    if ((ptr_bytes != 4 && ptr_bytes != 8) || target < 2u * ptr_bytes)
        return -1;
    size_t rest = target - 2u * ptr_bytes;
    size_t tail = rest % 16, vec_bytes = rest - tail;
    size_t n_tail = 0;
    for (size_t i = 0; i < 4; i++)
        n_tail += (tail & scalar_size[i]) ? 1 : 0;
    if (2 + n_tail > max_args)
        return -1;
    size_t budget = max_args - 2 - n_tail;
    /* Vectors: as many 16-byte ones as the budget allows, then bigger ones;
     * each step takes the smallest size that leaves a reachable rest. */
    static const unsigned sizes[] = {16, 32, 64, 128};
    size_t turn = 0;
    if (fewest_vectors(vec_bytes) > budget)
        return -1;
    while (vec_bytes > 0) {
        if (budget == 0)
            return -1;
        unsigned pick = 0;
        for (size_t s = 0; s < 4 && !pick; s++)
            if (sizes[s] <= vec_bytes && fewest_vectors(vec_bytes - sizes[s]) <= budget - 1)
                pick = sizes[s];
        if (!pick)
            return -1;
        add_vector(L, pick, turn++);
        vec_bytes -= pick;
        budget--;
    }
    set_arg(&L->args[L->n_args], "ulong *", ptr_bytes, 0, 0);
    L->args[L->n_args++].is_pointer = 1;
    set_arg(&L->args[L->n_args], "const int *", ptr_bytes, 0, 0);
    L->args[L->n_args++].is_pointer = 2;
    for (size_t i = 0; i < 4; i++)
        if (tail & scalar_size[i])
            set_arg(&L->args[L->n_args++], scalars[i], scalar_size[i], 1, 0);
    /* Largest first (stable: the pointers keep their order), so that every argument is naturally aligned. */
    for (size_t i = 1; i < L->n_args; i++)
        for (size_t j = i; j > 0 && L->args[j - 1].size < L->args[j].size; j--) {
            limits_arg t = L->args[j];
            L->args[j] = L->args[j - 1];
            L->args[j - 1] = t;
        }
    L->total = target;
    L->lanes = 1; /* the input pointer's int */
    for (size_t i = 0; i < L->n_args; i++)
        L->lanes += L->args[i].lanes;
    return 0;
}

uint64_t limits_arg_bits(const limits_arg *a, size_t arg, size_t lane)
{
    /* A mix of arg and lane that differs in every byte between neighbours,
     * so a value landing in the wrong argument or lane shows. */
    uint64_t v = ((uint64_t)arg * 0x9E3779B97F4A7C15u) ^ ((uint64_t)(lane + 1) * 0xC2B2AE3D27D4EB4Fu);
    v ^= v >> 29;
    if (a->is_float) {
        /* An integer in [-4096, 4095]: exactly representable, never NaN. */
        float f = (float)((int32_t)(v & 0x1fff) - 4096);
        uint32_t bits;
        memcpy(&bits, &f, sizeof bits);
        return bits;
    }
    if (a->lane_bytes >= 8)
        return v;
    return v & ((UINT64_C(1) << (8 * a->lane_bytes)) - 1);
}

uint32_t limits_const_word(uint32_t i)
{
    return i * 2654435761u ^ 0x5bd1e995u;
}

/* ---- the spec's minimums ----------------------------------------------------- */

static void add_check(limits_check *c, size_t *n, const char *query, uint64_t reported, uint64_t minimum)
{
    c[*n].query = query;
    c[*n].reported = reported;
    c[*n].minimum = minimum;
    c[*n].ok = reported >= minimum;
    (*n)++;
}

size_t limits_check_minimums(const limits_reported *r, limits_check c[LIMITS_MAX_CHECKS])
{
    size_t n = 0;
    if (r->custom)
        return 0;
    const uint64_t KB = 1024, MB = 1024 * KB, GB = 1024 * MB;
    /* API spec 4.2, table "List of supported param_names by clGetDeviceInfo";
     * the embedded profile's own minimums are in its appendix ("OpenCL
     * Embedded Profile"). */
    add_check(c, &n, "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS", r->max_work_item_dimensions, 3);
    for (size_t d = 0; d < 3 && d < r->max_work_item_dimensions; d++)
        add_check(c, &n, d == 0 ? "CL_DEVICE_MAX_WORK_ITEM_SIZES[0]"
                       : d == 1 ? "CL_DEVICE_MAX_WORK_ITEM_SIZES[1]" : "CL_DEVICE_MAX_WORK_ITEM_SIZES[2]",
                  r->max_work_item_sizes[d], 1);
    add_check(c, &n, "CL_DEVICE_MAX_WORK_GROUP_SIZE", r->max_work_group_size, 1);
    add_check(c, &n, "CL_DEVICE_MAX_PARAMETER_SIZE", r->max_parameter_size, r->embedded ? 256 : 1024);
    add_check(c, &n, "CL_DEVICE_MAX_CONSTANT_ARGS", r->max_constant_args, r->embedded ? 4 : 8);
    add_check(c, &n, "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", r->max_constant_buffer_size,
              r->embedded ? 1 * KB : 64 * KB);
    add_check(c, &n, "CL_DEVICE_LOCAL_MEM_SIZE", r->local_mem_size, r->embedded ? 1 * KB : 32 * KB);
    /* max(min(1 GiB, global / 4), 32 MiB). */
    uint64_t quarter = r->global_mem_size / 4;
    uint64_t alloc_min = quarter < GB ? quarter : GB;
    if (alloc_min < 32 * MB)
        alloc_min = 32 * MB;
    add_check(c, &n, "CL_DEVICE_MAX_MEM_ALLOC_SIZE", r->max_mem_alloc_size, alloc_min);
    /* In bits: the size of long16 (full profile); long16 or int16 (embedded). */
    add_check(c, &n, "CL_DEVICE_MEM_BASE_ADDR_ALIGN", r->mem_base_addr_align, r->embedded ? 512 : 1024);
    return n;
}
