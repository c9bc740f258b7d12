/* Whether a device's last complete run, with this binary cache, ran the same
 * probes: then its programs are cached, and the run is "warm".
 *
 * A GPU wants many supervisors while its programs compile (NVIDIA's cold
 * run: 58 s with 16, 80 s with 4, on the H100 host) and few once they are
 * cached, because each supervisor's worker is a context of its own that
 * the GPU time-slices (warm: 6.3 s with 4, 9.7 s with 16; execution 1.3 s
 * against 6.9 s). The marker says which case this run is before it starts.
 * It decides only how many supervisors run, never a verdict; how many, and
 * which devices read it, is the driver policy's (driver_policy.c). */
#ifndef CLC_WARM_MARKER_H
#define CLC_WARM_MARKER_H

#include <stddef.h>
#include <stdint.h>

#include "probe.h"

/* A hash of the probes of todo as they are built: ids, bodies, preludes,
 * options. */
uint64_t warm_marker_hash(const clc_probe_set *set, const size_t *todo, size_t n);

/* 1 when the marker file at path holds hash h. */
int warm_marker_matches(const char *path, uint64_t h);

/* Writes h to the marker file (through a temporary file and a rename;
 * failure only costs speed next time). */
void warm_marker_write(const char *path, uint64_t h);

#endif
