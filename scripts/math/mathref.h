/* The math reference: OpenCL C's built-in math functions (OpenCL C 1.2
 * section 6.12.2, special values per 7.5 and C99 Annex F) evaluated with
 * GNU MPFR, correctly rounded to float or double, or kept at high precision
 * for the ulp measure. Used by gen_math.c and tested by
 * tests/unit/test_mathref.c; the clconform binary never links it. */
#ifndef MATHREF_H
#define MATHREF_H

#include <stdint.h>

/* How a function's results are laid out. */
typedef enum {
    MR_ONE,      /* one float/double result */
    MR_TWO,      /* two float/double results (sincos, modf, fract) */
    MR_INT2,     /* a float/double result and an int (frexp, remquo, lgamma_r) */
    MR_INT       /* an int result only (ilogb) */
} mr_outs;

/* What a function takes. */
typedef enum {
    MR_X,        /* f(x) */
    MR_XY,       /* f(x, y) */
    MR_XYZ,      /* f(x, y, z) */
    MR_XN,       /* f(x, int n) (ldexp, pown, rootn) */
    MR_CODE      /* nan(uint code) */
} mr_args;

typedef enum { MR_FLOAT, MR_DOUBLE } mr_type;

/* remquo's quo keeps "the lower seven bits of the integral quotient" (the
 * unified spec's Math Functions table): its magnitude is |quotient| & this. */
#define MR_QUO_MASK 127

/* A reference result. For each float output: the correctly rounded value
 * (cr) and whether it is exact (the real result is that number); the
 * result to high precision as hi + lo (two doubles: hi the nearest double,
 * lo the rest, rounded). For the int output: ival, and ival_judged when the
 * spec fixes it. nan: the result is NaN. */
typedef struct {
    double cr[2];
    int exact[2];
    double hi[2], lo[2];
    long ival;
    int ival_judged;
} mr_result;

/* Evaluates the function named name (as OpenCL spells it, without half_
 * or native_) on x, y, z / n for type t. Returns 0, or -1 for an unknown
 * name. */
int mr_eval(const char *name, mr_type t, double x, double y, double z, long n, mr_result *r);

/* Its shape. Returns -1 for an unknown name. */
int mr_shape(const char *name, mr_args *args, mr_outs *outs);

/* A geometric function of 6.12.5 (dot, cross, length, distance, normalize;
 * fast_ variants use the same references) on vectors x, y of n components:
 * nout results (1, or n for normalize and cross) into r->cr/hi/lo/exact of
 * res[0..nout-1]. Returns nout, or -1 for an unknown name. */
int mr_geometric(const char *name, mr_type t, const double *x, const double *y, int n, mr_result *res);

#endif
