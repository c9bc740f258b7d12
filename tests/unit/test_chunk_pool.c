/* harness/sched/chunk_pool.c: chunks claimed once each, through memory the run's
 * processes share, and the rest of a chunk given back by its owner after a
 * lost worker, claimed before the chunks nobody has begun. */
#include "check.h"
#include "chunk_pool.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* The probe indices of chunk c as one number, digit after digit. */
static size_t digits(const clc_chunk_pool *p, size_t c)
{
    size_t n, v = 0;
    const size_t *pr = chunk_pool_probes(p, c, &n);
    for (size_t k = 0; k < n; k++)
        v = v * 10 + pr[k];
    return v;
}

int main(void)
{
    const size_t order[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, sizes[3] = {5, 2, 2};
    clc_chunk_pool *p = chunk_pool_new(order, sizes, 3);
    CHECK(p != NULL, "pool_made");
    if (!p)
        return check_done();
    CHECK(chunk_pool_count(p) == 3 && digits(p, 0) == 12345 && digits(p, 1) == 67 && digits(p, 2) == 89,
          "chunks_are_consecutive_runs_of_the_order");
    size_t c = 99;
    int got = chunk_pool_claim(p, 7, &c);
    CHECK(got == 1 && c == 0 && chunk_pool_owner(p, 0) == 7, "first_claim_takes_the_first_chunk");

    /* A claim in another process is seen here: the owners are shared. */
    pid_t kid = fork();
    if (kid == 0) {
        size_t k;
        _exit(chunk_pool_claim(p, 8, &k) == 1 && k == 1 ? 0 : 1);
    }
    int status = 1;
    waitpid(kid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && chunk_pool_owner(p, 1) == 8,
          "a_child_claim_is_seen_by_the_parent");
    CHECK(chunk_pool_free_count(p) == 1 && chunk_pool_any_free(p), "one_of_three_left_free");
    CHECK(chunk_pool_free_probes(p) == 2 && chunk_pool_probe_count(p) == 9, "its_two_probes_of_nine_free");

    /* Only the owner gives back, and never all or none of a chunk. */
    int r1 = chunk_pool_give_back(p, 8, 0, 2), r2 = chunk_pool_give_back(p, 7, 0, 0),
        r3 = chunk_pool_give_back(p, 7, 0, 5);
    CHECK(r1 == -1 && r2 == -1 && r3 == -1 && chunk_pool_count(p) == 3 && digits(p, 0) == 12345,
          "give_back_refused_to_others_and_for_nothing_or_everything");

    /* Given back in a child (a supervisor is a process of its own), seen
     * by every process: the chunk ends where it was cut, the rest is free. */
    kid = fork();
    if (kid == 0)
        _exit(chunk_pool_give_back(p, 7, 0, 3) == 0 && chunk_pool_give_back(p, 7, 0, 2) == 0 ? 0 : 1);
    waitpid(kid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "owner_gives_back_in_a_child");
    CHECK(chunk_pool_count(p) == 5 && digits(p, 0) == 12 && digits(p, 3) == 45 && digits(p, 4) == 3 &&
              chunk_pool_owner(p, 3) == 0 && chunk_pool_owner(p, 4) == 0,
          "the_rest_becomes_free_parts_and_the_chunk_shrinks");
    CHECK(chunk_pool_any_free(p) == 1, "a_part_given_back_is_free");
    CHECK(chunk_pool_free_probes(p) == 5 && chunk_pool_probe_count(p) == 9,
          "the_parts_given_back_count_as_free_probes_and_the_total_stays");

    /* Parts given back are claimed before the chunk nobody has begun. */
    size_t a = 0, b = 0, d = 0, e = 0;
    int ga = chunk_pool_claim(p, 9, &a), gb = chunk_pool_claim(p, 9, &b), gd = chunk_pool_claim(p, 9, &d),
        ge = chunk_pool_claim(p, 9, &e);
    CHECK(ga == 1 && gb == 1 && gd == 1 && a == 3 && b == 4 && d == 2 && ge == 0,
          "given_back_parts_first_then_the_untouched_chunk_then_none");
    CHECK(chunk_pool_any_free(p) == 0, "nothing_left_free");

    /* Every probe is in exactly one chunk, before and after the cuts. */
    int seen[10] = {0};
    for (size_t k = 0; k < chunk_pool_count(p); k++) {
        size_t n;
        const size_t *pr = chunk_pool_probes(p, k, &n);
        for (size_t j = 0; j < n; j++)
            seen[pr[j]]++;
    }
    int once = 1;
    for (int i = 1; i <= 9; i++)
        once = once && seen[i] == 1;
    CHECK(once, "every_probe_in_exactly_one_chunk");
    chunk_pool_free(p);
    return check_done();
}
