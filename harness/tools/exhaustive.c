/* The exhaustive conversion sweep: see exhaustive.h.
 *
 * The parent runs each device in a child process (a driver that dies takes
 * only its device's sweep with it) and watches it with --build-timeout
 * between messages: the child reports after the build and after every
 * launch. The child builds the kernel file once, then for every function
 * launches chunks of inputs; each launch returns two counters and at most
 * the first EX_CAP mismatches, never the inputs or outputs themselves. */
#define CL_TARGET_OPENCL_VERSION 120
#include "exhaustive.h"
#include "json_num.h"

#include <CL/cl.h>
#include <cjson/cJSON.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clerr.h"
#include "exe_dir.h"
#include "proc.h"
#include "report_json.h"

#define EX_CAP 16                     /* mismatches kept per function */
#define EX_CHUNK ((uint64_t)1 << 26)  /* inputs per launch */
#define EX_AUTO_FULL_S 600.0          /* without --exhaustive-stride: every input if that is estimated */
#define EX_AUTO_TARGET_S 60.0         /* ...to take at most this; else a stride that takes about this */
#define EX_CALIBRATE ((uint64_t)1 << 20)

static const char *const int_types[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"};
static const int int_widths[] = {8, 8, 16, 16, 32, 32, 64, 64};
static const char *const roundings[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};

size_t exhaustive_functions(exhaustive_fn *out, size_t max)
{
    size_t n = 0;
    for (int t = 0; t < 8; t++)
        for (int sat = 0; sat < 2; sat++)
            for (int r = 0; r < 5 && n < max; r++, n++) {
                exhaustive_fn *f = &out[n];
                memset(f, 0, sizeof *f);
                snprintf(f->name, sizeof f->name, "convert_%s%s%s(float)", int_types[t], sat ? "_sat" : "",
                         roundings[r]);
                snprintf(f->kernel, sizeof f->kernel, "f2i_%s%s%s", int_types[t], sat ? "_sat" : "", roundings[r]);
                f->width = int_widths[t];
                f->sgn = !(t & 1);
            }
    for (int t = 4; t < 6; t++)
        for (int r = 0; r < 5 && n < max; r++, n++) {
            exhaustive_fn *f = &out[n];
            memset(f, 0, sizeof *f);
            snprintf(f->name, sizeof f->name, "convert_float%s(%s)", roundings[r], int_types[t]);
            snprintf(f->kernel, sizeof f->kernel, "i2f_%s%s", int_types[t], roundings[r]);
            f->to_float = 1;
            f->width = 32;
            f->sgn = t == 4;
        }
    return n;
}

uint64_t exhaustive_inputs(uint32_t stride)
{
    uint64_t all = (uint64_t)1 << 32;
    return stride ? all / stride + (all % stride != 0) : 0;
}

int exhaustive_kernel_path(char *buf, size_t len)
{
    static const char *const rel = "kernels/exhaustive_conversions.cl";
    struct stat st;
    snprintf(buf, len, "harness/%s", rel);
    if (stat(buf, &st) == 0 && S_ISREG(st.st_mode))
        return 0;
    char exe[PATH_MAX / 2];
    if (exe_dir_find(exe, sizeof exe) != 0)
        return -1;
    const char *const where[] = {"%s/harness/%s", "%s/../share/clconform/%s"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(buf, len, where[i], exe, rel);
        if (stat(buf, &st) == 0 && S_ISREG(st.st_mode))
            return 0;
    }
    return -1;
}

/* ---- the child: one device ------------------------------------------------ */

typedef struct {
    const exhaustive_opts *opts;
    const clc_devref *dev;
    const char *kernel_path;
    const exhaustive_fn *fns;
    size_t n_fns;
} ex_job;

typedef struct {
    int fd;
    cl_context ctx;
    cl_command_queue q;
    cl_program prog;
    cl_mem counts, found;
    int ftz, cpu;
} ex_dev;

static void send_fatal(int fd, const char *fmt, const char *a, cl_int err)
{
    char detail[1024];
    snprintf(detail, sizeof detail, fmt, a, clerr_name(err), err);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "fatal");
    cJSON_AddStringToObject(m, "detail", detail);
    proc_send(fd, m);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

static int open_device(const ex_job *j, ex_dev *d)
{
    if (j->dev->icd)
        setenv("OCL_ICD_VENDORS", j->dev->icd, 1);
    cl_platform_id plats[64];
    cl_device_id devs[64], dev;
    cl_uint np = 0, nd = 0;
    cl_int err = clGetPlatformIDs(64, plats, &np);
    if (err != CL_SUCCESS || (cl_uint)j->dev->loader_pidx >= np) {
        send_fatal(d->fd, "%sclGetPlatformIDs: %s (%d)", "", err);
        return -1;
    }
    err = clGetDeviceIDs(plats[j->dev->loader_pidx], CL_DEVICE_TYPE_ALL, 64, devs, &nd);
    if (err != CL_SUCCESS || (cl_uint)j->dev->didx >= nd) {
        send_fatal(d->fd, "%sclGetDeviceIDs: %s (%d)", "", err);
        return -1;
    }
    dev = devs[j->dev->didx];
    cl_device_fp_config fp = 0;
    cl_device_type type = 0;
    char cver[256] = "";
    if ((err = clGetDeviceInfo(dev, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL)) != CL_SUCCESS ||
        (err = clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof type, &type, NULL)) != CL_SUCCESS ||
        (err = clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_VERSION, sizeof cver - 1, cver, NULL)) != CL_SUCCESS) {
        send_fatal(d->fd, "%sclGetDeviceInfo: %s (%d)", "", err);
        return -1;
    }
    d->ftz = !(fp & CL_FP_DENORM);
    d->cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    d->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err != CL_SUCCESS) {
        send_fatal(d->fd, "%sclCreateContext: %s (%d)", "", err);
        return -1;
    }
    d->q = clCreateCommandQueue(d->ctx, dev, 0, &err);
    if (err != CL_SUCCESS) {
        send_fatal(d->fd, "%sclCreateCommandQueue: %s (%d)", "", err);
        return -1;
    }
    char *src = read_text(j->kernel_path);
    if (!src) {
        send_fatal(d->fd, "%s: cannot read the kernel file (%s, %d)", j->kernel_path, CL_INVALID_VALUE);
        return -1;
    }
    const char *s = src;
    d->prog = clCreateProgramWithSource(d->ctx, 1, &s, NULL, &err);
    free(src);
    if (err != CL_SUCCESS) {
        send_fatal(d->fd, "%sclCreateProgramWithSource: %s (%d)", "", err);
        return -1;
    }
    /* The rules checked are OpenCL C 1.2's. */
    const char *opts = strstr(cver, "OpenCL C 1.0") || strstr(cver, "OpenCL C 1.1") ? "" : "-cl-std=CL1.2";
    err = clBuildProgram(d->prog, 1, &dev, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(d->prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        char what[4200];
        snprintf(what, sizeof what, "%s: the kernel file did not build: %.4000s\n", j->kernel_path, log);
        send_fatal(d->fd, "%sclBuildProgram: %s (%d)", what, err);
        return -1;
    }
    d->counts = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, 2 * sizeof(cl_uint), NULL, &err);
    if (err == CL_SUCCESS)
        d->found = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, 3 * EX_CAP * sizeof(cl_ulong), NULL, &err);
    if (err != CL_SUCCESS) {
        send_fatal(d->fd, "%sclCreateBuffer: %s (%d)", "", err);
        return -1;
    }
    return 0;
}

