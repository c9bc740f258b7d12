/* In which order a device's workers claim its probes, and in what pieces.
 * No OpenCL here: tests/unit/test_chunk_order.c checks it.
 *
 * A chunk is one segment of the batch plan (batch_plan.h): the unit whose
 * programs are the same whoever builds them. With larger chunks (a share of
 * the weight left, in suite order: guided self-scheduling), on the H100
 * NVIDIA's cold run ended with one supervisor building math.tan.float's 256
 * probes (5.5 s) from 16.0 s on, after math.erf.float (8.2 s) and
 * math.remainder.float (4.1 s) in chunks it had claimed earlier, while the
 * others had ended between 11.9 and 18.6 s. A claim costs one atomic write
 * (chunk_pool.h), so the finest unit costs nothing, and the order becomes a
 * choice:
 *
 * - Segments holding a probe with a timeout of its own come first. Such a
 *   probe waits on other work-items or work-groups (sub-group and
 *   work-group collectives, float atomics, memory-model tests) and is the
 *   kind that hangs a driver. Met early, its watchdog, its lone retry and
 *   the give-back of its chunk's rest overlap the rest of the run; met late,
 *   they are PoCL 5's tail: four float-atomic hangs from 12.8 s on, each
 *   found after the one before had been waited out, until 33.7 s.
 * - Then, where the driver's compile time follows a program's probe count
 *   (by_count), the segments with most probes first (a probe judged in ulp
 *   counting CHUNK_HEAVY_COUNT), so that the run ends
 *   on small ones: NVIDIA compiles each probe's built-in calls inline,
 *   12-60 ms a probe whatever its bytes (math.fmod.double4: 203 probes of
 *   21 KB, 12 s; 128 folded conversions of 130 KB, 5.5 s). Replayed on 16
 *   supervisors from that run's timeline (scripts/replay_claims.py), its
 *   200 s of builds end at 14.3 s in this order, 16.1 s in suite order and
 *   16.8 s in the old chunks; at 12.9 s were every segment's cost known in
 *   advance; by weight (bytes), which puts the math segments last, at
 *   21.1 s. Two other runs: 12.4 and 15.1 s by count, 15.0 and 17.3 s in
 *   suite order.
 *   rusticl too, whose cost is its kernels' code generation at first
 *   launch (driver_policy.c says why).
 * - Elsewhere, suite order: no order found was better on every PoCL 5 run
 *   (by count 20.5 s against 18.4 s in suite order on one run, 16.4
 *   against 17.5 s on another). */
#ifndef CLC_CHUNK_ORDER_H
#define CLC_CHUNK_ORDER_H

#include <stddef.h>

/* In the by_count order, a probe judged in ulp (the math and geometric
 * library: NVIDIA inlines each call, tan's argument reduction included)
 * counts as this many. math.tan.float's segment, 40 probes, takes 9.5-10.9 s
 * to build on the H100 host; counted three times, it was still claimed at
 * 9 s, behind every segment of 128 probes, and ended 1.5 s after the
 * other 15 workers. Replayed from three cold timelines with the GPU's
 * plan (scripts/replay_claims.py --batch-max 128), the builds end at 18.8,
 * 20.5 and 19.0 s with every probe counted once, 14.9, 15.7 and 15.2 s
 * counted three times, 13.2, 14.5 and 15.0 s six times (ten times: 13.2,
 * 14.5, 14.9 s; every segment's cost known in advance: 12.7, 14.2,
 * 14.6 s). */
#define CHUNK_HEAVY_COUNT 6

/* n probes in suite order; seg_start[k]: a segment begins at probe k (probe
 * 0 always begins one); early[k]: probe k has a timeout of its own (NULL:
 * none has); heavy[k]: probe k counts CHUNK_HEAVY_COUNT in the by_count
 * order (NULL: none does). Fills order[0..n) with the positions 0..n-1 in
 * claim order and returns the chunk sizes (a segment each, in that order),
 * *n_chunks of them; NULL when out of memory. The caller frees it. */
size_t *chunk_order(const unsigned char *seg_start, const unsigned char *early, const unsigned char *heavy, size_t n,
                    int by_count, size_t *order, size_t *n_chunks);

#endif
