/* Element types and values: parsing, formatting and comparing the numbers
 * that travel through probe buffers. No OpenCL here, so it is unit-tested
 * without a driver. */
#ifndef CLC_VALUE_H
#define CLC_VALUE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    CLC_T_CHAR, CLC_T_UCHAR, CLC_T_SHORT, CLC_T_USHORT, CLC_T_INT, CLC_T_UINT,
    CLC_T_LONG, CLC_T_ULONG, CLC_T_FLOAT, CLC_T_DOUBLE, CLC_T_COUNT
} clc_type;

/* Up to this many alternatives in one expected element (`a|b|c`). */
#define CLC_MAX_ALTS 4

/* One expected element. n_alts == 0 means '*': not judged. */
typedef struct {
    uint8_t n_alts;
    uint8_t any_nan;              /* bit i set: alternative i matches any NaN */
    uint64_t alts[CLC_MAX_ALTS];  /* raw bits, zero-extended */
} clc_expect;

/* Name of a type as OpenCL C spells it ("uint"); NULL for an invalid type. */
const char *value_type_name(clc_type t);
/* Type from its OpenCL C name; returns -1 when unknown. */
int value_type_parse(const char *name, clc_type *out);
/* Size in bytes of one element of the type. */
size_t value_type_size(clc_type t);
int value_type_is_float(clc_type t);

/* Parses one value token into raw bits. Returns 0 on success, else writes a
 * one-line reason into err (errlen bytes) and returns -1. */
int value_parse(clc_type t, const char *tok, uint64_t *bits, char *err, size_t errlen);
/* Parses an expected-value token: '*', alternatives with '|', 'nan'. */
int value_parse_expect(clc_type t, const char *tok, clc_expect *e, char *err, size_t errlen);

/* Formats raw bits as a token that value_parse reads back to the same bits.
 * Writes at most len bytes into buf; returns buf. */
char *value_format(clc_type t, uint64_t bits, char *buf, size_t len);
/* Formats an expected element the way it was written ("*", "0|-0", "nan"). */
char *value_format_expect(clc_type t, const clc_expect *e, char *buf, size_t len);

/* Does the actual element satisfy the expected one? */
int value_matches(clc_type t, const clc_expect *e, uint64_t actual);

/* Reads element i of a packed buffer of type t into raw bits (zero-extended). */
uint64_t value_load(clc_type t, const void *buf, size_t i);
/* Stores raw bits as element i of a packed buffer of type t. */
void value_store(clc_type t, void *buf, size_t i, uint64_t bits);

/* A float or double element's raw bits (zero-extended, as value_load gives
 * them) as a host double, and back (a float is rounded once from v). */
double value_fp_from_bits(clc_type t, uint64_t bits);
uint64_t value_fp_to_bits(clc_type t, double v);

#endif
