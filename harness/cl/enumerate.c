/* Enumeration in a child process: see enumerate.h. */
#include "enumerate.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clenv.h"
#include "devinfo.h"
#include "icd_file.h"
#include "json_num.h"
#include "proc.h"

#define MAX_PLATFORMS 64
#define MAX_DEVICES 64

typedef struct {
    int first_platform; /* restart point after a crash */
    const char *icd;    /* NULL, or the one .icd file to load */
} enum_args;

static void send_code(int fd, const char *t, int p, const char *call, cl_int code)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", t);
    cJSON_AddNumberToObject(m, "p", p);
    cJSON_AddStringToObject(m, "call", call);
    cJSON_AddNumberToObject(m, "code", code);
    proc_send(fd, m);
}

static void enum_child(int fd, void *arg)
{
    const enum_args *a = arg;
    if (a->icd)
        setenv("OCL_ICD_VENDORS", a->icd, 1);
    cl_platform_id plats[MAX_PLATFORMS];
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(MAX_PLATFORMS, plats, &np);
    if (err != CL_SUCCESS || np == 0) {
        send_code(fd, "no_platform", -1, "clGetPlatformIDs", err);
        return;
    }
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "count");
    cJSON_AddNumberToObject(m, "platforms", np);
    proc_send(fd, m);
    for (int p = a->first_platform; p < (int)np && p < MAX_PLATFORMS; p++) {
        m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "t", "begin");
        cJSON_AddNumberToObject(m, "p", p);
        proc_send(fd, m);
        m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "t", "platform");
        cJSON_AddItemToObject(m, "info", devinfo_platform(plats[p], p));
        /* The platform's own .icd file, so that even a device's first worker
         * loads its driver alone: with rusticl's listed, loading every local
         * driver took 0.93 s of CPU against 0.13 s for PoCL alone. */
        char icd[4096];
        int rank = a->icd ? -1 : icd_file_rank(plats, p, icd, sizeof icd);
        if (rank >= 0) {
            cJSON_AddStringToObject(m, "icd_file", icd);
            cJSON_AddNumberToObject(m, "icd_pidx", rank);
        }
        proc_send(fd, m);
        cl_device_id devs[MAX_DEVICES];
        cl_uint nd = 0;
        err = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES, devs, &nd);
        if (err != CL_SUCCESS) {
            send_code(fd, "no_devices", p, "clGetDeviceIDs", err);
            continue;
        }
        for (int d = 0; d < (int)nd; d++) {
            cJSON *info = devinfo_device(devs[d], "", p, d);
            m = cJSON_CreateObject();
            cJSON_AddStringToObject(m, "t", "device");
            cJSON_AddNumberToObject(m, "p", p);
            cJSON_AddNumberToObject(m, "d", d);
            cJSON *name = cJSON_GetObjectItemCaseSensitive(info, "name");
            cJSON *type = cJSON_GetObjectItemCaseSensitive(info, "type");
            cJSON_AddStringToObject(m, "name", cJSON_IsString(name) ? name->valuestring : "?");
            cJSON_AddStringToObject(m, "type", cJSON_IsString(type) ? type->valuestring : "?");
            cJSON_AddItemToObject(m, "info", info); /* for --list --json */
            proc_send(fd, m);
        }
    }
    m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "t", "done");
    proc_send(fd, m);
}

/* Parenthesised parts of a name are left out of the key: drivers put their
 * version there ("llvmpipe (LLVM 15.0.6, 256 bits)"), and a key that changes
 * with each driver update would break every baseline. */
static void slug_into(char *out, size_t len, const char *s)
{
    size_t o = 0;
    int dash = 1; /* no leading dash */
    int depth = 0;
    for (; *s && o + 1 < len; s++) {
        if (*s == '(' || *s == ')') {
            depth += *s == '(' ? 1 : (depth > 0 ? -1 : 0);
            continue;
        }
        if (depth > 0)
            continue;
        if (isalnum((unsigned char)*s)) {
            out[o++] = (char)tolower((unsigned char)*s);
            dash = 0;
        } else if (!dash) {
            out[o++] = '-';
            dash = 1;
        }
    }
    while (o > 0 && out[o - 1] == '-')
        o--;
    out[o] = '\0';
    if (o == 0)
        snprintf(out, len, "unnamed");
}

char *enumerate_make_key(const char *platform_name, const char *device_name, int nth)
{
    char p[41], d[49], key[128];
    slug_into(p, sizeof p, platform_name);
    slug_into(d, sizeof d, device_name);
    if (nth > 1)
        snprintf(key, sizeof key, "%s--%s-%d", p, d, nth);
    else
        snprintf(key, sizeof key, "%s--%s", p, d);
    return strdup(key);
}

