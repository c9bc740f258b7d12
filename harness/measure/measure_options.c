/* See measure_options.h. */
#include "measure_options.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clerr.h"
#include "record.h"

#define MAX_ARGS 16

typedef struct {
    const char *word;
    unsigned long value;
} named;

static const named addresses[] = {{"global", CL_KERNEL_ARG_ADDRESS_GLOBAL}, {"local", CL_KERNEL_ARG_ADDRESS_LOCAL},
                                  {"constant", CL_KERNEL_ARG_ADDRESS_CONSTANT},
                                  {"private", CL_KERNEL_ARG_ADDRESS_PRIVATE}, {NULL, 0}};
static const named accesses[] = {{"read_only", CL_KERNEL_ARG_ACCESS_READ_ONLY},
                                 {"write_only", CL_KERNEL_ARG_ACCESS_WRITE_ONLY},
                                 {"read_write", CL_KERNEL_ARG_ACCESS_READ_WRITE},
                                 {"none", CL_KERNEL_ARG_ACCESS_NONE}, {NULL, 0}};
static const named qualifiers[] = {{"const", CL_KERNEL_ARG_TYPE_CONST}, {"restrict", CL_KERNEL_ARG_TYPE_RESTRICT},
                                   {"volatile", CL_KERNEL_ARG_TYPE_VOLATILE}, {"none", CL_KERNEL_ARG_TYPE_NONE},
                                   {NULL, 0}};

static int lookup(const named *t, const char *w, size_t n, unsigned long *out)
{
    for (; t->word; t++)
        if (strlen(t->word) == n && strncmp(t->word, w, n) == 0) {
            *out = t->value;
            return 0;
        }
    return -1;
}

static const char *word_of(const named *t, unsigned long v)
{
    for (; t->word; t++)
        if (t->value == v)
            return t->word;
    return "?";
}

/* The qualifier bits as words, "const,restrict" or "none". */
static void qualifier_words(unsigned long bits, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const named *q = qualifiers; q->word; q++)
        if (q->value && (bits & q->value))
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", buf[0] ? "," : "", q->word);
    if (!buf[0])
        snprintf(buf, len, "none");
}

/* One `key=value` of an //@arg line into a. */
static int arg_field(options_arg *a, const char *key, size_t kn, const char *val, size_t vn)
{
    unsigned long v = 0;
    if (kn == 4 && strncmp(key, "type", 4) == 0 && vn < sizeof a->type) {
        memcpy(a->type, val, vn);
        a->type[vn] = '\0';
        return 0;
    }
    if (kn == 7 && strncmp(key, "address", 7) == 0 && lookup(addresses, val, vn, &v) == 0) {
        a->address = (unsigned)v;
        return 0;
    }
    if (kn == 6 && strncmp(key, "access", 6) == 0 && lookup(accesses, val, vn, &v) == 0) {
        a->access = (unsigned)v;
        return 0;
    }
    if (kn == 10 && strncmp(key, "qualifiers", 10) == 0) {
        a->qualifiers = 0;
        for (const char *s = val, *end = val + vn; s < end;) {
            const char *comma = memchr(s, ',', (size_t)(end - s));
            size_t n = comma ? (size_t)(comma - s) : (size_t)(end - s);
            if (lookup(qualifiers, s, n, &v) != 0)
                return -1;
            a->qualifiers |= v;
            s += n + 1;
        }
        return 0;
    }
    return -1;
}

int measure_options_parse_args(const char *source, options_arg *args, size_t max, char *why, size_t len)
{
    size_t n = 0;
    int line = 1;
    for (const char *s = source; s && *s; line++) {
        const char *eol = strchr(s, '\n');
        const char *end = eol ? eol : s + strlen(s);
        while (s < end && (*s == ' ' || *s == '\t'))
            s++;
        if ((size_t)(end - s) > 6 && strncmp(s, "//@arg", 6) == 0) {
            if (n == max)
                return snprintf(why, len, "source line %d: more than %zu //@arg lines", line, max), -1;
            options_arg *a = &args[n];
            memset(a, 0, sizeof *a);
            a->access = CL_KERNEL_ARG_ACCESS_NONE;
            const char *p = s + 6;
            while (p < end && *p == ' ')
                p++;
            const char *colon = memchr(p, ':', (size_t)(end - p));
            if (!colon || colon == p || (size_t)(colon - p) >= sizeof a->name)
                return snprintf(why, len, "source line %d: //@arg NAME: key=value ...", line), -1;
            memcpy(a->name, p, (size_t)(colon - p));
            int have = 0;
            for (p = colon + 1; p < end;) {
                while (p < end && *p == ' ')
                    p++;
                const char *w = p;
                while (p < end && *p != ' ')
                    p++;
                if (p == w)
                    break;
                const char *eq = memchr(w, '=', (size_t)(p - w));
                if (!eq || arg_field(a, w, (size_t)(eq - w), eq + 1, (size_t)(p - eq - 1)) != 0)
                    return snprintf(why, len, "source line %d: bad field '%.*s'", line, (int)(p - w), w), -1;
                have |= eq - w == 4 ? 1 : eq - w == 7 ? 2 : eq - w == 10 ? 4 : 0;
            }
            if ((have & 7) != 7)
                return snprintf(why, len, "source line %d: type, address and qualifiers are required", line), -1;
            n++;
        }
        s = eol ? eol + 1 : end;
    }
    return (int)n;
}

