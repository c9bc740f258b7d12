/* The reproducer program that `clconform repro` (harness/tools/repro.c) writes,
 * as the C it is. A generated repro.c is a header comment, the text below
 * up to the `#include "repro_data.h"` line (the prologue), the probe's data
 * section written by repro.c in that line's place, then the rest (the body).
 * scripts/embed_lines.py turns this file into build/gen/repro_template.h at
 * build time; nothing else reads it.
 *
 * The body may use every name the data section defines (MODE, PROBE_ID,
 * KIND, SPEC, WHY, NOTE, PLATFORM_NAME, DEVICE_NAME,
 * FALLBACK_PLATFORM, FALLBACK_DEVICE, BUILD_OPTIONS, KERNEL_NAME, WORK_DIM,
 * GLOBAL_SIZE, LOCAL_SIZE, GLOBAL_OFFSET, OUT_SIZE, OUT_COUNT, OUT_IS_FLOAT,
 * OUT_IS_SIGNED, INPUTS, N_INPUTS, EXPECTED, N_EXPECTED, KERNEL_SOURCE, and
 * REPRO_ULP; when REPRO_ULP is 1 also clconform's value.c and ulp.c, and
 * ULP_TYPE, ULP_BOUND, ULP_FTZ, ULP_REFS, ULP_REF_TEXT, N_ULP_REFS) and must
 * use each of them whatever the MODE: the output must compile without a
 * warning under `cc -std=c99 -Wall -Wextra`, where an unused static const
 * warns. tests/unit/test_repro.c compiles generated output that way, and
 * tests/e2e/test_repro_template.sh compiles this file on its own, with the
 * sample data section tests/fixtures/repro/repro_data.h. */
/* ---- the reproducer's text starts below ---- */
#define CL_TARGET_OPENCL_VERSION 120
#ifdef __APPLE__
#include <OpenCL/cl.h>
#else
#include <CL/cl.h>
#endif
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What this reproducer checks, chosen from the probe's kind. */
enum mode {
    MODE_BUILD_MUST_FAIL, /* kind build-fail: the spec says the source is invalid */
    MODE_BUILD_ONLY,      /* kind build-ok: the spec says the source is valid */
    MODE_RUN_COMPARE,     /* kind run: build, run, compare out with the spec's values */
    MODE_RUN_ULP,         /* kind run with expect_ulp: the same, judged in ulp as clconform does */
    MODE_RUN_PRINT        /* impl-defined, measure: build, run, print out (not judged) */
};

/* One input buffer, or a by-value argument (by_value 1: its elem_size *
 * count bytes go to clSetKernelArg as they are): the kernel parameter before
 * out of the same position. */
struct input {
    const char *name;
    const char *type;
    const void *data;
    size_t elem_size;
    size_t count;
    int by_value;
};

/* One expected element of out: any of n_alts bit patterns passes; n_alts 0
 * means not judged ('*'); bit i of any_nan: alternative i is any NaN. */
struct expect {
    unsigned n_alts;
    unsigned any_nan;
    uint64_t alts[4];
    const char *text; /* as the probe file writes it */
};
#include "repro_data.h" /* clconform writes the probe's data here */

