/* Where one device's programs begin, decided once per run from the probes
 * alone.
 *
 * A worker builds the probes it is handed in batches, one program each
 * (runner.c); the binary cache (bincache.h) finds a program again only if
 * the next run builds exactly the same batch. Batches cut by each worker
 * from wherever its part of the run began would move every later batch
 * boundary with a different number of supervisors (--device-jobs, cores
 * lent by other devices, another machine) or a worker replaced after a
 * crash: a warm NVIDIA run with 4 supervisors after a cold one with 16
 * rebuilt 129 programs that way (57 s instead of 6 s).
 *
 * So the device cuts its probe list into segments first: a segment closes
 * where a batch must close (the build options change, batch_max probes or
 * BATCH_BYTES of bodies are reached, in either kind of batch), and at
 * SEGMENT_WEIGHT of work, so that a long run of probes built alone can still
 * be split among supervisors. Workers close every batch at a segment's end
 * and chunks (fanout.h) begin only at a segment's start: the same probes
 * give the same programs however the run is divided. */
#ifndef CLC_BATCH_PLAN_H
#define CLC_BATCH_PLAN_H

#include <stddef.h>

#include "probe.h"

/* A program closes before its probes' bodies pass this many bytes. NVIDIA
 * builds a program in one compiler process, so the largest program is the
 * run's critical path: 256 folded conversion probes (850 KB) took 50.7 s
 * alone on the H100 host while the other 15 cores idled. Sized by bytes, not
 * by count: 256 small probes are 100 KB. */
#define BATCH_BYTES (128 * 1024)

/* What a probe costs beyond its body's bytes (a launch, buffers, a record),
 * in the same unit: chunks and segments are weighed by body bytes plus this. */
#define PROBE_WEIGHT 512

/* What a probe with an image argument costs beyond that: it is a kernel of
 * its own (a dispatch kernel passes buffers only), and its first launch
 * generates the image functions' sampling and conversion code, as much as a
 * dispatch kernel of 16 probes: 0.12-0.3 s each on PoCL 5. In one program
 * (68 of them, under SEGMENT_WEIGHT by bytes) they were one worker's last
 * 10.5 s of the H100 host's cold run, the other 15 cores idle. At this
 * weight a segment holds about 16. */
#define IMAGE_PROBE_WEIGHT (16 * 1024)

/* A probe's weight: its body's bytes plus PROBE_WEIGHT, plus
 * IMAGE_PROBE_WEIGHT for a probe with an image argument. */
size_t batch_plan_weight(const clc_probe *p);

/* A segment also closes before its weight passes this. */
#define SEGMENT_WEIGHT (256 * 1024)

/* Whether a probe joins either kind of batch (batch_plan_runs_batched,
 * batch_plan_rejects_batched) rather than being built alone by its nature. */
int batch_plan_batched(const clc_probe *p);

/* In a run of at least this many probes built alone (whole programs, run
 * alone by their nature), each probe is a segment of its own, apart from
 * the batches around them, so the run is spread over the supervisors. A
 * worker builds a segment's batch at its end, so a batch waiting there kept
 * the whole run with one supervisor: PoCL 5's 32 async-copy programs
 * (behind the address-space batch), each crashing at its first launch,
 * were one supervisor's 34 s while the other 15 had ended. As one segment
 * of their own, NVIDIA's 24 async-copy programs were still one worker's
 * last 3.2 s of builds, one after another. A program alone is the same
 * program in any segment, so this changes no program. */
#define ALONE_RUN_SEGMENT 4

/* Whether a probe joins a batch of run probes (built in one program with a
 * dispatch kernel), rather than being built alone. */
int batch_plan_runs_batched(const clc_probe *p);

/* Whether a probe that must not build (kind build-fail) shares a program
 * with others of its kind (reject_batch.c): only text that cannot disturb
 * the parsing of the kernels after it (balanced brackets, no quotes,
 * comments or preprocessor lines). */
int batch_plan_rejects_batched(const clc_probe *p);

/* Moves the probes of todo[0..n) built alone by their nature (not
 * batch_plan_batched) after those that are batched, each part in its own
 * order, on a device whose policy says so (driver_policy.h lone_last:
 * PoCL, Oclgrind). Between batched probes, a few at a time (the
 * shuffle mask-size probes, three to a vector type), they stay in their
 * batched neighbours' segment, which weighs them by their bytes while each
 * is a build of its own: PoCL 5's 60 mask probes were two workers' last
 * 8-12 s of builds, one after another, on an H200 host. After the batched
 * ones they are one long run, each a segment of its own
 * (ALONE_RUN_SEGMENT), claimed last and spread over every supervisor. A
 * program alone is the same anywhere, and the batched probes' segments
 * weigh only the batched probes. The report keeps suite order. */
void batch_plan_lone_last(const clc_probe_set *set, size_t *todo, size_t n);

/* The segment of each probe of todo[0..n), in order: an array indexed like
 * set->items (probes not in todo get 0), segments numbered from 1 and
 * increasing along todo; NULL when out of memory. batch_max: most probes in
 * one program (--batch). The caller frees it. */
size_t *batch_plan_segments(const clc_probe_set *set, const size_t *todo, size_t n, size_t batch_max);

#endif