/* A build of source with options; the log into *log (malloc'd, may be NULL). */
static cl_int build(const clc_clenv *env, const char *source, const char *options, cl_program *prog, char **log)
{
    cl_int err;
    *log = NULL;
    *prog = clCreateProgramWithSource(env->context, 1, &source, NULL, &err);
    if (err != CL_SUCCESS)
        return err;
    cl_int rc = clBuildProgram(*prog, 1, &env->device, options, NULL, NULL);
    size_t n = 0;
    if (clGetProgramBuildInfo(*prog, env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) == CL_SUCCESS && n > 0 &&
        (*log = calloc(n + 1, 1)) != NULL &&
        clGetProgramBuildInfo(*prog, env->device, CL_PROGRAM_BUILD_LOG, n, *log, NULL) != CL_SUCCESS) {
        free(*log);
        *log = NULL;
    }
    return rc;
}

static clc_verdict verdict_error(clc_record *rec, const char *call, cl_int err)
{
    record_set_cl_error(rec, call, err);
    return CLC_VERDICT_ERROR;
}

/* The answer to one string query, or NULL after recording the error. */
static int arg_string(cl_kernel k, cl_uint i, cl_kernel_arg_info what, char *buf, size_t len, cl_int *err)
{
    size_t got = 0;
    *err = clGetKernelArgInfo(k, i, what, len - 1, buf, &got);
    buf[*err == CL_SUCCESS && got < len ? got : 0] = '\0';
    return *err == CL_SUCCESS ? 0 : -1;
}

static clc_verdict run_arg_info(const clc_probe *p, const clc_clenv *env, cJSON *obj, clc_record *rec)
{
    options_arg want[MAX_ARGS];
    char why[200], opts[1024], detail[600] = "";
    int n = measure_options_parse_args(p->source, want, MAX_ARGS, why, sizeof why);
    if (n <= 0) {
        record_set_detail(rec, n < 0 ? why : "the source has no //@arg line");
        return CLC_VERDICT_ERROR;
    }
    snprintf(opts, sizeof opts, "%s %s -cl-kernel-arg-info", env->base_options ? env->base_options : "",
             p->options ? p->options : "");
    cl_program prog = NULL;
    char *log = NULL;
    cl_int err = build(env, p->source, opts, &prog, &log);
    if (log)
        record_put_text(rec, "build_log", log);
    free(log);
    clc_verdict verdict = CLC_VERDICT_PASS;
    cl_kernel k = NULL;
    if (err != CL_SUCCESS) {
        verdict = prog ? CLC_VERDICT_BUILD_FAIL : verdict_error(rec, "clCreateProgramWithSource", err);
        goto out;
    }
    k = clCreateKernel(prog, "probe", &err);
    if (err != CL_SUCCESS) {
        verdict = verdict_error(rec, "clCreateKernel", err);
        goto out;
    }
    cJSON *args = cJSON_AddArrayToObject(obj, "args");
    int wrong = 0;
    for (int i = 0; i < n; i++) {
        char name[128], type[128], quals[64], wq[64];
        cl_kernel_arg_address_qualifier address = 0;
        cl_kernel_arg_access_qualifier access = 0;
        cl_kernel_arg_type_qualifier tq = 0;
        if (arg_string(k, (cl_uint)i, CL_KERNEL_ARG_NAME, name, sizeof name, &err) != 0 ||
            arg_string(k, (cl_uint)i, CL_KERNEL_ARG_TYPE_NAME, type, sizeof type, &err) != 0 ||
            (err = clGetKernelArgInfo(k, (cl_uint)i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof address, &address,
                                      NULL)) != CL_SUCCESS ||
            (err = clGetKernelArgInfo(k, (cl_uint)i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof access, &access,
                                      NULL)) != CL_SUCCESS ||
            (err = clGetKernelArgInfo(k, (cl_uint)i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL)) !=
                CL_SUCCESS) {
            snprintf(detail, sizeof detail, "clGetKernelArgInfo of argument %d (%s) failed: %s", i, want[i].name,
                     clerr_name(err));
            record_set_cl_error(rec, "clGetKernelArgInfo", err);
            verdict = CLC_VERDICT_FAIL;
            break;
        }
        qualifier_words(tq, quals, sizeof quals);
        qualifier_words(want[i].qualifiers, wq, sizeof wq);
        cJSON *a = cJSON_CreateObject();
        cJSON_AddStringToObject(a, "name", name);
        cJSON_AddStringToObject(a, "type", type);
        cJSON_AddStringToObject(a, "address", word_of(addresses, address));
        cJSON_AddStringToObject(a, "access", word_of(accesses, access));
        cJSON_AddStringToObject(a, "qualifiers", quals);
        cJSON_AddItemToArray(args, a);
        const char *what = strcmp(name, want[i].name) != 0 ? "name"
                           : strcmp(type, want[i].type) != 0 ? "type name"
                           : address != want[i].address ? "address qualifier"
                           : access != want[i].access ? "access qualifier"
                           : tq != want[i].qualifiers ? "type qualifiers" : NULL;
        if (what && !wrong++)
            snprintf(detail, sizeof detail,
                     "argument %d: %s differs: expected %s %s %s %s %s, got %s %s %s %s %s", i, what,
                     want[i].name, want[i].type, word_of(addresses, want[i].address),
                     word_of(accesses, want[i].access), wq, name, type, word_of(addresses, address),
                     word_of(accesses, access), quals);
    }
    cJSON_AddNumberToObject(obj, "args_wrong", wrong);
    if (wrong)
        verdict = CLC_VERDICT_FAIL;
    else if (verdict == CLC_VERDICT_PASS)
        snprintf(detail, sizeof detail, "all %d arguments' names, type names and qualifiers as declared", n);
out:
    if (detail[0])
        record_set_detail(rec, detail);
    if (k)
        clReleaseKernel(k);
    if (prog)
        clReleaseProgram(prog);
    return verdict;
}

