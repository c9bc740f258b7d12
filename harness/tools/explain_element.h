/* One element of a probe's output, explained: its expected value and the
 * call and operands that produce it, from the element labels the generator
 * wrote (`#@ elements`, docs/probe-format.md), else from the kernel's shape
 * (a grid-stride loop or one work-item per slice: reduce_slice.h; a literal
 * `out[E] = ...;` line). Also the search behind `explain --call`. No OpenCL. */
#ifndef CLC_EXPLAIN_ELEMENT_H
#define CLC_EXPLAIN_ELEMENT_H

#include <cjson/cJSON.h>

#include "probe.h"

/* {"index", "expected", "ulp"?, "from": "labels"|"kernel"|"literal"|"none",
 *  "call", "lane"?, "operands": [{"name", "index", "value"}], "statement"?}
 * for element e of p (e < p->out_count). Caller deletes. */
cJSON *explain_element(const clc_probe *p, size_t e);

/* Every labelled element of the set's probes whose call is function(arg):
 * function equal to a label's FUNCTION and arg a value of the operand's
 * type equal to the operand (any NaN matches "nan"). An array of
 * {"id", "element", "call", "expected", "file", "line"}. Caller deletes. */
cJSON *explain_find_call(const clc_probe_set *set, const char *function, const char *arg);

#endif
