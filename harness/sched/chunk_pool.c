/* Chunks claimed through shared memory: see chunk_pool.h. */
#include "chunk_pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Where a chunk lies, and who has it, in memory every process of the run
 * shares: a chunk's end moves when its owner gives part of it back. */
typedef struct {
    _Atomic size_t start, len;
    _Atomic int owner; /* 0: free; > 0: who claimed it; -1: a slot not yet in use */
} chunk_slot;

struct clc_chunk_pool {
    size_t cap;             /* slots: the chunks made first, then room for parts given back */
    size_t n_first;         /* chunks made by chunk_pool_new */
    size_t total;           /* their probes: parts given back are cut from them, so this never changes */
    size_t *order;          /* the probes, chunk after chunk (the same copy in every process) */
    _Atomic size_t *count;  /* shared: slots in use */
    chunk_slot *slot;       /* shared */
    size_t map_bytes;
};

clc_chunk_pool *chunk_pool_new(const size_t *order, const size_t *sizes, size_t n_chunks)
{
    clc_chunk_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    size_t total = 0;
    for (size_t c = 0; c < n_chunks; c++)
        total += sizes[c];
    /* A part given back holds at least one probe: total more slots suffice. */
    p->cap = n_chunks + total + 1;
    p->n_first = n_chunks;
    p->total = total;
    p->order = malloc((total ? total : 1) * sizeof *p->order);
    p->map_bytes = sizeof(_Atomic size_t) * 8 + p->cap * sizeof(chunk_slot);
    void *m = mmap(NULL, p->map_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m != MAP_FAILED) {
        p->count = m;
        p->slot = (chunk_slot *)((char *)m + sizeof(_Atomic size_t) * 8);
    }
    if (!p->order || !p->count) {
        chunk_pool_free(p);
        return NULL;
    }
    if (total)
        memcpy(p->order, order, total * sizeof *order);
    size_t at = 0;
    for (size_t c = 0; c < p->cap; c++) {
        atomic_init(&p->slot[c].start, c < n_chunks ? at : 0);
        atomic_init(&p->slot[c].len, c < n_chunks ? sizes[c] : 0);
        atomic_init(&p->slot[c].owner, c < n_chunks ? 0 : -1);
        if (c < n_chunks)
            at += sizes[c];
    }
    atomic_init(p->count, n_chunks);
    return p;
}

static int try_claim(const clc_chunk_pool *p, size_t k, int owner)
{
    int expected = 0;
    return atomic_load(&p->slot[k].owner) == 0 &&
           atomic_compare_exchange_strong(&p->slot[k].owner, &expected, owner);
}

int chunk_pool_claim(const clc_chunk_pool *p, int owner, size_t *c)
{
    if (!p)
        return 0;
    /* Parts given back first: they are the rest of a chunk whose
     * supervisor lost its worker, and waiting behind the chunks not yet
     * begun made them the run's last work (chunk_pool_give_back). */
    size_t n = atomic_load(p->count);
    for (size_t k = p->n_first; k < n; k++)
        if (try_claim(p, k, owner)) {
            *c = k;
            return 1;
        }
    for (size_t k = 0; k < p->n_first; k++)
        if (try_claim(p, k, owner)) {
            *c = k;
            return 1;
        }
    return 0;
}

size_t chunk_pool_free_count(const clc_chunk_pool *p)
{
    size_t n = p ? atomic_load(p->count) : 0, free_n = 0;
    for (size_t k = 0; k < n; k++)
        free_n += atomic_load(&p->slot[k].owner) == 0;
    return free_n;
}

size_t chunk_pool_free_probes(const clc_chunk_pool *p)
{
    size_t n = p ? atomic_load(p->count) : 0, probes = 0;
    for (size_t k = 0; k < n; k++)
        if (atomic_load(&p->slot[k].owner) == 0)
            probes += atomic_load(&p->slot[k].len);
    return probes;
}

size_t chunk_pool_probe_count(const clc_chunk_pool *p)
{
    return p ? p->total : 0;
}

int chunk_pool_any_free(const clc_chunk_pool *p)
{
    size_t n = p ? atomic_load(p->count) : 0;
    for (size_t k = 0; k < n; k++)
        if (atomic_load(&p->slot[k].owner) == 0)
            return 1;
    return 0;
}

size_t chunk_pool_count(const clc_chunk_pool *p)
{
    return p ? atomic_load(p->count) : 0;
}

const size_t *chunk_pool_probes(const clc_chunk_pool *p, size_t c, size_t *n)
{
    *n = atomic_load(&p->slot[c].len);
    return p->order + atomic_load(&p->slot[c].start);
}

int chunk_pool_owner(const clc_chunk_pool *p, size_t c)
{
    return atomic_load(&p->slot[c].owner);
}

int chunk_pool_give_back(const clc_chunk_pool *p, int owner, size_t c, size_t keep)
{
    size_t len = atomic_load(&p->slot[c].len);
    if (keep == 0 || keep >= len || atomic_load(&p->slot[c].owner) != owner)
        return -1;
    size_t k = atomic_fetch_add(p->count, 1);
    if (k >= p->cap) {
        atomic_fetch_sub(p->count, 1);
        return -1;
    }
    atomic_store(&p->slot[k].start, atomic_load(&p->slot[c].start) + keep);
    atomic_store(&p->slot[k].len, len - keep);
    /* Free before the owner's chunk shrinks: for a moment both name the
     * probes given back, never neither (a supervisor starting then counts
     * them twice, which the crash memo it reads them for does not mind). */
    atomic_store(&p->slot[k].owner, 0);
    atomic_store(&p->slot[c].len, keep);
    return 0;
}

void chunk_pool_free(clc_chunk_pool *p)
{
    if (!p)
        return;
    if (p->count)
        munmap((void *)p->count, p->map_bytes);
    free(p->order);
    free(p);
}
