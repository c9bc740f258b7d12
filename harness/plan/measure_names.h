/* What a measurement name is, with no driver and no probe: whether the
 * harness implements it (the probe loader asks, so a misspelt `measure =`
 * is a parse error with file and line) and which group of families it
 * belongs to. The families parse their own names (measure_plan.h,
 * limits_plan.h, litmus_plan.h); the OpenCL 3.0 contract and the
 * build-option measurements have fixed names, kept here so that asking
 * about a name needs no OpenCL. */
#ifndef CLC_MEASURE_NAMES_H
#define CLC_MEASURE_NAMES_H

/* The OpenCL 3.0 contract (measure_contract.h). */
#define MEASURE_CONTRACT_NAME "opencl3_contract"

/* Is `name` a measurement this harness implements? NULL is not. */
int measure_known(const char *name);

/* Is `name` one of the build-option measurements (measure_options.h)? */
int measure_options_known(const char *name);

/* Is `name` a limit or code-shape measurement (limits_*, shape_*, the
 * build-option ones)? What they find holds for a device and driver version
 * (measure_memo.c). NULL is not. */
int measure_name_is_limit_or_shape(const char *name);

#endif
