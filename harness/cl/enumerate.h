/* Finding every platform and device behind the ICD loader. The queries run
 * in a child process, restarted past a platform whose driver crashes, so one
 * broken driver never hides the others. */
#ifndef CLC_ENUMERATE_H
#define CLC_ENUMERATE_H

#include <stddef.h>
#include <cjson/cJSON.h>

typedef struct {
    int pidx, didx;       /* indices as clconform lists them (--list, --device P:D) */
    char *icd;            /* NULL, or the one .icd file to load (OCL_ICD_VENDORS), see below */
    int loader_pidx;      /* the platform's index in the loader's own list (with icd, in that file's) */
    char *icd_hint;       /* NULL, or the .icd file the platform came from: a worker may load it
                             alone (the platform is then number icd_hint_pidx of that file's) and
                             loads every driver if it does not find the device so (supervise.c) */
    int icd_hint_pidx;
    char *key;            /* stable report key, e.g. "portable-computing-language--pthread-..." */
    char *platform_name;
    char *device_name;
    char *type;           /* "CPU", "GPU", ... */
    cJSON *info;          /* the device's identity (devinfo_device), NULL if unknown */
} clc_devref;

typedef struct {
    clc_devref *items;
    size_t count;
    cJSON *platforms;     /* array of platform objects (devinfo_platform), with "devices": N */
    cJSON *problems;      /* array of strings: what went wrong, platform by platform */
    int no_platform;      /* the loader found no platform at all */
} clc_devlist;

/* Enumerates. Returns 0 (even with problems, which it lists), or -1 when the
 * enumeration itself could not run. If the loader's own enumeration dies
 * before naming a platform (ocl-icd asks every driver for its devices inside
 * clGetPlatformIDs, so one crashing driver hides all), each .icd file is
 * enumerated alone, and its devices are run with OCL_ICD_VENDORS set to it. */
int enumerate_devices(clc_devlist *out, double timeout_s);

/* Starts the enumeration's first pass now, in its child process, so that
 * loading every driver (0.9 s of CPU with the four local ones) overlaps the
 * caller's own work (loading the probes); enumerate_devices then reads it. */
void enumerate_start(void);

/* Makes the stable key of a device: slug(platform) "--" slug(device), with
 * "-2", "-3"... for identical devices of one platform. Caller frees. */
char *enumerate_make_key(const char *platform_name, const char *device_name, int nth);

void enumerate_free(clc_devlist *list);

#endif