static const char *cl_error_name(cl_int code)
{
    switch (code) {
#define NAME(c) case c: return #c;
    NAME(CL_SUCCESS) NAME(CL_DEVICE_NOT_FOUND) NAME(CL_DEVICE_NOT_AVAILABLE)
    NAME(CL_COMPILER_NOT_AVAILABLE) NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    NAME(CL_OUT_OF_RESOURCES) NAME(CL_OUT_OF_HOST_MEMORY)
    NAME(CL_PROFILING_INFO_NOT_AVAILABLE) NAME(CL_MEM_COPY_OVERLAP)
    NAME(CL_IMAGE_FORMAT_MISMATCH) NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    NAME(CL_BUILD_PROGRAM_FAILURE) NAME(CL_MAP_FAILURE)
    NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET) NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    NAME(CL_COMPILE_PROGRAM_FAILURE) NAME(CL_LINKER_NOT_AVAILABLE)
    NAME(CL_LINK_PROGRAM_FAILURE) NAME(CL_DEVICE_PARTITION_FAILED)
    NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE) NAME(CL_INVALID_VALUE)
    NAME(CL_INVALID_DEVICE_TYPE) NAME(CL_INVALID_PLATFORM) NAME(CL_INVALID_DEVICE)
    NAME(CL_INVALID_CONTEXT) NAME(CL_INVALID_QUEUE_PROPERTIES)
    NAME(CL_INVALID_COMMAND_QUEUE) NAME(CL_INVALID_HOST_PTR) NAME(CL_INVALID_MEM_OBJECT)
    NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) NAME(CL_INVALID_IMAGE_SIZE)
    NAME(CL_INVALID_SAMPLER) NAME(CL_INVALID_BINARY) NAME(CL_INVALID_BUILD_OPTIONS)
    NAME(CL_INVALID_PROGRAM) NAME(CL_INVALID_PROGRAM_EXECUTABLE)
    NAME(CL_INVALID_KERNEL_NAME) NAME(CL_INVALID_KERNEL_DEFINITION) NAME(CL_INVALID_KERNEL)
    NAME(CL_INVALID_ARG_INDEX) NAME(CL_INVALID_ARG_VALUE) NAME(CL_INVALID_ARG_SIZE)
    NAME(CL_INVALID_KERNEL_ARGS) NAME(CL_INVALID_WORK_DIMENSION)
    NAME(CL_INVALID_WORK_GROUP_SIZE) NAME(CL_INVALID_WORK_ITEM_SIZE)
    NAME(CL_INVALID_GLOBAL_OFFSET) NAME(CL_INVALID_EVENT_WAIT_LIST) NAME(CL_INVALID_EVENT)
    NAME(CL_INVALID_OPERATION) NAME(CL_INVALID_GL_OBJECT) NAME(CL_INVALID_BUFFER_SIZE)
    NAME(CL_INVALID_MIP_LEVEL) NAME(CL_INVALID_GLOBAL_WORK_SIZE) NAME(CL_INVALID_PROPERTY)
    NAME(CL_INVALID_IMAGE_DESCRIPTOR) NAME(CL_INVALID_COMPILER_OPTIONS)
    NAME(CL_INVALID_LINKER_OPTIONS) NAME(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef NAME
    default: return "an error code OpenCL 1.2 does not name";
    }
}

/* Reports a failed OpenCL call by its name; returns 1 when it failed. */
static int failed(cl_int err, const char *call)
{
    if (err == CL_SUCCESS)
        return 0;
    fprintf(stderr, "repro: %s failed: %d (%s)\n", call, (int)err, cl_error_name(err));
    return 1;
}

/* Some drivers pad names with blanks; compare without trailing ones. */
static int same_name(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    while (la > 0 && (a[la - 1] == ' ' || a[la - 1] == '\t' || a[la - 1] == '\n'))
        la--;
    while (lb > 0 && (b[lb - 1] == ' ' || b[lb - 1] == '\t' || b[lb - 1] == '\n'))
        lb--;
    return la == lb && memcmp(a, b, la) == 0;
}

/* The devices of platform p, at most max; a platform without any (Clover
 * without a GPU, rusticl without RUSTICL_ENABLE) gives 0, not an error. */
static cl_uint platform_devices(cl_platform_id p, cl_device_id *devs, cl_uint max)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, max, devs, &n);
    if (err == CL_DEVICE_NOT_FOUND)
        return 0;
    if (failed(err, "clGetDeviceIDs"))
        return 0;
    return n < max ? n : max;
}

static void platform_name(cl_platform_id p, char *buf, size_t len)
{
    buf[0] = '\0';
    if (failed(clGetPlatformInfo(p, CL_PLATFORM_NAME, len, buf, NULL), "clGetPlatformInfo"))
        buf[0] = '\0';
}

static void device_name(cl_device_id d, char *buf, size_t len)
{
    buf[0] = '\0';
    if (failed(clGetDeviceInfo(d, CL_DEVICE_NAME, len, buf, NULL), "clGetDeviceInfo"))
        buf[0] = '\0';
}

/* Device d of platform p, by index (as `clinfo -l` numbers them). */
static int device_at(cl_platform_id *plats, cl_uint np, int p, int d, cl_device_id *out)
{
    cl_device_id devs[64];
    cl_uint nd;
    char name[1024];
    if (p < 0 || (cl_uint)p >= np) {
        fprintf(stderr, "repro: there is no platform %d (%u found)\n", p, (unsigned)np);
        return -1;
    }
    nd = platform_devices(plats[p], devs, 64);
    if (d < 0 || (cl_uint)d >= nd) {
        fprintf(stderr, "repro: platform %d has no device %d (%u found)\n", p, d, (unsigned)nd);
        return -1;
    }
    *out = devs[d];
    device_name(*out, name, sizeof name);
    printf("device %d:%d: %s\n", p, d, name);
    return 0;
}

