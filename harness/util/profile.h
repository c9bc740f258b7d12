/* Where a device run's time goes: one sum of milliseconds and one count per
 * phase. The worker measures its phases and sends the sums as messages; the
 * supervisor adds them up, adds its own (worker start-up, report), and the
 * report's run section carries the result (docs/report-schema.md). The
 * names are the report's keys, so keep them stable. */
#ifndef CLC_PROFILE_H
#define CLC_PROFILE_H

#include <stddef.h>
#include <cjson/cJSON.h>

typedef enum {
    PROF_BUILD,        /* clCreateProgramWithSource + clBuildProgram: the front end */
    PROF_CACHE_LOAD,   /* a program from the binary cache: read, create with binary, build */
    PROF_CACHE_STORE,  /* CL_PROGRAM_BINARIES read back and written to the cache */
    PROF_CACHE_REJECTED, /* a damaged entry, or a binary the driver refused: time lost before
                          * the source build (counted in build) */
    PROF_CODEGEN,      /* first launch of a dispatch kernel, doing nothing: code generation */
    PROF_FIRST_LAUNCH, /* first launch of a kernel that could not be warmed: code generation + run */
    PROF_KERNELS,      /* clCreateKernel, and releasing kernels and programs */
    PROF_EXEC,         /* a probe's kernel: enqueue to finish */
    PROF_BUFFERS,      /* a probe's buffers: create, read back, release */
    PROF_RECORD,       /* a run probe's record: judging, the record and its message */
    PROF_MEASURE,      /* measurement probes (kind measure) as a whole, deliberate deadlocks
                        * that end in the watchdog included */
    PROF_LOST,         /* phases that ended with the worker killed or dead: hung kernels
                        * (the watchdog's wait), crashes, and the worker start-up they cost */
    PROF_WORKER_START, /* a worker process: fork to device opened (platform, context) */
    PROF_WORKER_EXIT,  /* a finished worker: its last message to its exit (driver teardown) */
    PROF_REPORT,       /* the report document assembled (serialising it is not counted) */
    PROF_GATE_WAIT,    /* a kernel waiting at the device gate while a measurement had the
                        * device to itself, or a measurement waiting for the kernels inside
                        * (device_gate.h) */
    PROF_COUNT
} clc_prof_phase;

typedef struct {
    double ms[PROF_COUNT];
    size_t count[PROF_COUNT];
} clc_profile;

/* The key of a phase in the report ("build", "cache_load", ...). */
const char *profile_phase_name(clc_prof_phase ph);

void profile_add(clc_profile *p, clc_prof_phase ph, double ms);

/* The same, with a detail for the timeline's span (the probes it was for). */
void profile_add_detail(clc_profile *p, clc_prof_phase ph, double ms, const char *detail);

/* p += q. */
void profile_merge(clc_profile *p, const clc_profile *q);

/* {"build": {"ms": 12.5, "count": 3}, ...}: every phase, zeros included. */
cJSON *profile_to_json(const clc_profile *p);

/* Adds the phases found in o (as profile_to_json writes them) to p; unknown
 * keys are ignored. */
void profile_add_json(clc_profile *p, const cJSON *o);

/* Sum of every phase's milliseconds. */
double profile_total_ms(const clc_profile *p);

#endif
