/* Probes that a driver version lost a worker to while running them, and
 * the verdicts a later run of that version records without running them.
 *
 * The memo file is crash_memo_lost_path's ("lost/" in the cache folder, one
 * per device key and driver identity). Two kinds of line:
 *   "id"                    the run hung, twice, the second time alone
 *                           (supervise.c): its verdict is `timeout`;
 *   "id<TAB>crash<TAB>SIG"  a probe built alone by its nature (a whole
 *                           `source` program, or an `undefined` one) or a
 *                           copy run alone in a kernel of its own
 *                           (alone_plan.h) killed its worker with fault
 *                           signal SIG while running: its verdict is `crash`
 *                           (an `undefined` probe's `info`,
 *                           record_settle_undefined).
 * A crash of a probe that shares a dispatch kernel is not remembered:
 * leaving it out next time would make that program new to both caches. A
 * copy alone shares its program with other copies only, and its crash is
 * its own kernel's: leaving it out changes that program once, after which
 * the memo keeps it out (PoCL 3.1 crashes at the first launch of 29 folded
 * conversion kernels alone).
 *
 * Why: a worker lost costs a watchdog or a death and a new worker's start.
 * PoCL 5 crashes on every async-copy kernel at its first launch (32
 * probes, each a program of its own) and hangs on 12 float-atomic min/max
 * kernels; each run paid a worker for each crash again.
 *
 * A remembered verdict applies only where the probe's requirements are met
 * now (lost_memo_load): a probe the device would skip is skipped, whatever
 * the memo says. The file is per driver version, so another version runs
 * every probe again; --no-cache (no cache folder) does too. */
#ifndef CLC_LOST_MEMO_H
#define CLC_LOST_MEMO_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "probe.h"
#include "record.h"

/* What the memo says of a probe: LOST_NONE, LOST_HANG, or a crash's fault
 * signal number (> 0). */
enum { LOST_NONE = 0, LOST_HANG = -1 };

/* Whether a crash of p while running is remembered: p is built alone by its
 * nature, whatever the run's batches (a whole `source` program, or a probe
 * of undefined behaviour), or is a copy in a kernel of its own, and is not a
 * measurement. */
int lost_memo_remembers_crash(const clc_probe *p);

/* Reads the memo at path for the probes todo[0..n) of set: lost[i] (indexed
 * like set->items, which the caller zeroed) becomes what the memo says of
 * probe i, for those that device (a devinfo_device object; NULL: none
 * checked) meets every requirement of, and that are not measurements.
 * Returns how many it set; a missing file sets none. */
size_t lost_memo_load(const char *path, const clc_probe_set *set, const size_t *todo, size_t n, const cJSON *device,
                      int *lost);

/* Appends a run crash of probe_id with fault signal sig (a repeated id is
 * harmless: the last line wins). */
void lost_memo_add_crash(const char *path, const char *probe_id, int sig);

/* The record of probe p that the memo says lost (LOST_HANG or a signal):
 * `timeout` or `crash`, with a detail saying it is remembered and how to
 * run it again, and `"remembered": true`, started in rec (record_start). */
void lost_memo_record(const clc_probe *p, int lost, clc_record *rec);

#endif
