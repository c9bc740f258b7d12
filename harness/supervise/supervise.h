/* The supervisor: runs one device's probes in a worker process under a
 * watchdog. A probe whose kernel hangs gets `timeout`, one that kills the
 * worker gets `crash`; the worker is replaced and the rest still run. */
#ifndef CLC_SUPERVISE_H
#define CLC_SUPERVISE_H

#include <signal.h>
#include <stddef.h>
#include <cjson/cJSON.h>

#include "record.h"
#include "enumerate.h"
#include "chunk_pool.h"
#include "probe.h"
#include "profile.h"

/* Loading a driver and opening its device is not compiling: a short
 * --build-timeout (a test sets 0.2 s) must not make a slow start (PoCL loads
 * LLVM, a cold disk) look like a hung device. Enumeration and a worker's
 * set-up are watched by the larger of --build-timeout and this. */
#define CLC_OPEN_FLOOR_S 60.0

typedef struct {
    const clc_probe_set *set;
    const clc_devref *dev;
    const size_t *todo;          /* probe indices to run, in order */
    size_t n_todo;
    double timeout_s;            /* per-probe watchdog while its kernel runs (a probe's own
                                  * `timeout` wins) */
    double build_timeout_s;      /* watchdog for one program build, and for one kernel's code
                                  * generation at its first launch; opening the device gets
                                  * at least CLC_OPEN_FLOOR_S */
    size_t batch_max, group;     /* see runner.h */
    const char *extra_options;
    const char *cache_dir;       /* program-binary cache (bincache.h); NULL: none */
    int isolate;                 /* 1: worker in a child process; 0: in this process, no watchdog */
    volatile sig_atomic_t *stop; /* set by a signal handler: stop, keep what was measured */
    /* Called whenever a probe gets its record (may be NULL): probes with a
     * record so far, and how many of those are unexpected (verdict.h). */
    void (*on_record)(void *ctx, size_t done, size_t unexpected);
    void *on_record_ctx;
    /* The platform's own .icd file, learnt by an earlier supervisor of this
     * device (NULL: unknown): its workers load that driver alone. */
    const char *icd_hint;
    int icd_hint_pidx;
    /* Per probe index: its segment (batch_plan.h), where batches close and
     * chunks may begin, so that the run's division never changes a program
     * (NULL: fanout_device plans it). */
    const size_t *segment;
    /* The device's chunks (chunk_pool.h; NULL: none): besides todo, this
     * supervisor answers for every chunk its workers claim as pool_owner,
     * and its workers claim chunks while any is free. */
    const clc_chunk_pool *pool;
    int pool_owner;
    /* Called with each record as it is set (may be NULL), so that a
     * long-lived supervisor can hand records on as they come. */
    void (*on_rec)(void *ctx, size_t i, const clc_record *rec);
    void *on_rec_ctx;
    /* Called (may be NULL) when the last worker has said it is done, before
     * its exit is awaited: a driver's teardown (NVIDIA: 0.1-0.2 s warm, up
     * to 0.9 s cold) launches nothing, and fanout.c starts the waiting
     * measurements then. Its context is on_rec_ctx. */
    void (*on_done)(void *ctx);
    /* 1: the measurements run beside the other chunks from the start, each
     * holding the device gate (device_gate.h) alone; 0: last and alone
     * (fanout.c). --measurements alongside sets it. */
    int measure_alongside;
    /* The device gate's file (NULL: none): workers pass it to run a kernel,
     * measurements hold it alone. Set by fanout_device for its chunks. */
    const char *gate;
    /* The measurement chunk started before the last other chunk ended: its
     * worker opens the device, then waits until start_fd (a pipe's read
     * end) reaches its end, which fanout.c makes happen when every other
     * chunk has ended (a CUDA context, 0.3-0.45 s, is made meanwhile, not
     * after). start_wait 0: no waiting. */
    int start_wait, start_fd;
} clc_supervise_opts;

typedef struct {
    clc_record **recs;           /* per probe index of the set (owned); NULL where not run */
    cJSON *device, *platform;    /* identity objects from the worker (NULL if it never got there) */
    size_t builds;               /* programs built */
    size_t workers;              /* worker processes started */
    int complete;                /* every probe of todo has a record */
    char incomplete_reason[256];
    char fatal[512];             /* why the device could not be used, if so */
    double wall_ms;
    clc_profile profile;         /* where the time went (profile.h) */
    size_t timeouts_retried;     /* run timeouts confirmed by a second run alone (see supervise.c) */
    size_t device_jobs;          /* most supervisors that ran side by side (fanout.h); 0 or 1: one */
    size_t chunks;               /* parts of the probes handed to supervisors one by one (fanout.h) */
    size_t borrowed;             /* supervisors that ran on a core lent by the run (jobserver.h) */
    char icd[4096];              /* the platform's own .icd file, as a worker found it ("" unknown) */
    int icd_pidx;
} clc_device_run;

/* Runs o->todo on o->dev. Fills out (caller frees with supervise_free).
 * Returns 0, or -1 when not even a worker could be started. */
int supervise_device(const clc_supervise_opts *o, clc_device_run *out);

void supervise_free(clc_device_run *run, size_t n_probes);

#endif
