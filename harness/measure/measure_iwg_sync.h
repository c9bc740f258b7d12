/* The sync methods of the inter-work-group family (docs/measurements.md,
 * "The sync methods"): an atomic counter, a spin lock and a global barrier,
 * each launched with exactly the groups the device keeps resident, counting
 * the values one group wrote before its release that another did not see
 * after its acquire. measure_iwg.c builds the kernel and finds the groups. */
#ifndef CLC_MEASURE_IWG_SYNC_H
#define CLC_MEASURE_IWG_SYNC_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_plan.h"
#include "record.h"
#include "verdict.h"

typedef struct {
    const clc_clenv *env;
    clc_record *rec;          /* where OpenCL failures are recorded */
    cl_kernel kernel;    /* iwg_sync_METHOD_FLAVOUR */
    size_t wg;           /* work-group size of every launch */
    size_t groups;       /* the resident limit at wg */
    cl_int spin;         /* reads a wait may take before it gives up */
} iwg_sync_setup;

/* The kernel's name for plan, e.g. "iwg_sync_lock_acq_rel". */
void measure_iwg_sync_kernel_name(const measure_plan *plan, char *name, size_t len);

/* Launches the method until its short budget is spent, fills obj with the
 * counts and rec's detail. Returns the verdict (measure_sync_judge), or
 * "error" after record_set_cl_error. */
clc_verdict measure_iwg_sync_run(const measure_plan *plan, const iwg_sync_setup *s, cJSON *obj);

#endif