/* The report's device: by platform and device name; when the device name
 * is not found (a driver update renamed it), the device of the same-named
 * platform at the index the report recorded. Never a device of another
 * platform: that would test another driver. -d P:D overrides. */
static int pick_device(int opt_p, int opt_d, cl_device_id *out)
{
    cl_platform_id plats[64];
    cl_device_id devs[64];
    cl_uint np = 0, nd, i, j;
    int named = -1;
    char name[1024];
    if (failed(clGetPlatformIDs(64, plats, &np), "clGetPlatformIDs"))
        return -1;
    np = np < 64 ? np : 64;
    if (opt_p >= 0)
        return device_at(plats, np, opt_p, opt_d, out);
    for (i = 0; i < np; i++) {
        platform_name(plats[i], name, sizeof name);
        if (!same_name(name, PLATFORM_NAME))
            continue;
        named = named < 0 ? (int)i : named;
        nd = platform_devices(plats[i], devs, 64);
        for (j = 0; j < nd; j++) {
            device_name(devs[j], name, sizeof name);
            if (same_name(name, DEVICE_NAME))
                return device_at(plats, np, (int)i, (int)j, out);
        }
    }
    if (named >= 0 && FALLBACK_DEVICE >= 0) {
        fprintf(stderr, "repro: no device \"%s\" on platform \"%s\"; trying %d:%d, the index "
                "the report recorded (it was %d:%d there)\n", DEVICE_NAME, PLATFORM_NAME, named,
                FALLBACK_DEVICE, FALLBACK_PLATFORM, FALLBACK_DEVICE);
        return device_at(plats, np, named, FALLBACK_DEVICE, out);
    }
    fprintf(stderr, "repro: no platform \"%s\" with device \"%s\" (the report's %d:%d); "
            "platforms here:", PLATFORM_NAME, DEVICE_NAME, FALLBACK_PLATFORM, FALLBACK_DEVICE);
    for (i = 0; i < np; i++) {
        platform_name(plats[i], name, sizeof name);
        fprintf(stderr, "%s %u \"%s\"", i ? "," : "", (unsigned)i, name);
    }
    fprintf(stderr, "\nrepro: pick a device with -d PLATFORM:DEVICE (see clinfo -l)\n");
    return -1;
}

