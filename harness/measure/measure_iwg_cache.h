/* The inter-work-group family's programs, kept for the worker's life.
 *
 * Built per probe (its program, its kernels, and a launch of each to make
 * the driver generate code), the family costs 27 builds and as many first
 * launches a device: 1.6 s of builds and 1.4 s of first launches of
 * PoCL 3.1's 5.9 s of cold measurements. Probes of one
 * work-group size build the same source with the same options, so the
 * built program and its kernels are kept here, keyed by context, source
 * and options, and handed to every later probe of the same worker. A probe
 * stays self-contained: a fresh worker (after a hang) finds this empty and
 * builds again. Nothing here depends on what a kernel computed. */
#ifndef CLC_MEASURE_IWG_CACHE_H
#define CLC_MEASURE_IWG_CACHE_H

#include <stddef.h>

#include "clenv.h"

/* A built program of the family (opaque). */
typedef struct iwg_cached iwg_cached;

/* The program built from src with opts in ctx, or NULL when none is kept. */
iwg_cached *iwg_cache_find(cl_context ctx, const char *src, const char *opts);

/* Keeps prog (built from src with opts in ctx; the cache takes the
 * caller's reference). Returns the entry, or NULL when the cache is full
 * or out of memory: the caller then still owns prog. */
iwg_cached *iwg_cache_keep(cl_context ctx, const char *src, const char *opts, cl_program prog);

/* The entry's program (the cache's reference: do not release it). */
cl_program iwg_cache_program(const iwg_cached *e);

/* The kernel `name` of the entry's program, created at the first call and
 * kept (the cache's reference: do not release it). NULL with *err set when
 * clCreateKernel failed; that is not kept. */
cl_kernel iwg_cache_kernel(iwg_cached *e, const char *name, cl_int *err);

/* 1 the first time kernel k is asked about at work-group size wg with
 * `groups` groups, else 0: some drivers generate a kernel's code per local
 * size at its first launch, or set up each thread's part at the first
 * launch that reaches it, which only that first launch needs to absorb. */
int iwg_cache_first_use(iwg_cached *e, cl_kernel k, size_t wg, size_t groups);

/* Releases everything kept (before the worker releases its context). */
void iwg_cache_clear(void);

#endif
