/* The ICD file of a platform: see icd_file.h.
 *
 * Every platform handle an ICD loader hands out points to an object whose
 * first member is the driver's dispatch table (the Khronos ICD contract), so
 * the address of its clGetPlatformInfo lies in the driver's library, and
 * dladdr names that library. The .icd files name libraries too (a path or
 * a bare file name); the one whose library has the same file name is the
 * platform's. */
#define _GNU_SOURCE
#include "icd_file.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Does the .icd file at path name library lib (compared by file name)? */
static int icd_names(const char *path, const char *lib)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[4096];
    int yes = 0;
    if (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = '\0';
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = '\0';
        yes = n && strcmp(base_name(line), base_name(lib)) == 0;
    }
    fclose(f);
    return yes;
}

int icd_file_of_platform(cl_platform_id p, char *buf, size_t len)
{
    if (!p)
        return -1;
    void *const *dispatch = *(void *const *const *)p;
    Dl_info info;
    if (!dispatch || !dispatch[1] || !dladdr(dispatch[1], &info) || !info.dli_fname)
        return -1;
    const char *env = getenv("OCL_ICD_VENDORS");
    const char *dir = "/etc/OpenCL/vendors";
    struct stat st;
    if (env && *env && stat(env, &st) == 0) {
        if (S_ISREG(st.st_mode)) /* already one file */
            return icd_names(env, info.dli_fname) && snprintf(buf, len, "%s", env) < (int)len ? 0 : -1;
        if (S_ISDIR(st.st_mode))
            dir = env;
    }
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int rc = -1;
    while (rc != 0 && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".icd") != 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (icd_names(path, info.dli_fname) && (size_t)snprintf(buf, len, "%s", path) < len)
            rc = 0;
    }
    closedir(d);
    return rc;
}

int icd_file_rank(const cl_platform_id *plats, int p, char *buf, size_t len)
{
    if (icd_file_of_platform(plats[p], buf, len) != 0)
        return -1;
    int same = 0;
    for (int k = 0; k < p; k++) {
        char other[4096];
        same += icd_file_of_platform(plats[k], other, sizeof other) == 0 && strcmp(other, buf) == 0;
    }
    return same;
}

int icd_file_find(const cl_platform_id *plats, int n, const char *file, int nth)
{
    for (int k = 0, seen = 0; k < n; k++) {
        char f[4096];
        if (icd_file_of_platform(plats[k], f, sizeof f) == 0 && strcmp(f, file) == 0 && seen++ == nth)
            return k;
    }
    return -1;
}
