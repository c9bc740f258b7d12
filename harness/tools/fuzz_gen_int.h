/* Inside the fuzz generator: its state and the helpers its three files
 * share (fuzz_gen.c: leaves and program kinds; fuzz_expr.c: expressions;
 * fuzz_write.c: the probe and host-C writers). Not for other modules. */
#ifndef CLC_FUZZ_GEN_INT_H
#define CLC_FUZZ_GEN_INT_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz_eval.h"
#include "fuzz_gen.h"

#define FZ_MAX_VARS 40

/* Macros a program's body uses (each defined in its prelude for the device
 * and in fuzz_host_shim.h for the host). */
#define MACRO_V 1u      /* V2(T, a, b) ... V16(T, ...): vector literals */
#define MACRO_SW 2u     /* SWn(v, i...): a swizzle of n components */
#define MACRO_HALF 4u   /* LOn, HIn, EVENn, ODDn of an n-component vector */

typedef struct {
    char *s;
    size_t len, cap;
    int oom;
} fz_buf;

void fz_add(fz_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef struct {
    char name[32];
    fuzz_val v;
} gvar;

typedef struct {
    uint64_t rng;
    uint32_t in[FUZZ_INPUTS];
    fuzz_real fin[FUZZ_INPUTS];
    gvar vars[FZ_MAX_VARS];
    size_t n_vars;
    size_t scope_first;         /* leaves read vars[scope_first..n_vars) */
    int helper;                 /* writing the helper function: no in[], fin[], lid, lm */
    int items;                  /* work-items of the work-group (1: plain and struct programs) */
    int fp64;
    int lm_ready;               /* lm[] written and a barrier passed since */
    uint64_t lm[16];            /* lm[] per slot then */
    unsigned macros;
} gen;

uint32_t fuzz_gen_below(gen *g, uint32_t n);

/* An expression of type s (w components) of at most depth levels, its text
 * appended to b and its value in *v. */
void gen_expr(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v);

/* A leaf of that type: a variable, a swizzle, an input, a literal. */
void gen_leaf(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v);

/* The real as an exact decimal literal with suffix ("f" or ""). */
void fuzz_real_text(fz_buf *b, fuzz_real r, const char *suffix);

#endif
