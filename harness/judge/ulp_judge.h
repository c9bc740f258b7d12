/* Judging a math probe's output in ulp (probes with `expect_ulp`), into its
 * report record. See ulp.h for the measure and docs/probe-format.md for the
 * format. No OpenCL here. */
#ifndef CLC_ULP_JUDGE_H
#define CLC_ULP_JUDGE_H

#include <cjson/cJSON.h>

#include "probe.h"
#include "record.h"
#include "verdict.h"

/* How many failing elements a record lists in full (inputs, expected,
 * actual, error); the count of all of them is kept too. */
#define CLC_ULP_LISTED 16

/* Judges out (p->out_count elements of p->out_type) against p->ulp_ref
 * within p->ulp_bound. Records "actual" (dropped again on a pass), "checks",
 * and an "ulp" object: bound, max_error (also when it passes), max_at,
 * beyond (elements past the bound) and failures (the first CLC_ULP_LISTED,
 * each with its index, inputs, expected, actual, bits and error). ftz: the
 * device flushes denormals of this type. A run probe gets pass or fail, an
 * impl-defined one info (its errors recorded, not judged). Returns the
 * verdict. */
clc_verdict ulp_judge_output(clc_record *rec, const clc_probe *p, const void *out, int ftz);

/* Does the device (devinfo's object) flush denormals of type t? Single
 * precision: CL_FP_DENORM absent; double precision always keeps them
 * (cl_khr_fp64 requires CL_FP_DENORM). */
int ulp_device_flushes(const cJSON *device, clc_type t);

#endif
