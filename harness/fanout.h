/* Running one device's probes in several supervisors at once ("fan-out"; not the CI shards of --shard I/N, shard.h),
 * for machines whose cores would otherwise sit idle while one worker
 * compiles: a GPU driver's compiler runs on the host CPU, one program at a
 * time per worker. Each shard is a supervisor of its own (supervise.h) in
 * a child process, with its own workers and watchdogs, over a contiguous
 * part of the probes (so batching stays as good); the records come back
 * and are merged. Measurement probes stay in shard 0, the calling process,
 * so they run in one worker as before. */
#ifndef CLC_FANOUT_H
#define CLC_FANOUT_H

#include <stddef.h>

#include "supervise.h"

/* How many shards each of n_devices devices gets on this machine when none
 * was asked for: the cores left over per device, at least 1, at most 8. */
size_t fanout_default(size_t n_devices);

/* Like supervise_device, with o->todo split over `shards` supervisors.
 * shards <= 1 or no isolation: supervise_device itself. */
int fanout_device(const clc_supervise_opts *o, size_t shards, clc_device_run *out);

#endif
