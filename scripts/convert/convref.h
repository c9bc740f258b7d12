/* convref: an independent host reference for OpenCL C explicit conversions
 * (OpenCL C 1.2, 6.2.3) computed from the spec's rules, not from the host's
 * own conversions. Every value is taken apart into sign, integer significand
 * and binary exponent, rounded with integer arithmetic under the requested
 * mode, then saturated, wrapped or left unjudged as 6.2.3.3 says.
 *
 * Values travel as raw bits, zero-extended to 64 bits (the convention of
 * harness/probe/value.h), so the generator and the harness agree on them. */
#ifndef CONVREF_H
#define CONVREF_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    CR_CHAR, CR_UCHAR, CR_SHORT, CR_USHORT, CR_INT, CR_UINT, CR_LONG, CR_ULONG,
    CR_FLOAT, CR_DOUBLE, CR_NTYPES
} cr_type;

typedef enum { CR_RND_DEFAULT, CR_RTE, CR_RTZ, CR_RTP, CR_RTN, CR_NROUND } cr_round;

/* Most alternatives one element can have: the value, +0 and -0 where a
 * flush-to-zero device may flush (OpenCL C 1.2, 7.5.3). */
#define CR_MAX_ALTS 4

/* The expected value of one element. */
typedef struct {
    int judged;                 /* 0: the spec leaves it undefined ('*') */
    int is_nan;                 /* the result is a NaN: any NaN matches */
    int n;                      /* number of alternatives in bits[] */
    uint64_t bits[CR_MAX_ALTS]; /* raw bits, zero-extended */
} cr_result;

const char *cr_type_name(cr_type t);
/* Bytes of one scalar of the type. */
int cr_type_size(cr_type t);
int cr_type_is_float(cr_type t);
int cr_type_is_signed(cr_type t);
/* Least and greatest value of an integer type (lo as signed, hi as unsigned). */
int64_t cr_int_min(cr_type t);
uint64_t cr_int_max(cr_type t);
/* Suffix of a rounding mode in a function name: "", "_rte", ... */
const char *cr_round_suffix(cr_round r);

/* Raw bits of the integer v in type t (two's complement, truncated). */
uint64_t cr_bits_of_int(cr_type t, int64_t v);
/* Signed value of the raw bits of an integer type. */
int64_t cr_int_value(cr_type t, uint64_t bits);

/* The result of convert_<dst><_sat><rnd>(src value with these bits).
 * ftz: the device does not support single-precision denormals, so it may
 * flush float denormal operands and results to zero of either sign.
 * Returns -1 for a conversion the spec does not have (_sat into a
 * floating-point type), else 0. */
int cr_convert(cr_type dst, cr_type src, uint64_t src_bits, int sat, cr_round rnd,
               int ftz, cr_result *out);

/* Is the value with these bits a denormal of a floating-point type? */
int cr_is_denormal(cr_type t, uint64_t bits);
/* Is it a NaN? */
int cr_is_nan(cr_type t, uint64_t bits);

/* Formats one value as a probe-file token that names exactly these bits:
 * decimal integers, hex floats ("0x1.8p+1", "-0x0.000002p-126"), "inf",
 * "-inf", "bits(0x7fc00000)" for NaNs. Never uses the host's floating point. */
char *cr_format_value(cr_type t, uint64_t bits, char *buf, size_t len);
/* Formats a result as an expect token: "*", "nan" or "a|b|c". */
char *cr_format_result(cr_type t, const cr_result *r, char *buf, size_t len);
/* Formats a value as an OpenCL C constant expression of type t (hex float
 * literals with an f suffix for float, as_float(0x...u) for NaN and inf). */
char *cr_format_literal(cr_type t, uint64_t bits, char *buf, size_t len);

#endif
