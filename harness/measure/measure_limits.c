/* The advertised-limits family: a device reports its limits (API spec 4.2,
 * the clGetDeviceInfo table); here kernels built from those very numbers
 * run at each limit, where everything must work, and one over it, where
 * the call that refuses and its error code are recorded (judged where the
 * spec names the code). The kernel texts come from the probe's `source`,
 * with `@PARAMS@` and `@BODY@` replaced by the lines a limit needs
 * (docs/measurements.md). */
#include "measure_limits.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clerr.h"
#include "record.h"

/* A device whose memory is the host's (a CPU device, or one reporting
 * CL_DEVICE_HOST_UNIFIED_MEMORY) gets no buffer larger than this from the
 * at-limit probes: the harness shares its machine (24 GiB on the test bed,
 * with other processes) and a driver may touch every page it allocates. */
#define LIMITS_HOST_CAP ((uint64_t)2 << 30)
/* __constant arguments tried when a device reports more than its argument
 * limits allow (rusticl and Oclgrind report 1024). */
#define LIMITS_CONST_ARGS_CLAMPED 64
/* Work-group size of the local-memory check (lowered to the kernel's). */
#define LIMITS_LOCAL_WG 64

typedef struct {
    const clc_clenv *env;
    const clc_probe *p;
    clc_record *rec;
    cJSON *obj;
    int over;
    cl_program prog;
    cl_kernel k;
    cl_mem mem[LIMITS_MAX_ARGS + 2];
    size_t n_mem;
    const char *fail_call;  /* the first call that failed, NULL if none */
    cl_int fail_code;
    limits_reported dev;
    cl_uint address_bits;
    int version;            /* CL_DEVICE_VERSION as major * 10 + minor (12, 30) */
    int host_backed;
    int no_kernel;          /* build() makes no kernel `limits` (shape_kernels_N) */
    char note[300];         /* what the detail line says on success */
} lim;

/* ---- small pieces ------------------------------------------------------------ */

static int failed(lim *s, const char *call, cl_int err)
{
    if (!s->fail_call) {
        s->fail_call = call;
        s->fail_code = err;
    }
    return -1;
}

static uint64_t dev_u64(lim *s, cl_device_info what, int is_size_t)
{
    cl_ulong u = 0;
    cl_uint u32 = 0;
    size_t z = 0;
    cl_int err;
    if (is_size_t == 1) {
        err = clGetDeviceInfo(s->env->device, what, sizeof z, &z, NULL);
        u = z;
    } else if (is_size_t == 2) {
        err = clGetDeviceInfo(s->env->device, what, sizeof u32, &u32, NULL);
        u = u32;
    } else {
        err = clGetDeviceInfo(s->env->device, what, sizeof u, &u, NULL);
    }
    if (err != CL_SUCCESS)
        failed(s, "clGetDeviceInfo", err);
    return u;
}

static void query_device(lim *s)
{
    limits_reported *r = &s->dev;
    char profile[64] = "";
    cl_device_type type = 0;
    cl_bool unified = CL_FALSE, images = CL_FALSE;
    size_t items[3] = {0, 0, 0};
    cl_device_id d = s->env->device;
    if (clGetDeviceInfo(d, CL_DEVICE_PROFILE, sizeof profile - 1, profile, NULL) != CL_SUCCESS ||
        clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL) != CL_SUCCESS ||
        clGetDeviceInfo(d, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof unified, &unified, NULL) != CL_SUCCESS ||
        clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL) != CL_SUCCESS)
        failed(s, "clGetDeviceInfo", CL_INVALID_VALUE);
    char version[128] = "";
    int major = 0, minor = 0;
    if (clGetDeviceInfo(d, CL_DEVICE_VERSION, sizeof version - 1, version, NULL) == CL_SUCCESS &&
        sscanf(version, "OpenCL %d.%d", &major, &minor) == 2)
        s->version = major * 10 + minor;
    r->embedded = strstr(profile, "EMBEDDED") != NULL;
    r->custom = (type & CL_DEVICE_TYPE_CUSTOM) != 0;
    r->images = images == CL_TRUE;
    s->host_backed = unified == CL_TRUE || (type & CL_DEVICE_TYPE_CPU) != 0;
    r->max_parameter_size = dev_u64(s, CL_DEVICE_MAX_PARAMETER_SIZE, 1);
    r->max_constant_args = dev_u64(s, CL_DEVICE_MAX_CONSTANT_ARGS, 2);
    r->max_constant_buffer_size = dev_u64(s, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, 0);
    r->local_mem_size = dev_u64(s, CL_DEVICE_LOCAL_MEM_SIZE, 0);
    r->max_mem_alloc_size = dev_u64(s, CL_DEVICE_MAX_MEM_ALLOC_SIZE, 0);
    r->global_mem_size = dev_u64(s, CL_DEVICE_GLOBAL_MEM_SIZE, 0);
    r->max_work_item_dimensions = dev_u64(s, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, 2);
    r->max_work_group_size = dev_u64(s, CL_DEVICE_MAX_WORK_GROUP_SIZE, 1);
    r->mem_base_addr_align = dev_u64(s, CL_DEVICE_MEM_BASE_ADDR_ALIGN, 2);
    s->address_bits = (cl_uint)dev_u64(s, CL_DEVICE_ADDRESS_BITS, 2);
    if (r->max_work_item_dimensions >= 3 &&
        clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL) != CL_SUCCESS)
        failed(s, "clGetDeviceInfo", CL_INVALID_VALUE);
    for (int i = 0; i < 3; i++)
        r->max_work_item_sizes[i] = items[i];
}

