/* The litmus family's testing environment: see litmus_env.h. The knobs
 * follow Levine et al., "MC Mutants" (ASPLOS 2023): dedicated stressing
 * work-groups hammering a few lines, the testers' own pre-stress, location
 * slots packed closely enough to share cache lines, random pairing and
 * placement per launch (in the kernel, from the launch's seed). */
#include "litmus_env.h"

#include <stddef.h>

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static int pick(uint64_t *rng, const int *v, int n)
{
    return v[next_random(rng) % (uint64_t)n];
}

/* Lockstep: CPU drivers run a group's work-items one after another, so
 * partners with equal local ids, waiting long for each other, and no
 * stressing groups (they would hold the few cores). */
static void lockstep(litmus_env *e)
{
    *e = (litmus_env){.wg = 16, .testing_groups = 1 << 30, .stress_groups = 0, .stride = 1, .stress_lines = 1,
                      .stress_iters = 0, .stress_pattern = 0, .pre_iters = 0, .pre_pattern = 0, .spin = 32768,
                      .permute = 0};
}

/* Many groups at once: random pairing, half the groups stressing. */
static void crowded(litmus_env *e)
{
    *e = (litmus_env){.wg = 64, .testing_groups = -2, .stress_groups = 1 << 30, .stride = 2, .stress_lines = 4,
                      .stress_iters = 1024, .stress_pattern = 0, .pre_iters = 16, .pre_pattern = 0, .spin = 256,
                      .permute = 1};
}

void litmus_env_candidate(int k, const litmus_limits *lim, uint64_t *rng, litmus_env *e)
{
    if (k <= 1)
        (k == 0) == (lim->lockstep_first != 0) ? lockstep(e) : crowded(e);
    else {
        static const int wgs[] = {32, 64, 256}, strides[] = {1, 2, 4, 16, 32}, lines[] = {1, 2, 4, 8, 16};
        static const int iters[] = {0, 256, 1024, 4096}, pre[] = {0, 16, 64}, spins[] = {0, 64, 1024, 8192};
        static const int shares[] = {1, 2, 4}; /* testing groups: all, half, a quarter of the launch */
        crowded(e);
        e->wg = pick(rng, wgs, 3);
        e->stride = pick(rng, strides, 5);
        e->stress_lines = pick(rng, lines, 5);
        e->stress_iters = pick(rng, iters, 4);
        e->stress_pattern = (int)(next_random(rng) % 4);
        e->pre_iters = pick(rng, pre, 3);
        e->pre_pattern = (int)(next_random(rng) % 4);
        e->spin = pick(rng, spins, 4);
        e->permute = (int)(next_random(rng) % 2);
        int share = pick(rng, shares, 3);
        e->testing_groups = share == 1 ? 1 << 30 : -share; /* resolved against the group budget below */
        e->stress_groups = share == 1 ? 0 : 1 << 30;
    }
    litmus_env_clamp(lim, e);
}

double litmus_env_work(const litmus_env *e)
{
    /* Per tester: its accesses, pre-stress and (at worst) its wait; the
     * stressing groups stop early once testing ends, so a quarter counts. */
    double testers = (double)e->testing_groups * e->wg;
    return testers * (8.0 + 2.0 * e->pre_iters + e->spin / 16.0) +
           (double)e->stress_groups * e->wg * 2.0 * e->stress_iters / 4.0;
}

static int floor_pow2(long v)
{
    int p = 1;
    while ((long)p * 2 <= v && p < (1 << 29))
        p *= 2;
    return p;
}

static int clamp_int(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

long litmus_env_group_budget(const litmus_limits *lim, int wg)
{
    long resident = wg > 64 ? lim->resident256 : lim->resident64;
    return resident > 0 ? resident : (lim->compute_units > 0 ? lim->compute_units : 1);
}

void litmus_env_clamp(const litmus_limits *lim, litmus_env *e)
{
    int k = lim->threads > 0 ? lim->threads : 1;
    e->wg = floor_pow2(clamp_int(e->wg, 1, lim->max_wg > 0 ? lim->max_wg : 1));
    long budget = litmus_env_group_budget(lim, e->wg);
    if (budget < k)
        budget = k; /* the threads of an instance need groups of their own; the handshake says if they ran at once */
    long want = e->testing_groups < 0 ? budget / -e->testing_groups : e->testing_groups;
    if (want > budget)
        want = budget;
    long blocks = floor_pow2(want / k > 0 ? want / k : 1);
    while (blocks > 1 && blocks * e->wg > LITMUS_MAX_INSTANCES)
        blocks /= 2;
    while (blocks > 1 && blocks * e->wg * 3L * (e->stride > 0 ? e->stride : 1) > LITMUS_MAX_MEM_INTS)
        blocks /= 2;
    e->testing_groups = (int)(blocks * k);
    long left = budget - e->testing_groups;
    e->stress_groups = (int)(e->stress_groups <= 0 || left <= 0 ? 0 : e->stress_groups < left ? e->stress_groups
                                                                                                : left);
    e->stride = clamp_int(e->stride, 1, 64);
    while ((long)blocks * e->wg * 3L * e->stride > LITMUS_MAX_MEM_INTS && e->stride > 1)
        e->stride /= 2;
    e->stress_lines = floor_pow2(clamp_int(e->stress_lines, 1, 64));
    e->stress_iters = clamp_int(e->stress_iters, 0, 60000); /* below llvmpipe's cap on a loop's rounds */
    e->stress_pattern = clamp_int(e->stress_pattern, 0, 3);
    e->pre_iters = clamp_int(e->pre_iters, 0, 60000);
    e->pre_pattern = clamp_int(e->pre_pattern, 0, 3);
    e->spin = clamp_int(e->spin, 0, 60000);
    e->permute = e->permute != 0;
}

long litmus_env_instances(const litmus_env *e, int threads)
{
    return threads > 0 ? (long)(e->testing_groups / threads) * e->wg : 0;
}

long litmus_env_mem_ints(const litmus_env *e, int threads)
{
    return litmus_env_instances(e, threads) * 3L * e->stride;
}

#define ENV_FIELDS(X)                                                                                             \
    X(wg) X(testing_groups) X(stress_groups) X(stride) X(stress_lines) X(stress_iters) X(stress_pattern)          \
        X(pre_iters) X(pre_pattern) X(spin) X(permute)

cJSON *litmus_env_to_json(const litmus_env *e)
{
    cJSON *j = cJSON_CreateObject();
#define ADD(f) cJSON_AddNumberToObject(j, #f, e->f);
    if (j) {
        ENV_FIELDS(ADD)
    }
#undef ADD
    return j;
}

int litmus_env_from_json(const cJSON *j, litmus_env *e)
{
    int bad = !cJSON_IsObject(j);
#define GET(f)                                                                                                    \
    {                                                                                                             \
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(j, #f);                                                 \
        bad |= !cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 1e9;                                  \
        e->f = bad ? 0 : (int)n->valuedouble;                                                                     \
    }
    if (!bad) {
        ENV_FIELDS(GET)
    }
#undef GET
    return bad ? -1 : 0;
}