/* Reads the kernel from a file, so that it can be edited without
 * regenerating this program. Caller frees. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long len;
    if (!f) {
        perror(path);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)len + 1);
        if (buf && fread(buf, 1, (size_t)len, f) == (size_t)len) {
            buf[len] = '\0';
        } else {
            free(buf);
            buf = NULL;
        }
    }
    if (!buf)
        fprintf(stderr, "repro: %s: could not read it\n", path);
    fclose(f);
    return buf;
}

static void print_build_log(cl_program prog, cl_device_id dev)
{
    size_t len = 0;
    char *log;
    if (failed(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len),
               "clGetProgramBuildInfo"))
        return;
    log = malloc(len + 1);
    if (!log)
        return;
    if (!failed(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL),
                "clGetProgramBuildInfo")) {
        log[len] = '\0';
        printf("---- build log ----\n%s\n---- end of build log ----\n", log);
    }
    free(log);
}

/* Element i of out as raw bits, zero-extended. */
static uint64_t load_bits(const unsigned char *buf, size_t i)
{
    const unsigned char *p = buf + i * OUT_SIZE;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (OUT_SIZE) {
    case 1: memcpy(&u8, p, 1); return u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

static int is_nan(uint64_t bits)
{
    if (!OUT_IS_FLOAT)
        return 0;
    if (OUT_SIZE == 4)
        return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0;
    return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
           (bits & 0x000fffffffffffffull) != 0;
}

/* clconform's rule: '*' passes, 'nan' is any NaN, anything else bit for
 * bit (so -0 and 0 differ, as do NaN payloads written as bits(...)). */
static int matches(const struct expect *e, uint64_t bits)
{
    unsigned i;
    if (e->n_alts == 0)
        return 1;
    for (i = 0; i < e->n_alts && i < 4; i++) {
        if (((e->any_nan >> i) & 1u) && is_nan(bits))
            return 1;
        if (e->alts[i] == bits)
            return 1;
    }
    return 0;
}

static void format_value(uint64_t bits, char *buf, size_t len)
{
    float f;
    double d;
    uint32_t u32 = (uint32_t)bits;
    if (OUT_IS_FLOAT && OUT_SIZE == 4) {
        memcpy(&f, &u32, 4);
        snprintf(buf, len, "%.9g (bits 0x%08" PRIx32 ")", (double)f, u32);
    } else if (OUT_IS_FLOAT) {
        memcpy(&d, &bits, 8);
        snprintf(buf, len, "%.17g (bits 0x%016" PRIx64 ")", d, bits);
    } else if (OUT_IS_SIGNED) {
        int64_t v = (int64_t)bits;
        if (OUT_SIZE < 8 && (bits >> (OUT_SIZE * 8 - 1)) & 1u)
            v = (int64_t)(bits | ~((UINT64_C(1) << (OUT_SIZE * 8)) - 1));
        snprintf(buf, len, "%" PRId64 " (0x%0*" PRIx64 ")", v, (int)OUT_SIZE * 2, bits);
    } else {
        snprintf(buf, len, "%" PRIu64 " (0x%0*" PRIx64 ")", bits, (int)OUT_SIZE * 2, bits);
    }
}

static void print_output(const unsigned char *out);

/* Prints each element that differs from the spec's value; returns how many. */
static size_t compare_output(const unsigned char *out)
{
    size_t i, bad = 0, first = 0, n = N_EXPECTED < OUT_COUNT ? N_EXPECTED : OUT_COUNT;
    char got[64];
    for (i = 0; i < n; i++) {
        uint64_t bits = load_bits(out, i);
        if (matches(&EXPECTED[i], bits))
            continue;
        if (bad++ == 0)
            first = i;
        if (bad <= 64) {
            format_value(bits, got, sizeof got);
            printf("out[%lu]: expected %s, got %s\n", (unsigned long)i, EXPECTED[i].text, got);
        }
    }
    if (bad > 64)
        printf("... and %lu more\n", (unsigned long)(bad - 64));
    if (bad == 0) {
        printf("PASS: all %lu elements of out are as the spec requires\n", (unsigned long)n);
    } else {
        printf("FAIL: %lu of %lu elements differ; first mismatch at out[%lu]\n",
               (unsigned long)bad, (unsigned long)n, (unsigned long)first);
        printf("rule: %s\n", WHY);
    }
    return bad;
}

#if REPRO_ULP
/* Judges out in ulp with clconform's own code (value.c and ulp.c, embedded
 * in the data section above) against the references clconform had, within
 * ULP_BOUND ulp, flushing as the report's device did (ULP_FTZ): the verdict
 * and the failing elements are the report's. Returns how many fail. */
static size_t compare_ulp(const unsigned char *out)
{
    size_t i, bad = 0, first = 0, judged = 0;
    size_t n = N_ULP_REFS < OUT_COUNT ? N_ULP_REFS : OUT_COUNT;
    long max_at = -1;
    double err, max_err = 0;
    char got[64];
    for (i = 0; i < n; i++) {
        uint64_t bits = load_bits(out, i);
        int ok;
        if (ULP_REFS[i].n_alts == 0)
            continue;
        judged++;
        ok = ulp_element_ok(ULP_TYPE, &ULP_REFS[i], ULP_BOUND, ULP_FTZ, bits, &err);
        if (isfinite(err) && (err > max_err || max_at < 0)) {
            max_err = err;
            max_at = (long)i;
        }
        if (ok)
            continue;
        if (bad++ == 0)
            first = i;
        if (bad <= 64) {
            format_value(bits, got, sizeof got);
            printf("out[%lu]: expected %s (reference %s), got %s: %.3g ulp\n", (unsigned long)i,
                   i < N_EXPECTED ? EXPECTED[i].text : "?", ULP_REF_TEXT[i], got, err);
        }
    }
    if (bad > 64)
        printf("... and %lu more\n", (unsigned long)(bad - 64));
    printf("judged in ulp: bound %g ulp (OpenCL C, Relative Error as ULPs), %s\n", ULP_BOUND,
           ULP_FTZ ? "denormals may flush (the report's device has no CL_FP_DENORM)" : "denormals kept");
    if (bad == 0) {
        printf("PASS: all %lu judged elements of out are within %g ulp (largest %.3g ulp)\n",
               (unsigned long)judged, ULP_BOUND, max_err);
    } else {
        printf("FAIL: %lu of %lu elements beyond %g ulp (largest %.3g ulp); first at [%lu]\n",
               (unsigned long)bad, (unsigned long)judged, ULP_BOUND, max_err, (unsigned long)first);
        printf("rule: %s\n", WHY);
    }
    return bad;
}
#endif

/* Judges out as MODE says; returns the exit status (0 follows the spec). */
static int judge_output(const unsigned char *out)
{
    if (MODE == MODE_RUN_PRINT) {
        print_output(out);
        return 0;
    }
#if REPRO_ULP
    if (MODE == MODE_RUN_ULP)
        return compare_ulp(out) ? 1 : 0;
#endif
    return compare_output(out) ? 1 : 0;
}

/* --judge FILE: out as raw bytes (OUT_COUNT elements of OUT_SIZE, the
 * host's byte order), e.g. saved from another run; judged without a device. */
static int read_output(const char *path, unsigned char *out)
{
    FILE *f = fopen(path, "rb");
    size_t want = OUT_COUNT * OUT_SIZE, got;
    int extra;
    if (!f) {
        perror(path);
        return -1;
    }
    got = fread(out, 1, want, f);
    extra = fgetc(f) != EOF;
    fclose(f);
    if (got != want || extra) {
        fprintf(stderr, "repro: %s: expected %lu bytes (%lu elements of %lu bytes)\n", path,
                (unsigned long)want, (unsigned long)OUT_COUNT, (unsigned long)OUT_SIZE);
        return -1;
    }
    return 0;
}

static void print_output(const unsigned char *out)
{
    size_t i;
    char got[64];
    for (i = 0; i < OUT_COUNT && i < 256; i++) {
        format_value(load_bits(out, i), got, sizeof got);
        printf("out[%lu] = %s\n", (unsigned long)i, got);
    }
    printf("(kind %s: the spec does not fix these values; nothing is judged)\n", KIND);
}

/* Creates the buffers, sets the arguments (inputs in order, then out),
 * runs the kernel and reads out back. Returns 0 or -1. */
static int run_kernel(cl_context ctx, cl_command_queue q, cl_kernel k, unsigned char *out)
{
    cl_mem *bufs = calloc(N_INPUTS + 1, sizeof *bufs);
    size_t i, out_bytes = OUT_COUNT * OUT_SIZE;
    cl_int err;
    int rc = -1;
    if (!bufs)
        return -1;
    for (i = 0; i < N_INPUTS; i++) {
        if (INPUTS[i].by_value) {
            if (failed(clSetKernelArg(k, (cl_uint)i, INPUTS[i].elem_size * INPUTS[i].count, INPUTS[i].data),
                       "clSetKernelArg"))
                goto done;
            continue;
        }
        bufs[i] = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                 INPUTS[i].elem_size * INPUTS[i].count, (void *)INPUTS[i].data,
                                 &err);
        if (failed(err, "clCreateBuffer") ||
            failed(clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &bufs[i]), "clSetKernelArg"))
            goto done;
    }
    /* out starts zero-filled, as clconform fills it */
    bufs[N_INPUTS] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out_bytes,
                                    out, &err);
    if (failed(err, "clCreateBuffer") ||
        failed(clSetKernelArg(k, (cl_uint)N_INPUTS, sizeof(cl_mem), &bufs[N_INPUTS]),
               "clSetKernelArg"))
        goto done;
    int has_offset = GLOBAL_OFFSET[0] || GLOBAL_OFFSET[1] || GLOBAL_OFFSET[2];
    if (failed(clEnqueueNDRangeKernel(q, k, WORK_DIM, has_offset ? GLOBAL_OFFSET : NULL, GLOBAL_SIZE,
                                      LOCAL_SIZE[0] ? LOCAL_SIZE : NULL, 0, NULL, NULL),
               "clEnqueueNDRangeKernel") ||
        failed(clFinish(q), "clFinish") ||
        failed(clEnqueueReadBuffer(q, bufs[N_INPUTS], CL_TRUE, 0, out_bytes, out, 0, NULL, NULL),
               "clEnqueueReadBuffer"))
        goto done;
    rc = 0;
