/* The OpenCL objects one worker holds for one device. Only modules that talk
 * to a device include this (and so <CL/cl.h>). */
#ifndef CLC_CLENV_H
#define CLC_CLENV_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    const char *base_options;   /* build options every probe gets ("-cl-std=CL1.2") */
    cl_uint max_compute_units;
    size_t max_work_group_size;
} clc_clenv;

#endif