typedef struct {
    uint64_t inputs, unjudged, mismatches;
    cl_ulong first[3 * EX_CAP];
    size_t n_first;
    double seconds;
    cl_int err;
    const char *call;
} fn_result;

/* One launch: inputs offset + k * stride, k < n. Adds to r. */
static int launch(ex_dev *d, cl_kernel k, uint32_t offset, uint32_t stride, uint32_t n, fn_result *r)
{
    cl_uint per_item = d->cpu ? 256 : 64, ftz = (cl_uint)d->ftz, cap = EX_CAP, zero[2] = {0, 0};
    size_t global = (n + per_item - 1) / per_item;
    cl_int err = clEnqueueWriteBuffer(d->q, d->counts, CL_FALSE, 0, sizeof zero, zero, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return r->call = "clEnqueueWriteBuffer", r->err = err, -1;
    cl_uint a = 0;
    err |= clSetKernelArg(k, a++, sizeof offset, &offset);
    err |= clSetKernelArg(k, a++, sizeof stride, &stride);
    err |= clSetKernelArg(k, a++, sizeof n, &n);
    err |= clSetKernelArg(k, a++, sizeof per_item, &per_item);
    err |= clSetKernelArg(k, a++, sizeof ftz, &ftz);
    err |= clSetKernelArg(k, a++, sizeof d->counts, &d->counts);
    err |= clSetKernelArg(k, a++, sizeof d->found, &d->found);
    err |= clSetKernelArg(k, a++, sizeof cap, &cap);
    if (err != CL_SUCCESS)
        return r->call = "clSetKernelArg", r->err = err, -1;
    if (global == 0)
        global = 1; /* n = 0: a launch that only generates code */
    err = clEnqueueNDRangeKernel(d->q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return r->call = "clEnqueueNDRangeKernel", r->err = err, -1;
    cl_uint counts[2];
    err = clEnqueueReadBuffer(d->q, d->counts, CL_TRUE, 0, sizeof counts, counts, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return r->call = "clEnqueueReadBuffer", r->err = err, -1;
    if (counts[0] && r->n_first < EX_CAP) {
        cl_ulong found[3 * EX_CAP];
        size_t got = counts[0] < EX_CAP ? counts[0] : EX_CAP;
        err = clEnqueueReadBuffer(d->q, d->found, CL_TRUE, 0, 3 * got * sizeof(cl_ulong), found, 0, NULL, NULL);
        if (err != CL_SUCCESS)
            return r->call = "clEnqueueReadBuffer", r->err = err, -1;
        for (size_t i = 0; i < got && r->n_first < EX_CAP; i++, r->n_first++)
            memcpy(&r->first[3 * r->n_first], &found[3 * i], 3 * sizeof(cl_ulong));
    }
    r->inputs += n;
    r->mismatches += counts[0];
    r->unjudged += counts[1];
    return 0;
}

static void send_progress(int fd)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "progress");
    proc_send(fd, m);
}

/* The stride when none was given: every input if the whole sweep is
 * estimated to take at most EX_AUTO_FULL_S, else an odd stride that brings
 * it to about EX_AUTO_TARGET_S. The estimate is one timed launch. */
static uint32_t auto_stride(ex_dev *d, cl_kernel k, size_t n_fns)
{
    fn_result r;
    memset(&r, 0, sizeof r);
    launch(d, k, 0, 1, 0, &r); /* code generation, not timed */
    double t0 = proc_now();
    if (launch(d, k, 0, 4099, (uint32_t)EX_CALIBRATE, &r) != 0)
        return 4099;
    double per_input = (proc_now() - t0) / (double)EX_CALIBRATE;
    double full = per_input * 4294967296.0 * (double)n_fns;
    if (full <= EX_AUTO_FULL_S)
        return 1;
    double s = full / EX_AUTO_TARGET_S;
    uint32_t stride = s > 4e9 ? 4000000001u : (uint32_t)s;
    return stride | 1;
}

static void ex_main(int fd, void *arg)
{
    const ex_job *j = arg;
    ex_dev d;
    memset(&d, 0, sizeof d);
    d.fd = fd;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "build");
    proc_send(fd, m);
    if (open_device(j, &d) != 0)
        return;
    uint32_t stride = (uint32_t)j->opts->stride;
    const char *why = "--exhaustive-stride";
    if (!stride) {
        cl_int err;
        cl_kernel k = clCreateKernel(d.prog, j->fns[0].kernel, &err);
        stride = err == CL_SUCCESS ? auto_stride(&d, k, j->n_fns) : 4099;
        why = stride == 1 ? "every input: the sweep was estimated at most 600 s"
                          : "chosen: the full sweep was estimated over 600 s (one timed launch)";
        if (k)
            clReleaseKernel(k);
    }
    m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "ready");
    cJSON_AddNumberToObject(m, "stride", stride);
    cJSON_AddStringToObject(m, "stride_reason", why);
    cJSON_AddBoolToObject(m, "ftz", d.ftz);
    proc_send(fd, m);
    uint64_t total = exhaustive_inputs(stride);
    for (size_t f = 0; f < j->n_fns; f++) {
        fn_result r;
        memset(&r, 0, sizeof r);
        cl_kernel k = clCreateKernel(d.prog, j->fns[f].kernel, &r.err);
        if (r.err != CL_SUCCESS)
            r.call = "clCreateKernel";
        else
            launch(&d, k, 0, 1, 0, &r); /* code generation first: not in the throughput */
        send_progress(fd);
        double t0 = proc_now();
        for (uint64_t done = 0; !r.call && done < total; done += EX_CHUNK) {
            uint64_t n = total - done < EX_CHUNK ? total - done : EX_CHUNK;
            if (launch(&d, k, (uint32_t)(done * stride), stride, (uint32_t)n, &r) != 0)
                break;
            send_progress(fd);
        }
        r.seconds = proc_now() - t0;
        if (k)
            clReleaseKernel(k);
        m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "t", "result");
        cJSON_AddNumberToObject(m, "i", (double)f);
        cJSON_AddNumberToObject(m, "inputs", (double)r.inputs);
        cJSON_AddNumberToObject(m, "unjudged", (double)r.unjudged);
        cJSON_AddNumberToObject(m, "mismatches", (double)r.mismatches);
        cJSON_AddNumberToObject(m, "seconds", r.seconds);
        /* 64-bit results do not fit a JSON number exactly: they travel as hex. */
        cJSON *first = cJSON_CreateArray();
        for (size_t i = 0; i < 3 * r.n_first; i++) {
            char hex[24];
            snprintf(hex, sizeof hex, "0x%" PRIx64, (uint64_t)r.first[i]);
            cJSON_AddItemToArray(first, cJSON_CreateString(hex));
        }
        cJSON_AddItemToObject(m, "first", first);
        if (r.call) {
            cJSON_AddStringToObject(m, "call", r.call);
            cJSON_AddStringToObject(m, "error", clerr_name(r.err));
        }
        proc_send(fd, m);
    }
    m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "done");
    proc_send(fd, m);
    clReleaseMemObject(d.counts);
    clReleaseMemObject(d.found);
    clReleaseProgram(d.prog);
    clReleaseCommandQueue(d.q);
    clReleaseContext(d.ctx);
}

