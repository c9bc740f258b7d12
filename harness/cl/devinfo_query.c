/* One device query as a field: see devinfo_query.h. */
#include "devinfo_query.h"

#include <stdlib.h>
#include <string.h>

#include "clenv.h"
#include "clerr.h"
#include "utf8.h"

void devinfo_query_number(cJSON *obj, cl_device_id d, cl_device_info what, size_t width, const char *field)
{
    union {
        cl_uint u;
        cl_ulong l; /* a size_t answer too, where size_t is 64 bits */
    } v;
    memset(&v, 0, sizeof v);
    cl_int err = width <= sizeof v ? clGetDeviceInfo(d, what, width, &v, NULL) : CL_INVALID_VALUE;
    if (err != CL_SUCCESS)
        clerr_add_field_error(obj, field, err);
    else
        cJSON_AddNumberToObject(obj, field, width == sizeof(cl_uint) ? (double)v.u : (double)v.l);
}

/* A string query's answer (buf, of err) as obj's field, or the error.
 * Frees buf. */
static void put_string(cJSON *obj, const char *field, cl_int err, char *buf)
{
    if (err != CL_SUCCESS) {
        clerr_add_field_error(obj, field, err);
    } else {
        char *clean = utf8_clean(buf);
        cJSON_AddStringToObject(obj, field, clean ? clean : "");
        free(clean);
    }
    free(buf);
}

void devinfo_query_string(cJSON *obj, cl_device_id d, cl_device_info what, const char *field)
{
    size_t size = 0;
    cl_int err = clGetDeviceInfo(d, what, 0, NULL, &size);
    char *buf = err == CL_SUCCESS ? calloc(1, size + 1) : NULL;
    if (err == CL_SUCCESS)
        err = buf ? clGetDeviceInfo(d, what, size, buf, NULL) : CL_OUT_OF_HOST_MEMORY;
    put_string(obj, field, err, buf);
}

void devinfo_query_platform_string(cJSON *obj, cl_platform_id p, cl_platform_info what, const char *field)
{
    size_t size = 0;
    cl_int err = clGetPlatformInfo(p, what, 0, NULL, &size);
    char *buf = err == CL_SUCCESS ? calloc(1, size + 1) : NULL;
    if (err == CL_SUCCESS)
        err = buf ? clGetPlatformInfo(p, what, size, buf, NULL) : CL_OUT_OF_HOST_MEMORY;
    put_string(obj, field, err, buf);
}
