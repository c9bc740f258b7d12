/* Running one device's probes in several supervisors at once ("fan-out"; not
 * the CI shards of --shard I/N, shard.h), so that no core sits idle while a
 * worker compiles: a driver's compiler runs on the host CPU, one program at
 * a time per worker.
 *
 * The probes are cut into chunks, a segment of the batch plan each, in the
 * order of chunk_order.h; supervisors (supervise.h) in child processes
 * claim them one after another, and the records come back and are merged. The device always runs
 * one supervisor; it runs more while the run's token pool (jobserver.h) lends
 * it cores, so a device that finishes early hands its core to the ones still
 * running. Measurement probes run last, alone on the device, once every
 * other chunk has ended: they measure an otherwise idle device. */
#ifndef CLC_FANOUT_H
#define CLC_FANOUT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "jobserver.h"
#include "supervise.h"

/* The most supervisors one device may run at once on this machine: its
 * CPUs, at most 16. */
size_t fanout_default(void);

/* Like supervise_device, with o->todo cut into chunks run by up to
 * `max_shards` supervisors at once. The first always runs; each further one
 * needs a token from `pool` (NULL: no pool, max_shards run as there is work
 * for them). max_shards <= 1 or no isolation: supervise_device itself. */
int fanout_device(const clc_supervise_opts *o, size_t max_shards, const clc_jobserver *pool,
                  clc_device_run *out);

#endif
