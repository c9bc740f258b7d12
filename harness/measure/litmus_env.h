/* The litmus family's testing environment (docs/measurements.md, "The
 * stressed environment"): launch shape, memory layout and stress of one
 * litmus launch, the candidates of the per-device tuning search, and their
 * JSON form (remembered with a probe's totals). No OpenCL here. */
#ifndef CLC_LITMUS_ENV_H
#define CLC_LITMUS_ENV_H

#include <stdint.h>

#include <cjson/cJSON.h>

typedef struct {
    int wg;             /* work-items per group, a power of two */
    int testing_groups; /* threads x a power of two */
    int stress_groups;  /* groups that only stress memory */
    int stride;         /* most ints between location slots (1: neighbours share lines); each launch draws a power of two up to it */
    int stress_lines;   /* stressed lines, a power of two */
    int stress_iters;   /* the stressing groups' rounds (they stop early once testing ended) */
    int stress_pattern; /* 0 store-store, 1 store-load, 2 load-store, 3 load-load */
    int pre_iters;      /* the testers' own rounds before the test */
    int pre_pattern;
    int spin;    /* the bound of a tester's wait for its instance's other threads */
    int permute; /* 1: pair local ids at random; 0: equal local ids */
} litmus_env;

typedef struct {
    int threads;     /* work-items (and groups) of one instance */
    int max_wg;      /* the device's and kernel's bound */
    long resident64; /* co-resident groups measured at 64 and 256 work-items (iwg.resident.*), 0: unknown */
    long resident256;
    int compute_units;
    int lockstep_first; /* a CPU, or few groups co-resident: try lockstep pairing first */
} litmus_limits;

/* Most instances in one launch, and most ints of the location buffer. */
#define LITMUS_MAX_INSTANCES 65536
#define LITMUS_MAX_MEM_INTS (4L << 20)

/* Candidate k of the tuning search. The first two are "lockstep" (equal
 * local ids pair, long waits, no stressing groups: what lets a CPU driver,
 * which runs a group's work-items in order, run partners at once) and
 * "crowded" (random pairing, half the groups stressing, pre-stress), in
 * that order when lim->lockstep_first, else the other; the others are drawn
 * from rng. Always clamped (litmus_env_clamp). */
void litmus_env_candidate(int k, const litmus_limits *lim, uint64_t *rng, litmus_env *e);

/* Groups that may run at once with wg work-items each: the measured
 * co-resident count, else one per compute unit. */
long litmus_env_group_budget(const litmus_limits *lim, int wg);

/* Makes e launchable on lim: wg a power of two within the device, groups
 * within the measured co-resident count (one per compute unit when unknown;
 * never fewer testing groups than threads), instances and memory within
 * the caps, every count at least 1 where the kernel divides by it. */
void litmus_env_clamp(const litmus_limits *lim, litmus_env *e);

/* A relative cost of one launch of e (the search skips a candidate whose
 * cost, scaled from a measured launch, would overrun its time). */
double litmus_env_work(const litmus_env *e);

/* Instances one launch runs. */
long litmus_env_instances(const litmus_env *e, int threads);

/* Ints of the location buffer the launch uses. */
long litmus_env_mem_ints(const litmus_env *e, int threads);

/* e as a JSON object (caller owns), and back: 0, or -1 when j is not a
 * complete environment. */
cJSON *litmus_env_to_json(const litmus_env *e);
int litmus_env_from_json(const cJSON *j, litmus_env *e);

#endif
