/* A probe's images on a device (image_mem.h). */
#include "image_mem.h"

#include <stdio.h>
#include <stdlib.h>

static const cl_mem_object_type OBJECT_TYPES[] = {
    [CLC_IMG_1D] = CL_MEM_OBJECT_IMAGE1D,       [CLC_IMG_1D_BUFFER] = CL_MEM_OBJECT_IMAGE1D_BUFFER,
    [CLC_IMG_1D_ARRAY] = CL_MEM_OBJECT_IMAGE1D_ARRAY, [CLC_IMG_2D] = CL_MEM_OBJECT_IMAGE2D,
    [CLC_IMG_2D_ARRAY] = CL_MEM_OBJECT_IMAGE2D_ARRAY, [CLC_IMG_3D] = CL_MEM_OBJECT_IMAGE3D,
};

/* An OpenCL 2.0 flag, absent from the 1.2 headers the harness builds with:
 * clGetSupportedImageFormats then lists the formats a kernel may both read
 * and write (a __read_write image). */
#ifndef CL_MEM_KERNEL_READ_AND_WRITE
#define CL_MEM_KERNEL_READ_AND_WRITE ((cl_mem_flags)1 << 12)
#endif

static cl_mem_flags access_flags(const clc_image *img)
{
    return img->access == CLC_IMG_WRITE_ONLY ? CL_MEM_WRITE_ONLY
           : img->access == CLC_IMG_READ_WRITE ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY;
}

static cl_mem_flags query_flags(const clc_image *img)
{
    return access_flags(img) | (img->access == CLC_IMG_READ_WRITE ? CL_MEM_KERNEL_READ_AND_WRITE : 0);
}

int image_mem_supported(cl_context ctx, const clc_image *img, char *why, size_t len, const char **call, cl_int *err)
{
    cl_uint n = 0;
    cl_image_format *formats = NULL;
    int found = -1;
    *call = "clGetSupportedImageFormats";
    *err = clGetSupportedImageFormats(ctx, query_flags(img), OBJECT_TYPES[img->type], 0, NULL, &n);
    if (*err != CL_SUCCESS)
        return -1;
    formats = calloc(n ? n : 1, sizeof *formats);
    if (!formats) {
        *err = CL_OUT_OF_HOST_MEMORY;
        return -1;
    }
    *err = clGetSupportedImageFormats(ctx, query_flags(img), OBJECT_TYPES[img->type], n, formats, NULL);
    if (*err == CL_SUCCESS) {
        found = 0;
        for (cl_uint i = 0; i < n && !found; i++)
            found = formats[i].image_channel_order == img->order && formats[i].image_channel_data_type == img->dtype;
        if (!found)
            snprintf(why, len, "clGetSupportedImageFormats does not list %s %s for %s %s", image_arg_order_name(img),
                     image_arg_dtype_name(img), image_arg_type_name(img),
                     img->access == CLC_IMG_WRITE_ONLY   ? "CL_MEM_WRITE_ONLY"
                     : img->access == CLC_IMG_READ_WRITE ? "CL_MEM_READ_WRITE | CL_MEM_KERNEL_READ_AND_WRITE"
                                                         : "CL_MEM_READ_ONLY");
    }
    free(formats);
    return found;
}

cl_mem image_mem_create(cl_context ctx, const clc_image *img, const void *data, cl_mem *backing, const char **call,
                        cl_int *err)
{
    cl_image_format format = {img->order, img->dtype};
    cl_image_desc desc = {0};
    cl_mem_flags flags = access_flags(img) | CL_MEM_COPY_HOST_PTR;
    const void *host = data;
    desc.image_type = OBJECT_TYPES[img->type];
    desc.image_width = img->dims[0];
    switch (img->type) {
    case CLC_IMG_1D_ARRAY:
        desc.image_array_size = img->dims[1];
        break;
    case CLC_IMG_2D_ARRAY:
        desc.image_height = img->dims[1];
        desc.image_array_size = img->dims[2];
        break;
    case CLC_IMG_2D:
    case CLC_IMG_3D:
        desc.image_height = img->dims[1];
        desc.image_depth = img->dims[2];
        break;
    default:
        break;
    }
    *backing = NULL;
    if (img->type == CLC_IMG_1D_BUFFER) {
        /* The pixels live in the buffer; the image is a view of it. */
        size_t bytes = image_arg_elems(img) * value_type_size(image_arg_elem_type(img));
        *call = "clCreateBuffer";
        *backing = clCreateBuffer(ctx, access_flags(img) | CL_MEM_COPY_HOST_PTR, bytes, (void *)data, err);
        if (*err != CL_SUCCESS)
            return NULL;
        desc.buffer = *backing;
        flags = access_flags(img);
        host = NULL;
    }
    *call = "clCreateImage";
    return clCreateImage(ctx, flags, &format, &desc, (void *)host, err);
}

cl_int image_mem_read(cl_command_queue queue, cl_mem image, const clc_image *img, void *host)
{
    size_t origin[3] = {0, 0, 0};
    return clEnqueueReadImage(queue, image, CL_TRUE, origin, img->dims, 0, 0, host, 0, NULL, NULL);
}
