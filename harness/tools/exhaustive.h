/* clconform --exhaustive conversions: every float -> integer conversion
 * function (8 integer types, with and without _sat, 5 roundings) over all
 * 2^32 float bit patterns, and every 32-bit integer -> float function
 * (int, uint; 5 roundings) over all 2^32 inputs, checked on the device
 * against a reference that works on the input's bits with integer
 * arithmetic only (harness/kernels/exhaustive_conversions.cl). Only
 * mismatches travel back. With a stride, every stride-th input. */
#ifndef CLC_EXHAUSTIVE_H
#define CLC_EXHAUSTIVE_H

#include <stddef.h>
#include <stdint.h>

#include "enumerate.h"

/* One function of the sweep. */
typedef struct {
    char name[48];      /* "convert_char_sat_rte(float)": what --filter matches */
    char kernel[32];    /* kernel in the .cl file, "f2i_char_sat_rte" */
    int to_float;       /* integer -> float */
    int width, sgn;     /* the integer type */
} exhaustive_fn;

/* The functions of the conversion sweep, in report order. Returns the count
 * (at most max) written to out. */
size_t exhaustive_functions(exhaustive_fn *out, size_t max);

/* How many inputs stride visits in 2^32: ceil(2^32 / stride). */
uint64_t exhaustive_inputs(uint32_t stride);

/* The kernel file: harness/kernels/exhaustive_conversions.cl here, beside
 * the executable, or in the installed share folder. Returns 0 with buf
 * filled, or -1. */
int exhaustive_kernel_path(char *buf, size_t len);

/* What the sweep takes from the command line (main.c fills it from cli.h's
 * struct). */
typedef struct {
    size_t stride;              /* --exhaustive-stride: every stride-th input (0: chosen per device) */
    const char *const *filters; /* --filter patterns (fnmatch) on the function names; none: all */
    size_t n_filters;
    const char *out_dir;        /* --out: where <key>.exhaustive.json goes */
    double build_timeout_s;     /* how long the child may take to build the kernels */
    int quiet;                  /* --quiet: no line per device on stderr */
} exhaustive_opts;

/* How a sweep ended (main.c turns it into the exit code). */
typedef enum {
    EXHAUSTIVE_MATCHED,     /* every function ran and matched on every device */
    EXHAUSTIVE_MISMATCHED,  /* a function mismatched, or a device failed */
    EXHAUSTIVE_NO_FUNCTION, /* no function matches the filters */
    EXHAUSTIVE_NO_KERNEL    /* the kernel file was not found */
} exhaustive_result;

/* Runs the sweep on each device (one child process each, in turn), prints
 * a table per device and writes <out>/<key>.exhaustive.json. */
exhaustive_result exhaustive_run(const exhaustive_opts *opts, const clc_devref *const *devs, size_t n);

#endif