/* A growing text. */
typedef struct {
    char *text;
    size_t len, cap;
} text_buf;

static int tb_add(text_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int tb_add(text_buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->text ? b->text + b->len : NULL, b->text ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            return -1;
        if (b->text && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return 0;
        }
        size_t cap = (b->cap ? b->cap * 2 : 4096) + (size_t)n;
        char *t = realloc(b->text, cap);
        if (!t)
            return -1;
        if (!b->text)
            t[0] = '\0';
        b->text = t;
        b->cap = cap;
    }
}

/* The probe's source with "@PARAMS@" and "@BODY@" replaced. Caller frees. */
static char *fill_template(const char *src, const char *params, const char *body)
{
    text_buf out = {0};
    const char *s = src;
    while (*s) {
        const char *a = strstr(s, "@PARAMS@"), *b = strstr(s, "@BODY@");
        const char *next = a && (!b || a < b) ? a : b;
        if (!next) {
            if (tb_add(&out, "%s", s) != 0)
                goto oom;
            break;
        }
        if (tb_add(&out, "%.*s%s", (int)(next - s), s, next == a ? params : body) != 0)
            goto oom;
        s = next + (next == a ? 8 : 6);
    }
    if (!out.text && tb_add(&out, "%s", "") != 0)
        goto oom;
    return out.text;
oom:
    free(out.text);
    return NULL;
}

/* Builds the kernel `limits` from the probe's source. The build log of a
 * failed build goes to the record. */
static int build(lim *s, const char *params, const char *body, const char *defines)
{
    char *src = fill_template(s->p->source ? s->p->source : "", params ? params : "", body ? body : "");
    char opts[1024];
    cl_int err;
    snprintf(opts, sizeof opts, "%s %s %s", s->env->base_options ? s->env->base_options : "",
             s->p->options ? s->p->options : "", defines ? defines : "");
    if (!src)
        return failed(s, "malloc", CL_OUT_OF_HOST_MEMORY);
    const char *text = src;
    s->prog = clCreateProgramWithSource(s->env->context, 1, &text, NULL, &err);
    free(src);
    if (err != CL_SUCCESS)
        return failed(s, "clCreateProgramWithSource", err);
    err = clBuildProgram(s->prog, 1, &s->env->device, opts, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t n = 0;
        if (clGetProgramBuildInfo(s->prog, s->env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) == CL_SUCCESS &&
            n > 1) {
            char *log = malloc(n + 1);
            if (log && clGetProgramBuildInfo(s->prog, s->env->device, CL_PROGRAM_BUILD_LOG, n, log, NULL) ==
                           CL_SUCCESS) {
                log[n] = '\0';
                record_put_text(s->rec, "build_log", log);
            }
            free(log);
        }
        return failed(s, "clBuildProgram", err);
    }
    if (s->no_kernel)
        return 0;
    s->k = clCreateKernel(s->prog, "limits", &err);
    if (err != CL_SUCCESS)
        return failed(s, "clCreateKernel", err);
    return 0;
}

static cl_mem new_buffer(lim *s, size_t bytes, const void *init)
{
    cl_int err;
    cl_mem m = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              (void *)init, &err);
    if (err != CL_SUCCESS) {
        failed(s, "clCreateBuffer", err);
        return NULL;
    }
    s->mem[s->n_mem++] = m;
    return m;
}

static int set_arg(lim *s, cl_uint i, size_t size, const void *value)
{
    cl_int err = clSetKernelArg(s->k, i, size, value);
    return err == CL_SUCCESS ? 0 : failed(s, "clSetKernelArg", err);
}

