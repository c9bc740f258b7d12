/* Chunks claimed through shared memory: see chunk_pool.h. */
#include "chunk_pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct clc_chunk_pool {
    size_t n_chunks;
    size_t *order;          /* the probes, chunk after chunk */
    size_t *start, *len;    /* per chunk: where it begins in order, how many */
    _Atomic int *owner;     /* shared mapping: per chunk, 0 or who claimed it */
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
    p->n_chunks = n_chunks;
    p->order = malloc((total ? total : 1) * sizeof *p->order);
    p->start = malloc((n_chunks ? n_chunks : 1) * sizeof *p->start);
    p->len = malloc((n_chunks ? n_chunks : 1) * sizeof *p->len);
    p->map_bytes = (n_chunks ? n_chunks : 1) * sizeof *p->owner;
    void *m = mmap(NULL, p->map_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    p->owner = m == MAP_FAILED ? NULL : m;
    if (!p->order || !p->start || !p->len || !p->owner) {
        chunk_pool_free(p);
        return NULL;
    }
    if (total)
        memcpy(p->order, order, total * sizeof *order);
    for (size_t c = 0, at = 0; c < n_chunks; at += sizes[c], c++) {
        p->start[c] = at;
        p->len[c] = sizes[c];
        atomic_init(&p->owner[c], 0);
    }
    return p;
}

int chunk_pool_claim(const clc_chunk_pool *p, int owner, size_t *c)
{
    for (size_t k = 0; p && k < p->n_chunks; k++) {
        int expected = 0;
        if (atomic_load(&p->owner[k]) == 0 && atomic_compare_exchange_strong(&p->owner[k], &expected, owner)) {
            *c = k;
            return 1;
        }
    }
    return 0;
}

int chunk_pool_any_free(const clc_chunk_pool *p)
{
    for (size_t k = 0; p && k < p->n_chunks; k++)
        if (atomic_load(&p->owner[k]) == 0)
            return 1;
    return 0;
}

size_t chunk_pool_count(const clc_chunk_pool *p)
{
    return p ? p->n_chunks : 0;
}

const size_t *chunk_pool_probes(const clc_chunk_pool *p, size_t c, size_t *n)
{
    *n = p->len[c];
    return p->order + p->start[c];
}

int chunk_pool_owner(const clc_chunk_pool *p, size_t c)
{
    return atomic_load(&p->owner[c]);
}

void chunk_pool_free(clc_chunk_pool *p)
{
    if (!p)
        return;
    if (p->owner)
        munmap((void *)p->owner, p->map_bytes);
    free(p->order);
    free(p->start);
    free(p->len);
    free(p);
}