/* ---- the parent: watching, printing, the report --------------------------------- */

/* A value of the function's result type from its bits, for people. */
static void format_result(const exhaustive_fn *f, uint64_t bits, char *buf, size_t len)
{
    if (f->to_float) {
        uint32_t b = (uint32_t)bits;
        float v;
        memcpy(&v, &b, sizeof v);
        snprintf(buf, len, "0x%08" PRIx32 " (%a)", b, (double)v);
    } else if (f->sgn) {
        int64_t v = f->width == 64 ? (int64_t)bits
                                   : (int64_t)(bits << (64 - f->width)) >> (64 - f->width);
        snprintf(buf, len, "%" PRId64, v);
    } else {
        snprintf(buf, len, "%" PRIu64, bits);
    }
}

static void format_input(const exhaustive_fn *f, uint32_t u, char *buf, size_t len)
{
    if (f->to_float) {
        if (f->sgn)
            snprintf(buf, len, "%" PRId32, (int32_t)u);
        else
            snprintf(buf, len, "%" PRIu32, u);
    } else {
        float v;
        memcpy(&v, &u, sizeof v);
        snprintf(buf, len, "0x%08" PRIx32 " (%a)", u, (double)v);
    }
}

static cJSON *function_json(const exhaustive_fn *f, const cJSON *res)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "function", f->name);
    const char *const nums[] = {"inputs", "unjudged", "mismatches", "seconds"};
    for (size_t i = 0; i < 4; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(res, nums[i]);
        cJSON_AddNumberToObject(o, nums[i], cJSON_IsNumber(v) ? v->valuedouble : 0);
    }
    double in = cJSON_GetObjectItemCaseSensitive(o, "inputs")->valuedouble;
    double s = cJSON_GetObjectItemCaseSensitive(o, "seconds")->valuedouble;
    cJSON_AddNumberToObject(o, "inputs_per_s", s > 0 ? in / s : 0);
    cJSON *first = cJSON_CreateArray();
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(res, "first");
    int n = cJSON_GetArraySize(arr);
    for (int i = 0; i + 2 < n; i += 3) {
        uint64_t v[3];
        for (int k = 0; k < 3; k++) {
            const cJSON *x = cJSON_GetArrayItem(arr, i + k);
            v[k] = cJSON_IsString(x) ? strtoull(x->valuestring, NULL, 16) : 0;
        }
        char a[64], b[64], c[64];
        format_input(f, (uint32_t)v[0], a, sizeof a);
        format_result(f, v[1], b, sizeof b);
        format_result(f, v[2], c, sizeof c);
        cJSON *mm = cJSON_CreateObject();
        cJSON_AddStringToObject(mm, "input", a);
        cJSON_AddStringToObject(mm, "actual", b);
        cJSON_AddStringToObject(mm, "expected", c);
        cJSON_AddItemToArray(first, mm);
    }
    cJSON_AddItemToObject(o, "first_mismatches", first);
    const cJSON *call = cJSON_GetObjectItemCaseSensitive(res, "call");
    if (cJSON_IsString(call)) {
        char e[160];
        snprintf(e, sizeof e, "%s: %s", call->valuestring,
                 cJSON_GetObjectItemCaseSensitive(res, "error")->valuestring);
        cJSON_AddStringToObject(o, "error", e);
    }
    return o;
}