static int launch(lim *s, cl_uint dims, const size_t *global, const size_t *local)
{
    cl_int err = clEnqueueNDRangeKernel(s->env->queue, s->k, dims, NULL, global, local, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return failed(s, "clEnqueueNDRangeKernel", err);
    err = clFinish(s->env->queue);
    return err == CL_SUCCESS ? 0 : failed(s, "clFinish", err);
}

static int read_back(lim *s, cl_mem m, size_t offset, size_t bytes, void *to)
{
    cl_int err = clEnqueueReadBuffer(s->env->queue, m, CL_TRUE, offset, bytes, to, 0, NULL, NULL);
    return err == CL_SUCCESS ? 0 : failed(s, "clEnqueueReadBuffer", err);
}

static size_t kernel_wg(lim *s)
{
    size_t wg = 0;
    cl_int err = clGetKernelWorkGroupInfo(s->k, s->env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
    if (err != CL_SUCCESS)
        failed(s, "clGetKernelWorkGroupInfo", err);
    return wg;
}

static void release(lim *s)
{
    for (size_t i = 0; i < s->n_mem; i++)
        clReleaseMemObject(s->mem[i]);
    s->n_mem = 0;
    if (s->k)
        clReleaseKernel(s->k);
    if (s->prog)
        clReleaseProgram(s->prog);
    s->k = NULL;
    s->prog = NULL;
}

static void num(lim *s, const char *key, double v)
{
    cJSON_AddNumberToObject(s->obj, key, v);
}


/* ---- verdicts ---------------------------------------------------------------- */

/* At a limit everything must work: a failed call is the device's failure. */
static clc_verdict at_verdict(lim *s, long mismatches)
{
    char line[600];
    if (s->fail_call) {
        record_set_cl_error(s->rec, s->fail_call, s->fail_code);
        snprintf(line, sizeof line, "at the advertised limit %s returned %s (%d); %s", s->fail_call,
                 clerr_name(s->fail_code), (int)s->fail_code, s->note);
        record_set_detail(s->rec, line);
        cJSON_AddStringToObject(s->obj, "outcome", "rejected");
        return CLC_VERDICT_FAIL;
    }
    num(s, "mismatches", (double)mismatches);
    cJSON_AddStringToObject(s->obj, "outcome", mismatches ? "wrong values" : "ok");
    snprintf(line, sizeof line, "%s%s", mismatches ? "wrong values at the advertised limit: " : "", s->note);
    record_set_detail(s->rec, line);
    return mismatches ? CLC_VERDICT_FAIL : CLC_VERDICT_PASS;
}

/* Where the spec names no error for one over the limit: what happened. */
static clc_verdict over_info(lim *s, long mismatches)
{
    char line[600];
    if (s->fail_call) {
        cJSON_AddStringToObject(s->obj, "outcome", "rejected");
        cJSON_AddStringToObject(s->obj, "call", s->fail_call);
        cJSON_AddStringToObject(s->obj, "code", clerr_name(s->fail_code));
        snprintf(line, sizeof line, "one over the limit: %s returned %s (%d); %s", s->fail_call,
                 clerr_name(s->fail_code), (int)s->fail_code, s->note);
    } else {
        cJSON_AddStringToObject(s->obj, "outcome", mismatches ? "accepted, wrong values" : "accepted");
        num(s, "mismatches", (double)mismatches);
        snprintf(line, sizeof line, "one over the limit: accepted and ran (%ld wrong values); %s", mismatches,
                 s->note);
    }
    record_set_detail(s->rec, line);
    return CLC_VERDICT_INFO;
}

static clc_verdict skip(lim *s, const char *why)
{
    cJSON_AddStringToObject(s->obj, "outcome", "not attempted");
    record_set_detail(s->rec, why);
    return CLC_VERDICT_SKIP;
}

/* ---- the families ------------------------------------------------------------ */

static clc_verdict run_minimums(lim *s)
{
    limits_check c[LIMITS_MAX_CHECKS];
    size_t n = limits_check_minimums(&s->dev, c);
    cJSON *arr = cJSON_AddArrayToObject(s->obj, "checks");
    size_t bad = 0;
    char line[600] = "";
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "query", c[i].query);
        cJSON_AddNumberToObject(o, "reported", (double)c[i].reported);
        cJSON_AddNumberToObject(o, "minimum", (double)c[i].minimum);
        cJSON_AddBoolToObject(o, "ok", c[i].ok);
        cJSON_AddItemToArray(arr, o);
        if (!c[i].ok) {
            bad++;
            int w = snprintf(line + used, sizeof line - used, "%s%s = %" PRIu64 " < %" PRIu64, bad > 1 ? "; " : "",
                             c[i].query, c[i].reported, c[i].minimum);
            if (w > 0 && (size_t)w < sizeof line - used)
                used += (size_t)w;
        }
    }
    cJSON_AddStringToObject(s->obj, "profile", s->dev.embedded ? "EMBEDDED_PROFILE" : "FULL_PROFILE");
    if (s->fail_call) {
        record_set_cl_error(s->rec, s->fail_call, s->fail_code);
        return CLC_VERDICT_ERROR;
    }
    if (s->dev.custom)
        return skip(s, "a CL_DEVICE_TYPE_CUSTOM device: the spec's minimums do not apply to it");
    if (bad) {
        record_set_detail(s->rec, line);
        return CLC_VERDICT_FAIL;
    }
    snprintf(line, sizeof line, "every one of %zu reported limits meets the %s minimum", n,
             s->dev.embedded ? "embedded profile's" : "full profile's");
    record_set_detail(s->rec, line);
    return CLC_VERDICT_PASS;
}

