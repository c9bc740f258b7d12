/* The inter-work-group family (docs/measurements.md): how many work-groups
 * are resident at once, and where the classic "spin until a later group sets
 * a flag" pattern completes or deadlocks. */
#ifndef CLC_MEASURE_IWG_H
#define CLC_MEASURE_IWG_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_plan.h"
#include "probe.h"

/* Runs plan for probe p on env; fills obj (the record's "measure" object)
 * and rec's "detail". Returns "info", or "error" after clerr_record. */
const char *measure_iwg_run(const measure_plan *plan, const clc_probe *p, const clc_clenv *env,
                            cJSON *obj, cJSON *rec);

/* Builds the programs measure_iwg_run would build for plan and lets them
 * go: a driver that keeps what it compiled (NVIDIA in the process, PoCL
 * on disk) answers the run's builds at once. No launch. */
void measure_iwg_prepare(const measure_plan *plan, const clc_probe *p, const clc_clenv *env);

#endif
