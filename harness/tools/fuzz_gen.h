/* The random program generator of `clconform fuzz` (docs/fuzz.md): OpenCL C
 * kernels over the integer types of every width (char to ulong, with C's
 * integer promotions and usual arithmetic conversions), vectors of 2, 3, 4,
 * 8 and 16 components (swizzles, vloadN/vstoreN), float and double
 * expressions whose every result is exactly representable, structs passed
 * to a helper function by value, and work-groups that exchange values
 * through __local memory across barriers. Free of undefined and
 * implementation-defined behaviour by construction: every operand's value is
 * known while the program is written (its inputs are fixed by the seed), and
 * an operation that would be undefined, implementation-defined or inexact for
 * those values is replaced by one that is not. The same evaluation gives the
 * expected output, so no second device is needed. No OpenCL here. */
#ifndef CLC_FUZZ_GEN_H
#define CLC_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fuzz_eval.h"

#define FUZZ_INPUTS 8
#define FUZZ_MAX_OUT 1024

typedef struct {
    char *prelude;              /* macros, struct and helper function the body uses */
    char *body;                 /* the kernel's statements: reads in[] and fin[], writes out[] */
    uint32_t inputs[FUZZ_INPUTS];
    uint32_t finputs[FUZZ_INPUTS];  /* fin[]: the bits of floats, each a small dyadic rational */
    uint32_t expect[FUZZ_MAX_OUT];
    size_t n_out;               /* uints written to out */
    unsigned items;             /* work-items, all in one work-group (1: a single work-item) */
    int fp64;                   /* uses double: the probe requires fp64 */
    unsigned macros;            /* the prelude macros the body uses (fuzz_write.c) */
} fuzz_program;

/* Writes the program of this seed into *p (the same seed gives the same
 * program, on every host). Returns 0, or -1 when out of memory. The caller
 * frees with fuzz_program_free. */
int fuzz_generate(uint64_t seed, fuzz_program *p);

void fuzz_program_free(fuzz_program *p);

/* Writes p as one probe (docs/probe-format.md) with this id. Returns 0, or
 * -1 on a write error. */
int fuzz_write_probe(FILE *f, const char *id, uint64_t seed, const fuzz_program *p);

/* Writes a host C program that runs p's body (once per work-item, the
 * barriers as points where every work-item has reached the same statement)
 * and prints the out[] words, one per line. It includes shim_path
 * (harness/kernels/fuzz_host_shim.h: the types and built-ins the body uses,
 * in C11 with GCC vector extensions). */
int fuzz_write_host_c(FILE *f, const fuzz_program *p, const char *shim_path);

/* The seed of program i of a run started with seed s (splitmix64 of s + i). */
uint64_t fuzz_program_seed(uint64_t s, uint64_t i);

#endif