static clc_verdict run_params(lim *s)
{
    size_t target = (size_t)s->dev.max_parameter_size + (size_t)s->over;
    unsigned ptr = s->address_bits / 8;
    size_t max_args = limits_max_args((size_t)s->dev.max_parameter_size);
    limits_param_layout *L = malloc(sizeof *L);
    text_buf params = {0}, body = {0};
    unsigned char *values = NULL;
    uint64_t *got = NULL;
    long bad = -1;
    clc_verdict v = CLC_VERDICT_ERROR;
    if (!L)
        return skip(s, "out of host memory");
    if (limits_plan_params(target, ptr, max_args, L) != 0) {
        snprintf(s->note, sizeof s->note, "no list of at most %zu arguments adds up to %zu bytes", max_args, target);
        v = skip(s, s->note);
        goto out;
    }
    num(s, "parameter_bytes", (double)target);
    num(s, "arguments", (double)L->n_args);
    snprintf(s->note, sizeof s->note, "%zu arguments, %zu bytes (CL_DEVICE_MAX_PARAMETER_SIZE = %" PRIu64 ")",
             L->n_args, target, s->dev.max_parameter_size);
    size_t k = 0;
    for (size_t i = 0; i < L->n_args; i++) {
        const limits_arg *a = &L->args[i];
        if (a->is_pointer)
            tb_add(&params, "%s__global %s%s", i ? ", " : "", a->type, a->is_pointer == 1 ? "out" : "in");
        else
            tb_add(&params, "%s%s a%zu", i ? ", " : "", a->type, i);
        for (unsigned c = 0; c < a->lanes; c++) {
            char sel[16] = "";
            if (a->lanes > 1)
                snprintf(sel, sizeof sel, ".s%x", c & 15u);
            tb_add(&body, "    out[%zu] = %s(a%zu%s);\n", k++,
                   a->is_float ? "BITS_F" : a->lane_bytes == 8 ? "BITS_8" : a->lane_bytes == 4 ? "BITS_4"
                                          : a->lane_bytes == 2 ? "BITS_2" : "BITS_1", i, sel);
        }
    }
    tb_add(&body, "    out[%zu] = BITS_4(in[0]);\n", k++);
    if (!params.text || !body.text) {
        v = skip(s, "out of host memory");
        goto out;
    }
    if (build(s, params.text, body.text, NULL) != 0)
        goto judge;
    const cl_int in_value = 0x13579bdf;
    cl_mem outb = new_buffer(s, k * sizeof(uint64_t), NULL), inb = new_buffer(s, sizeof in_value, &in_value);
    if (!outb || !inb)
        goto judge;
    values = malloc(256);
    got = calloc(k, sizeof *got);
    if (!values || !got) {
        v = skip(s, "out of host memory");
        goto out;
    }
    for (size_t i = 0; i < L->n_args; i++) {
        const limits_arg *a = &L->args[i];
        if (a->is_pointer) {
            if (set_arg(s, (cl_uint)i, sizeof(cl_mem), a->is_pointer == 1 ? &outb : &inb) != 0)
                goto judge;
            continue;
        }
        for (unsigned c = 0; c < a->lanes; c++) {
            uint64_t bits = limits_arg_bits(a, i, c);
            memcpy(values + (size_t)c * a->lane_bytes, &bits, a->lane_bytes); /* little-endian host */
        }
        if (set_arg(s, (cl_uint)i, a->size, values) != 0)
            goto judge;
    }
    size_t one = 1;
    if (launch(s, 1, &one, NULL) != 0 || read_back(s, outb, 0, k * sizeof *got, got) != 0)
        goto judge;
    bad = 0;
    k = 0;
    for (size_t i = 0; i < L->n_args; i++)
        for (unsigned c = 0; c < L->args[i].lanes; c++, k++) {
            uint64_t want = limits_arg_bits(&L->args[i], i, c);
            if (got[k] != want && bad++ == 0) {
                char line[160];
                snprintf(line, sizeof line, "argument %zu (%s) component %u: expected 0x%" PRIx64 ", got 0x%" PRIx64,
                         i, L->args[i].type, c, want, got[k]);
                cJSON_AddStringToObject(s->obj, "first_mismatch", line);
            }
        }
    if (got[k] != (uint64_t)(uint32_t)in_value && bad++ == 0)
        cJSON_AddStringToObject(s->obj, "first_mismatch", "the int read through the input pointer");
judge:
    v = s->over ? over_info(s, bad < 0 ? 0 : bad) : at_verdict(s, bad < 0 ? 0 : bad);
out:
    free(L);
    free(params.text);
    free(body.text);
    free(values);
    free(got);
    return v;
}

static clc_verdict run_constant_args(lim *s)
{
    size_t ptr = s->address_bits / 8;
    size_t cap = limits_max_args((size_t)s->dev.max_parameter_size) - 1;
    size_t by_size = ((size_t)s->dev.max_parameter_size - ptr) / (ptr ? ptr : 8);
    if (by_size < cap)
        cap = by_size;
    size_t n = (size_t)s->dev.max_constant_args + (size_t)s->over;
    text_buf params = {0}, body = {0};
    cl_int *got = NULL;
    long bad = -1;
    clc_verdict v = CLC_VERDICT_ERROR;
    num(s, "max_constant_args", (double)s->dev.max_constant_args);
    if (n > cap) {
        if (s->over)
            return skip(s, "one over CL_DEVICE_MAX_CONSTANT_ARGS is more arguments than the parameter "
                           "limits allow (CL_DEVICE_MAX_PARAMETER_SIZE, 128 or 255 arguments)");
        /* The device's number cannot be honoured as such: take a count that
         * still exceeds every common one without a build of 200 arguments
         * (35 s on rusticl). */
        n = cap < LIMITS_CONST_ARGS_CLAMPED ? cap : LIMITS_CONST_ARGS_CLAMPED;
        num(s, "clamped_to", (double)n);
    }
    num(s, "constant_arguments", (double)n);
    snprintf(s->note, sizeof s->note, "%zu __constant arguments (CL_DEVICE_MAX_CONSTANT_ARGS = %" PRIu64 ")%s", n,
             s->dev.max_constant_args, n < s->dev.max_constant_args ? ", clamped: the argument limits come first" : "");
    for (size_t i = 0; i < n; i++) {
        tb_add(&params, "__constant int *c%zu, ", i);
        tb_add(&body, "    COPY(%zu);\n", i);
    }
    if (!params.text || !body.text) {
        v = skip(s, "out of host memory");
        goto out;
    }
    if (build(s, params.text, body.text, NULL) != 0)
        goto judge;
    cl_mem outb = new_buffer(s, n * 4 * sizeof(cl_int), NULL);
    if (!outb)
        goto judge;
    for (size_t i = 0; i < n; i++) {
        cl_int init[4];
        for (uint32_t j = 0; j < 4; j++)
            init[j] = (cl_int)limits_const_word((uint32_t)(4 * i + j));
        cl_mem m = new_buffer(s, sizeof init, init);
        if (!m || set_arg(s, (cl_uint)i, sizeof m, &m) != 0)
            goto judge;
    }
    size_t one = 1;
    got = calloc(n * 4, sizeof *got);
    if (!got || set_arg(s, (cl_uint)n, sizeof outb, &outb) != 0 || launch(s, 1, &one, NULL) != 0 ||
        read_back(s, outb, 0, n * 4 * sizeof *got, got) != 0)
        goto judge;
    bad = 0;
    for (size_t i = 0; i < n * 4; i++)
        if ((uint32_t)got[i] != limits_const_word((uint32_t)i) && bad++ == 0)
            num(s, "first_mismatch_word", (double)i);
judge:
    v = s->over ? over_info(s, bad < 0 ? 0 : bad) : at_verdict(s, bad < 0 ? 0 : bad);
out:
    free(params.text);
    free(body.text);
    free(got);
    return v;
}

