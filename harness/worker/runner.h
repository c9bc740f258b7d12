/* The worker: runs a list of probes on one device and reports each result as
 * a message. It runs in a child process watched by the supervisor
 * (supervise.c), or inline when isolation is off. */
#ifndef CLC_RUNNER_H
#define CLC_RUNNER_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "chunk_pool.h"
#include "enumerate.h"
#include "probe.h"

/* Receives each message; takes ownership of msg. */
typedef void (*clc_emit_fn)(void *ctx, cJSON *msg);

typedef struct {
    const clc_probe_set *set;
    const clc_devref *dev;
    const size_t *todo;          /* probe indices to run, in order */
    size_t n_todo;
    const size_t *batch_cap;     /* per probe index: most probes its program may hold (0: no cap;
                                  * 1: alone); the supervisor halves it after a build crash */
    size_t batch_max;            /* most probes in one program */
    size_t group;                /* most probes behind one dispatch kernel; 0 = per device default */
    const char *extra_options;   /* appended to every build (--build-options); may be NULL */
    const char *cache_dir;       /* program-binary cache folder (bincache.h); NULL: no cache */
    const char *icd_only;        /* when the devref has no icd: load only this .icd file, where the
                                  * platform is number icd_pidx (learnt from an earlier worker) */
    int icd_pidx;
    int no_binaries;             /* keep no binaries in the cache: reading one back killed a worker */
    clc_emit_fn emit;
    void *emit_ctx;
    const size_t *segment;       /* per probe index: its segment (batch_plan.h); a batch closes
                                  * where the segment changes (NULL: no plan) */
    const clc_chunk_pool *pool;  /* after todo, claim chunks from here as pool_owner (NULL: none) */
    int pool_owner;
    const char *gate;            /* the device gate's file (device_gate.h; NULL: none): a kernel
                                  * runs with it shared, a measurement holds it exclusive */
    int measure_alongside;       /* measurements run while other workers build: their worker keeps
                                  * its normal priority (a GPU's host threads spin no core) */
    int start_wait, start_fd;    /* wait, once the device is open, until start_fd ends
                                  * (clc_supervise_opts, supervise.h) */
    const size_t *batch_leader;  /* per probe index (NULL: none): 0, or one more than the index of
                                  * the probe that leads its part of a batch cut after a crash
                                  * (crash_memo.h): a program holds probes of one leader only */
    const char *hung_runs;       /* the memo of probes whose kernel hung (crash_memo_hung_run_path;
                                  * NULL: none): built in their programs as usual, never launched */
    const char *lost_runs;       /* the memo of lost probes (lost_memo.h; NULL: none): the copies
                                  * alone it says crashed are built in their programs as usual,
                                  * never launched */
    const unsigned char *passenger; /* per probe index (NULL: none): recorded already, in todo only so
                                  * that its program forms again whole: built with its batch
                                  * (a probe built alone is not built), never launched */
} clc_worker_job;

/* Messages, one JSON object each, field "t":
 *   {"t":"device", "device":{...}, "platform":{...},   first, once; "icd": the platform's .icd file
 *    "icd":"/etc/OpenCL/vendors/x.icd", "icd_pidx":0}   and its index among that file's platforms
 *   {"t":"fatal", "detail":"...", "error":{...}}        the device cannot be used at all
 *   {"t":"build", "probes":[i,...]}                     a program with these probes is being built
 *   {"t":"build-key", "key":"..."}                      that build's binary-cache key (bincache.h)
 *   {"t":"codegen", "probes":[i,...]}                   a dispatch kernel of these probes is launched
 *                                                       once doing nothing: the driver generates code
 *   {"t":"begin", "i":i, "first":true}                  probe i starts running ("first": its kernel's
 *                                                       first launch, code generation included)
 *   {"t":"prof", "p":{...}}                             phases measured since the last one (profile.h)
 *   {"t":"cache-store"}                                 a program just built has its binary read back
 *                                                       for the cache (before any of its probes runs)
 *   {"t":"cache-stored"}                                ...and kept: the build's phase goes on
 *   {"t":"result", "i":i, "rec":{...}}                  probe i's record
 *   {"t":"done", "builds":N}                            all of todo was handled, and no chunk of the
 *                                                       pool is left to claim
 *   {"t":"retire", "builds":N}                          a kernel failed as it ran and may have
 *                                                       broken the context: replace this worker */
void runner_run(const clc_worker_job *job);

#endif
