/* What the math family's generator (gen_math.c) shares with the writer of
 * the overloads beyond one width of one type (gen_math_overloads.c): the
 * inputs of a function, its references, and the probe-file pieces. */
#ifndef GEN_MATH_H
#define GEN_MATH_H

#include <stdio.h>

#include "mathref.h"

/* Inputs per function and type: a multiple of 3, 4 and 16, so each width
 * covers all of them, and at least the 1,000 the issue asks for. */
#define N_IN 1008

/* One function as the family tests it. Bounds in ulp from OpenCL C 1.2
 * section 7.4 (single precision full profile, embedded profile, double);
 * 0 means correctly rounded or "0 ulp": the value exactly. */
typedef struct {
    const char *name;  /* the built-in as called; "divide" and "recip" are x / y and 1 / x */
    const char *ref;   /* the reference function in mathref.c */
    double f, emb, d;  /* bounds; d < 0: no double variant */
    int impl;          /* 7.4 gives no bound: impl-defined, the error recorded */
    const char *note;  /* for `why` */
} fn_spec;

typedef struct {
    mr_type t;
    const char *tn;   /* "float" */
    const char *sfx;  /* literal suffix: "f" or "" */
    int p, emin, emax;
} tinfo;

typedef struct {
    double x[N_IN], y[N_IN], z[N_IN];
    long n[N_IN];
    size_t count;
} inputs;

/* The N_IN inputs of function s for type t (deterministic: seeded by name). */
void gm_make_inputs(const fn_spec *s, const tinfo *t, mr_args args, inputs *in);

/* Writes to f the reference of every output element of name (s, or its
 * half_ variant) on in, judged within bound ulp; first_unjudged: every
 * token of the first output is `*` (only the pointer output is judged). */
void gm_write_refs(FILE *f, const fn_spec *s, const char *name, const tinfo *t, mr_args args, mr_outs outs,
                   const inputs *in, double bound, int first_unjudged);

/* An `input` line: the doubles v rounded to t, or the integers nv. */
void gm_write_input_line(FILE *f, const char *pname, const char *type, const double *v, const long *nv,
                         const tinfo *t);

/* Opens path for writing, or exits naming it. */
FILE *gm_open_out(const char *path);

/* Kernel lines turning remquo's quo in var (int or intw) into q: its sign
 * and the low bits MR_QUO_MASK keeps. */
void gm_write_quo_bits(FILE *f, int w, const char *var);

/* Whether name's float8 forms are probed (those cheap to compile). */
int gm_probes_width8(const char *name);

/* gen_math_overloads.c. Whether name has pointer-output forms (fract, modf,
 * frexp, remquo, sincos, lgamma_r), and appends to f, the function's probe
 * file, their probes for the __global, __local and generic address spaces
 * (and lgamma_r's __private one judging its sign); lgamma_r's also writes
 * dir/lgamma_r-signp.ref. */
int gm_has_pointer_forms(const char *name);
/* Whether name's pointer forms are probed at width w (w > 4: where cheap). */
int gm_pointer_width_ok(const char *name, int w);
void gm_write_pointer_probes(FILE *f, const char *dir, const fn_spec *s, const tinfo *t, const inputs *in);

/* Whether name has a form with a scalar second operand (fmax, fmin: gentype
 * and float/double; ldexp: gentype and int), and writes dir/NAME-scalar.probe
 * and its .ref for it. */
int gm_has_scalar_form(const char *name);
void gm_write_scalar_form(const char *dir, const fn_spec *s, const tinfo *t, int full_widths);

#endif
