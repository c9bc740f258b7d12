/* The reducer's input slicing: a probe whose kernel is one grid-stride loop
 * over N iterations, each reading its own slice of the inputs and writing
 * its own slice of out, cut down to the one iteration that writes the
 * element being reduced. Pure text and data: no OpenCL here, so the
 * rewrite is unit-tested without a device; the reducer runs the result and
 * keeps it only when the device confirms it still fails the same way. */
#ifndef CLC_REDUCE_SLICE_H
#define CLC_REDUCE_SLICE_H

#include <stddef.h>

#include "probe.h"

/* What a slice kept: the loop iteration, and per input how many elements
 * per iteration were kept (0: the input is read whole, not sliced). */
typedef struct {
    size_t iteration, iterations;
    size_t per_iteration[CLC_MAX_INPUTS];
    char var[64];        /* the loop variable */
} clc_slice_info;

/* The probe p (body without the reducer's sentinel line) cut to the
 * iteration of its loop `for (size_t V = START; V < N; V += get_global_size(0))`
 * (START get_global_id(0) or a pinned `((size_t)W)`), or of its one-work-item
 * form `size_t V = get_global_id(0);` (N the global size), that writes element m.
 * Applies only when every use of V after the header is `X[V]`, `vloadK(V, X)`
 * (X an input or out) or `vstoreK(..., V, out)`, and each input read that way
 * and out hold N times their slice. *out (caller frees with probe_free) is
 * the probe with the header `size_t V = get_global_id(0);` (a runtime index,
 * as in the loop; a loop statement's indent goes with the loop), those inputs
 * and out cut to their slice, one work-item; *new_m the element's index in it.
 * Returns 0, or -1 when the kernel is not of that shape. */
int reduce_slice_loop(const clc_probe *p, size_t m, clc_probe *out, size_t *new_m, clc_slice_info *info);

/* The statements of sliced (reduce_slice_loop's *out, described by info)
 * after the header on one line, each `vloadK(V, X)` and `X[V]` of a sliced
 * input written as its values (`(char2)(-128, -128)`, `(char)-128`): the
 * call as a reader wants it. Caller frees; NULL when out of memory. */
char *reduce_slice_call_text(const clc_probe *sliced, const clc_slice_info *info);

#endif
