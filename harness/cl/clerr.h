/* OpenCL error codes as names, and recording a failed call in a probe record. */
#ifndef CLC_CLERR_H
#define CLC_CLERR_H

#include <cjson/cJSON.h>

/* "CL_OUT_OF_RESOURCES" for -5; "CL_UNKNOWN_ERROR" for codes it does not know. */
const char *clerr_name(int code);

/* Marks rec as verdict "error": sets "error": {call, code, name} and a
 * "detail" line naming the call. rec keeps ownership of everything. */
void clerr_record(cJSON *rec, const char *call, int code);

/* Records that the query for obj's field failed: adds "<field>_error":
 * "NAME (code)" (a device or platform description goes on without it). */
void clerr_add_field_error(cJSON *obj, const char *field, int code);

#endif