/* Words each work-item of the constant-buffer check compares (a few
 * thousand loop iterations at most: llvmpipe caps a kernel's loops). */
#define LIMITS_CONST_WORDS_PER_ITEM 64

static clc_verdict run_constant_buffer(lim *s)
{
    uint64_t bytes = s->dev.max_constant_buffer_size + (uint64_t)s->over;
    uint64_t words = s->dev.max_constant_buffer_size / 4;
    uint32_t *init = NULL, *got = NULL;
    long bad = -1;
    num(s, "buffer_bytes", (double)bytes);
    snprintf(s->note, sizeof s->note, "a __constant buffer of %" PRIu64 " bytes (CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)",
             bytes);
    if (s->host_backed && bytes > LIMITS_HOST_CAP)
        return skip(s, "not attempted: the buffer is larger than the harness's host memory cap (2 GiB)");
    if (words == 0 || words > UINT32_MAX)
        return skip(s, "not attempted: the reported size is 0 or above 16 GiB");
    size_t items = (size_t)((words + LIMITS_CONST_WORDS_PER_ITEM - 1) / LIMITS_CONST_WORDS_PER_ITEM);
    init = malloc((size_t)bytes);
    got = calloc(items, sizeof *got);
    if (!init || !got) {
        free(init);
        free(got);
        return skip(s, "out of host memory");
    }
    memset(init, 0, (size_t)bytes);
    for (uint64_t i = 0; i < words; i++)
        init[i] = limits_const_word((uint32_t)i);
    char defines[64];
    snprintf(defines, sizeof defines, "-D WORDS_PER_ITEM=%d", LIMITS_CONST_WORDS_PER_ITEM);
    cl_uint nwords = (cl_uint)words;
    if (build(s, NULL, NULL, defines) != 0)
        goto judge;
    cl_mem c = new_buffer(s, (size_t)bytes, init), outb = c ? new_buffer(s, items * sizeof *got, NULL) : NULL;
    if (!outb || set_arg(s, 0, sizeof c, &c) != 0 || set_arg(s, 1, sizeof nwords, &nwords) != 0 ||
        set_arg(s, 2, sizeof outb, &outb) != 0 || launch(s, 1, &items, NULL) != 0 ||
        read_back(s, outb, 0, items * sizeof *got, got) != 0)
        goto judge;
    bad = 0;
    for (size_t i = 0; i < items; i++)
        if (got[i]) {
            if (bad == 0)
                num(s, "first_bad_item", (double)i);
            bad += got[i];
        }
judge:
    free(init);
    free(got);
    return s->over ? over_info(s, bad < 0 ? 0 : bad) : at_verdict(s, bad < 0 ? 0 : bad);
}

static clc_verdict run_local_mem(lim *s)
{
    cl_ulong klocal = 0;
    cl_uint *got = NULL;
    long bad = -1;
    if (build(s, NULL, NULL, NULL) != 0)
        return s->over ? over_info(s, 0) : at_verdict(s, 0);
    cl_int err = clGetKernelWorkGroupInfo(s->k, s->env->device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof klocal, &klocal,
                                          NULL);
    if (err != CL_SUCCESS) {
        failed(s, "clGetKernelWorkGroupInfo", err);
        return s->over ? over_info(s, 0) : at_verdict(s, 0);
    }
    size_t wg = kernel_wg(s);
    if (wg > LIMITS_LOCAL_WG)
        wg = LIMITS_LOCAL_WG;
    num(s, "kernel_local_mem_size", (double)klocal);
    if (klocal >= s->dev.local_mem_size)
        return skip(s, "the kernel itself uses all of CL_DEVICE_LOCAL_MEM_SIZE");
    cl_uint n = (cl_uint)(s->dev.local_mem_size - klocal) + (cl_uint)s->over;
    num(s, "local_bytes", n);
    num(s, "work_group_size", (double)wg);
    snprintf(s->note, sizeof s->note,
             "%u bytes of __local memory (CL_DEVICE_LOCAL_MEM_SIZE %" PRIu64 " - CL_KERNEL_LOCAL_MEM_SIZE %" PRIu64
             "%s), %zu work-items", n, s->dev.local_mem_size, (uint64_t)klocal, s->over ? " + 1" : "", wg);
    cl_mem outb = new_buffer(s, wg * sizeof *got, NULL);
    got = calloc(wg, sizeof *got);
    if (!got || !outb || set_arg(s, 0, n, NULL) != 0 || set_arg(s, 1, sizeof n, &n) != 0 ||
        set_arg(s, 2, sizeof outb, &outb) != 0 || launch(s, 1, &wg, &wg) != 0 ||
        read_back(s, outb, 0, wg * sizeof *got, got) != 0)
        goto judge;
    bad = 0;
    for (size_t i = 0; i < wg; i++)
        bad += got[i];
judge:
    free(got);
    return s->over ? over_info(s, bad < 0 ? 0 : bad) : at_verdict(s, bad < 0 ? 0 : bad);
}

