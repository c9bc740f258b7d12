/* The on-device reference of the exhaustive conversion sweep
 * (harness/kernels/exhaustive_conversions.cl, ref_f2i and ref_i2f) against
 * the host reference scripts/convert/convref.c, on PoCL's CPU device: for
 * every function of the sweep, over a million inputs spread over all 2^32
 * bit patterns plus the inputs where rounding and ranges turn (every float
 * with at most 8 significant mantissa bits, every integer around 2^24 and
 * the ends of the 32-bit ranges). Both must agree on every judged result
 * and on which results are not judged at all (6.2.3.3). Skipped (ok, # SKIP)
 * without a PoCL device. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "exhaustive.h"
#include "../../scripts/convert/convref.c"

typedef struct {
    uint32_t offset, stride, n;
} input_set;

/* Float inputs: the sweep, and every float whose mantissa's low 15 bits are
 * zero (all exponents, both signs: the halfway and range-edge cases). */
static const input_set f_sets[] = {{0, 4093, 1049346}, {0, 0x8000, 131072}};
/* Integer inputs: the sweep, around 2^24 (where float stops being exact),
 * and the top and bottom ends of int and uint. */
static const input_set i_sets[] = {
    {0, 4093, 1049346}, {0x01000000u - 32768, 1, 65536}, {0x7fff8000u, 1, 65536},
    {0xffff8000u, 1, 32768}, {0x00000000u, 1, 32768}, {0x80000000u, 1, 65536}};

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static cl_device_id dev;

static int open_pocl(void)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS)
        return -1;
    for (cl_uint i = 0; i < np; i++) {
        char name[256] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name - 1, name, NULL);
        cl_uint nd = 0;
        if (strstr(name, "Portable Computing Language") &&
            clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_CPU, 1, &dev, &nd) == CL_SUCCESS && nd)
            break;
        dev = NULL;
    }
    if (!dev)
        return -1;
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK(err == CL_SUCCESS, "clCreateContext");
    q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK(err == CL_SUCCESS, "clCreateCommandQueue");
    char path[4096];
    CHECK(exhaustive_kernel_path(path, sizeof path) == 0, "kernel file found");
    FILE *f = fopen(path, "rb");
    static char src[1 << 16];
    size_t n = f ? fread(src, 1, sizeof src - 1, f) : 0;
    if (f)
        fclose(f);
    src[n] = '\0';
    const char *s = src;
    prog = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
    err = err == CL_SUCCESS ? clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL) : err;
    if (err != CL_SUCCESS) {
        static char log[1 << 14];
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
        printf("# %s\n", log);
    }
    CHECK(err == CL_SUCCESS, "kernel file builds on PoCL");
    return err == CL_SUCCESS ? 0 : -1;
}

static const cr_type int_of[2][4] = {{CR_UCHAR, CR_USHORT, CR_UINT, CR_ULONG}, {CR_CHAR, CR_SHORT, CR_INT, CR_LONG}};

static cr_type dst_type(const exhaustive_fn *f)
{
    int w = f->width == 8 ? 0 : f->width == 16 ? 1 : f->width == 32 ? 2 : 3;
    return int_of[f->sgn][w];
}

/* The rounding a function's name asks for (its last suffix). */
static cr_round name_round(const exhaustive_fn *f, int *sat)
{
    *sat = strstr(f->name, "_sat") != NULL;
    const char *r = strrchr(f->name, '_');
    if (r && !strncmp(r, "_rte(", 5)) return CR_RTE;
    if (r && !strncmp(r, "_rtz(", 5)) return CR_RTZ;
    if (r && !strncmp(r, "_rtp(", 5)) return CR_RTP;
    if (r && !strncmp(r, "_rtn(", 5)) return CR_RTN;
    return CR_RND_DEFAULT;
}

static int kernel_mode(cr_round r, int to_float)
{
    switch (r) {
    case CR_RTE: return 0;
    case CR_RTZ: return 1;
    case CR_RTP: return 2;
    case CR_RTN: return 3;
    default: return to_float ? 0 : 1; /* 6.2.3.2: to float nearest even, to integer toward zero */
    }
}

/* Runs the reference kernel for f over set; returns the number of inputs
 * where it disagrees with convref (printing the first few). */
