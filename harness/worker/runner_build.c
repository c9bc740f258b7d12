/* The worker's builds: from source, or from the program-binary cache
 * (bincache.h) when the same source was built with the same options on the
 * same driver before.
 *
 * A cached binary is only ever a shortcut: if the driver rejects it
 * (clCreateProgramWithBinary or clBuildProgram fails on it), the entry is
 * removed and the program is built from source, as without a cache. A
 * failed build is cached too (its code and log), because most of a suite's
 * failed builds are the probes that must not compile, and they fail again
 * identically on the same driver; only the two codes a build of valid
 * arguments can return for the source itself are kept
 * (CL_BUILD_PROGRAM_FAILURE, CL_INVALID_BUILD_OPTIONS), never resource
 * errors. */
#include "runner_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bincache.h"
#include "build_options.h"
#include "proc.h"
#include "text_cap.h"

static char *build_log(cl_program prog, cl_device_id dev)
{
    size_t size = 0;
    if (clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size) != CL_SUCCESS)
        return strdup("(clGetProgramBuildInfo failed: no build log)");
    char *log = calloc(1, size + 1);
    if (log && clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL) != CL_SUCCESS)
        log[0] = '\0';
    return log ? text_cap(log, strlen(log), CLC_LOG_HEAD, CLC_LOG_TAIL) : NULL;
}

static const char *field(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* Environment variables that can change what a driver's compiler does
 * (options, features, debug switches): their values are part of every
 * cache key. Cache locations are left out: they change nothing built. */
static const char *const env_prefixes[] = {"POCL_", "RUSTICL_", "MESA_", "LP_", "GALLIUM_", "NIR_",
                                           "OCLGRIND_", "CUDA_", "NVIDIA_", "__GL_", "AMD_", "HSA_",
                                           "ROC", "GPU_", "IGC_", "NEO_", "INTEL_", "CL_", NULL};
extern char **environ;

static void add_driver_env(char *buf, size_t len)
{
    size_t n = strlen(buf);
    for (char **e = environ; e && *e && n + 1 < len; e++) {
        int take = 0;
        for (size_t p = 0; env_prefixes[p] && !take; p++)
            take = strncmp(*e, env_prefixes[p], strlen(env_prefixes[p])) == 0;
        const char *eq = strchr(*e, '=');
        char name[256];
        if (!take || !eq || (size_t)(eq - *e) >= sizeof name)
            continue;
        memcpy(name, *e, (size_t)(eq - *e));
        name[eq - *e] = '\0';
        if (strstr(name, "CACHE"))
            continue;
        int k = snprintf(buf + n, len - n, "env %s\n", *e);
        if (k < 0 || (size_t)k >= len - n)
            break;
        n += (size_t)k;
    }
}

void worker_set_identity(worker *w, const cJSON *platform)
{
    snprintf(w->identity, sizeof w->identity,
             "clconform %s\nplatform %s\nplatform_version %s\ndevice %s\nvendor %s\nversion %s\n"
             "driver_version %s\nopencl_c_version %s\n",
             CLC_VERSION, field(platform, "name"), field(platform, "version"), field(w->device, "name"),
             field(w->device, "vendor"), field(w->device, "version"), field(w->device, "driver_version"),
             field(w->device, "opencl_c_version"));
    add_driver_env(w->identity, sizeof w->identity);
}

/* Reads the device binary of a built program. Returns 0 with *bin (caller
 * frees), or -1. */
static int program_binary(cl_program prog, unsigned char **bin, size_t *len)
{
    cl_uint n = 0;
    *bin = NULL;
    *len = 0;
    if (clGetProgramInfo(prog, CL_PROGRAM_NUM_DEVICES, sizeof n, &n, NULL) != CL_SUCCESS || n != 1)
        return -1;
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof *len, len, NULL) != CL_SUCCESS || *len == 0)
        return -1;
    *bin = malloc(*len);
    if (!*bin)
        return -1;
    if (clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof *bin, bin, NULL) != CL_SUCCESS) {
        free(*bin);
        *bin = NULL;
        return -1;
    }
    return 0;
}

/* Tries the cached entry of key. Returns 1 when r is filled from it, 0 when
 * there is none or the driver rejected it (then built from source). */
