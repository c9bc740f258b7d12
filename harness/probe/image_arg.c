/* Parsing and naming `image` parameters (image_arg.h). The OpenCL header is
 * included for its constants only: nothing here calls a driver. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image_arg.h"

static const struct {
    const char *name;
    unsigned dims;
} TYPES[] = {
    [CLC_IMG_1D] = {"image1d_t", 1},         [CLC_IMG_1D_BUFFER] = {"image1d_buffer_t", 1},
    [CLC_IMG_1D_ARRAY] = {"image1d_array_t", 2}, [CLC_IMG_2D] = {"image2d_t", 2},
    [CLC_IMG_2D_ARRAY] = {"image2d_array_t", 3}, [CLC_IMG_3D] = {"image3d_t", 3},
};

#define ORDER(x, n) {#x, x, n}
static const struct {
    const char *name;
    unsigned code, channels;
} ORDERS[] = {
    ORDER(CL_R, 1),   ORDER(CL_A, 1),         ORDER(CL_RG, 2),        ORDER(CL_RA, 2),
    ORDER(CL_RGB, 3), ORDER(CL_RGBA, 4),      ORDER(CL_BGRA, 4),      ORDER(CL_ARGB, 4),
    ORDER(CL_INTENSITY, 1), ORDER(CL_LUMINANCE, 1), ORDER(CL_Rx, 2), ORDER(CL_RGx, 3),
    ORDER(CL_RGBx, 4),
};

/* packed: one element holds a whole pixel (CL_UNORM_SHORT_565: a ushort). */
#define DTYPE(x, t, packed) {#x, x, t, packed}
static const struct {
    const char *name;
    unsigned code;
    clc_type elem;
    int packed;
} DTYPES[] = {
    DTYPE(CL_SNORM_INT8, CLC_T_CHAR, 0),        DTYPE(CL_SNORM_INT16, CLC_T_SHORT, 0),
    DTYPE(CL_UNORM_INT8, CLC_T_UCHAR, 0),       DTYPE(CL_UNORM_INT16, CLC_T_USHORT, 0),
    DTYPE(CL_UNORM_SHORT_565, CLC_T_USHORT, 1), DTYPE(CL_UNORM_SHORT_555, CLC_T_USHORT, 1),
    DTYPE(CL_UNORM_INT_101010, CLC_T_UINT, 1),  DTYPE(CL_SIGNED_INT8, CLC_T_CHAR, 0),
    DTYPE(CL_SIGNED_INT16, CLC_T_SHORT, 0),     DTYPE(CL_SIGNED_INT32, CLC_T_INT, 0),
    DTYPE(CL_UNSIGNED_INT8, CLC_T_UCHAR, 0),    DTYPE(CL_UNSIGNED_INT16, CLC_T_USHORT, 0),
    DTYPE(CL_UNSIGNED_INT32, CLC_T_UINT, 0),    DTYPE(CL_HALF_FLOAT, CLC_T_USHORT, 0),
    DTYPE(CL_FLOAT, CLC_T_FLOAT, 0),
};

#define COUNT(a) (sizeof a / sizeof a[0])

static size_t order_index(unsigned code)
{
    size_t i = 0;
    while (i < COUNT(ORDERS) && ORDERS[i].code != code)
        i++;
    return i;
}

static size_t dtype_index(unsigned code)
{
    size_t i = 0;
    while (i < COUNT(DTYPES) && DTYPES[i].code != code)
        i++;
    return i;
}

/* Parses "W", "WxH" or "WxHxD" with exactly want numbers, each at least 1. */
static int parse_dims(const char *s, unsigned want, size_t dims[3])
{
    unsigned n = 0;
    dims[0] = dims[1] = dims[2] = 1;
    while (n < 3) {
        char *end;
        if (*s < '1' || *s > '9')
            return -1;
        unsigned long v = strtoul(s, &end, 10);
        if (v == 0 || v > 1u << 20)
            return -1;
        dims[n++] = v;
        if (*end == '\0')
            break;
        if (*end != 'x')
            return -1;
        s = end + 1;
    }
    return n == want ? 0 : -1;
}

