/* What clconform does differently per driver: how many probes share a
 * kernel, which programs keep their binaries, how a device's chunks are
 * claimed and its launches gated. Every such decision lives in one table
 * (driver_policy.c), each row and value with the measurement behind it;
 * the rest of the harness reads the answer and never tests a platform's
 * name or a device's type itself. None of it changes a verdict, only the
 * time a run takes. */
#ifndef CLC_DRIVER_POLICY_H
#define CLC_DRIVER_POLICY_H

#include <stddef.h>

#define CL_TARGET_OPENCL_VERSION 120 /* as clenv.h */
#include <CL/cl.h>
#include <cjson/cJSON.h>

typedef struct {
    size_t group;             /* probes that share one dispatch kernel, unless --group says */
    size_t group_bytes;       /* the most bytes of probe bodies behind one kernel (group_weight.h) */
    int weigh_unrolled;       /* a probe's weight counts its loops' constant trip counts */
    int groups_by_geometry;   /* a kernel's probes share one launch geometry */
    int launch_compiles;      /* no warm-up launch: the probe's own launch is the first */
    int keep_binaries;        /* successful builds' binaries go to the cache (bincache.h) */
    int serial_launches;      /* a kernel runs holding the device gate; contexts are made few at a time */
    int order_by_count;       /* build time follows a program's probe count (chunk_order.h) */
    int claims_largest_first; /* workers claim the segments with most probes first */
    int lone_last;            /* probes built alone by their nature come after the batched (batch_plan.h) */
    size_t batch_max;         /* the most probes in one program, unless --batch says */
    size_t warm_jobs;         /* supervisors once the warm marker matches (warm_marker.h); 0: no marker */
} driver_policy;

/* The policy for a device of the platform named platform_name (NULL as "")
 * whose CL_DEVICE_TYPE is type (0 when unknown): the table's rows that
 * match, in order, each overriding what it says. */
driver_policy driver_policy_for(const char *platform_name, cl_device_type type);

/* The CL_DEVICE_TYPE bits of a device record (devinfo.h, its "types"
 * array); 0 for a record without one. */
cl_device_type driver_policy_types(const cJSON *info);

#endif
