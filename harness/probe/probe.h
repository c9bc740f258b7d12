/* The probe model: what a probe file describes, once loaded. No OpenCL here. */
#ifndef CLC_PROBE_H
#define CLC_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "image_arg.h"
#include "ulp.h"
#include "value.h"

typedef enum {
    CLC_KIND_RUN, CLC_KIND_BUILD_FAIL, CLC_KIND_BUILD_OK, CLC_KIND_IMPL_DEFINED,
    CLC_KIND_MEASURE
} clc_kind;

#define CLC_MAX_INPUTS 8

typedef struct {
    char *name;          /* parameter name in the kernel */
    clc_type type;
    size_t count;
    unsigned char *data; /* count packed elements, host (= device) byte order */
    char *by_value;      /* `arg`: the C type of a by-value parameter, whose bytes (type uchar,
                          * count of them) go to clSetKernelArg as they are; NULL for a buffer */
    clc_image *image;    /* `image`: the image made from data (count channel values of type); NULL
                          * for a buffer or an `arg` */
} clc_input;

/* A new owning field must also be copied by probe_clone and written by
 * probe_write (probe_write.c). */
typedef struct {
    char *id;            /* stable id, unique in the suite */
    char *file;          /* where it was defined: path and line of its header */
    int line;
    char *clause;        /* the heading `spec` names, as registers cite it: "OpenCL C: Math Functions"
                          * (derived by the loader, never written) */
    char *spec;          /* the section checked: "OpenCL C (unified): Math Functions" */
    char *why;           /* the rule, in our words; may be NULL */
    clc_kind kind;
    char **requires;     /* capability tokens; "!x" means must lack x */
    size_t n_requires;
    char *options;       /* extra build options; may be NULL */
    char *prelude;       /* may be NULL */
    char *body;          /* kernel statements, or NULL when source is set */
    char *source;        /* whole program with kernel "probe", or NULL */
    char *measure;       /* name of the measurement, kind measure only */
    char *undefined;     /* impl-defined only: why the probe executes an operation whose behaviour
                          * the spec leaves undefined; it is built and run alone, and whatever
                          * happens (a crash included) is recorded as info. NULL otherwise */
    clc_input inputs[CLC_MAX_INPUTS];
    size_t n_inputs;
    clc_type out_type;
    size_t out_count;
    clc_expect *expect;  /* out_count elements for run probes, else NULL */
    /* `expect_ulp = N`: out is judged within N ulp of ulp_ref (out_count
     * references; expect then holds them rounded, for reports). */
    int has_ulp;
    double ulp_bound;
    clc_ulp_ref *ulp_ref;
    /* `flush_to_zero = allowed`: judged by 7.5.3's flush-to-zero edge cases
     * whatever the device reports (the half_ functions: "Math Functions"
     * of the unified spec lets them flush even without -cl-denorms-are-zero). */
    int flush_allowed;
    size_t global_size;  /* default 1; dimension 0 of global_dims */
    size_t local_size;   /* 0: left to the driver; dimension 0 of local_dims */
    unsigned work_dim;   /* 1 to 3: how many numbers `global` gave */
    size_t global_dims[3], local_dims[3], offset_dims[3]; /* unused dimensions: 1, 1 (0 if local unset), 0 */
    int has_offset;      /* `offset` was given */
    double timeout_s;    /* 0: the run's --timeout */
    /* A copy of probe alone_of of the set, run in a kernel of its own to
     * see whether the code around a call changes its result (alone_plan.h);
     * 0 for every probe loaded from a file. */
    int alone;
    size_t alone_of;
} clc_probe;

typedef struct {
    clc_probe *items;
    size_t count;
    size_t cap;
} clc_probe_set;

const char *probe_kind_name(clc_kind k);

/* Writes into buf the kernel parameter declaring in: `__global const T *name`
 * for a buffer, `TYPE name` for a by-value `arg`, `__read_only image2d_t name`
 * for an image. Returns buf. */
char *probe_param_decl(const clc_input *in, char *buf, size_t len);

/* Does the probe take an image parameter? */
int probe_takes_image(const clc_probe *p);

/* The probe's write_only image, whose contents are judged in place of out
 * (at most one; the loader checks); NULL when it has none. */
const clc_input *probe_readback_image(const clc_probe *p);

/* Writes into buf the whole program that builds this probe alone, with its
 * kernel named kernel_name. Returns a malloc'd string the caller frees. */
char *probe_program_source(const clc_probe *p, const char *kernel_name);
/* Appends the probe's kernel (prelude, signature, body) named kernel_name to
 * a growing program text. Returns 0, or -1 when out of memory. */
int probe_append_kernel(const clc_probe *p, const char *kernel_name, char **text, size_t *len, size_t *cap);

/* Frees what one probe owns (not the struct itself). */
void probe_free(clc_probe *p);

/* Frees everything a probe set owns; leaves it empty. */
void probe_set_free(clc_probe_set *set);

#endif
