/* harness/fanout.c's chunking and harness/jobserver.c's token pool: the
 * chunks cover the probes exactly, large first, few enough that worker starts
 * stay small; the pool hands out what it holds and takes tokens back. */
#include "check.h"
#include "fanout.h"
#include "jobserver.h"

#include <stdlib.h>

static int covers(size_t n, size_t shards, size_t *count, int *sorted, int *aligned)
{
    size_t k, *s = fanout_chunk_sizes(n, shards, &k), sum = 0;
    *sorted = *aligned = 1;
    for (size_t i = 0; s && i < k; i++) {
        sum += s[i];
        if (i > 0 && i + 1 < k && s[i] > s[i - 1])
            *sorted = 0;
        if (i + 1 < k && s[i] % 64 != 0)
            *aligned = 0;
    }
    *count = k;
    free(s);
    return sum == n;
}

int main(void)
{
    size_t k;
    int sorted, aligned;
    int ok = covers(5585, 16, &k, &sorted, &aligned);
    CHECK(ok && sorted && aligned, "suite_over_16_shards_covered_large_first_in_whole_batches");
    CHECK(k >= 16 && k <= 40, "suite_over_16_shards_in_16_to_40_chunks (%zu)", k);
    ok = covers(5585, 2, &k, &sorted, &aligned);
    CHECK(ok && sorted && k >= 3 && k <= 12, "suite_over_2_shards_in_a_few_chunks (%zu)", k);
    ok = covers(5585, 1, &k, &sorted, &aligned);
    CHECK(ok && k == 1, "one_shard_one_chunk");
    ok = covers(100, 8, &k, &sorted, &aligned);
    CHECK(ok && k == 1, "fewer_probes_than_a_chunk_one_chunk");
    ok = covers(0, 8, &k, &sorted, &aligned);
    CHECK(ok && k == 0, "no_probes_no_chunk");
    size_t a, b, *s1 = fanout_chunk_sizes(3000, 4, &a), *s2 = fanout_chunk_sizes(3000, 4, &b);
    int same = a == b;
    for (size_t i = 0; same && i < a; i++)
        same = s1[i] == s2[i];
    CHECK(same, "same_inputs_same_chunks (cache keys stay equal between runs)");
    free(s1), free(s2);

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
