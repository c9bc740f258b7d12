/* The driver-free half of the advertised-limits family (docs/measurements.md,
 * "The advertised-limits family"): what a `limits_*` measurement name means,
 * how a parameter list adding up to exactly CL_DEVICE_MAX_PARAMETER_SIZE is
 * laid out, the value each argument component carries, and the spec's
 * minimums for the reported limits. No OpenCL here, so
 * tests/unit/test_limits_plan.c checks it without a device. */
#ifndef CLC_LIMITS_PLAN_H
#define CLC_LIMITS_PLAN_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    LIMITS_MINIMUMS,        /* reported limits against the spec's minimums */
    LIMITS_PARAMS,          /* arguments adding up to CL_DEVICE_MAX_PARAMETER_SIZE */
    LIMITS_CONSTANT_ARGS,   /* CL_DEVICE_MAX_CONSTANT_ARGS __constant arguments */
    LIMITS_CONSTANT_BUFFER, /* one __constant buffer of CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE */
    LIMITS_LOCAL_MEM,       /* __local memory up to LOCAL_MEM_SIZE - KERNEL_LOCAL_MEM_SIZE */
    LIMITS_KERNEL_WG,       /* a launch at CL_KERNEL_WORK_GROUP_SIZE */
    LIMITS_ITEM_SIZES,      /* a launch at CL_DEVICE_MAX_WORK_ITEM_SIZES, per dimension */
    LIMITS_MAX_ALLOC,       /* a buffer of CL_DEVICE_MAX_MEM_ALLOC_SIZE, first and last bytes */
    LIMITS_KERNELS          /* `shape_kernels_N`: N kernels of one program, through
                             * clCreateKernelsInProgram, each run */
} limits_family;

typedef struct {
    limits_family family;
    int over;               /* 1: one over the limit (`_over`), 0: at it (`_at`) */
    unsigned kernels;       /* LIMITS_KERNELS: how many kernels the source defines */
} limits_plan;

/* Parses "limits_minimums", "limits_params_at", "limits_local_mem_over", ...,
 * and "shape_kernels_N" (N from 1 to 100000, no leading zero).
 * Returns 0 and fills *out (when not NULL), or -1 when the name is not one of ours. */
int limits_plan_parse(const char *name, limits_plan *out);

/* ---- the parameter list ------------------------------------------------------- */

/* One kernel argument of the parameter-size kernel. */
typedef struct {
    char type[12];          /* OpenCL C type: "long16", "float4", "int", "__global ulong *" */
    unsigned size;          /* bytes it takes: sizeof the type, or the pointer size */
    unsigned lanes;         /* components (1 for scalars; 0 for the two pointers) */
    unsigned lane_bytes;    /* bytes of one component */
    int is_float;           /* components are float: compared by their bits */
    int is_pointer;         /* the output pointer (index 0 of the pointers) or the input one */
} limits_arg;

#define LIMITS_MAX_ARGS 255

typedef struct {
    limits_arg args[LIMITS_MAX_ARGS + 1];
    size_t n_args;
    size_t total;           /* sum of the sizes: the target */
    size_t lanes;           /* components written to the output, the input's int included */
} limits_param_layout;

/* The arguments a kernel needs to take exactly `target` bytes of parameters
 * on a device whose pointers are `ptr_bytes` (4 or 8) wide: vectors of 16 to
 * 128 bytes, a __global output and a __global const input pointer, and
 * scalars of 8, 4, 2, 1 bytes for the rest. Sizes fall from first to last,
 * so every argument is naturally aligned without padding (the spec does not
 * say whether padding counts). At most max_args arguments (the spec: 128 when
 * the limit is the minimum 1024, else 255). Returns 0, or -1 when target
 * cannot be reached within max_args (or is smaller than the two pointers). */
int limits_plan_params(size_t target, unsigned ptr_bytes, size_t max_args, limits_param_layout *out);

/* The spec's cap on the argument count for a device with this parameter size
 * (4.2, CL_DEVICE_MAX_PARAMETER_SIZE: 128 at the minimum of 1024, else 255). */
size_t limits_max_args(size_t max_parameter_size);

/* The value component `lane` of argument `arg` carries, as the bits the
 * kernel writes to its ulong output: the low lane_bytes bytes; for float
 * components the bits of a small integer-valued float (exact, never NaN). */
uint64_t limits_arg_bits(const limits_arg *a, size_t arg, size_t lane);

/* The word element i of the constant-buffer test holds (the kernel computes
 * the same function; docs/measurements.md states it). */
uint32_t limits_const_word(uint32_t i);

/* ---- the spec's minimums ----------------------------------------------------- */

typedef struct {
    int embedded;                   /* CL_DEVICE_PROFILE is EMBEDDED_PROFILE */
    int custom;                     /* CL_DEVICE_TYPE_CUSTOM: the minimums do not apply */
    int images;                     /* CL_DEVICE_IMAGE_SUPPORT */
    uint64_t max_parameter_size, max_constant_args, max_constant_buffer_size, local_mem_size;
    uint64_t max_mem_alloc_size, global_mem_size, max_work_item_dimensions;
    uint64_t max_work_item_sizes[3], max_work_group_size, mem_base_addr_align;
} limits_reported;

typedef struct {
    const char *query;      /* "CL_DEVICE_MAX_PARAMETER_SIZE" */
    uint64_t reported;
    uint64_t minimum;
    int ok;                 /* reported >= minimum */
} limits_check;

#define LIMITS_MAX_CHECKS 12

/* Fills checks[] with each limit the API spec's device-queries table (4.2)
 * gives a minimum for, for the device's profile; returns how many. A custom
 * device gets none (the table exempts it). */
size_t limits_check_minimums(const limits_reported *r, limits_check checks[LIMITS_MAX_CHECKS]);

#endif
