#!/usr/bin/env python3
"""imageref.py against values worked by hand from the spec's sentences
(OpenCL_C.txt, sections named in imageref.py). Run by tests/e2e/test_images.sh."""
import os
import sys
from fractions import Fraction as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imageref as ir  # noqa: E402

failures = 0


def check(name, got, want):
    global failures
    ok = got == want
    failures += not ok
    print(f"{'ok' if ok else 'not ok'} - {name}" + ("" if ok else f": got {got!r}, want {want!r}"))


# Normalized reads: c / 255, max(-1, c / 127).
check("unorm8_51_reads_0.2", ir.read_channel("CL_UNORM_INT8", 51), F(1, 5))
check("unorm16_65535_reads_1", ir.read_channel("CL_UNORM_INT16", 65535), F(1))
check("snorm8_-128_reads_-1", ir.read_channel("CL_SNORM_INT8", -128), F(-1))
check("snorm16_-16384_reads", ir.read_channel("CL_SNORM_INT16", -16384), F(-16384, 32767))
check("snorm8_-127_is_pinned_to_-1", ir.exact_read("CL_SNORM_INT8", -127), F(-1))
check("unorm8_128_is_not_pinned", ir.exact_read("CL_UNORM_INT8", 128), None)
check("half_0x3555_is_0x1.554p-2", ir.half_to_fraction(0x3555), F(1024 + 0x155, 1024) / 4)
check("half_0x0001_is_2^-24", ir.half_to_fraction(0x0001), F(1, 1 << 24))
check("half_0xc000_is_-2", ir.half_to_fraction(0xC000), F(-2))

# Channel mapping and border colors.
check("cl_r_fills_0_0_1", ir.color("CL_R", [7]), [7, 0, 0, 1])
check("cl_a_fills_rgb_0", ir.color("CL_A", [7]), [0, 0, 0, 7])
check("cl_bgra_swaps", ir.color("CL_BGRA", [1, 2, 3, 4]), [3, 2, 1, 4])
check("cl_argb_rotates", ir.color("CL_ARGB", [1, 2, 3, 4]), [2, 3, 4, 1])
check("cl_intensity_repeats", ir.color("CL_INTENSITY", [5]), [5, 5, 5, 5])
check("cl_luminance_alpha_1", ir.color("CL_LUMINANCE", [5]), [5, 5, 5, 1])
check("border_rgba_0000", ir.border("CL_RGBA"), [0, 0, 0, 0])
check("border_r_0001", ir.border("CL_R"), [0, 0, 0, 1])
check("border_intensity_0000", ir.border("CL_INTENSITY"), [0, 0, 0, 0])
check("bgra_stores_b_g_r_a", ir.stored_from_color("CL_BGRA", [1, 2, 3, 4]), [3, 2, 1, 4])

# Writes: convert_uchar_sat_rte(f * 255.0f), within 0.6 of the exact product.
check("unorm8_write_1_is_255", ir.write_norm("CL_UNORM_INT8", 1.0), [255])
check("unorm8_write_2_saturates", ir.write_norm("CL_UNORM_INT8", 2.0), [255])
check("unorm8_write_-0.5_saturates", ir.write_norm("CL_UNORM_INT8", -0.5), [0])
check("unorm8_write_0.5_tie_allows_both", ir.write_norm("CL_UNORM_INT8", 0.5), [127, 128])
check("unorm8_write_0.25_is_64_only", ir.write_norm("CL_UNORM_INT8", 0.25), [64])
check("snorm8_write_-2_saturates_to_-128", ir.write_norm("CL_SNORM_INT8", -2.0), [-128])
check("snorm16_write_0.5_tie", ir.write_norm("CL_SNORM_INT16", 0.5), [16383, 16384])
check("half_write_0.1_rounds_the_same_both_ways", ir.write_half(ir.f32(0.1)), [0x2E66])
check("half_write_0.3_rte_or_rtz", ir.write_half(ir.f32(0.3)), [0x34CC, 0x34CD])
check("half_write_70000_inf_or_max", ir.write_half(70000.0), [0x7BFF, 0x7C00])
check("half_write_-0_keeps_sign", ir.write_half(-0.0), [0x8000])
check("sint8_write_300_saturates", ir.write_int("CL_SIGNED_INT8", 300), 127)
check("uint16_write_65536_saturates", ir.write_int("CL_UNSIGNED_INT16", 65536), 65535)
check("sint32_write_keeps", ir.write_int("CL_SIGNED_INT32", -2147483648), -2147483648)

# Addressing, nearest filtering (Addressing and Filter Modes).
check("clamp_to_edge_-0.25_is_0", ir.address_unnormalized("clamp_to_edge", -0.25, 4), 0)
check("clamp_to_edge_5.5_is_3", ir.address_unnormalized("clamp_to_edge", 5.5, 4), 3)
check("clamp_-0.25_is_border", ir.address_unnormalized("clamp", -0.25, 4), None)
check("clamp_4.0_is_border", ir.address_unnormalized("clamp", 4.0, 4), None)
check("clamp_3.999_is_3", ir.address_unnormalized("clamp", 3.999, 4), 3)
check("repeat_-1.875_is_0", ir.address_normalized("repeat", -1.875, 4), 0)
check("repeat_2.625_is_2", ir.address_normalized("repeat", 2.625, 4), 2)
check("mirrored_-0.375_is_1", ir.address_normalized("mirrored_repeat", -0.375, 4), 1)
check("mirrored_1.125_is_3", ir.address_normalized("mirrored_repeat", 1.125, 4), 3)
check("mirrored_2.375_is_1", ir.address_normalized("mirrored_repeat", 2.375, 4), 1)
check("normalized_clamp_1.125_is_border", ir.address_normalized("clamp", 1.125, 4), None)
check("layer_0.75_is_1", ir.array_layer(0.75, 3), 1)
check("layer_1.25_is_1", ir.array_layer(1.25, 3), 1)
check("layer_7_clamps_to_2", ir.array_layer(7.0, 3), 2)
check("layer_-1_clamps_to_0", ir.array_layer(-1.0, 3), 0)

# Linear filtering: i0 = floor(u - 0.5), a = frac(u - 0.5).
check("linear_1.5_of_4_is_texels_0_1_half", ir.linear_axis("clamp_to_edge", False, 1.5, 4), (1, 2, F(0)))
check("linear_0.25_clamps_to_0_0", ir.linear_axis("clamp_to_edge", False, 0.25, 4), (0, 0, F(3, 4)))
check("linear_clamp_0.25_borders_left", ir.linear_axis("clamp", False, 0.25, 4), (None, 0, F(3, 4)))
check("linear_repeat_0.0625_wraps", ir.linear_axis("repeat", True, 0.0625, 4), (3, 0, F(3, 4)))
check("linear_mirrored_1.0625_clamps_top", ir.linear_axis("mirrored_repeat", True, 1.0625, 4), (3, 3, F(1, 4)))
check("linear_mixes_two_texels",
      ir.linear(lambda i: [F(10 * i[0])], [(1, 2, F(1, 4))]), [F(25, 2)])
check("linear_border_weighs_zero",
      ir.linear(lambda i: [F(0)] if None in i else [F(8)], [(None, 0, F(3, 4))]), [F(6)])

print(f"# {failures} failed")
sys.exit(1 if failures else 0)
