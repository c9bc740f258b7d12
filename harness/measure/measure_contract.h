/* The measurement `opencl3_contract`: the device's OpenCL 3.0 queries checked
 * against the rules the API specification states between them
 * (contract_cl3.h). Judged: `pass`, `fail` with each rule broken, `skip` on
 * a device without the 3.0 queries. */
#ifndef CLC_MEASURE_CONTRACT_H
#define CLC_MEASURE_CONTRACT_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_names.h"
#include "record.h"
#include "verdict.h"

/* Queries env's device afresh, fills obj (the record's "measure" object:
 * "violations", "notes") and rec's "detail"; returns the verdict. */
clc_verdict measure_contract_run(const clc_clenv *env, cJSON *obj, clc_record *rec);

#endif
