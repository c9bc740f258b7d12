/* The litmus family (docs/measurements.md): classic memory-model litmus
 * tests between two work-groups, run many times under stress with every
 * outcome counted; judged where the flavour's memory orders forbid the weak
 * outcome (harness/plan/litmus_plan.c). */
#ifndef CLC_MEASURE_LITMUS_H
#define CLC_MEASURE_LITMUS_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "litmus_plan.h"
#include "probe.h"
#include "record.h"
#include "verdict.h"

/* Runs plan for probe p on env within a time budget; fills obj (the
 * record's "measure" object: the outcome counts) and rec's "detail".
 * Returns "pass", "fail", "info", "skip" (the threads never ran at once),
 * or "error" after record_set_cl_error. */
clc_verdict measure_litmus_run(const litmus_plan *plan, const clc_probe *p, const clc_clenv *env, cJSON *obj,
                               clc_record *rec);

#endif
