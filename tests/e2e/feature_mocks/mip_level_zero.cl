/* cl_khr_mipmap_image_writes' mip-level forms of the 3D writes, on a device
 * without the extension: level 0 of an image made without mip levels is the
 * image itself, so each form writes through the plain one
 * (tests/e2e/test_images.sh). WRONG_LEVEL writes the color's reverse: the
 * probes must fail. */
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
#define OV __attribute__((overloadable))
#ifdef WRONG_LEVEL
#define COLOR(v) (v).wzyx
#else
#define COLOR(v) (v)
#endif
#define MIP(ACC, FN, T)                                                        \
    OV void FN(ACC image3d_t i, int4 c, int lod, T v) { FN(i, c, COLOR(v)); }
MIP(write_only, write_imagef, float4)
MIP(write_only, write_imagei, int4)
MIP(write_only, write_imageui, uint4)
#if defined(__opencl_c_read_write_images)
MIP(read_write, write_imagef, float4)
MIP(read_write, write_imagei, int4)
MIP(read_write, write_imageui, uint4)
#endif
