/* The ulp judgement of math probes (`expect_ulp = N`): how far an actual
 * float/double result is from a reference taken (nearly) to infinite
 * precision, in units in the last place as OpenCL C defines them (1.2
 * section 7.4; OpenCL C 3.0 "Relative Error as ULPs"), with the special-value
 * rules of 7.5 (C99 Annex F) and the flush-to-zero allowances of 7.5.3
 * (3.0: "Edge Case Behavior in Flush To Zero Mode").
 *
 * An expected element of such a probe is a list of alternatives joined by
 * '|'; each alternative is
 *     [ftz:][=]HI[~LO][@TOL]  a reference HI + LO (LO a small correction,
 *                        for double outputs and at powers of two); '=' asks
 *                        for the value exactly, sign included (C99 F.9 or
 *                        the unified spec's "Additional Requirements Beyond
 *                        C99 TC2" prescribe it); a plain zero is judged in
 *                        ulp like any value (either sign passes);
 *                        'ftz:' marks a result that only a device without
 *                        denormals may give (an operand flushed to zero);
 *                        '@TOL' also accepts any result within the absolute
 *                        error TOL (dot and cross: 7.4 bounds them so)
 *     nan                any NaN
 *     *                  not judged
 * HI and LO are written as doubles (hex floats), whatever the output type:
 * a float result's reference keeps 29 bits beyond the float it is judged as.
 * No OpenCL here. */
#ifndef CLC_ULP_H
#define CLC_ULP_H

#include <stddef.h>
#include <stdint.h>

#include "value.h"

#define CLC_ULP_MAX_ALTS 4

typedef struct {
    uint8_t n_alts;           /* 0: '*', not judged */
    uint8_t is_nan;           /* bit i: alternative i is "any NaN" */
    uint8_t exact;            /* bit i: alternative i must match exactly */
    uint8_t ftz_only;         /* bit i: only on a device that flushes denormals */
    double hi[CLC_ULP_MAX_ALTS];
    double lo[CLC_ULP_MAX_ALTS];
    double tol[CLC_ULP_MAX_ALTS]; /* absolute tolerance; 0: none */
} clc_ulp_ref;

/* Parses one expected token of an ulp probe. Returns 0, or -1 with a reason
 * in err. */
int ulp_parse_ref(const char *tok, clc_ulp_ref *r, char *err, size_t errlen);

/* The reference as a token ulp_parse_ref reads back to the same reference
 * (alternatives, ftz:, =, ~ and @ included; hex floats, so exactly): for
 * reports, reproducers and probes written back. 512 bytes always suffice. */
void ulp_format_ref(const clc_ulp_ref *r, char *buf, size_t len);

/* The value of the first non-ftz alternative, rounded once to t (float or
 * double) and packed as raw bits; this is what reports show as "expected". */
clc_expect ulp_ref_display(clc_type t, const clc_ulp_ref *r);

/* ulp(x) of 7.4 for the real number hi + lo in format t (float or double):
 * the gap between the two floating-point numbers around x, or, when x is
 * one of them, the gap between x and its nearest neighbour (so at a power
 * of two, the smaller gap below it). Beyond the largest finite number, the
 * gap at the top of the range. */
long double ulp_of(clc_type t, double hi, double lo);

/* Error in ulp of actual (raw bits of type t) against the finite reference
 * hi + lo. An infinite actual counts as the next power of two past the
 * largest finite value (7.4: overflow within the tolerance is allowed). A
 * NaN actual gives +inf. */
double ulp_error(clc_type t, double hi, double lo, uint64_t actual);

/* Judges one element: passes when some alternative accepts actual within
 * bound ulp. ftz: the device flushes denormals (no CL_FP_DENORM), so a
 * reference below the smallest normal may come back as either zero, and
 * ftz: alternatives count. *err receives the smallest error over the finite
 * alternatives (0 for exact matches, +inf when none applies), for the
 * report's largest-error figure. */
int ulp_element_ok(clc_type t, const clc_ulp_ref *r, double bound, int ftz, uint64_t actual, double *err);

#endif
