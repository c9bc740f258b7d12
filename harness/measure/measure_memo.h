/* Measurements remembered per device and driver version, in the cache
 * folder. What the inter-work-group family measures (how many groups are
 * resident, whether the spin-flag pattern deadlocks) cannot change while the
 * device and its driver stay the same, and measuring it costs 13-22 s a
 * device (four deliberate deadlocks waited out by the watchdog). An
 * advertised limit that held or a code shape the driver took (the limits
 * and shape families' passes, and their skips) is remembered too; a
 * failure never is. A warm run takes the remembered record, marked
 * "cached" with when it was measured; --no-cache (or a new driver version,
 * a new clconform, or a changed probe) measures again. */
#ifndef CLC_MEASURE_MEMO_H
#define CLC_MEASURE_MEMO_H

#include <cjson/cJSON.h>

#include "probe.h"
#include "record.h"

/* The remembered measurements of a file (an object by probe id), or an
 * empty object when there is none or it cannot be read. Caller deletes. */
cJSON *measure_memo_load(const char *path);

/* p's remembered record in memo (read from its JSON), marked as cached, with p's
 * file, line and clause (a remembered record may predate a move of the
 * probe), or NULL when there is none for this very probe (its id,
 * measurement and source). */
clc_record *measure_memo_take(const cJSON *memo, const clc_probe *p);

/* Remembers rec (a live measurement of p: verdict info, or pass or skip
 * for a limits_* or shape_* measurement; or a litmus probe's record, whose
 * "measure.all_runs" become its totals) in memo and in the file at path
 * (atomically, replacing only p's entry of what the file holds now). */
void measure_memo_store(cJSON *memo, const char *path, const clc_probe *p, const clc_record *rec);

/* A litmus probe's outcome counts summed over the earlier runs of this
 * clconform, driver version and probe (an object: runs, concurrent,
 * outcomes, other, launches, clconform_runs, since), or NULL when there are
 * none. Each run adds a short sample to them (measure_litmus.c): a rare
 * outcome's evidence grows night after night instead of costing every
 * night the whole budget. */
const cJSON *measure_memo_litmus_totals(const cJSON *memo, const clc_probe *p);

#endif
