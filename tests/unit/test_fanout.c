/* harness/fanout.c's chunking and harness/jobserver.c's token pool: the
 * chunks cover the probes exactly, large first, few enough that worker starts
 * stay small; the pool hands out what it holds and takes tokens back. */
#include "check.h"
#include "fanout.h"
#include "jobserver.h"

#include <stdlib.h>

/* Probes of 400 bytes, except a run of 800 large ones (3,300 bytes, as the
 * folded conversions) in the middle. */
static size_t *suite_bytes(size_t n)
{
    size_t *b = malloc((n ? n : 1) * sizeof *b);
    for (size_t i = 0; i < n; i++)
        b[i] = (i >= n / 3 && i < n / 3 + 800) ? 3300 : 400;
    return b;
}

static int covers(size_t n, size_t shards, size_t *count, int *sorted, int *aligned)
{
    size_t *bytes = suite_bytes(n);
    size_t k, *s = fanout_chunk_sizes(bytes, NULL, n, shards, &k), sum = 0;
    *sorted = *aligned = 1;
    /* Large first: each chunk's weight is no more than the one before it
     * (the last may take a remainder). */
    size_t at = 0, prev_w = (size_t)-1;
    for (size_t i = 0; s && i < k; i++) {
        size_t w = 0;
        for (size_t j = 0; j < s[i]; j++)
            w += bytes[at + j] + 512;
        if (i > 0 && i + 1 < k && w > prev_w + 4000)
            *sorted = 0;
        if (s[i] == 0)
            *aligned = 0; /* every chunk holds probes */
        prev_w = w;
        at += s[i];
        sum += s[i];
    }
    *count = k;
    free(s);
    free(bytes);
    return sum == n;
}

int main(void)
{
    size_t k;
    int sorted, aligned;
    int ok = covers(5585, 16, &k, &sorted, &aligned);
    CHECK(ok && sorted && aligned, "suite_over_16_shards_covered_by_weight_large_first");
    /* Chunks cost no worker start (chunk_pool.h): many, so that no
     * supervisor is left holding a large one at the end. */
    CHECK(k >= 40 && k <= 80, "suite_over_16_shards_in_40_to_80_chunks (%zu)", k);
    ok = covers(5585, 2, &k, &sorted, &aligned);
    CHECK(ok && sorted && k >= 8 && k <= 40, "suite_over_2_shards_in_8_to_40_chunks (%zu)", k);
    ok = covers(5585, 1, &k, &sorted, &aligned);
    CHECK(ok && k == 1, "one_shard_one_chunk");
    ok = covers(40, 8, &k, &sorted, &aligned);
    CHECK(ok && k == 1, "fewer_probes_than_a_chunk_one_chunk");
    ok = covers(0, 8, &k, &sorted, &aligned);
    CHECK(ok && k == 0, "no_probes_no_chunk");
    size_t *w = suite_bytes(3000);
    size_t a, b, *s1 = fanout_chunk_sizes(w, NULL, 3000, 4, &a), *s2 = fanout_chunk_sizes(w, NULL, 3000, 4, &b);
    int same = a == b;
    for (size_t i = 0; same && i < a; i++)
        same = s1[i] == s2[i];
    CHECK(same, "same_inputs_same_chunks (cache keys stay equal between runs)");
    free(s1), free(s2);
    /* Cost, not count: chunks over the large probes hold fewer of them. */
    size_t n16, *s16 = fanout_chunk_sizes(w, NULL, 3000, 16, &n16), at = 0, small_n = 0, large_n = 0;
    for (size_t i = 0; s16 && i < n16; i++) {
        if (at + s16[i] <= 1000 && !small_n)
            small_n = s16[i];
        if (at >= 1000 && at + s16[i] <= 1800 && !large_n)
            large_n = s16[i];
        at += s16[i];
    }
    CHECK(small_n > 0 && large_n > 0 && large_n < small_n, "a_chunk_of_large_probes_holds_fewer (%zu < %zu)", large_n,
          small_n);
    free(s16);
    free(w);

    clc_jobserver js;
    int opened = jobserver_open(&js, 2);
    int t1 = jobserver_try_take(&js), t2 = jobserver_try_take(&js), t3 = jobserver_try_take(&js);
    CHECK(opened == 0 && t1 && t2 && !t3, "pool_of_two_gives_two_then_none");
    jobserver_give(&js);
    int t4 = jobserver_try_take(&js);
    CHECK(t4, "a_token_given_back_is_taken_again");
    jobserver_close(&js);
    clc_jobserver none = {-1, -1};
    CHECK(!jobserver_try_take(&none), "no_pool_no_token");
    return check_done();
}
