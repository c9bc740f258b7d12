/* Measurements remembered per device and driver version, in the cache
 * folder. What the inter-work-group family measures (how many groups are
 * resident, whether the spin-flag pattern deadlocks) cannot change while the
 * device and its driver stay the same, and measuring it costs 13-22 s a
 * device (four deliberate deadlocks waited out by the watchdog). A warm run
 * takes the remembered record, marked "cached" with when it was measured;
 * --no-cache (or a new driver version, or a changed probe) measures again. */
#ifndef CLC_MEASURE_MEMO_H
#define CLC_MEASURE_MEMO_H

#include <cjson/cJSON.h>

#include "probe.h"

/* The remembered measurements of a file (an object by probe id), or an
 * empty object when there is none or it cannot be read. Caller deletes. */
cJSON *measure_memo_load(const char *path);

/* A copy of p's remembered record in memo, marked as cached, or NULL when
 * there is none for this very probe (its id, measurement and source). */
cJSON *measure_memo_take(const cJSON *memo, const clc_probe *p);

/* Remembers rec (a live measurement of p, verdict info) in memo and writes
 * memo to path (atomically). */
void measure_memo_store(cJSON *memo, const char *path, const clc_probe *p, const cJSON *rec);

#endif
