/* Claim order and chunks of a device's probes: see chunk_order.h. */
#include "chunk_order.h"

#include <stdlib.h>

typedef struct {
    size_t start, len; /* positions in suite order */
    size_t count;      /* len, a heavy probe counted CHUNK_HEAVY_COUNT */
    int early;
} segment;

/* Early segments first, in suite order; then the rest, by probe count
 * (most first; ties in suite order) or in suite order. */
static int by_count_cmp(const void *a, const void *b)
{
    const segment *x = a, *y = b;
    if (x->early != y->early)
        return x->early ? -1 : 1;
    if (!x->early && x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return x->start < y->start ? -1 : x->start > y->start;
}

static int suite_cmp(const void *a, const void *b)
{
    const segment *x = a, *y = b;
    if (x->early != y->early)
        return x->early ? -1 : 1;
    return x->start < y->start ? -1 : x->start > y->start;
}

size_t *chunk_order(const unsigned char *seg_start, const unsigned char *early, const unsigned char *heavy, size_t n,
                    int by_count, size_t *order, size_t *n_chunks)
{
    *n_chunks = 0;
    segment *segs = malloc((n ? n : 1) * sizeof *segs);
    size_t *sizes = malloc((n ? n : 1) * sizeof *sizes), n_seg = 0;
    if (!segs || !sizes) {
        free(segs), free(sizes);
        return NULL;
    }
    for (size_t k = 0; k < n; k++) {
        if (k == 0 || seg_start[k])
            segs[n_seg++] = (segment){k, 0, 0, 0};
        segs[n_seg - 1].len++;
        segs[n_seg - 1].count += heavy && heavy[k] ? CHUNK_HEAVY_COUNT : 1;
        if (early && early[k])
            segs[n_seg - 1].early = 1;
    }
    qsort(segs, n_seg, sizeof *segs, by_count ? by_count_cmp : suite_cmp);
    size_t at = 0;
    for (size_t s = 0; s < n_seg; s++) {
        for (size_t j = 0; j < segs[s].len; j++)
            order[at++] = segs[s].start + j;
        sizes[s] = segs[s].len;
    }
    *n_chunks = n_seg;
    free(segs);
    return sizes;
}