static void add_problem(clc_devlist *l, const char *fmt, const char *a, int n)
{
    char buf[512];
    snprintf(buf, sizeof buf, fmt, a, n);
    cJSON_AddItemToArray(l->problems, cJSON_CreateString(buf));
}

static const char *platform_name_of(clc_devlist *l, int p)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, l->platforms) {
        const cJSON *idx = cJSON_GetObjectItemCaseSensitive(it, "index");
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(it, "name");
        if (cJSON_IsNumber(idx) && idx->valueint == p)
            return cJSON_IsString(name) ? name->valuestring : "?";
    }
    return "?";
}

static void add_device(clc_devlist *l, const cJSON *m, const char *icd, int pidx_offset, const char *hint,
                       int hint_pidx)
{
    clc_devref *n = realloc(l->items, (l->count + 1) * sizeof *n);
    if (!n)
        return;
    l->items = n;
    clc_devref *r = &l->items[l->count++];
    r->loader_pidx = cJSON_GetObjectItemCaseSensitive(m, "p")->valueint;
    r->pidx = r->loader_pidx + pidx_offset;
    r->didx = cJSON_GetObjectItemCaseSensitive(m, "d")->valueint;
    r->icd = icd ? strdup(icd) : NULL;
    r->icd_hint = hint && *hint ? strdup(hint) : NULL;
    r->icd_hint_pidx = hint_pidx;
    r->platform_name = strdup(platform_name_of(l, r->pidx));
    r->device_name = strdup(cJSON_GetObjectItemCaseSensitive(m, "name")->valuestring);
    r->type = strdup(cJSON_GetObjectItemCaseSensitive(m, "type")->valuestring);
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(m, "info");
    r->info = info ? cJSON_Duplicate(info, 1) : NULL;
    /* Keys must be unique: identical devices, and names that differ only in
     * what the key leaves out, get -2, -3... in enumeration order. */
    r->key = NULL;
    for (int nth = 1; !r->key; nth++) {
        char *k = enumerate_make_key(r->platform_name, r->device_name, nth);
        int taken = 0;
        for (size_t i = 0; k && i + 1 < l->count; i++)
            taken |= strcmp(l->items[i].key, k) == 0;
        if (!taken || !k)
            r->key = k;
        else
            free(k);
    }
    cJSON *plat;
    cJSON_ArrayForEach(plat, l->platforms) {
        cJSON *idx = cJSON_GetObjectItemCaseSensitive(plat, "index");
        cJSON *cnt = cJSON_GetObjectItemCaseSensitive(plat, "devices");
        if (cJSON_IsNumber(idx) && idx->valueint == r->pidx && cJSON_IsNumber(cnt))
            cJSON_SetNumberValue(cnt, cnt->valuedouble + 1);
    }
}

/* The first pass through the loader's own list, started early
 * (enumerate_start) and not yet read. */
static clc_child early;
static int early_started;

void enumerate_start(void)
{
    static const enum_args all = {0, NULL};
    if (!early_started && proc_spawn(&early, enum_child, (void *)&all) == 0)
        early_started = 1;
}

/* One pass of the child from platform `first` (the early one, when it is
 * that pass); returns the platform it was in when it died (so the next pass
 * skips it), or -1 when it finished. */
