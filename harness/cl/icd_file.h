/* Which ICD file (an .icd file in /etc/OpenCL/vendors) a loaded platform came from.
 *
 * Why: the ICD loader loads every driver listed there in every process that
 * asks for platforms, and a worker process that is replaced (after a crash,
 * a hung kernel, a measurement's deliberate deadlock) pays that again:
 * 0.5 s for the four local drivers against 0.05 s for PoCL alone. Knowing
 * its platform's file, a replacement worker loads only that driver
 * (OCL_ICD_VENDORS=file). */
#ifndef CLC_ICD_FILE_H
#define CLC_ICD_FILE_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stddef.h>

/* Fills buf with the path of the .icd file that names the library platform
 * p is implemented in (found from p's ICD dispatch table). Returns 0, or -1
 * when it cannot be told (then nothing should be restricted). */
int icd_file_of_platform(cl_platform_id p, char *buf, size_t len);

/* The .icd file of plats[p] into buf, and plats[p]'s rank among the
 * platforms of that file in plats[0..p] (0: the first). Returns the rank,
 * or -1 when the file cannot be told. */
int icd_file_rank(const cl_platform_id *plats, int p, char *buf, size_t len);

/* The index in plats[0..n) of the nth (from 0) platform of .icd file
 * `file`, or -1: how a worker finds its platform whatever else the loader
 * lists (a loader may ignore a file in OCL_ICD_VENDORS). */
int icd_file_find(const cl_platform_id *plats, int n, const char *file, int nth);

#endif
