/* The exact evaluator of `clconform fuzz`'s programs (fuzz_gen.c): OpenCL C
 * operators, conversions and built-ins on values of the integer types of
 * every width and of float and double, component by component, refusing
 * (returning -1) each operation that is undefined, implementation-defined or,
 * for floats, not exact. Floats are held as dyadic rationals m * 2^e, so no
 * host floating-point arithmetic decides a result. No OpenCL here. */
#ifndef CLC_FUZZ_EVAL_H
#define CLC_FUZZ_EVAL_H

#include <stdint.h>

#define FUZZ_MAX_LANES 16

typedef enum {
    FZ_CHAR, FZ_UCHAR, FZ_SHORT, FZ_USHORT, FZ_INT, FZ_UINT, FZ_LONG, FZ_ULONG, FZ_FLOAT, FZ_DOUBLE
} fuzz_scalar;

/* A floating-point value, exactly: m * 2^e (m odd, or 0 with neg the sign of
 * the zero). */
typedef struct {
    int64_t m;
    int e;
    int neg;
} fuzz_real;

typedef struct {
    fuzz_scalar s;
    int w;                      /* components of the type: 1 (a scalar), 2, 3, 4, 8, 16 */
    int n;                      /* lanes held: w, or for a scalar in a work-group program one per work-item */
    uint64_t i[FUZZ_MAX_LANES]; /* integer lanes: the value, sign-extended (signed) or zero-extended */
    fuzz_real f[FUZZ_MAX_LANES];/* float and double lanes */
} fuzz_val;

/* A scalar (w = n = 1) of an integer type holding v (converted to the type). */
fuzz_val fuzz_int(fuzz_scalar s, int64_t v);

/* a OP b for op in "+", "-", "*", "/", "%", "&", "|", "^" with C's rules:
 * scalars of types narrower than int are promoted to int, then both converted
 * to their common type (the usual arithmetic conversions); vectors (both of
 * one type) work component-wise in their own type. "<<" and ">>" shift an
 * unsigned left operand by the count masked to its width less one, as the
 * generator writes it. Floats: "+", "-", "*" when the result is exactly
 * representable (normal or zero). Returns 0 and sets *r (in the result's
 * type), or -1 when the operation is undefined, implementation-defined or
 * inexact for these values (signed overflow, division by zero,
 * INT_MIN / -1). */
int fuzz_eval_binary(const char *op, const fuzz_val *a, const fuzz_val *b, fuzz_val *r);

/* A built-in of OpenCL C on operands of one type: "min", "max", "add_sat",
 * "sub_sat", "mul_hi", "rotate", "hadd", "rhadd", "abs_diff" (two),
 * "clamp" (three; -1 where min > max), "clz", "popcount", "abs" (one; abs
 * and abs_diff give the unsigned type); on floats "fmin", "fmax", "fma"
 * (three), "fabs", "floor", "ceil", "trunc" (one), "copysign" (two). c may be
 * NULL for one or two operands. */
int fuzz_eval_builtin(const char *fn, const fuzz_val *a, const fuzz_val *b, const fuzz_val *c, fuzz_val *r);

/* Converts a to scalar type s (components kept): sat saturates integers
 * (convert_T_sat); mode is the rounding of a float to an integer: 'z' (the
 * default of convert_T and of casts), 'e', 'p', 'n' (_rte, _rtp, _rtn). -1
 * when the conversion is undefined, implementation-defined or inexact: an
 * out-of-range integer to a signed type without sat, a float out of an
 * integer type's range without sat, an integer or double that float cannot
 * hold exactly. */
int fuzz_eval_convert(fuzz_scalar s, int sat, char mode, const fuzz_val *a, fuzz_val *r);

/* The type's name in OpenCL C ("uchar"), its width in bits, signedness. */
const char *fuzz_scalar_name(fuzz_scalar s);
int fuzz_scalar_bits(fuzz_scalar s);
int fuzz_scalar_signed(fuzz_scalar s);
int fuzz_scalar_is_float(fuzz_scalar s);

/* The unsigned integer type of the same width (abs, abs_diff, as_type). */
fuzz_scalar fuzz_scalar_unsigned(fuzz_scalar s);

/* The lane's bits as the type stores them (float: IEEE binary32 in the low
 * 32 bits; double: binary64). */
uint64_t fuzz_lane_bits(const fuzz_val *v, int lane);

/* A real from float or double bits: 0 and sets *r when the value is zero or
 * normal within the generator's range (|x| in [2^-60, 2^61)), else -1. */
int fuzz_real_from_bits(fuzz_scalar s, uint64_t bits, fuzz_real *r);

/* 1 when the real is held exactly by type s within that range. */
int fuzz_real_fits(fuzz_scalar s, fuzz_real r);

/* Compares a and b (-1, 0, 1; the two zeros compare equal). */
int fuzz_real_cmp(fuzz_real a, fuzz_real b);

/* x < y with C's rules for scalars (promotions and the usual arithmetic
 * conversions; floats of one type), lane by lane into lt[]. -1 when the
 * comparison is not one the generator writes (mixed float and integer). */
int fuzz_eval_less(const fuzz_val *x, const fuzz_val *y, int *lt);

/* -a ("-") or ~a ("~") with C's rules (a scalar narrower than int is
 * promoted); -1 when undefined (the negation of the type's minimum). */
int fuzz_eval_unary(const char *op, const fuzz_val *a, fuzz_val *r);

/* The real as a double (exact: every value the evaluator keeps fits). */
double fuzz_real_to_double(fuzz_real r);

#endif
