/* harness/sched/chunk_order.c: a chunk per segment; segments with a probe of its
 * own timeout first; then the most probes first, or suite order; every
 * probe exactly once, each segment's probes together and in suite order. */
#include "check.h"
#include "chunk_order.h"

#include <stdlib.h>
#include <string.h>

/* Segments of these lengths, in suite order; early marks segment s (a
 * probe in its middle) when early_seg[s]. */
static size_t *run(const size_t *lens, size_t n_seg, const int *early_seg, int by_count, size_t *order,
                   size_t *n, size_t *n_chunks)
{
    unsigned char start[64] = {0}, early[64] = {0};
    size_t at = 0;
    for (size_t s = 0; s < n_seg; s++) {
        start[at] = 1;
        if (early_seg && early_seg[s])
            early[at + lens[s] / 2] = 1;
        at += lens[s];
    }
    *n = at;
    return chunk_order(start, early_seg ? early : NULL, NULL, at, by_count, order, n_chunks);
}

/* order is a permutation of 0..n-1 whose chunks are whole segments, each
 * ascending and contiguous. */
static int well_formed(const size_t *order, size_t n, const size_t *sizes, size_t n_chunks)
{
    unsigned char seen[64] = {0};
    size_t at = 0;
    for (size_t c = 0; c < n_chunks; c++) {
        for (size_t j = 0; j < sizes[c]; j++) {
            if (order[at + j] >= n || seen[order[at + j]] || (j && order[at + j] != order[at + j - 1] + 1))
                return 0;
            seen[order[at + j]] = 1;
        }
        at += sizes[c];
    }
    return at == n;
}

int main(void)
{
    size_t lens[] = {3, 8, 1, 5, 8, 2}, order[64], n, nc;
    /* Suite order: the segments as they come. */
    size_t *sz = run(lens, 6, NULL, 0, order, &n, &nc);
    int same = sz && nc == 6 && well_formed(order, n, sz, nc);
    for (size_t k = 0; same && k < n; k++)
        same = order[k] == k;
    CHECK(same, "suite_order_is_the_segments_as_they_come");
    free(sz);

    /* By count: 8, 8 (the earlier first), 5, 3, 2, 1. */
    sz = run(lens, 6, NULL, 1, order, &n, &nc);
    size_t want_sizes[] = {8, 8, 5, 3, 2, 1}, want_first[] = {3, 17, 12, 0, 25, 11};
    int ok = sz && nc == 6 && well_formed(order, n, sz, nc);
    for (size_t c = 0, at = 0; ok && c < nc; at += sz[c], c++)
        ok = sz[c] == want_sizes[c] && order[at] == want_first[c];
    CHECK(ok, "by_count_largest_segments_first_ties_in_suite_order");
    free(sz);

    /* A probe with a timeout of its own puts its segment first, whichever
     * order follows: the 1-probe segment and the 5-probe one. */
    int early[] = {0, 0, 1, 1, 0, 0};
    for (int by_count = 0; by_count < 2; by_count++) {
        sz = run(lens, 6, early, by_count, order, &n, &nc);
        ok = sz && well_formed(order, n, sz, nc) && nc == 6 && sz[0] == 1 && order[0] == 11 && sz[1] == 5 &&
             order[1] == 12;
        CHECK(ok, "segments_with_a_timed_probe_first (%s)", by_count ? "by count" : "suite order");
        if (ok && by_count)
            CHECK(sz[2] == 8 && order[6] == 3 && sz[5] == 2, "the_rest_by_count_after_them");
        if (ok && !by_count)
            CHECK(order[6] == 0 && order[9] == 3, "the_rest_in_suite_order_after_them");
        free(sz);
    }

    /* A heavy probe (judged in ulp) counts CHUNK_HEAVY_COUNT by count: the
     * 3-probe segment, all heavy (18), goes before both 8s; the rest follow
     * by count. */
    {
        unsigned char start[27] = {0}, heavy[27] = {0};
        size_t at = 0;
        for (size_t s = 0; s < 6; s++)
            start[at] = 1, at += lens[s];
        heavy[0] = heavy[1] = heavy[2] = 1;
        sz = chunk_order(start, NULL, heavy, at, 1, order, &nc);
        ok = sz && well_formed(order, at, sz, nc) && nc == 6 && sz[0] == 3 && order[0] == 0 && sz[1] == 8 &&
             order[3] == 3 && sz[5] == 1;
        CHECK(ok, "by_count_a_heavy_probe_counts_%d", CHUNK_HEAVY_COUNT);
        free(sz);
        sz = chunk_order(start, NULL, heavy, at, 0, order, &nc);
        ok = sz && nc == 6 && order[0] == 0 && sz[0] == 3 && order[3] == 3;
        CHECK(ok, "suite_order_ignores_heavy");
        free(sz);
    }

    /* Nothing to order. */
    sz = run(lens, 0, NULL, 1, order, &n, &nc);
    CHECK(sz && nc == 0 && n == 0, "no_probes_no_chunk");
    free(sz);
    /* No segment start given but probe 0's: one segment. */
    unsigned char none[4] = {0};
    sz = chunk_order(none, NULL, NULL, 4, 1, order, &nc);
    CHECK(sz && nc == 1 && sz[0] == 4, "one_segment_when_no_other_starts");
    free(sz);
    return check_done();
}