static int enumerate_pass(clc_devlist *l, int first, double timeout_s, const char *icd, int pidx_offset,
                          int *platforms_seen)
{
    enum_args a = {first, icd};
    clc_child c;
    if (first == 0 && !icd && early_started) {
        c = early;
        early_started = 0;
    } else if (proc_spawn(&c, enum_child, &a) != 0) {
        add_problem(l, "%scould not start the enumeration process", "", 0);
        return -1;
    }
    int current = -1, done = 0, r, hint_pidx = 0;
    char hint[4096] = ""; /* the current platform's .icd file, when told */
    cJSON *m;
    while ((r = proc_read_msg(&c, timeout_s, NULL, &m)) == 1) {
        const char *t = cJSON_GetObjectItemCaseSensitive(m, "t")->valuestring;
        if (strcmp(t, "begin") == 0) {
            current = cJSON_GetObjectItemCaseSensitive(m, "p")->valueint;
        } else if (strcmp(t, "platform") == 0) {
            cJSON *info = cJSON_DetachItemFromObjectCaseSensitive(m, "info");
            cJSON *idx = cJSON_GetObjectItemCaseSensitive(info, "index");
            if (cJSON_IsNumber(idx))
                cJSON_SetNumberValue(idx, idx->valuedouble + pidx_offset);
            cJSON_AddNumberToObject(info, "devices", 0);
            if (icd)
                cJSON_AddStringToObject(info, "icd", icd);
            cJSON_AddItemToArray(l->platforms, info);
            (*platforms_seen)++;
            const cJSON *file = cJSON_GetObjectItemCaseSensitive(m, "icd_file");
            const cJSON *fp = cJSON_GetObjectItemCaseSensitive(m, "icd_pidx");
            hint[0] = '\0';
            if (cJSON_IsString(file) && json_num_int(fp, "icd_pidx", 0, INT_MAX, &hint_pidx, NULL, 0) == 0)
                snprintf(hint, sizeof hint, "%s", file->valuestring);
        } else if (strcmp(t, "device") == 0) {
            add_device(l, m, icd, pidx_offset, hint, hint_pidx);
        } else if (strcmp(t, "no_devices") == 0) {
            int p = cJSON_GetObjectItemCaseSensitive(m, "p")->valueint + pidx_offset;
            char what[256];
            snprintf(what, sizeof what, "%s: %%s (clGetDeviceIDs returned %%d)", platform_name_of(l, p));
            add_problem(l, what, "no devices", cJSON_GetObjectItemCaseSensitive(m, "code")->valueint);
        } else if (strcmp(t, "no_platform") == 0 && !icd) {
            l->no_platform = 1;
            add_problem(l, "%sno OpenCL platform found (clGetPlatformIDs returned %d)", "",
                        cJSON_GetObjectItemCaseSensitive(m, "code")->valueint);
        } else if (strcmp(t, "done") == 0) {
            done = 1;
        }
        cJSON_Delete(m);
    }
    int status = 0;
    if (r == -1)
        proc_kill(&c, &status);
    else
        proc_reap(&c, &status);
    if (done || (l->no_platform && !icd))
        return -1;
    char how[64];
    if (r == -1)
        snprintf(how, sizeof how, "hung for %.0f s", timeout_s);
    else
        proc_describe_status(status, how, sizeof how);
    char what[512];
    if (current < 0)
        snprintf(what, sizeof what, "%s%s: the loader's enumeration died (%%s)%.0d", icd ? "ICD " : "",
                 icd ? icd : "clGetPlatformIDs", 0);
    else
        snprintf(what, sizeof what, "platform %d: enumeration died (%%s); skipped, others go on%.0d",
                 current + pidx_offset, 0);
    add_problem(l, what, how, 0);
    return current < 0 ? -2 : current;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .icd files the loader would read: OCL_ICD_VENDORS (a folder or one
 * file), else /etc/OpenCL/vendors. Sorted; caller frees. */
static size_t list_icd_files(char ***out)
{
    const char *env = getenv("OCL_ICD_VENDORS");
    const char *dir = env && *env ? env : "/etc/OpenCL/vendors";
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) {
        if (env && *env) {
            *out = malloc(sizeof **out);
            if (*out)
                (*out)[0] = strdup(env);
            return *out ? 1 : 0;
        }
        return 0;
    }
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".icd") != 0)
            continue;
        char **nn = realloc(*out, (n + 1) * sizeof *nn);
        if (!nn)
            break;
        *out = nn;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        (*out)[n++] = strdup(path);
    }
    closedir(d);
    qsort(*out, n, sizeof **out, cmp_str);
    return n;
}

/* Enumerates through one ICD source (the loader's own config, or one file),
 * restarting past platforms whose driver dies. Returns -2 when it died
 * before naming any platform. */
static int enumerate_source(clc_devlist *l, double timeout_s, const char *icd, int pidx_offset, int *seen)
{
    int first = 0;
    for (int passes = 0; passes < MAX_PLATFORMS; passes++) {
        int died_at = enumerate_pass(l, first, timeout_s, icd, pidx_offset, seen);
        if (died_at == -2)
            return -2;
        if (died_at < 0)
            break;
        first = died_at + 1;
    }
    return 0;
}

int enumerate_devices(clc_devlist *out, double timeout_s)
{
    memset(out, 0, sizeof *out);
    out->platforms = cJSON_CreateArray();
    out->problems = cJSON_CreateArray();
    int seen = 0;
    if (enumerate_source(out, timeout_s, NULL, 0, &seen) != -2)
        return 0;
    /* The loader died inside clGetPlatformIDs: try each driver alone. */
    char **icds;
    size_t n = list_icd_files(&icds);
    cJSON_AddItemToArray(out->problems,
                         cJSON_CreateString("enumerating each .icd file alone, since the loader's own enumeration died"));
    for (size_t i = 0; i < n; i++) {
        int before = seen;
        enumerate_source(out, timeout_s, icds[i], seen, &seen);
        (void)before;
        free(icds[i]);
    }
    free(icds);
    return 0;
}

void enumerate_free(clc_devlist *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i].key);
        free(list->items[i].platform_name);
        free(list->items[i].device_name);
        free(list->items[i].type);
        free(list->items[i].icd);
        free(list->items[i].icd_hint);
        cJSON_Delete(list->items[i].info);
    }
    free(list->items);
    cJSON_Delete(list->platforms);
    cJSON_Delete(list->problems);
    memset(list, 0, sizeof *list);
}