/* Over a launch limit the spec names the code (clEnqueueNDRangeKernel):
 * CL_INVALID_WORK_GROUP_SIZE above CL_KERNEL_WORK_GROUP_SIZE,
 * CL_INVALID_WORK_ITEM_SIZE above CL_DEVICE_MAX_WORK_ITEM_SIZES[d]. A launch
 * over both may return either. */
static int launch_refused_rightly(cl_int err, size_t n, size_t kwg, size_t items)
{
    return (err == CL_INVALID_WORK_GROUP_SIZE && n > kwg) || (err == CL_INVALID_WORK_ITEM_SIZE && n > items);
}

static clc_verdict run_kernel_wg(lim *s)
{
    cl_int *got = NULL;
    long bad = -1;
    if (build(s, NULL, NULL, NULL) != 0)
        return s->over ? over_info(s, 0) : at_verdict(s, 0);
    size_t kwg = kernel_wg(s);
    size_t n = kwg + (size_t)s->over;
    num(s, "kernel_work_group_size", (double)kwg);
    num(s, "local_size", (double)n);
    snprintf(s->note, sizeof s->note, "a work-group of %zu (CL_KERNEL_WORK_GROUP_SIZE = %zu)", n, kwg);
    cl_mem outb = new_buffer(s, n * sizeof *got, NULL);
    got = calloc(n, sizeof *got);
    if (!got || !outb || s->fail_call || set_arg(s, 0, n * sizeof(cl_int), NULL) != 0 ||
        set_arg(s, 1, sizeof outb, &outb) != 0)
        goto judge;
    cl_int err = clEnqueueNDRangeKernel(s->env->queue, s->k, 1, NULL, &n, &n, 0, NULL, NULL);
    if (s->over) {
        free(got);
        clFinish(s->env->queue);
        cJSON_AddStringToObject(s->obj, "code", clerr_name(err));
        if (launch_refused_rightly(err, n, kwg, (size_t)s->dev.max_work_item_sizes[0])) {
            record_set_detail(s->rec, "one over CL_KERNEL_WORK_GROUP_SIZE: refused with the code the spec names");
            return CLC_VERDICT_PASS;
        }
        char line[400];
        /* The error for a group over the kernel's own size is in the API
         * specifications from 2.0 on; an OpenCL 1.x device is only recorded
         * [ledger: over-limit-error-codes]. */
        snprintf(line, sizeof line, "one over CL_KERNEL_WORK_GROUP_SIZE (%zu): clEnqueueNDRangeKernel returned %s; "
                 "the spec names CL_INVALID_WORK_GROUP_SIZE%s", n, clerr_name(err),
                 s->version >= 20 ? "" : " (from OpenCL 2.0 on; this device reports an earlier version: recorded)");
        record_set_detail(s->rec, line);
        return s->version >= 20 ? CLC_VERDICT_FAIL : CLC_VERDICT_INFO;
    }
    if (err != CL_SUCCESS) {
        failed(s, "clEnqueueNDRangeKernel", err);
        goto judge;
    }
    err = clFinish(s->env->queue);
    if (err != CL_SUCCESS) {
        failed(s, "clFinish", err);
        goto judge;
    }
    if (read_back(s, outb, 0, n * sizeof *got, got) != 0)
        goto judge;
    bad = 0;
    for (size_t i = 0; i < n; i++)
        if (got[i] != (cl_int)((i + 1) % n + 1) && bad++ == 0)
            num(s, "first_mismatch", (double)i);
judge:
    free(got);
    return at_verdict(s, bad < 0 ? 0 : bad);
}

/* Above this a per-dimension launch is not attempted (no device reports it). */
#define LIMITS_ITEMS_CAP ((size_t)1 << 24)

