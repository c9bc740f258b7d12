/* The OpenCL 3.0 device queries: the version and feature contract between
 * the API and OpenCL C (CL_DEVICE_OPENCL_C_ALL_VERSIONS, _FEATURES,
 * CL_DEVICE_EXTENSIONS_WITH_VERSION, the atomic capabilities and the other
 * queries OpenCL 3.0 added), recorded in the device object, and the
 * capability tokens they give probes (docs/probe-format.md). */
#ifndef CLC_DEVINFO_CL3_H
#define CLC_DEVINFO_CL3_H

#include <cjson/cJSON.h>

/* The opaque driver handle, declared without <CL/cl.h> so that this header
 * does not fix CL_TARGET_OPENCL_VERSION for its includers. */
struct _cl_device_id;

/* Adds the object "opencl_3" to device (a query that fails, as every one
 * does on an OpenCL 1.2 device, is recorded as "<field>_error" and the rest
 * goes on) and appends to device's "capabilities": each reported feature
 * name (`__opencl_c_fp64`), `cl_std_X.Y` for each OpenCL C version the
 * device lists, and `atomic_*` tokens for the atomic capabilities. Needs
 * the device's "version", "opencl_c_version" and "capabilities" already
 * there. On a device below OpenCL 3.0 the answers are recorded but give no
 * tokens beyond the cl_std_X.Y its CL_DEVICE_OPENCL_C_VERSION implies. */
void devinfo_cl3_add(cJSON *device, struct _cl_device_id *d);

/* Appends to device's "capabilities" the tokens its "opencl_3" object gives
 * (docs/probe-format.md): cl_std_X.Y per listed version; fp32_atomic_B,
 * fp64_atomic_B and fp16_atomic_B per bit of the cl_ext_float_atomics capabilities (recorded
 * only where the device lists the extension); and on an OpenCL 3.0 device each
 * feature name and atomic_memory_B / atomic_fence_B. Pure: reads and writes
 * only the JSON (devinfo_cl3_add calls it after its queries). */
void devinfo_cl3_add_tokens(cJSON *device);

/* The OpenCL C versions a device may be built for, as "X.Y" strings (a new
 * array the caller owns): "opencl_3"'s opencl_c_all_versions on an OpenCL
 * 3.0 device that answered, else (a device before 3.0) every version up to its
 * CL_DEVICE_OPENCL_C_VERSION that the API spec requires such a device to
 * support (1.0, 1.1, 1.2, and 2.0 for an OpenCL C 2.0 device). */
cJSON *devinfo_cl3_listed_versions(const cJSON *device);

#endif
