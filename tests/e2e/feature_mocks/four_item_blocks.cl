/* A stand-in for cl_intel_subgroups' buffer block reads and writes on a
 * device without them: sub-groups of four consecutive work-items (a layout
 * the extension permits; the work-group size is a multiple of four, so
 * every sub-group is full), and the block functions as the extension's
 * "Sub-group Read and Write Functions" define them: value k of work-item i
 * at p[i + k * max_sub_group_size]. tests/e2e/test_features_optional.sh
 * prepends it to the intel-block probes: they must pass. CONTIGUOUS_BLOCKS
 * puts a work-item's values side by side instead (p[i * width + k]), the
 * misreading the probes exist to catch: they must fail. */
#ifndef BLOCK_MOCK
#define BLOCK_MOCK
#define SG 4u
uint get_sub_group_size(void) { return SG; }
uint get_max_sub_group_size(void) { return SG; }
uint get_sub_group_id(void) { return (uint)get_local_id(0) / SG; }
uint get_sub_group_local_id(void) { return (uint)get_local_id(0) % SG; }
#ifdef CONTIGUOUS_BLOCKS
#define AT(i, k, w) ((i) * (w) + (k))
#else
#define AT(i, k, w) ((i) + (k) * SG)
#endif
#define SLID get_sub_group_local_id()
uint intel_sub_group_block_read(const __global uint *p) { return p[AT(SLID, 0u, 1u)]; }
uint2 intel_sub_group_block_read2(const __global uint *p)
{
    return (uint2)(p[AT(SLID, 0u, 2u)], p[AT(SLID, 1u, 2u)]);
}
uint4 intel_sub_group_block_read4(const __global uint *p)
{
    return (uint4)(p[AT(SLID, 0u, 4u)], p[AT(SLID, 1u, 4u)], p[AT(SLID, 2u, 4u)], p[AT(SLID, 3u, 4u)]);
}
uint8 intel_sub_group_block_read8(const __global uint *p)
{
    return (uint8)(p[AT(SLID, 0u, 8u)], p[AT(SLID, 1u, 8u)], p[AT(SLID, 2u, 8u)], p[AT(SLID, 3u, 8u)],
                   p[AT(SLID, 4u, 8u)], p[AT(SLID, 5u, 8u)], p[AT(SLID, 6u, 8u)], p[AT(SLID, 7u, 8u)]);
}
void intel_sub_group_block_write(__global uint *p, uint v) { p[AT(SLID, 0u, 1u)] = v; }
void intel_sub_group_block_write2(__global uint *p, uint2 v)
{
    p[AT(SLID, 0u, 2u)] = v.s0;
    p[AT(SLID, 1u, 2u)] = v.s1;
}
void intel_sub_group_block_write4(__global uint *p, uint4 v)
{
    p[AT(SLID, 0u, 4u)] = v.s0;
    p[AT(SLID, 1u, 4u)] = v.s1;
    p[AT(SLID, 2u, 4u)] = v.s2;
    p[AT(SLID, 3u, 4u)] = v.s3;
}
void intel_sub_group_block_write8(__global uint *p, uint8 v)
{
    p[AT(SLID, 0u, 8u)] = v.s0;
    p[AT(SLID, 1u, 8u)] = v.s1;
    p[AT(SLID, 2u, 8u)] = v.s2;
    p[AT(SLID, 3u, 8u)] = v.s3;
    p[AT(SLID, 4u, 8u)] = v.s4;
    p[AT(SLID, 5u, 8u)] = v.s5;
    p[AT(SLID, 6u, 8u)] = v.s6;
    p[AT(SLID, 7u, 8u)] = v.s7;
}
#endif