static clc_verdict run_item_sizes(lim *s)
{
    cl_uint *got = NULL;
    long bad = 0;
    int wrong_code = 0;
    char line[600] = "";
    size_t used = 0;
    if (build(s, NULL, NULL, NULL) != 0)
        return at_verdict(s, 0); /* a build failure of this kernel is the device's, over or at */
    size_t kwg = kernel_wg(s);
    size_t dims = s->dev.max_work_item_dimensions < 3 ? (size_t)s->dev.max_work_item_dimensions : 3;
    cJSON *arr = cJSON_AddArrayToObject(s->obj, "dimensions");
    for (size_t d = 0; d < dims && !s->fail_call; d++) {
        size_t items = (size_t)s->dev.max_work_item_sizes[d];
        size_t n = s->over ? items + 1 : (items < kwg ? items : kwg);
        size_t global[3] = {1, 1, 1};
        global[d] = n;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToArray(arr, o);
        cJSON_AddNumberToObject(o, "max_work_item_size", (double)items);
        cJSON_AddNumberToObject(o, "local_size", (double)n);
        if (n > LIMITS_ITEMS_CAP || n == 0) {
            cJSON_AddStringToObject(o, "outcome", "not attempted");
            continue;
        }
        cl_mem outb = new_buffer(s, n * sizeof(cl_uint), NULL);
        free(got);
        got = calloc(n, sizeof *got);
        if (!outb || !got || set_arg(s, 0, sizeof outb, &outb) != 0)
            break;
        cl_int err = clEnqueueNDRangeKernel(s->env->queue, s->k, 3, NULL, global, global, 0, NULL, NULL);
        cJSON_AddStringToObject(o, "code", clerr_name(err));
        if (s->over) {
            clFinish(s->env->queue);
            if (!launch_refused_rightly(err, n, kwg, items)) {
                wrong_code = 1;
                int w = snprintf(line + used, sizeof line - used, "%sdimension %zu: %s", used ? "; " : "", d,
                                 clerr_name(err));
                if (w > 0 && (size_t)w < sizeof line - used)
                    used += (size_t)w;
            }
            continue;
        }
        if (err != CL_SUCCESS) {
            failed(s, "clEnqueueNDRangeKernel", err);
            break;
        }
        if ((err = clFinish(s->env->queue)) != CL_SUCCESS) {
            failed(s, "clFinish", err);
            break;
        }
        if (read_back(s, outb, 0, n * sizeof *got, got) != 0)
            break;
        long here = 0;
        for (size_t i = 0; i < n; i++)
            here += got[i] != (cl_uint)(i + 1);
        cJSON_AddNumberToObject(o, "mismatches", (double)here);
        bad += here;
    }
    free(got);
    num(s, "kernel_work_group_size", (double)kwg);
    if (s->over) {
        if (s->fail_call) {
            record_set_cl_error(s->rec, s->fail_call, s->fail_code);
            return CLC_VERDICT_ERROR;
        }
        if (wrong_code) {
            char full[800];
            snprintf(full, sizeof full, "one over CL_DEVICE_MAX_WORK_ITEM_SIZES: clEnqueueNDRangeKernel did not "
                     "return CL_INVALID_WORK_ITEM_SIZE (%s)", line);
            record_set_detail(s->rec, full);
            return CLC_VERDICT_FAIL;
        }
        record_set_detail(s->rec, "one over CL_DEVICE_MAX_WORK_ITEM_SIZES in each dimension: refused with the code the spec names");
        return CLC_VERDICT_PASS;
    }
    snprintf(s->note, sizeof s->note, "a launch at CL_DEVICE_MAX_WORK_ITEM_SIZES in each of %zu dimensions "
             "(lowered to CL_KERNEL_WORK_GROUP_SIZE %zu where larger)", dims, kwg);
    return at_verdict(s, bad);
}

static clc_verdict run_max_alloc(lim *s)
{
    uint64_t size = s->dev.max_mem_alloc_size;
    cl_int err;
    num(s, "max_mem_alloc_size", (double)size);
    if (s->over) {
        /* clCreateBuffer: CL_INVALID_BUFFER_SIZE "if size is greater than
         * CL_DEVICE_MAX_MEM_ALLOC_SIZE for all devices in context". */
        cl_mem m = clCreateBuffer(s->env->context, CL_MEM_READ_WRITE, (size_t)size + 1, NULL, &err);
        if (m)
            clReleaseMemObject(m);
        cJSON_AddStringToObject(s->obj, "code", clerr_name(err));
        if (err == CL_INVALID_BUFFER_SIZE) {
            record_set_detail(s->rec, "a buffer one byte over CL_DEVICE_MAX_MEM_ALLOC_SIZE: CL_INVALID_BUFFER_SIZE, as the spec says");
            return CLC_VERDICT_PASS;
        }
        char line[400];
        /* Up to the 2.2 specifications a footnote said implementations "may
         * return" the error; the unified specification requires it. Judged
         * for OpenCL 3.0 devices only [ledger: over-limit-error-codes]. */
        snprintf(line, sizeof line, "a buffer of %" PRIu64 " + 1 bytes: clCreateBuffer returned %s; the spec says "
                 "CL_INVALID_BUFFER_SIZE%s", size, clerr_name(err),
                 s->version >= 30 ? "" : " (before OpenCL 3.0 an implementation only \"may\" return it: recorded)");
        record_set_detail(s->rec, line);
        return s->version >= 30 ? CLC_VERDICT_FAIL : CLC_VERDICT_INFO;
    }
    snprintf(s->note, sizeof s->note, "a buffer of %" PRIu64 " bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE), its first "
             "and last bytes written by a kernel", size);
    if (s->host_backed && size > LIMITS_HOST_CAP)
        return skip(s, "not attempted: CL_DEVICE_MAX_MEM_ALLOC_SIZE is above the harness's host memory cap (2 GiB) "
                       "for a device whose memory is the host's");
    if (build(s, NULL, NULL, NULL) != 0)
        return at_verdict(s, 0);
    cl_mem buf = new_buffer(s, (size_t)size, NULL);
    cl_ulong last = size - 1;
    unsigned char first_byte = 0, last_byte = 0;
    size_t one = 1;
    if (!buf || set_arg(s, 0, sizeof buf, &buf) != 0 || set_arg(s, 1, sizeof last, &last) != 0 ||
        launch(s, 1, &one, NULL) != 0 || read_back(s, buf, 0, 1, &first_byte) != 0 ||
        read_back(s, buf, (size_t)last, 1, &last_byte) != 0)
        return at_verdict(s, 0);
    num(s, "first_byte", first_byte);
    num(s, "last_byte", last_byte);
    return at_verdict(s, (first_byte != 0x5a) + (last_byte != 0xa5));
}