int image_arg_parse(const char *text, clc_image *img, char *why, size_t len)
{
    char words[5][64];
    int n = sscanf(text, "%63s %63s %63s %63s %63s", words[0], words[1], words[2], words[3], words[4]);
    char extra[2];
    if (n < 4 || sscanf(text, "%*s %*s %*s %*s %*s %1s", extra) == 1) {
        snprintf(why, len, "expected 'TYPE ORDER DTYPE WxHxD [read_only|write_only|read_write]'");
        return -1;
    }
    memset(img, 0, sizeof *img);
    size_t t = 0;
    while (t < COUNT(TYPES) && strcmp(TYPES[t].name, words[0]) != 0)
        t++;
    size_t o = 0, d = 0;
    while (o < COUNT(ORDERS) && strcmp(ORDERS[o].name, words[1]) != 0)
        o++;
    while (d < COUNT(DTYPES) && strcmp(DTYPES[d].name, words[2]) != 0)
        d++;
    if (t == COUNT(TYPES)) {
        snprintf(why, len, "'%s' is not an image type (image1d_t image1d_buffer_t image1d_array_t image2d_t "
                 "image2d_array_t image3d_t)", words[0]);
        return -1;
    }
    if (o == COUNT(ORDERS)) {
        snprintf(why, len, "'%s' is not a channel order of OpenCL 1.2 (CL_R, CL_RGBA, ...)", words[1]);
        return -1;
    }
    if (d == COUNT(DTYPES)) {
        snprintf(why, len, "'%s' is not a channel data type of OpenCL 1.2 (CL_UNORM_INT8, CL_FLOAT, ...)", words[2]);
        return -1;
    }
    img->type = (clc_image_type)t;
    img->order = ORDERS[o].code;
    img->dtype = DTYPES[d].code;
    if (parse_dims(words[3], TYPES[t].dims, img->dims) != 0) {
        snprintf(why, len, "'%s': %s takes %u size%s (W, WxH or WxHxD, each 1 to 1048576)", words[3], words[0],
                 TYPES[t].dims, TYPES[t].dims > 1 ? "s" : "");
        return -1;
    }
    if (n == 5 && strcmp(words[4], "write_only") == 0) {
        img->access = CLC_IMG_WRITE_ONLY;
    } else if (n == 5 && strcmp(words[4], "read_write") == 0) {
        img->access = CLC_IMG_READ_WRITE;
    } else if (n == 5 && strcmp(words[4], "read_only") != 0) {
        snprintf(why, len, "access '%s' is none of read_only, write_only and read_write", words[4]);
        return -1;
    }
    return 0;
}

const char *image_arg_access_name(const clc_image *img)
{
    return img->access == CLC_IMG_WRITE_ONLY ? "write_only" : img->access == CLC_IMG_READ_WRITE ? "read_write"
                                                                                                 : "read_only";
}

const char *image_arg_access_qualifier(const clc_image *img)
{
    return img->access == CLC_IMG_WRITE_ONLY ? "__write_only" : img->access == CLC_IMG_READ_WRITE ? "__read_write"
                                                                                                   : "__read_only";
}

char *image_arg_format(const clc_image *img, char *buf, size_t len)
{
    char dims[64];
    unsigned n = image_arg_ndims(img);
    int at = snprintf(dims, sizeof dims, "%zu", img->dims[0]);
    for (unsigned i = 1; i < n && at > 0 && (size_t)at < sizeof dims; i++)
        at += snprintf(dims + at, sizeof dims - (size_t)at, "x%zu", img->dims[i]);
    snprintf(buf, len, "%s %s %s %s %s", image_arg_type_name(img), image_arg_order_name(img),
             image_arg_dtype_name(img), dims, image_arg_access_name(img));
    return buf;
}

clc_type image_arg_elem_type(const clc_image *img)
{
    size_t d = dtype_index(img->dtype);
    return d < COUNT(DTYPES) ? DTYPES[d].elem : CLC_T_UCHAR;
}

unsigned image_arg_channels(const clc_image *img)
{
    size_t o = order_index(img->order);
    return o < COUNT(ORDERS) ? ORDERS[o].channels : 1;
}

size_t image_arg_elems(const clc_image *img)
{
    size_t d = dtype_index(img->dtype);
    size_t per_pixel = d < COUNT(DTYPES) && DTYPES[d].packed ? 1 : image_arg_channels(img);
    return img->dims[0] * img->dims[1] * img->dims[2] * per_pixel;
}

unsigned image_arg_ndims(const clc_image *img)
{
    return TYPES[img->type].dims;
}

const char *image_arg_type_name(const clc_image *img)
{
    return TYPES[img->type].name;
}

const char *image_arg_order_name(const clc_image *img)
{
    size_t o = order_index(img->order);
    return o < COUNT(ORDERS) ? ORDERS[o].name : "?";
}

const char *image_arg_dtype_name(const clc_image *img)
{
    size_t d = dtype_index(img->dtype);
    return d < COUNT(DTYPES) ? DTYPES[d].name : "?";
}