static int build_from_cache(worker *w, const char *key, const char *options, build_result *r, double t0)
{
    bincache_entry e;
    int got = bincache_load(w->job->cache_dir, key, &e);
    if (got == 0)
        return 0;
    if (got < 0) {
        profile_add(&w->prof, PROF_CACHE_REJECTED, (proc_now() - t0) * 1e3);
        return 0;
    }
    /* Only a program of one probe is remembered as a crash (supervise.c); a
     * batch that meets such an entry builds from source, and its crash is
     * bisected as any other. */
    if (e.built == BINCACHE_CRASHED && w->building_n != 1) {
        bincache_entry_free(&e);
        return 0;
    }
    if (e.built != 1) { /* a failed build, or a crashed one: its code or signal, and its log */
        if (e.built == BINCACHE_CRASHED)
            r->crash_signal = e.err > 0 ? e.err : SIGSEGV;
        else
            r->err = e.err;
        r->call = "clBuildProgram";
        r->log = e.log;
        e.log = NULL;
        r->cached = 1;
        bincache_entry_free(&e);
        return 1;
    }
    const unsigned char *bin = e.bin;
    cl_int status = CL_SUCCESS, err;
    cl_program prog = clCreateProgramWithBinary(w->env.context, 1, &w->env.device, &e.bin_len, &bin, &status, &err);
    if (err == CL_SUCCESS && status == CL_SUCCESS)
        err = clBuildProgram(prog, 1, &w->env.device, options, NULL, NULL);
    else if (err == CL_SUCCESS)
        err = status;
    if (err != CL_SUCCESS) {
        if (prog)
            clReleaseProgram(prog);
        bincache_entry_free(&e);
        bincache_remove(w->job->cache_dir, key);
        profile_add(&w->prof, PROF_CACHE_REJECTED, (proc_now() - t0) * 1e3);
        return 0;
    }
    r->prog = prog;
    r->log = e.log; /* the source build's log: the warnings a binary build would not repeat */
    e.log = NULL;
    r->cached = 1;
    bincache_entry_free(&e);
    return 1;
}

/* Keeps the outcome of a source build: a failure always (nothing to read
 * back), a binary unless the driver's policy says its binaries cost more
 * than they save (PoCL, runner.c). Not decided by how long reading them
 * took: a worker that stopped keeping binaries once reading them had cost
 * more than half its builds made what a run kept depend on the machine's
 * load at the moment (one read delayed by the scheduler early in a
 * worker's life stopped it for good), and the next run missed them. */
static void store_in_cache(worker *w, const char *key, const build_result *r)
{
    double t0 = proc_now();
    bincache_entry e = {0};
    e.log = r->log ? r->log : "";
    if (r->prog) {
        if (w->binaries_off || program_binary(r->prog, &e.bin, &e.bin_len) != 0)
            return; /* this driver gives no binary, or not cheaply: nothing to keep */
        e.built = 1;
    } else {
        e.err = r->err;
    }
    bincache_store(w->job->cache_dir, key, &e);
    free(e.bin);
    profile_add(&w->prof, PROF_CACHE_STORE, (proc_now() - t0) * 1e3);
}

void worker_build(worker *w, const char *src, const char *options, build_result *r)
{
    memset(r, 0, sizeof *r);
    double t0 = proc_now();
    w->builds++;
    char key[BINCACHE_KEY_LEN + 1];
    /* A build reading headers (-I) is keyed by more than its source: not cached. */
    const int cached = w->job->cache_dir != NULL && !build_options_reads_headers(options);
    if (cached) {
        bincache_key(w->identity, options, src, key);
        if (build_from_cache(w, key, options, r, t0)) {
            r->ms = (proc_now() - t0) * 1e3;
            profile_add_detail(&w->prof, PROF_CACHE_LOAD, r->ms, w->building_what);
            return;
        }
        t0 = proc_now();
        if (w->building_n == 1) {
            /* The supervisor remembers this key if the build kills us. */
            cJSON *m = worker_msg("build-key");
            cJSON_AddStringToObject(m, "key", key);
            worker_emit(w, m);
        }
    }
    cl_int err;
    cl_program prog = clCreateProgramWithSource(w->env.context, 1, &src, NULL, &err);
    if (err != CL_SUCCESS) {
        r->err = err;
        r->call = "clCreateProgramWithSource";
        r->ms = (proc_now() - t0) * 1e3;
        return;
    }
    err = clBuildProgram(prog, 1, &w->env.device, options, NULL, NULL);
    r->log = build_log(prog, w->env.device);
    r->ms = (proc_now() - t0) * 1e3;
    profile_add_detail(&w->prof, PROF_BUILD, r->ms, w->building_what);
    if (err != CL_SUCCESS) {
        r->err = err;
        r->call = "clBuildProgram";
        clReleaseProgram(prog);
        if (cached && (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS))
            store_in_cache(w, key, r);
        return;
    }
    r->prog = prog;
    /* Kept at once, before any of its probes runs: a probe that then hangs
     * or crashes the worker, under a watchdog that load or a cold driver
     * cache made too short, or one remembered as a hang and not run again,
     * must not cost the next run this program (it forms the same one). The
     * supervisor hears where a driver dying here died ("cache-store"), and
     * blames no probe for it (supervise.c). */
    if (cached && !w->binaries_off) {
        worker_emit(w, worker_msg("cache-store"));
        store_in_cache(w, key, r);
        worker_emit(w, worker_msg("cache-stored"));
        worker_flush_profile(w);
    }
}

void build_result_free(build_result *r)
{
    if (r->prog)
        clReleaseProgram(r->prog);
    free(r->log);
    memset(r, 0, sizeof *r);
}
