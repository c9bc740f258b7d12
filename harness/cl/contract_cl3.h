/* The OpenCL 3.0 contract between what a device reports through the API
 * (its "opencl_3" object, devinfo_cl3.h) and itself: the rules the API
 * specification states between those queries. Pure: reads a device object,
 * no OpenCL here, so every rule is unit-tested. */
#ifndef CLC_CONTRACT_CL3_H
#define CLC_CONTRACT_CL3_H

#include <cjson/cJSON.h>

/* Checks device (a devinfo_device object) and appends to violations one
 * object {"rule", "clause", "detail"} per rule broken, and to notes the same
 * for what the spec allows but a reader should see (a capability reported
 * without its feature macro, which the spec leaves to the implementation:
 * "some or all ... as appropriate"). Returns the number of violations, or -1
 * when the device has no OpenCL 3.0 queries to check (its
 * "opencl_c_all_versions" is absent). */
int contract_cl3_check(const cJSON *device, cJSON *violations, cJSON *notes);

#endif