done:
    for (i = 0; i <= N_INPUTS; i++)
        if (bufs[i])
            failed(clReleaseMemObject(bufs[i]), "clReleaseMemObject");
    free(bufs);
    return rc;
}

/* -d P:D picks a device by index; --source prints the embedded kernel, so
 * `./repro --source > kernel.cl` restores the file. */
static int parse_args(int argc, char **argv, int *p, int *d, const char **path, int *dump,
                      const char **judge)
{
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--judge") == 0 && i + 1 < argc) {
            *judge = argv[++i];
        } else if (strcmp(argv[i], "-d") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%d:%d", p, d) != 2 || *p < 0 || *d < 0)
                goto usage;
        } else if (strcmp(argv[i], "--source") == 0) {
            *dump = 1;
        } else if (argv[i][0] == '-' || *path) {
            goto usage;
        } else {
            *path = argv[i];
        }
    }
    return 0;
usage:
    fprintf(stderr, "usage: %s [-d PLATFORM:DEVICE] [kernel.cl]\n"
            "       %s --source | --judge OUT.bin\n"
            "  Builds and runs probe %s as clconform did: the kernel embedded\n"
            "  here, or kernel.cl when given. --source prints the embedded kernel;\n"
            "  --judge judges a saved out buffer (raw bytes) without a device.\n"
            "  Exit status: 0 the device follows the spec, 1 it does not (or an\n"
            "  OpenCL call failed), 2 usage or setup error.\n",
            argv[0], argv[0], PROBE_ID);
    return -1;
}