static size_t compare_set(const exhaustive_fn *f, const input_set *set, size_t *checked)
{
    int sat;
    cr_round rnd = name_round(f, &sat);
    cl_int mode = kernel_mode(rnd, f->to_float), width = f->width, sgn = f->sgn, csat = sat, err;
    size_t n = set->n;
    cl_mem want = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * 8, NULL, &err);
    cl_mem judged = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n, NULL, &err);
    cl_kernel k = clCreateKernel(prog, f->to_float ? "ref_i2f" : "ref_f2i", &err);
    cl_uint a = 0;
    clSetKernelArg(k, a++, sizeof set->offset, &set->offset);
    clSetKernelArg(k, a++, sizeof set->stride, &set->stride);
    clSetKernelArg(k, a++, sizeof set->n, &set->n);
    if (!f->to_float) {
        clSetKernelArg(k, a++, sizeof width, &width);
        clSetKernelArg(k, a++, sizeof sgn, &sgn);
        clSetKernelArg(k, a++, sizeof csat, &csat);
        clSetKernelArg(k, a++, sizeof mode, &mode);
        clSetKernelArg(k, a++, sizeof want, &want);
        clSetKernelArg(k, a++, sizeof judged, &judged);
    } else {
        clSetKernelArg(k, a++, sizeof sgn, &sgn);
        clSetKernelArg(k, a++, sizeof mode, &mode);
        clSetKernelArg(k, a++, sizeof want, &want);
    }
    size_t global = n;
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    uint64_t *w = malloc(n * 8);
    unsigned char *j = malloc(n);
    if (!f->to_float) {
        clEnqueueReadBuffer(q, want, CL_TRUE, 0, n * 8, w, 0, NULL, NULL);
        clEnqueueReadBuffer(q, judged, CL_TRUE, 0, n, j, 0, NULL, NULL);
    } else {
        uint32_t *w32 = malloc(n * 4);
        clEnqueueReadBuffer(q, want, CL_TRUE, 0, n * 4, w32, 0, NULL, NULL);
        for (size_t i = 0; i < n; i++) {
            w[i] = w32[i];
            j[i] = 1;
        }
        free(w32);
    }
    size_t bad = 0;
    cr_type src = f->to_float ? (f->sgn ? CR_INT : CR_UINT) : CR_FLOAT;
    cr_type dst = f->to_float ? CR_FLOAT : dst_type(f);
    for (size_t i = 0; i < n && err == CL_SUCCESS; i++) {
        uint32_t u = (uint32_t)((uint64_t)i * set->stride + set->offset);
        cr_result r;
        cr_convert(dst, src, u, sat, rnd, 0, &r);
        int ok = r.judged ? j[i] && r.n >= 1 && w[i] == r.bits[0] : !j[i];
        if (!ok && bad++ < 3)
            printf("#   %s input 0x%08x: device reference %s 0x%llx, convref %s 0x%llx\n", f->name, u,
                   j[i] ? "judged" : "unjudged", (unsigned long long)w[i], r.judged ? "judged" : "unjudged",
                   (unsigned long long)(r.n ? r.bits[0] : 0));
    }
    if (err != CL_SUCCESS)
        bad = n;
    *checked += n;
    free(w);
    free(j);
    clReleaseKernel(k);
    clReleaseMemObject(want);
    clReleaseMemObject(judged);
    return bad;
}

int main(void)
{
    if (open_pocl() != 0) {
        printf("ok - exhaustive reference check skipped: no PoCL CPU device (# SKIP)\n");
        return check_done();
    }
    exhaustive_fn fns[128];
    size_t n = exhaustive_functions(fns, 128);
    CHECK(n == 90, "90 functions: 8 integer types x (with, without _sat) x 5 roundings + 2 x 5 to float (%zu)", n);
    for (size_t i = 0; i < n; i++) {
        const input_set *sets = fns[i].to_float ? i_sets : f_sets;
        size_t n_sets = fns[i].to_float ? sizeof i_sets / sizeof *i_sets : sizeof f_sets / sizeof *f_sets;
        size_t bad = 0, checked = 0;
        for (size_t s = 0; s < n_sets; s++)
            bad += compare_set(&fns[i], &sets[s], &checked);
        CHECK(bad == 0 && checked >= 1000000, "%s: device reference = convref on %zu inputs (%zu differ)",
              fns[i].name, checked, bad);
    }
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return check_done();
}