/* Runs one device. Returns 0 when every function ran and matched, 1 otherwise. */
static int run_device(const exhaustive_opts *opts, const clc_devref *dev, const char *kernel_path,
                      const exhaustive_fn *fns, size_t n_fns)
{
    ex_job j = {opts, dev, kernel_path, fns, n_fns};
    clc_child c;
    double t0 = proc_now();
    cJSON *doc = cJSON_CreateObject(), *out = cJSON_CreateArray();
    cJSON_AddStringToObject(doc, "kind", "clconform-exhaustive");
    cJSON_AddStringToObject(doc, "family", "conversions");
    cJSON_AddStringToObject(doc, "clconform_version", CLC_VERSION);
    cJSON_AddStringToObject(doc, "device_key", dev->key);
    cJSON_AddStringToObject(doc, "platform", dev->platform_name);
    cJSON_AddStringToObject(doc, "device", dev->device_name);
    cJSON_AddStringToObject(doc, "kernel_file", kernel_path);
    int bad = 0, done = 0;
    char fatal[1200] = "";
    if (proc_spawn(&c, ex_main, &j) != 0) {
        snprintf(fatal, sizeof fatal, "could not start a process");
    } else {
        cJSON *m;
        int r;
        while ((r = proc_read_msg(&c, opts->build_timeout_s, NULL, &m)) == 1) {
            const char *t = cJSON_GetObjectItemCaseSensitive(m, "t")->valuestring;
            if (!strcmp(t, "fatal")) {
                snprintf(fatal, sizeof fatal, "%s", cJSON_GetObjectItemCaseSensitive(m, "detail")->valuestring);
            } else if (!strcmp(t, "ready")) {
                /* The worker's stride is a uint32_t of at least 1. */
                double stride = 1;
                json_num_integer(cJSON_GetObjectItemCaseSensitive(m, "stride"), "stride", 1, 4294967295.0,
                                 &stride, NULL, 0);
                cJSON_AddNumberToObject(doc, "stride", stride);
                cJSON_AddStringToObject(doc, "stride_reason",
                                        cJSON_GetObjectItemCaseSensitive(m, "stride_reason")->valuestring);
                cJSON_AddNumberToObject(doc, "inputs_per_function", (double)exhaustive_inputs((uint32_t)stride));
                cJSON_AddBoolToObject(doc, "ftz", cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "ftz")));
                printf("%s: stride %.0f (%s), %" PRIu64 " inputs per function, %zu functions\n", dev->key, stride,
                       cJSON_GetObjectItemCaseSensitive(m, "stride_reason")->valuestring,
                       exhaustive_inputs((uint32_t)stride), n_fns);
                printf("  %-30s %12s %12s %10s %8s %12s\n", "function", "inputs", "unjudged", "mismatches",
                       "seconds", "Minputs/s");
                fflush(stdout);
            } else if (!strcmp(t, "result")) {
                size_t i;
                if (json_num_index(cJSON_GetObjectItemCaseSensitive(m, "i"), "i", n_fns, &i, NULL, 0) == 0) {
                    cJSON *o = function_json(&fns[i], m);
                    double mis = cJSON_GetObjectItemCaseSensitive(o, "mismatches")->valuedouble;
                    const cJSON *err = cJSON_GetObjectItemCaseSensitive(o, "error");
                    bad |= mis > 0 || err != NULL;
                    printf("  %-30s %12.0f %12.0f %10.0f %8.2f %12.1f%s%s\n", fns[i].name,
                           cJSON_GetObjectItemCaseSensitive(o, "inputs")->valuedouble,
                           cJSON_GetObjectItemCaseSensitive(o, "unjudged")->valuedouble, mis,
                           cJSON_GetObjectItemCaseSensitive(o, "seconds")->valuedouble,
                           cJSON_GetObjectItemCaseSensitive(o, "inputs_per_s")->valuedouble / 1e6,
                           err ? "  " : "", err ? err->valuestring : "");
                    const cJSON *mm = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "first_mismatches"), 0);
                    if (mm)
                        printf("      first: %s -> %s, expected %s\n",
                               cJSON_GetObjectItemCaseSensitive(mm, "input")->valuestring,
                               cJSON_GetObjectItemCaseSensitive(mm, "actual")->valuestring,
                               cJSON_GetObjectItemCaseSensitive(mm, "expected")->valuestring);
                    fflush(stdout);
                    cJSON_AddItemToArray(out, o);
                }
            } else if (!strcmp(t, "done")) {
                done = 1;
            }
            cJSON_Delete(m);
            if (done || fatal[0])
                break;
        }
        int status = 0;
        if (r == -1) {
            proc_kill(&c, &status);
            snprintf(fatal, sizeof fatal, "no answer within %.0f s (--build-timeout); the sweep was stopped",
                     opts->build_timeout_s);
        } else {
            proc_reap(&c, &status);
            if (!done && !fatal[0]) {
                char how[64];
                proc_describe_status(status, how, sizeof how);
                snprintf(fatal, sizeof fatal, "the sweep's process died: %s", how);
            }
        }
    }
    cJSON_AddItemToObject(doc, "functions", out);
    cJSON_AddNumberToObject(doc, "wall_s", proc_now() - t0);
    if (fatal[0]) {
        cJSON_AddStringToObject(doc, "error", fatal);
        printf("%s: %s\n", dev->key, fatal);
        bad = 1;
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s.exhaustive.json", opts->out_dir, dev->key);
    if (report_write_json(doc, path, stderr) == 0 && !opts->quiet)
        fprintf(stderr, "clconform: %s: exhaustive conversions, %.1f s -> %s\n", dev->key, proc_now() - t0, path);
    cJSON_Delete(doc);
    return bad;
}

