/* OpenCL error codes as names (a record keeps a failed call with
 * record_set_cl_error, record.h). */
#ifndef CLC_CLERR_H
#define CLC_CLERR_H

#include <cjson/cJSON.h>

/* "CL_OUT_OF_RESOURCES" for -5; "CL_UNKNOWN_ERROR" for codes it does not know. */
const char *clerr_name(int code);

/* Records that the query for obj's field failed: adds "<field>_error":
 * "NAME (code)" (a device or platform description goes on without it). */
void clerr_add_field_error(cJSON *obj, const char *field, int code);

#endif
