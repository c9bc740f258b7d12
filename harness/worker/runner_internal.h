/* Internals shared by the worker's modules. Each depends only on those
 * below it, so they form no cycle:
 *   runner.c        runs the probes (runner.h)
 *   reject_batch.c  batches the probes that must not build
 *   runner_build.c  builds a program, through the binary cache
 *   worker_io.c     messages to the supervisor, records, text buffers
 * Not for other modules: they talk to a worker through runner.h messages. */
#ifndef CLC_RUNNER_INTERNAL_H
#define CLC_RUNNER_INTERNAL_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "clenv.h"
#include "probe.h"
#include "profile.h"
#include "record.h"
#include "runner.h"

typedef struct worker {
    const clc_worker_job *job;
    clc_clenv env;
    cJSON *device;      /* device object, for capabilities */
    char options[1024]; /* base options + extra */
    size_t group;
    size_t group_bytes; /* a dispatch kernel closes before its bodies pass this (0: no budget) */
    int weigh_unrolled; /* a body weighs its bytes times its loops' constant trip count (group_weight.h) */
    int launch_compiles; /* no warm-up launch: the first probe's launch generates the code (driver_policy.h) */
    int serial_launches; /* a kernel runs holding the device gate alone (driver_policy.h) */
    int by_geometry;    /* a dispatch kernel holds probes of one launch geometry (driver_policy.h) */
    size_t builds;
    /* A kernel failed while executing: some drivers (NVIDIA after a bad
     * memory access) then fail every later call of the context. The worker
     * stops and is replaced, so the failure costs that probe only. */
    int poisoned;
    cl_mem dummy;       /* bound to dispatch parameters a probe does not use */
    char identity[8192]; /* platform, device, driver and its environment: part of every cache key */
    clc_profile prof;   /* phases since the last "prof" message */
    int binaries_off;   /* keeps no binaries: the driver's policy, or a death reading one (runner_build.c) */
    int gate_fd;        /* the device gate (device_gate.h), opened at first use; -1: none */
    int launch_held;    /* the gate is held from one launch to the next (runner.c launch_gate_out) */
    double launch_held_since;
    int gate_overlapped; /* its first measurement waited for a waiter (CLCONFORM_TEST_GATE_OVERLAP) */
    size_t building_n;  /* probes in the program being built (worker_emit_build_start) */
    char building_what[300]; /* its first probe and count, for the timeline's build span */
    cJSON *history;     /* env.measure_history, owned */
    unsigned char *hung_run; /* per probe of the set: its kernel hung before (job->hung_runs); NULL: none */
    int *lost_alone;    /* per probe of the set: a copy alone's remembered crash (job->lost_runs, a
                         * signal) or LOST_NONE; NULL: none */
    /* Builds (and runs) one probe in a program of its own: runner.c's, handed
     * down so that reject_batch.c can fall back on it without calling up. */
    void (*run_alone)(struct worker *w, size_t idx);
} worker;

/* A growing string. */
typedef struct {
    char *text;
    size_t len, cap;
} strbuf;

/* Appends printf-style text to b (on allocation failure, appends nothing). */
void sb_add(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The outcome of one clCreateProgramWithSource + clBuildProgram. */
typedef struct {
    cl_program prog;   /* NULL when the build failed */
    cl_int err;        /* the failing call's code */
    const char *call;  /* the failing call */
    char *log;
    double ms;
    int cached;        /* from the program-binary cache */
    int crash_signal;  /* the cache remembers this lone program's build killing a worker: the signal */
} build_result;

/* Builds src with options, through the binary cache when the job has one
 * (runner_build.c); fills r (r->prog NULL on failure, with the call and
 * code). A program built from source is kept in the cache at once, before
 * its probes run. Counts the build and its time in w->prof. */
void worker_build(worker *w, const char *src, const char *options, build_result *r);
void build_result_free(build_result *r);
/* Sets w->identity from w->device and the platform object (devinfo.h). */
void worker_set_identity(worker *w, const cJSON *platform);
/* Sends the phases measured since the last call ({"t":"prof"}) and clears them. */
void worker_flush_profile(worker *w);

/* Messages to the supervisor (see runner.h). */
void worker_emit(worker *w, cJSON *msg);
cJSON *worker_msg(const char *t);
/* Sends probe i's record ({"t":"result"}), with its reproducer when its
 * verdict wants one: the record becomes JSON here, and rec is cleared. */
void worker_emit_result(worker *w, size_t i, clc_record *rec);
void worker_emit_build_start(worker *w, const size_t *idx, size_t n);
/* {"t":type, "probes":[...]}: "build" or "codegen" of these probes begins. */
void worker_emit_phase(worker *w, const char *type, const size_t *idx, size_t n);

/* The build options of probe p on this device. */
void worker_probe_options(const worker *w, const clc_probe *p, char *buf, size_t len);
/* Starts rec (record_start) with build time, batch size and options. */
void worker_new_record(const worker *w, clc_record *rec, const clc_probe *p, double build_ms, size_t batch,
                       const char *options);
/* Drops the reproducer fields from a passing record (report size). */
void worker_trim_passing(clc_record *rec);

/* Probes that must not build, many per program: see reject_batch.c. */
void reject_batch_run(worker *w, const size_t *idx, size_t n, const char *options);

/* How many of a GPU's workers make their context at once (runner.c,
 * open_device). */
#define RUNNER_CONTEXTS_AT_ONCE 4

#endif
