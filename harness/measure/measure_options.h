/* The build-option measurements: effects of clBuildProgram options that no
 * kernel output can show. `options_kernel_arg_info` builds the probe's
 * source with -cl-kernel-arg-info and checks clGetKernelArgInfo's five
 * answers for each argument of kernel `probe` against the `//@arg` lines of
 * the source; `options_warnings` builds the source plainly, and where the
 * compiler warned, checks that -Werror makes the build fail and that -w
 * leaves a log without warnings (docs/measurements.md). */
#ifndef CLC_MEASURE_OPTIONS_H
#define CLC_MEASURE_OPTIONS_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_names.h"
#include "probe.h"
#include "record.h"
#include "verdict.h"

#define MEASURE_OPTIONS_PREFIX "options_"

/* One expected argument of an `//@arg NAME: type=T address=A access=C
 * qualifiers=Q1,Q2` line (address global|local|constant|private, access
 * read_only|write_only|read_write|none, qualifiers const|restrict|volatile
 * or none). */
typedef struct {
    char name[64];
    char type[64];
    unsigned address;    /* CL_KERNEL_ARG_ADDRESS_* */
    unsigned access;     /* CL_KERNEL_ARG_ACCESS_* */
    unsigned long qualifiers; /* CL_KERNEL_ARG_TYPE_* bits */
} options_arg;

/* Reads the `//@arg` lines of source in order into args (at most max).
 * Returns how many, or -1 with a reason in why for a malformed line. */
int measure_options_parse_args(const char *source, options_arg *args, size_t max, char *why, size_t len);

/* Runs measurement p->measure; fills obj and rec's detail; returns the verdict. */
clc_verdict measure_options_run(const clc_probe *p, const clc_clenv *env, cJSON *obj, clc_record *rec);

#endif
