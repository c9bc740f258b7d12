/* Running one device's probes in several supervisors at once ("fan-out"; not
 * the CI shards of --shard I/N, shard.h), so that no core sits idle while a
 * worker compiles: a driver's compiler runs on the host CPU, one program at
 * a time per worker.
 *
 * The probes are cut into chunks, large first and smaller towards the end
 * (guided self-scheduling), in suite order so that batching stays as good;
 * a chunk is run by a supervisor of its own (supervise.h) in a child
 * process, and the records come back and are merged. The device always runs
 * one supervisor; it runs more while the run's token pool (jobserver.h) lends
 * it cores, so a device that finishes early hands its core to the ones still
 * running. Measurement probes run last, alone on the device, once every
 * other chunk has ended: they measure an otherwise idle device. */
#ifndef CLC_FANOUT_H
#define CLC_FANOUT_H

#include <stddef.h>

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

/* The chunk sizes (in probes) fanout_device cuts n probes into for
 * max_shards supervisors, given each probe's body size in bytes and where a
 * chunk may begin (cut_ok[k]: before probe k; NULL: anywhere):
 * sizes[0..*n_chunks) (caller frees). Chunks begin only where a segment of
 * the batch plan begins (batch_plan.h), so the programs are the same however
 * many supervisors run them, and the binary cache hits. */
size_t *fanout_chunk_sizes(const size_t *bytes, const unsigned char *cut_ok, size_t n, size_t max_shards,
                           size_t *n_chunks);

#endif
