/* An `image` parameter of a probe: its type, format, size and access, as the
 * probe file writes them (`image2d_t CL_RGBA CL_UNORM_INT8 4x4 read_only`).
 * Parsing and naming only; image_mem.c makes the OpenCL object. */
#ifndef CLC_IMAGE_ARG_H
#define CLC_IMAGE_ARG_H

#include <stddef.h>

#include "value.h"

typedef enum {
    CLC_IMG_1D, CLC_IMG_1D_BUFFER, CLC_IMG_1D_ARRAY, CLC_IMG_2D, CLC_IMG_2D_ARRAY, CLC_IMG_3D
} clc_image_type;

typedef enum { CLC_IMG_READ_ONLY, CLC_IMG_WRITE_ONLY, CLC_IMG_READ_WRITE } clc_image_access;

typedef struct {
    clc_image_type type;
    unsigned order;        /* cl_channel_order, e.g. CL_RGBA (0x10B5) */
    unsigned dtype;        /* cl_channel_type, e.g. CL_UNORM_INT8 (0x10D2) */
    size_t dims[3];        /* width, then height or array size, then depth or array size; unused: 1 */
    clc_image_access access;
} clc_image;

/* Parses `TYPE ORDER DTYPE WxHxD [access]` (access read_only unless given)
 * into img. Returns 0, or -1 with a reason in why. */
int image_arg_parse(const char *text, clc_image *img, char *why, size_t len);

/* Writes the descriptor back in the form image_arg_parse reads. Returns buf. */
char *image_arg_format(const clc_image *img, char *buf, size_t len);

/* The element type a channel of this data type is stored in on the host
 * (CL_UNORM_INT8: uchar; CL_HALF_FLOAT: ushort, its bits; CL_FLOAT: float). */
clc_type image_arg_elem_type(const clc_image *img);

/* Channels of one pixel in the image's order (CL_RGBA 4, CL_R 1, ...). */
unsigned image_arg_channels(const clc_image *img);

/* Channel values of the whole image: pixels times channels. */
size_t image_arg_elems(const clc_image *img);

/* How many of dims the type uses (1D: 1, 2D and 1D array: 2, ...). */
unsigned image_arg_ndims(const clc_image *img);

/* The OpenCL C type name (`image2d_t`) and the names of order and data type. */
const char *image_arg_type_name(const clc_image *img);
const char *image_arg_order_name(const clc_image *img);
const char *image_arg_dtype_name(const clc_image *img);

/* The access word of the probe format and the kernel's qualifier:
 * "read_only" / "__read_only", ... */
const char *image_arg_access_name(const clc_image *img);
const char *image_arg_access_qualifier(const clc_image *img);

#endif
