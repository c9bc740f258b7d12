/* The family's programs, kept for the worker's life (measure_iwg_cache.h). */
#include "measure_iwg_cache.h"

#include <stdlib.h>
#include <string.h>

/* A device's family needs at most: four work-group sizes, each perhaps
 * built twice (with reqd_work_group_size, then without) or with a register
 * cap, and the two sync flavours. */
#define IWG_CACHE_ENTRIES 16
#define IWG_CACHE_KERNELS 8
/* (kernel, work-group size, groups) launched at least once, per entry. */
#define IWG_CACHE_USES 32

struct iwg_cached {
    cl_context ctx;
    char *src, *opts;
    cl_program prog;
    struct {
        char *name;
        cl_kernel k;
    } kernels[IWG_CACHE_KERNELS];
    size_t n_kernels;
    struct {
        cl_kernel k;
        size_t wg, groups;
    } uses[IWG_CACHE_USES];
    size_t n_uses;
};

static iwg_cached cache[IWG_CACHE_ENTRIES];
static size_t n_cache;

iwg_cached *iwg_cache_find(cl_context ctx, const char *src, const char *opts)
{
    for (size_t i = 0; i < n_cache; i++)
        if (cache[i].ctx == ctx && strcmp(cache[i].src, src) == 0 && strcmp(cache[i].opts, opts) == 0)
            return &cache[i];
    return NULL;
}

iwg_cached *iwg_cache_keep(cl_context ctx, const char *src, const char *opts, cl_program prog)
{
    if (n_cache == IWG_CACHE_ENTRIES)
        return NULL;
    iwg_cached *e = &cache[n_cache];
    memset(e, 0, sizeof *e);
    e->src = strdup(src);
    e->opts = strdup(opts);
    if (!e->src || !e->opts) {
        free(e->src);
        free(e->opts);
        return NULL;
    }
    e->ctx = ctx;
    e->prog = prog;
    n_cache++;
    return e;
}

cl_program iwg_cache_program(const iwg_cached *e)
{
    return e->prog;
}

cl_kernel iwg_cache_kernel(iwg_cached *e, const char *name, cl_int *err)
{
    for (size_t i = 0; i < e->n_kernels; i++)
        if (strcmp(e->kernels[i].name, name) == 0) {
            *err = CL_SUCCESS;
            return e->kernels[i].k;
        }
    cl_kernel k = clCreateKernel(e->prog, name, err);
    if (*err != CL_SUCCESS)
        return NULL;
    char *copy = e->n_kernels < IWG_CACHE_KERNELS ? strdup(name) : NULL;
    if (!copy) {
        /* Nowhere to keep it: one kernel too many is a programming error
         * (the family has at most five), not the driver's. */
        clReleaseKernel(k);
        *err = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    e->kernels[e->n_kernels].name = copy;
    e->kernels[e->n_kernels].k = k;
    e->n_kernels++;
    return k;
}

int iwg_cache_first_use(iwg_cached *e, cl_kernel k, size_t wg, size_t groups)
{
    for (size_t i = 0; i < e->n_uses; i++)
        if (e->uses[i].k == k && e->uses[i].wg == wg && e->uses[i].groups == groups)
            return 0;
    if (e->n_uses < IWG_CACHE_USES) {
        e->uses[e->n_uses].k = k;
        e->uses[e->n_uses].wg = wg;
        e->uses[e->n_uses].groups = groups;
        e->n_uses++;
    }
    return 1;
}

void iwg_cache_clear(void)
{
    for (size_t i = 0; i < n_cache; i++) {
        iwg_cached *e = &cache[i];
        for (size_t j = 0; j < e->n_kernels; j++) {
            clReleaseKernel(e->kernels[j].k);
            free(e->kernels[j].name);
        }
        clReleaseProgram(e->prog);
        free(e->src);
        free(e->opts);
    }
    n_cache = 0;
}
