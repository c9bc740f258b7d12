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

#endif
