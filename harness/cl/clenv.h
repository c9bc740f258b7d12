/* The OpenCL objects one worker holds for one device. Only modules that talk
 * to a device include this (and so <CL/cl.h>). */
#ifndef CLC_CLENV_H
#define CLC_CLENV_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <cjson/cJSON.h>

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    const char *base_options;   /* build options every probe gets ("-cl-std=CL1.2") */
    cl_uint max_compute_units;
    size_t max_work_group_size;
    /* Scratch that lives as long as this worker process: a measurement may
     * keep a number here for later probes (the inter-work-group limit, say).
     * It is gone when a worker is replaced, so nothing may depend on it. */
    cJSON *memo;
    /* A measurement says here when its timed part begins: until then it is
     * building and generating code (its kernels' first launches), watched by
     * the build watchdog; from then on by the probe's own timeout, so a
     * compile slowed by a busy machine is never taken for a deadlock. May be
     * NULL (then the probe's timeout covers it all). */
    void (*measure_started)(void *ctx);
    void *measure_ctx;
    /* What earlier runs measured on this device and driver version
     * (measure_memo.h), as the worker found it at start; NULL: none (no
     * cache). The litmus family adds to its totals. */
    const cJSON *measure_history;
} clc_clenv;

#endif