/* Kernels of a shape_kernels_N program that run: about this many. */
#define LIMITS_KERNELS_RUN 8

/* A program of n kernels k0 ... k<n-1>, kernel k<i> writing i * 7 + 1 to
 * out[0]: clCreateKernelsInProgram must give all n (CL_PROGRAM_NUM_KERNELS
 * too), each named once, and a sample of them (every n/8th and the last)
 * must run right. */
static clc_verdict run_kernels(lim *s, unsigned n)
{
    cl_int err;
    cl_kernel *ks = calloc(n, sizeof *ks);
    unsigned char *seen = calloc(n, 1);
    cl_uint got_n = 0;
    size_t in_program = 0;
    unsigned step = n > LIMITS_KERNELS_RUN ? n / LIMITS_KERNELS_RUN : 1, ran = 0;
    long bad = 0;
    snprintf(s->note, sizeof s->note, "%u kernels in one program, created by clCreateKernelsInProgram", n);
    num(s, "kernels_expected", n);
    if (!ks || !seen) {
        free(ks);
        free(seen);
        return skip(s, "out of host memory");
    }
    s->no_kernel = 1;
    if (build(s, NULL, NULL, NULL) != 0)
        goto judge;
    if ((err = clGetProgramInfo(s->prog, CL_PROGRAM_NUM_KERNELS, sizeof in_program, &in_program, NULL)) != CL_SUCCESS) {
        failed(s, "clGetProgramInfo", err);
        goto judge;
    }
    num(s, "program_num_kernels", (double)in_program);
    if ((err = clCreateKernelsInProgram(s->prog, n, ks, &got_n)) != CL_SUCCESS) {
        failed(s, "clCreateKernelsInProgram", err);
        goto judge;
    }
    num(s, "kernels_created", got_n);
    cl_mem outb = new_buffer(s, sizeof(cl_uint), NULL);
    for (cl_uint i = 0; outb && i < got_n && !s->fail_call; i++) {
        char name[64] = "";
        unsigned idx = 0;
        char tail = 0;
        size_t one = 1;
        cl_uint v = 0;
        if ((err = clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, NULL)) != CL_SUCCESS) {
            failed(s, "clGetKernelInfo", err);
            break;
        }
        if (sscanf(name, "k%u%c", &idx, &tail) != 1 || idx >= n || seen[idx]) {
            bad++;
            continue;
        }
        seen[idx] = 1;
        /* Every kernel is created and named; a sample runs (a CPU driver
         * generates code per kernel at its first launch: 300 launches took
         * over a minute on PoCL and rusticl). */
        if (idx % step != 0 && idx != n - 1)
            continue;
        ran++;
        if ((err = clSetKernelArg(ks[i], 0, sizeof outb, &outb)) != CL_SUCCESS) {
            failed(s, "clSetKernelArg", err);
            break;
        }
        if ((err = clEnqueueNDRangeKernel(s->env->queue, ks[i], 1, NULL, &one, NULL, 0, NULL, NULL)) != CL_SUCCESS) {
            failed(s, "clEnqueueNDRangeKernel", err);
            break;
        }
        if (read_back(s, outb, 0, sizeof v, &v) != 0)
            break;
        bad += v != idx * 7u + 1u;
    }
    bad += (long)(n - got_n) + (in_program != n);
    num(s, "kernels_run", ran);
judge:
    for (unsigned i = 0; i < n; i++)
        if (ks[i])
            clReleaseKernel(ks[i]);
    free(ks);
    free(seen);
    return at_verdict(s, bad);
}

clc_verdict measure_limits_run(const limits_plan *plan, const clc_probe *p, const clc_clenv *env, cJSON *obj,
                               clc_record *rec)
{
    lim s;
    memset(&s, 0, sizeof s);
    s.env = env;
    s.p = p;
    s.rec = rec;
    s.obj = obj;
    s.over = plan->over;
    query_device(&s);
    if (s.fail_call && plan->family != LIMITS_MINIMUMS) {
        record_set_cl_error(rec, s.fail_call, s.fail_code);
        return CLC_VERDICT_ERROR;
    }
    clc_verdict v;
    switch (plan->family) {
    case LIMITS_MINIMUMS: v = run_minimums(&s); break;
    case LIMITS_PARAMS: v = run_params(&s); break;
    case LIMITS_CONSTANT_ARGS: v = run_constant_args(&s); break;
    case LIMITS_CONSTANT_BUFFER: v = run_constant_buffer(&s); break;
    case LIMITS_LOCAL_MEM: v = run_local_mem(&s); break;
    case LIMITS_KERNEL_WG: v = run_kernel_wg(&s); break;
    case LIMITS_ITEM_SIZES: v = run_item_sizes(&s); break;
    case LIMITS_KERNELS: v = run_kernels(&s, plan->kernels); break;
    default: v = run_max_alloc(&s); break;
    }
    release(&s);
    return v;
}
