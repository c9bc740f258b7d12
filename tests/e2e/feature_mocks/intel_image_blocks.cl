/* cl_intel_subgroups' image block reads and writes on a device without the
 * extension, for the one-item sub-groups of one_item_subgroups.cl (included
 * before this): work-item 0 of its sub-group reads or writes the uint at
 * column x / 4 of rows y, y + 1, ... (the extension's row-by-row order)
 * with read_imageui / write_imageui of a CL_R CL_UNSIGNED_INT32 image, whose
 * element is that uint (tests/e2e/test_features_optional.sh). WRONG_ROWS
 * reverses the rows of a block: the probes must fail. */
#ifdef WRONG_ROWS
#define ROW(c, k, w) ((c).y + (w) - 1 - (k))
#else
#define ROW(c, k, w) ((c).y + (k))
#endif
#define RD(c, k, w) read_imageui(img, (int2)((c).x / 4, ROW(c, k, w))).x
#define WR(c, k, w, v) write_imageui(img, (int2)((c).x / 4, ROW(c, k, w)), (uint4)((v), 0u, 0u, 0u))
OV uint intel_sub_group_block_read(read_only image2d_t img, int2 c) { return RD(c, 0, 1); }
OV uint2 intel_sub_group_block_read2(read_only image2d_t img, int2 c) { return (uint2)(RD(c, 0, 2), RD(c, 1, 2)); }
OV uint4 intel_sub_group_block_read4(read_only image2d_t img, int2 c)
{
    return (uint4)(RD(c, 0, 4), RD(c, 1, 4), RD(c, 2, 4), RD(c, 3, 4));
}
OV uint8 intel_sub_group_block_read8(read_only image2d_t img, int2 c)
{
    return (uint8)(RD(c, 0, 8), RD(c, 1, 8), RD(c, 2, 8), RD(c, 3, 8), RD(c, 4, 8), RD(c, 5, 8), RD(c, 6, 8),
                   RD(c, 7, 8));
}
OV void intel_sub_group_block_write(write_only image2d_t img, int2 c, uint v) { WR(c, 0, 1, v); }
OV void intel_sub_group_block_write2(write_only image2d_t img, int2 c, uint2 v) { WR(c, 0, 2, v.s0); WR(c, 1, 2, v.s1); }
OV void intel_sub_group_block_write4(write_only image2d_t img, int2 c, uint4 v)
{
    WR(c, 0, 4, v.s0); WR(c, 1, 4, v.s1); WR(c, 2, 4, v.s2); WR(c, 3, 4, v.s3);
}
OV void intel_sub_group_block_write8(write_only image2d_t img, int2 c, uint8 v)
{
    WR(c, 0, 8, v.s0); WR(c, 1, 8, v.s1); WR(c, 2, 8, v.s2); WR(c, 3, 8, v.s3);
    WR(c, 4, 8, v.s4); WR(c, 5, 8, v.s5); WR(c, 6, 8, v.s6); WR(c, 7, 8, v.s7);
}
