/* The driver-policy table: see driver_policy.h. Each row says why it
 * exists and each value what was measured; a row says only the values it
 * changes (0 is "not said": sizes are never 0, flags are YES or NO). */
#include "driver_policy.h"

#include <string.h>

enum { UNSAID = 0, YES = 1, NO = 2 };

typedef struct {
    const char *platform;      /* a substring of the platform's name; NULL: any platform */
    cl_device_type types_any;  /* the device says one of these types; 0: any device */
    cl_device_type types_none; /* and none of these */
    size_t group, group_bytes, batch_max, warm_jobs;
    signed char weigh_unrolled, groups_by_geometry, launch_compiles, keep_binaries, serial_launches,
        order_by_count, claims_largest_first, lone_last;
} policy_row;

static const policy_row rows[] = {
    /* Every driver: PoCL's numbers, the first driver measured, unless a
     * later row knows better. */
    {.platform = NULL,
     /* PoCL generates code per kernel at first launch: 16 probes a kernel
      * beat 8 and 64 there. */
     .group = 16,
     /* A folded conversion probe (3-23 KB) is as much code as dozens of
      * small ones: a kernel closes before its probes' bodies pass 32 KB. */
     .group_bytes = 32768,
     /* A program's build is one compiler process, so the largest is a
      * floor under the run. */
     .batch_max = 256,
     .keep_binaries = YES,
     .weigh_unrolled = NO,
     .groups_by_geometry = NO,
     .launch_compiles = NO,
     .serial_launches = NO,
     .order_by_count = NO,
     .claims_largest_first = NO,
     /* Probes built alone after the batched ones (batch_plan_lone_last):
      * PoCL 5's 60 shuffle mask-size probes, built alone among batched
      * ones, were two workers' last 8-12 s. Claimed in suite order, its
      * cold run on one H200 host (16 supervisors, alternating with the
      * plan before):
      * --alone none 43.2 and 42.2 s -> 38.3 and 32.0 s, the day's slice
      * 38.9 -> 37.0 s; replayed from its timelines, the compile work ends
      * at 28.0 s instead of 33.6 s. Local devices (2 cores, saturated):
      * no change. */
     .lone_last = YES},

    /* A GPU or an accelerator that is not also a CPU (Oclgrind says every
     * type and runs its kernels on the host's cores, side by side). */
    {.types_any = CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR,
     .types_none = CL_DEVICE_TYPE_CPU,
     /* One GPU behind several processes time-slices between their
      * contexts when more than one has work queued: NVIDIA's warm run's
      * 5,452 launches took 0.19 s from one supervisor, 0.83 s from two,
      * 3.7 s from four and 10.1 s from eight. Contexts made side by side
      * share the driver's time too: on the H100 host, 16 processes making
      * NVIDIA contexts at once had them all after 2.2-2.9 s; four at a
      * time, half of them had theirs after 1.6 s on average. */
     .serial_launches = YES},

    /* A GPU that is not also a CPU: its compiler inlines every built-in
     * call, so NVIDIA's build time follows a program's probe count
     * (chunk_order.h). */
    {.types_any = CL_DEVICE_TYPE_GPU,
     .types_none = CL_DEVICE_TYPE_CPU,
     .order_by_count = YES,
     /* The costliest segments are those with most probes. */
     .claims_largest_first = YES,
     /* Where a lone probe sits, its segment counts it: replayed from
      * NVIDIA's cold timeline (H200 host), the builds end at 14.2 s so,
      * 15.0 s with the lone probes last, each a segment of one, claimed
      * after every larger one. */
     .lone_last = NO,
     /* NVIDIA took 12.2-12.6 s for math.fmod.double4's 203 probes
      * (double-precision built-ins, 60 ms a probe) in cold runs whose other
      * 15 supervisors were done by 14.5 s. Half the probes is half the
      * floor, for one more build (about 50 ms) per split program. */
     .batch_max = 128},

    /* A device that says GPU, Oclgrind included (its record's "type" is
     * GPU): a GPU wants many supervisors while its programs compile
     * (NVIDIA's cold run: 58 s with 16, 80 s with 4, on the H100 host) and
     * few once they are cached, because each supervisor's worker is a
     * context of its own that the GPU time-slices (warm: 6.3 s with 4,
     * 9.7 s with 16). Only such a device reads the warm marker: hashing the
     * suite's text cost each device process 0.3 s of CPU. */
    {.types_any = CL_DEVICE_TYPE_GPU,
     /* NVIDIA's warm run on the H100 host (7,153 probes), device wall by
      * --device-jobs, without the launch gate: 1: 2.83 s, 2: 2.08, 3: 2.71,
      * 4: 2.92; with it (serial_launches): 2.85, 2.38, 2.64, 2.86, and 3.08 with 6, 3.53 with
      * 8. One supervisor does every record alone; more than two contend for
      * the GPU. */
     .warm_jobs = 2},

    /* rusticl (llvmpipe) generates each kernel's code at its first launch,
     * in time that grows much faster than the kernel (group_weight.h). */
    {.platform = "rusticl",
     /* A fixed cost per kernel (clCreateKernel and code generation) and a
      * superlinear one: on the 1,160 integer-function probes, cold, CPU
      * seconds of the whole run: 1 probe a kernel 105 s, 8: 79 s, 16: 97 s
      * (docs/performance.md). In programs of 16 (batch_max below), with
      * group_bytes, 2 a kernel was no better: cold, one supervisor,
      * integer functions 27.4 s at 8 and 30.0 s at 2, operators 36.8 and
      * 36.3 s, vload/vstore 31.7 and 32.3 s, relational 9.1 and 9.5 s.
      * (--group N lifts group_bytes too: 8 without it took operators 91.6 s.) */
     .group = 8,
     /* clCreateKernel turns the program's SPIR-V into NIR for the one
      * kernel, reading the whole module, and a launch's cost grows with it
      * too: cold, one supervisor, --alone none, 256 probes a program against
      * 16: integer functions (1,304 probes) 34.6 -> 31.2 s (kernel creation
      * 4.1 -> 1.6 s, launches 5.0 -> 3.6 s), relational 10.6 -> 9.0 s,
      * conv.full.convert_int* 13.1 -> 12.1 s; warm 2.4 -> 1.9, 1.7 -> 1.1 and
      * 1.2 -> 1.1 s. Its builds cost about 25 ms each, so more of them cost
      * nothing measurable; 8 a program was no better than 16. */
     .batch_max = 16,
     /* 1 KB keeps the shift, conversion and vstore_half probes one to a
      * kernel. */
     .group_bytes = 1024,
     /* A loop with a constant trip count is unrolled: 88 shift probes took
      * 67.5 s of code generation 8 to a kernel and 16.0 s one to a kernel
      * (group_weight.h). */
     .weigh_unrolled = YES,
     /* Mesa 22.3 creates the kernel's compute state anew at each launch,
      * and llvmpipe finds the code it generated for the last one in Mesa's
      * disk cache, which writes from a thread of its own. On a busy machine
      * a probe's launch right after its kernel's warm-up launch often came
      * before that write and generated all the code again: in a cold local
      * run, 430 launches took 63 s (warm: 1.8 s for all of them), a folded
      * conversion probe 0.6 s twice. */
     .launch_compiles = YES,
     /* A segment costs about what its kernels do, so those with most probes
      * are the costliest: op.gt.ulong.runtime's 260 probes, 26 s of one
      * worker's time cold, were the last chunk of the local cold run (the
      * 318 s one), from 289 s on, the other core idle and the measurements
      * waiting. Replayed from that run's timeline (one supervisor from the
      * start, a second once PoCL 3.1 ended), its compile work ends at
      * 303.7 s in suite order, 293.9 s most probes first and 292.4 s with
      * every segment's cost known in advance. Only the claim order changes:
      * segments, and so programs, stay the same. */
     .claims_largest_first = YES,
     /* The claim order above was replayed with the lone probes among
      * their neighbours; moving them was measured on PoCL and NVIDIA
      * only. */
     .lone_last = NO},

    /* PoCL. */
    {.platform = "Portable Computing Language",
     /* PoCL generates a kernel's code again for each launch geometry (its
      * work-group functions are specialised to the local size), and a
      * dispatch kernel whose probes mixed folded (one work-item) and
      * run-time (48, 64, ... work-items) launches was compiled two or three
      * times: in cold runs 61 of PoCL 3.1's 150 s of code generation, and
      * 103.5 of PoCL 5's 256 s, were such repeats. rusticl (0.5 s of
      * repeats), NVIDIA (none) and Oclgrind keep plain order. */
     .groups_by_geometry = YES,
     /* PoCL answers CL_PROGRAM_BINARIES by generating code for every kernel
      * (2-3 s a program), and its own kernel cache already makes a warm
      * build cheap: keeping its binaries cost PoCL 5 81.5 s of a cold run on
      * the H100 host and bought nothing warm. Failed builds are still
      * kept. */
     .keep_binaries = NO,
     /* With the lone probes last (lone_last), a segment's probe count
      * tells its cost again: replayed from four PoCL 5 cold timelines
      * (H200 hosts, 16 supervisors), the compile work ends at 27.8, 23.7,
      * 27.8 and 22.1 s most probes first (ulp counted six) against 28.0,
      * 26.1, 30.5 and 23.9 s in suite order; every cost known in advance:
      * 24.5, 22.0, 26.7 and 21.1 s. Measured, one H200 host, cold,
      * alternating: --alone none 35.2 and 34.6 s -> 32.9 and 33.3 s, the
      * day's slice 39.6 -> 37.9 s. The lone probes, one each, still come
      * last. */
     .claims_largest_first = YES},
};