exhaustive_result exhaustive_run(const exhaustive_opts *opts, const clc_devref *const *devs, size_t n)
{
    char kernel_path[PATH_MAX];
    if (exhaustive_kernel_path(kernel_path, sizeof kernel_path) != 0) {
        fprintf(stderr, "clconform: harness/kernels/exhaustive_conversions.cl not found (here, beside the "
                        "executable, or in share/clconform)\n");
        return EXHAUSTIVE_NO_KERNEL;
    }
    exhaustive_fn all[128], fns[128];
    size_t n_all = exhaustive_functions(all, 128), n_fns = 0;
    for (size_t i = 0; i < n_all; i++) {
        int take = opts->n_filters == 0;
        for (size_t k = 0; k < opts->n_filters && !take; k++)
            take = fnmatch(opts->filters[k], all[i].name, 0) == 0;
        if (take)
            fns[n_fns++] = all[i];
    }
    if (n_fns == 0) {
        fprintf(stderr, "clconform: no conversion function matches --filter (names like "
                        "'convert_int_sat_rte(float)', 'convert_float_rtp(uint)')\n");
        return EXHAUSTIVE_NO_FUNCTION;
    }
    int bad = 0;
    for (size_t i = 0; i < n; i++)
        bad |= run_device(opts, devs[i], kernel_path, fns, n_fns);
    return bad ? EXHAUSTIVE_MISMATCHED : EXHAUSTIVE_MATCHED;
}
