/* The chunks of one device's run, in memory shared by the processes of that
 * run, claimed one at a time by whichever worker is free.
 *
 * A supervisor and a worker per chunk would open the driver once a chunk
 * (60 times in a device's run), and on NVIDIA a worker's start (a CUDA
 * context) takes 1.8 s and its exit 0.6 s with 16 at once: 103 of the 146
 * core-seconds of a warm run. So a supervisor and its worker live as long
 * as chunks are left: the worker
 * claims the next free chunk itself, and a claim is one atomic write in
 * shared memory, so a worker that dies right after it still leaves the
 * chunk to its supervisor's next worker, never to nobody.
 *
 * A supervisor that loses its worker (a hang waited out, a crash) gives the
 * rest of its chunk back (chunk_pool_give_back), so that idle cores take it
 * while it meets the culprit again alone: PoCL 5's cold run was one
 * supervisor's four float-atomic hangs (24 s, one after another) and then
 * 16 s of its chunk's code generation while the other 15 had ended. */
#ifndef CLC_CHUNK_POOL_H
#define CLC_CHUNK_POOL_H

#include <stddef.h>

typedef struct clc_chunk_pool clc_chunk_pool;

/* A pool over order[0..sum of sizes): chunk c is the next sizes[c] indices.
 * order and sizes are copied. The shared part is mapped before any fork,
 * so every process forked after this call sees the same claims. Returns
 * NULL when out of memory. */
clc_chunk_pool *chunk_pool_new(const size_t *order, const size_t *sizes, size_t n_chunks);

/* Claims the first free chunk for owner (> 0) and sets *c to it. Returns 1,
 * or 0 when every chunk is taken. */
int chunk_pool_claim(const clc_chunk_pool *p, int owner, size_t *c);

/* Whether some chunk is still free. */
int chunk_pool_any_free(const clc_chunk_pool *p);

/* How many chunks are still free. */
size_t chunk_pool_free_count(const clc_chunk_pool *p);

size_t chunk_pool_count(const clc_chunk_pool *p);

/* How many probes the free chunks hold. */
size_t chunk_pool_free_probes(const clc_chunk_pool *p);

/* How many probes all the chunks hold (a part given back is taken out of
 * its chunk, so this stays what chunk_pool_new was given). */
size_t chunk_pool_probe_count(const clc_chunk_pool *p);

/* Chunk c's probe indices: *n of them from the returned pointer. */
const size_t *chunk_pool_probes(const clc_chunk_pool *p, size_t c, size_t *n);

/* Who claimed chunk c (0: nobody yet). */
int chunk_pool_owner(const clc_chunk_pool *p, size_t c);

/* Gives back the probes of chunk c (owned by owner) from its keep-th on,
 * as a free chunk of their own that a claim prefers to the chunks never
 * begun. Only c's owner calls this, between its workers. Returns 0, or -1
 * (nothing given: keep is 0 or the whole chunk, c is not owner's, or the
 * pool has no room). */
int chunk_pool_give_back(const clc_chunk_pool *p, int owner, size_t c, size_t keep);

/* Frees the pool (in the process that made it, after its children). */
void chunk_pool_free(clc_chunk_pool *p);

#endif
