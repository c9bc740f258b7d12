/* A probe's images on a device: whether the device lists the format, making
 * the image from the probe's channel values, reading it back. */
#ifndef CLC_IMAGE_MEM_H
#define CLC_IMAGE_MEM_H

#include <stddef.h>

#include "clenv.h"
#include "image_arg.h"

/* Whether clGetSupportedImageFormats lists img's format for its type and
 * access: 1 listed, 0 not (why then says so), -1 the call failed (*call and
 * *err name it). */
int image_mem_supported(cl_context ctx, const clc_image *img, char *why, size_t len, const char **call, cl_int *err);

/* Makes the image from data (the channel values, tightly packed). An
 * image1d_buffer_t is made over a buffer holding them, returned in *backing
 * (else NULL); the caller releases both. NULL on failure, *call and *err
 * naming the call. */
cl_mem image_mem_create(cl_context ctx, const clc_image *img, const void *data, cl_mem *backing, const char **call,
                        cl_int *err);

/* Reads the whole image into host (image_arg_elems values), blocking. */
cl_int image_mem_read(cl_command_queue queue, cl_mem image, const clc_image *img, void *host);

#endif