/* Does a build log hold a warning? The word, in any case, as compilers write it. */
static int log_warns(const char *log)
{
    for (const char *s = log; s && *s; s++)
        if (strncasecmp(s, "warning", 7) == 0)
            return 1;
    return 0;
}

static clc_verdict run_warnings(const clc_probe *p, const clc_clenv *env, cJSON *obj, clc_record *rec)
{
    static const struct {
        const char *option, *key;
    } builds[] = {{"", "plain"}, {"-Werror", "werror"}, {"-w", "w"}};
    cl_int rc[3];
    int warned[3];
    char *logs[3] = {NULL, NULL, NULL};
    for (int b = 0; b < 3; b++) {
        char opts[1024];
        snprintf(opts, sizeof opts, "%s %s %s", env->base_options ? env->base_options : "",
                 p->options ? p->options : "", builds[b].option);
        cl_program prog = NULL;
        rc[b] = build(env, p->source, opts, &prog, &logs[b]);
        if (prog)
            clReleaseProgram(prog);
        else
            return verdict_error(rec, "clCreateProgramWithSource", rc[b]);
        warned[b] = log_warns(logs[b]);
        cJSON *o = cJSON_AddObjectToObject(obj, builds[b].key);
        cJSON_AddStringToObject(o, "result", clerr_name(rc[b]));
        cJSON_AddBoolToObject(o, "log_has_warning", warned[b]);
        if (logs[b] && logs[b][0])
            cJSON_AddStringToObject(o, "log", logs[b]);
    }
    for (int b = 0; b < 3; b++)
        free(logs[b]);
    char detail[400];
    clc_verdict verdict;
    /* A compiler may keep a successful build's warnings out of its log;
     * the -Werror build's log then shows them. */
    int warns = warned[0] || (rc[1] != CL_SUCCESS && warned[1]);
    cJSON_AddBoolToObject(obj, "compiler_warns", warns);
    if (rc[0] != CL_SUCCESS) {
        snprintf(detail, sizeof detail, "the source does not build without options (%s): it must", clerr_name(rc[0]));
        verdict = CLC_VERDICT_BUILD_FAIL;
    } else if (!warns) {
        snprintf(detail, sizeof detail, "the compiler gave no warning for this source: nothing for -Werror or -w "
                                        "to act on");
        verdict = CLC_VERDICT_SKIP;
    } else if (rc[1] == CL_SUCCESS) {
        snprintf(detail, sizeof detail, "the build warns, and with -Werror (\"Make all warnings into errors\") it "
                                        "still succeeds: it must fail");
        verdict = CLC_VERDICT_FAIL;
    } else if (rc[2] != CL_SUCCESS || warned[2]) {
        snprintf(detail, sizeof detail, "with -w (\"Inhibit all warning messages\") the build %s",
                 rc[2] != CL_SUCCESS ? "fails: a warning is no error" : "log still holds a warning");
        verdict = CLC_VERDICT_FAIL;
    } else {
        snprintf(detail, sizeof detail, "the build warns%s; -Werror makes it fail (%s) and -w silences it",
                 warned[0] ? "" : " (its log shows it only under -Werror)", clerr_name(rc[1]));
        verdict = CLC_VERDICT_PASS;
    }
    record_set_detail(rec, detail);
    return verdict;
}

clc_verdict measure_options_run(const clc_probe *p, const clc_clenv *env, cJSON *obj, clc_record *rec)
{
    if (!p->source) {
        record_set_detail(rec, "the measurement needs a `source`");
        return CLC_VERDICT_ERROR;
    }
    if (strcmp(p->measure, "options_kernel_arg_info") == 0)
        return run_arg_info(p, env, obj, rec);
    return run_warnings(p, env, obj, rec);
}
