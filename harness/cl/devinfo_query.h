/* One device or platform query as a field of a description object: the answer, or
 * "<field>_error": "CL_... (code)" when the query fails, and the
 * description goes on without it. devinfo.c (OpenCL 1.2) and devinfo_cl3.c
 * (3.0) both ask through it, so this header names the device handle
 * without <CL/cl.h>, as devinfo_cl3.h does. */
#ifndef CLC_DEVINFO_QUERY_H
#define CLC_DEVINFO_QUERY_H

#include <stddef.h>

#include <cjson/cJSON.h>

struct _cl_device_id;
struct _cl_platform_id;

/* A cl_uint or cl_ulong/size_t answer (width: its size in bytes) as a number. */
void devinfo_query_number(cJSON *obj, struct _cl_device_id *d, unsigned int what, size_t width, const char *field);

/* A string answer, cleaned to UTF-8 (utf8.h); running out of host memory
 * is recorded as CL_OUT_OF_HOST_MEMORY. */
void devinfo_query_string(cJSON *obj, struct _cl_device_id *d, unsigned int what, const char *field);

/* The same for a platform's string answer (clGetPlatformInfo). */
void devinfo_query_platform_string(cJSON *obj, struct _cl_platform_id *p, unsigned int what, const char *field);

#endif