/* kind build-fail: the build must fail. */
static int judge_build_must_fail(cl_int err, cl_program prog, cl_device_id dev)
{
    if (err == CL_SUCCESS) {
        printf("FAIL: the build succeeded, but the spec says this source is invalid\n");
        printf("rule: %s\n", WHY);
        return 1;
    }
    print_build_log(prog, dev);
    printf("PASS: the build failed (clBuildProgram: %d, %s), as the spec requires\n", (int)err,
           cl_error_name(err));
    return 0;
}

int main(int argc, char **argv)
{
    int status = 2, opt_p = -1, opt_d = -1, dump = 0;
    const char *path = NULL, *source = KERNEL_SOURCE, *judge = NULL;
    char *file_source = NULL;
    unsigned char *out = NULL;
    cl_device_id dev;
    cl_context ctx = NULL;
    cl_command_queue q = NULL;
    cl_program prog = NULL;
    cl_kernel k = NULL;
    cl_int err;

    if (parse_args(argc, argv, &opt_p, &opt_d, &path, &dump, &judge) != 0)
        goto done;
    if (dump) {
        fputs(KERNEL_SOURCE, stdout);
        status = 0;
        goto done;
    }
    if (path && !(source = file_source = read_file(path)))
        goto done;
    printf("probe %s (%s), kind %s\n", PROBE_ID, SPEC, KIND);
    if (NOTE[0])
        printf("note: %s\n", NOTE);
    out = calloc(OUT_COUNT, OUT_SIZE);
    if (!out)
        goto done;
    if (judge) {
        if (MODE == MODE_BUILD_MUST_FAIL || MODE == MODE_BUILD_ONLY)
            fprintf(stderr, "repro: --judge: kind %s builds only; there is no output to judge\n", KIND);
        else if (read_output(judge, out) == 0)
            status = judge_output(out);
        goto done;
    }
    if (pick_device(opt_p, opt_d, &dev) != 0)
        goto done;
    status = 1;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (failed(err, "clCreateContext"))
        goto done;
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    if (failed(err, "clCreateCommandQueue"))
        goto done;
    prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (failed(err, "clCreateProgramWithSource"))
        goto done;
    printf("build options: \"%s\"\n", BUILD_OPTIONS);
    err = clBuildProgram(prog, 1, &dev, BUILD_OPTIONS, NULL, NULL);
    if (MODE == MODE_BUILD_MUST_FAIL) {
        status = judge_build_must_fail(err, prog, dev);
        goto done;
    }
    if (err != CL_SUCCESS) {
        print_build_log(prog, dev);
        printf("FAIL: the build failed (clBuildProgram: %d, %s), but the spec says this "
               "source is valid\n", (int)err, cl_error_name(err));
        goto done;
    }
    if (MODE == MODE_BUILD_ONLY) {
        printf("PASS: the build succeeded, as the spec requires\n");
        status = 0;
        goto done;
    }
    k = clCreateKernel(prog, KERNEL_NAME, &err);
    if (failed(err, "clCreateKernel") || run_kernel(ctx, q, k, out) != 0)
        goto done;
    status = judge_output(out);
done:
    if (k)
        failed(clReleaseKernel(k), "clReleaseKernel");
    if (prog)
        failed(clReleaseProgram(prog), "clReleaseProgram");
    if (q)
        failed(clReleaseCommandQueue(q), "clReleaseCommandQueue");
    if (ctx)
        failed(clReleaseContext(ctx), "clReleaseContext");
    free(out);
    free(file_source);
    return status;
}
