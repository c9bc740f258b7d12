/* Platform and device identity, as report objects (docs/report-schema.md). */
#ifndef CLC_DEVINFO_H
#define CLC_DEVINFO_H

#include <cjson/cJSON.h>

#include "clenv.h"

/* The platform object: index, name, vendor, version, profile, extensions. */
cJSON *devinfo_platform(cl_platform_id platform, int index);

/* The device object: identity, versions, extensions, limits, fp configs and
 * the capability tokens probes may require. A query that fails is recorded
 * as "<field>_error": "CL_... (code)" and the rest goes on. */
cJSON *devinfo_device(cl_device_id device, const char *key, int pidx, int didx);

/* Does the device object have the capability token (see docs/probe-format.md)? */
int devinfo_has_capability(const cJSON *device, const char *token);

/* The first of a probe's requirements (capability tokens, "!x": must lack
 * x) that the device does not meet, said in buf ("device lacks x"); NULL
 * when it meets them all. */
const char *devinfo_unmet_requirement(const cJSON *device, char *const *requires, size_t n, char *buf, size_t len);

#endif
