/* Helpers shared by the libFuzzer targets in this folder: a sink for the
 * error messages the loaders print, a private scratch folder, and turning
 * the fuzzer's bytes into a file or a C string. Everything is static so that
 * tests/unit/test_fuzz_regress.c can include every target into one binary. */
#ifndef CLC_FUZZ_UTIL_H
#define CLC_FUZZ_UTIL_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where the loaders' error messages go: nowhere, but through a real FILE so
 * that every fprintf runs. */
static inline FILE *fz_devnull(void)
{
    static FILE *f;
    if (!f)
        f = fopen("/dev/null", "w");
    return f;
}

/* The input as a NUL-terminated string (a NUL inside ends it early, as it
 * would for the C string APIs the harness uses). Caller frees. */
static inline char *fz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static inline void fz_rm_path(const char *path);
static void fz_rm_scratch(void);

/* A scratch folder for this process, in /dev/shm when there is one (the
 * targets write a file or a report tree per input). */
static inline const char *fz_scratch(void)
{
    static char dir[64];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "%s/clc-fuzz.XXXXXX",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
        if (!mkdtemp(dir))
            abort();
        atexit(fz_rm_scratch);
    }
    return dir;
}

/* Writes the input to scratch/name and returns that path (static buffer). */
static inline const char *fz_write_file(const char *name, const uint8_t *data, size_t size)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", fz_scratch(), name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    return path;
}

static inline void fz_rm_path(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[4096];
            if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub)
                fz_rm_path(sub);
        }
        if (d)
            closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* Removes scratch/name and everything under it. */
static inline void fz_rm_tree(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", fz_scratch(), name);
    fz_rm_path(path);
}

static void fz_rm_scratch(void)
{
    fz_rm_path(fz_scratch());
}

/* Aborts when the scratch folder holds an entry that no target names (the
 * targets write only these; merge and repro only under their -out folders):
 * a file name taken from the input escaped the output folder. */
static inline void fz_assert_contained(void)
{
    static const char *const allowed[] = {"probe.txt", "patterns.txt", "baseline.json",
                                          "merge-in.json", "merge-other.json", "merge-out",
                                          "merge-junit.xml", "repro-in.json", "repro-out", NULL};
    DIR *d = opendir(fz_scratch());
    struct dirent *e;
    while (d && (e = readdir(d))) {
        int ok = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
        for (const char *const *a = allowed; !ok && *a; a++)
            ok = strcmp(e->d_name, *a) == 0;
        if (!ok) {
            fprintf(stderr, "a file escaped the output folder: %s/%s\n", fz_scratch(), e->d_name);
            abort();
        }
    }
    if (d)
        closedir(d);
}

#endif
