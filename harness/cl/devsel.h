/* Choosing devices the ways people already know: the OpenCL CTS's
 * environment variables (when no --device or --all-devices is given) and a
 * clinfo-like JSON listing (--list --json). */
#ifndef CLC_DEVSEL_H
#define CLC_DEVSEL_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "enumerate.h"

/* Is any of CL_PLATFORM_INDEX, CL_DEVICE_INDEX, CL_DEVICE_TYPE set? */
int devsel_env_present(void);

/* The device the CTS variables name, as the CTS reads them:
 * CL_PLATFORM_INDEX (default 0) picks the platform in clconform's list;
 * CL_DEVICE_TYPE (gpu, cpu, accelerator, custom, default, all; with or
 * without a CL_DEVICE_TYPE_ prefix, any case; default: all) filters its
 * devices; CL_DEVICE_INDEX (default 0) picks among those. Returns the
 * device, or NULL after printing why to err. get is getenv (tests pass
 * their own). */
const clc_devref *devsel_from_env(const clc_devlist *l, char *(*get)(const char *), FILE *err);

/* The --list --json document: {"schema_version": 1, "platforms": [platform
 * objects (name, vendor, version, profile, extensions, index...) each with
 * "devices": [device objects as in a report's "device": key, index, name,
 * type, version, driver_version, opencl_c_version, extensions, ...]],
 * "problems": [...]}. Caller deletes. */
cJSON *devsel_list_json(const clc_devlist *l);

#endif
