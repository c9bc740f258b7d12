/* The advertised-limits family (`limits_*` measurements): kernels built from
 * the device's own numbers, run at each limit and one over it. The kernels
 * come from the probe's `source` (docs/measurements.md states each one's
 * contract); limits_plan.c holds the driver-free parts. */
#ifndef CLC_MEASURE_LIMITS_H
#define CLC_MEASURE_LIMITS_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "limits_plan.h"
#include "probe.h"
#include "record.h"
#include "verdict.h"

/* Runs probe p's limits measurement on env. Fills obj (the record's
 * "measure" object) and rec's "detail" (and "error" for a failed call).
 * Returns the verdict: "pass"/"fail" where the spec judges (at a limit,
 * everything must work; over some limits the spec names the error code),
 * "info" where it does not, "skip" when the harness will not try (a host
 * memory cap), "error" when an OpenCL call of the harness's own set-up failed. */
clc_verdict measure_limits_run(const limits_plan *plan, const clc_probe *p, const clc_clenv *env,
                               cJSON *obj, clc_record *rec);

#endif
