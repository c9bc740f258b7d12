/* The random program generator of `clconform fuzz` (docs/fuzz.md): OpenCL C
 * kernel bodies over uint, int, uint4 and int4 (arithmetic, bitwise, shifts
 * with masked counts, division, ternaries, built-ins min/max/add_sat/
 * sub_sat/mul_hi/rotate/clz/abs, conversions with _sat or as_type, a bounded
 * loop), free of undefined behaviour by construction: every operand's value
 * is known while the program is written (its inputs are fixed by the seed),
 * and an operation that would be undefined for those values is replaced by
 * one that is not. The same evaluation gives the expected output, so no
 * second device is needed. No OpenCL here. */
#ifndef CLC_FUZZ_GEN_H
#define CLC_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FUZZ_INPUTS 8
#define FUZZ_MAX_OUT 256

typedef struct {
    char *prelude;              /* macros the body uses (vector literals) */
    char *body;                 /* the kernel's statements: reads in[], writes out[] */
    uint32_t inputs[FUZZ_INPUTS];
    uint32_t expect[FUZZ_MAX_OUT];
    size_t n_out;               /* uints written to out */
} fuzz_program;

/* Writes the program of this seed into *p (the same seed gives the same
 * program, on every host). Returns 0, or -1 when out of memory. The caller
 * frees with fuzz_program_free. */
int fuzz_generate(uint64_t seed, fuzz_program *p);

void fuzz_program_free(fuzz_program *p);

/* Writes p as one probe (docs/probe-format.md) with this id. Returns 0, or
 * -1 on a write error. */
int fuzz_write_probe(FILE *f, const char *id, uint64_t seed, const fuzz_program *p);

/* Writes a host C program that runs p's body and prints the out[] words, one
 * per line. It includes shim_path (harness/kernels/fuzz_host_shim.h: the
 * types and built-ins the body uses, in C11 with GCC vector extensions). */
int fuzz_write_host_c(FILE *f, const fuzz_program *p, const char *shim_path);

/* The seed of program i of a run started with seed s (splitmix64 of s + i). */
uint64_t fuzz_program_seed(uint64_t s, uint64_t i);

/* ---- the evaluator's operations, exposed for the unit tests ------------------ */

typedef enum { FZ_UINT, FZ_INT, FZ_UINT4, FZ_INT4 } fuzz_type;

typedef struct {
    fuzz_type t;
    uint32_t lane[4];           /* scalars use lane[0]; int lanes as two's complement */
} fuzz_val;

/* a OP b for op in "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>" (the
 * shift count masked to 5 bits, as the generator writes it). Returns 0 and
 * sets *r, or -1 when the operation is undefined for these values (signed
 * overflow, division by zero, INT_MIN / -1). a and b have the same type. */
int fuzz_eval_binary(const char *op, const fuzz_val *a, const fuzz_val *b, fuzz_val *r);

/* A built-in of two operands of one type ("min", "max", "add_sat", "sub_sat",
 * "mul_hi", "rotate"), or of one ("clz", "abs": abs of int gives uint). */
int fuzz_eval_builtin(const char *fn, const fuzz_val *a, const fuzz_val *b, fuzz_val *r);

#endif