static int row_matches(const policy_row *r, const char *platform_name, cl_device_type type)
{
    if (r->platform && !strstr(platform_name, r->platform))
        return 0;
    if (r->types_any && !(type & r->types_any))
        return 0;
    return !(type & r->types_none);
}

static void take_flag(int *to, signed char said)
{
    if (said != UNSAID)
        *to = said == YES;
}

static void take_size(size_t *to, size_t said)
{
    if (said)
        *to = said;
}

driver_policy driver_policy_for(const char *platform_name, cl_device_type type)
{
    driver_policy p = {0};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const policy_row *r = &rows[i];
        if (!row_matches(r, platform_name ? platform_name : "", type))
            continue;
        take_size(&p.group, r->group);
        take_size(&p.group_bytes, r->group_bytes);
        take_size(&p.batch_max, r->batch_max);
        take_size(&p.warm_jobs, r->warm_jobs);
        take_flag(&p.weigh_unrolled, r->weigh_unrolled);
        take_flag(&p.groups_by_geometry, r->groups_by_geometry);
        take_flag(&p.launch_compiles, r->launch_compiles);
        take_flag(&p.keep_binaries, r->keep_binaries);
        take_flag(&p.serial_launches, r->serial_launches);
        take_flag(&p.order_by_count, r->order_by_count);
        take_flag(&p.claims_largest_first, r->claims_largest_first);
        take_flag(&p.lone_last, r->lone_last);
    }
    return p;
}

cl_device_type driver_policy_types(const cJSON *info)
{
    static const struct {
        const char *name;
        cl_device_type bit;
    } names[] = {{"CPU", CL_DEVICE_TYPE_CPU},
                 {"GPU", CL_DEVICE_TYPE_GPU},
                 {"ACCELERATOR", CL_DEVICE_TYPE_ACCELERATOR},
                 {"CUSTOM", CL_DEVICE_TYPE_CUSTOM},
                 {"DEFAULT", CL_DEVICE_TYPE_DEFAULT}};
    cl_device_type t = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(info, "types")) {
        for (size_t i = 0; cJSON_IsString(it) && i < sizeof names / sizeof names[0]; i++)
            if (strcmp(it->valuestring, names[i].name) == 0)
                t |= names[i].bit;
    }
    return t;
}
