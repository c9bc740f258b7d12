/* The measurement `opencl3_contract`: see measure_contract.h. */
#include "measure_contract.h"

#include <stdio.h>

#include "contract_cl3.h"
#include "devinfo.h"
#include "record.h"

clc_verdict measure_contract_run(const clc_clenv *env, cJSON *obj, clc_record *rec)
{
    char detail[400];
    /* Asked again rather than passed in: a measure probe carries no state. */
    cJSON *device = devinfo_device(env->device, "", 0, 0);
    cJSON *violations = cJSON_AddArrayToObject(obj, "violations");
    cJSON *notes = cJSON_AddArrayToObject(obj, "notes");
    clc_verdict verdict = CLC_VERDICT_ERROR;
    if (!device || !violations || !notes) {
        snprintf(detail, sizeof detail, "out of memory");
    } else {
        int n = contract_cl3_check(device, violations, notes);
        if (n < 0) {
            snprintf(detail, sizeof detail, "the device does not answer CL_DEVICE_OPENCL_C_ALL_VERSIONS "
                                            "(an OpenCL 1.x/2.x device): no OpenCL 3.0 contract to check");
            verdict = CLC_VERDICT_SKIP;
        } else if (n == 0) {
            snprintf(detail, sizeof detail, "every rule holds (%d note%s)", cJSON_GetArraySize(notes),
                     cJSON_GetArraySize(notes) == 1 ? "" : "s");
            verdict = CLC_VERDICT_PASS;
        } else {
            const cJSON *first = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(violations, 0), "detail");
            snprintf(detail, sizeof detail, "%d rule%s broken; first: %s", n, n == 1 ? "" : "s",
                     cJSON_IsString(first) ? first->valuestring : "?");
            verdict = CLC_VERDICT_FAIL;
        }
    }
    record_set_detail(rec, detail);
    cJSON_Delete(device);
    return verdict;
}
