/* Probe records: the per-probe objects of a report (docs/report-schema.md),
 * built from a probe and what happened to it. No OpenCL here: the worker and
 * the supervisor both make records. */
#ifndef CLC_RECORD_H
#define CLC_RECORD_H

#include <cjson/cJSON.h>

#include "probe.h"
#include "verdict.h"

/* A new record with the probe's identity (id, clause, spec, kind, file,
 * line, why) and verdict "error" until one is set. Caller owns it. */
cJSON *record_new(const clc_probe *p);

/* Sets (replaces) the record's verdict (by its name, verdict_name) and,
 * when detail is not NULL, detail. */
void record_set_verdict(cJSON *rec, clc_verdict v, const char *detail);
/* The record's verdict: CLC_VERDICT_UNKNOWN when rec is NULL, has no
 * "verdict" string, or one that names no verdict. */
clc_verdict record_verdict(const cJSON *rec);
/* 1 when there is a record and its verdict is unexpected (verdict_unexpected):
 * what a run's progress counts. NULL (no record yet): 0. */
int record_unexpected(const cJSON *rec);
/* A probe that executes an undefined operation (its `undefined` key) is
 * never judged: whatever happened to it (a crash, a timeout, a failed call,
 * a rejected build) becomes `info`, the original verdict kept as "outcome"
 * and the reason in "undefined". Other records are left as they are. */
void record_settle_undefined(const clc_probe *p, cJSON *rec);
/* count packed values of type t, as an array of strings (value_format). */
cJSON *record_values_array(clc_type t, const void *data, size_t count);

/* Sets (replaces) a number or a string field. */
void record_set_number(cJSON *rec, const char *key, double value);
void record_set_string(cJSON *rec, const char *key, const char *value);
/* Sets "detail" to detail (copied), after the fields there: an earlier
 * detail is removed, not replaced in its place. */
void record_set_detail(cJSON *rec, const char *detail);

/* Adds what a reproducer needs: options, the probe's standalone source,
 * kernel name, work sizes, inputs, output shape and (run probes) the
 * expected values. */
void record_add_repro(cJSON *rec, const clc_probe *p, const char *options);

/* Judges a run probe's output (out_count elements of out_type): verdict pass
 * or fail with actual values, first_mismatch and mismatches; for
 * impl-defined probes, records actual and verdict info. Returns the verdict. */
clc_verdict record_judge_output(cJSON *rec, const clc_probe *p, const void *actual);

#endif
