/* The inter-work-group family (docs/measurements.md): how many work-groups
 * are resident at once, and where the classic "spin until a later group sets
 * a flag" pattern completes or deadlocks. */
#ifndef CLC_MEASURE_IWG_H
#define CLC_MEASURE_IWG_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_plan.h"
#include "probe.h"
#include "record.h"
#include "verdict.h"

/* Runs plan for probe p on env; fills obj (the record's "measure" object)
 * and rec's "detail". Returns "info", or "error" after record_set_cl_error. */
clc_verdict measure_iwg_run(const measure_plan *plan, const clc_probe *p, const clc_clenv *env,
                            cJSON *obj, clc_record *rec);

/* Builds the programs measure_iwg_run would build for plan, keeps them in
 * the worker's cache (measure_iwg_cache.h), and launches each kernel once
 * with a single group that ends at once, so that a driver which generates
 * code at a kernel's first launch does it now. Nothing is measured. */
void measure_iwg_prepare(const measure_plan *plan, const clc_probe *p, const clc_clenv *env);

#endif
