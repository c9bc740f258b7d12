/* Unit tests of the driver-free half of the advertised-limits family: names,
 * the parameter layout, argument values and the spec's minimums. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "limits_plan.h"
#include "measure.h"

static void test_names_parse_and_typos_do_not(void)
{
    limits_plan p;
    CHECK(limits_plan_parse("limits_minimums", &p) == 0 && p.family == LIMITS_MINIMUMS, "minimums parses");
    CHECK(limits_plan_parse("limits_params_at", &p) == 0 && p.family == LIMITS_PARAMS && !p.over, "params_at");
    CHECK(limits_plan_parse("limits_local_mem_over", &p) == 0 && p.family == LIMITS_LOCAL_MEM && p.over,
          "local_mem_over");
    CHECK(limits_plan_parse("limits_max_alloc_at", &p) == 0 && p.family == LIMITS_MAX_ALLOC, "max_alloc_at");
    CHECK(limits_plan_parse("limits_params", NULL) == -1, "a family without _at/_over is rejected");
    CHECK(limits_plan_parse("limits_params_atx", NULL) == -1, "a suffix typo is rejected");
    CHECK(limits_plan_parse("limits_minimums_at", NULL) == -1, "minimums takes no suffix");
    CHECK(limits_plan_parse("iwg_resident_wg64", NULL) == -1, "another family's name is not ours");
    CHECK(limits_plan_parse("shape_kernels_300", &p) == 0 && p.family == LIMITS_KERNELS && p.kernels == 300,
          "shape_kernels_300: 300 kernels");
    CHECK(limits_plan_parse("shape_kernels_0", NULL) == -1 && limits_plan_parse("shape_kernels_030", NULL) == -1 &&
              limits_plan_parse("shape_kernels_100001", NULL) == -1 && limits_plan_parse("shape_kernels_3x", NULL) == -1,
          "shape_kernels_N: zero, leading zeros, above 100000 and trailing text are rejected");
    CHECK(measure_known("limits_constant_args_over") && !measure_known("limits_constant_arg_over"),
          "measure_known accepts the family's names and rejects a misspelt one");
}

/* Sum of sizes, falling sizes (so natural alignment without padding),
 * exactly two pointers, count within the cap. */
static int layout_ok(const limits_param_layout *L, size_t target, size_t max_args)
{
    size_t sum = 0, pointers = 0, lanes = 1;
    for (size_t i = 0; i < L->n_args; i++) {
        const limits_arg *a = &L->args[i];
        sum += a->size;
        pointers += a->is_pointer != 0;
        lanes += a->lanes;
        if (i > 0 && L->args[i - 1].size < a->size)
            return 0;
        if (!a->is_pointer && a->lanes * a->lane_bytes != a->size)
            return 0;
    }
    return sum == target && pointers == 2 && L->n_args <= max_args && lanes == L->lanes;
}

static void test_params_layout_hand_worked(void)
{
    limits_param_layout L;
    /* 1024 with 8-byte pointers: 1008 = 63 x 16 bytes, no scalars. */
    CHECK(limits_plan_params(1024, 8, 128, &L) == 0 && L.n_args == 65 && L.args[0].size == 16 &&
              L.args[63].is_pointer == 1 && L.args[64].is_pointer == 2,
          "1024 bytes, 64-bit: 63 vectors of 16 bytes and two pointers");
    /* 1025: one char more at the end. */
    CHECK(limits_plan_params(1025, 8, 128, &L) == 0 && L.n_args == 66 && !strcmp(L.args[65].type, "char"),
          "1025 bytes: a char at the end");
    /* 1576 (rusticl): 1560 = 97 x 16 + 8: 97 vectors, 2 pointers, one long. */
    CHECK(limits_plan_params(1576, 8, 255, &L) == 0 && L.n_args == 100 && !strcmp(L.args[99].type, "long"),
          "1576 bytes: 97 vectors, two pointers, a long");
    /* 32-bit pointers: 1024 - 8 = 1016 = 63 x 16 + 8: the long goes before the pointers. */
    CHECK(limits_plan_params(1024, 4, 128, &L) == 0 && layout_ok(&L, 1024, 128) && L.n_args == 66 &&
              !strcmp(L.args[63].type, "long") && L.args[64].is_pointer == 1,
          "32-bit pointers: the long goes before them, sizes falling");
    /* 4352 (NVIDIA): 4336 bytes of vectors within 253 arguments needs some bigger ones. */
    CHECK(limits_plan_params(4352, 8, 255, &L) == 0 && layout_ok(&L, 4352, 255), "4352 bytes in 255 arguments");
    /* 255 x 128 + 16 is beyond any list of 255 arguments. */
    CHECK(limits_plan_params(255 * 128 + 16, 8, 255, &L) == -1, "unreachable targets are refused");
    CHECK(limits_plan_params(15, 8, 255, &L) == -1, "smaller than two pointers is refused");
}

static void test_params_layout_sweep(void)
{
    int ok = 1;
    limits_param_layout L;
    for (size_t t = 256; t <= 8200 && ok; t += 7)
        for (unsigned ptr = 4; ptr <= 8; ptr += 4) {
            size_t cap = limits_max_args(t);
            if (limits_plan_params(t, ptr, cap, &L) != 0 || !layout_ok(&L, t, cap)) {
                ok = 0;
                printf("# target %zu ptr %u\n", t, ptr);
            }
        }
    CHECK(ok, "every target from 256 to 8200 bytes is laid out exactly, aligned, within the cap");
    CHECK(limits_max_args(1024) == 128 && limits_max_args(1025) == 255 && limits_max_args(256) == 128,
          "argument caps: 128 at the minimum 1024, else 255");
}

static void test_arg_bits(void)
{
    limits_arg c = {"char", 1, 1, 1, 0, 0}, f = {"float4", 16, 4, 4, 1, 0}, l = {"long2", 16, 2, 8, 0, 0};
    CHECK(limits_arg_bits(&c, 3, 0) <= 0xff, "a char's value fits 8 bits");
    int floats_ok = 1;
    for (size_t i = 0; i < 300; i++)
        for (size_t k = 0; k < 4; k++) {
            uint64_t b = limits_arg_bits(&f, i, k);
            float x;
            uint32_t u = (uint32_t)b;
            memcpy(&x, &u, sizeof x);
            if (b > 0xffffffffu || x != x || x < -4096 || x > 4095 || x != (float)(int)x)
                floats_ok = 0;
        }
    CHECK(floats_ok, "float components are integers in [-4096, 4095]: exact, never NaN");
    CHECK(limits_arg_bits(&l, 5, 0) != limits_arg_bits(&l, 5, 1) &&
              limits_arg_bits(&l, 5, 0) != limits_arg_bits(&l, 6, 0),
          "neighbouring arguments and lanes differ");
    /* Hand-worked: 0 * 2654435761 ^ 0x5bd1e995; 1 * 2654435761 = 0x9e3779b1, ^ 0x5bd1e995 = 0xc5e69024. */
    CHECK(limits_const_word(0) == 0x5bd1e995u && limits_const_word(1) == 0xc5e69024u,
          "constant-buffer words, hand-worked");
}

static void test_minimums(void)
{
    limits_reported r;
    memset(&r, 0, sizeof r);
    r.max_parameter_size = 1024;
    r.max_constant_args = 8;
    r.max_constant_buffer_size = 64 * 1024;
    r.local_mem_size = 32 * 1024;
    r.global_mem_size = (uint64_t)8 << 30;  /* a quarter is 2 GiB: the minimum is min(1 GiB, 2 GiB) */
    r.max_mem_alloc_size = (uint64_t)1 << 30;
    r.max_work_item_dimensions = 3;
    r.max_work_item_sizes[0] = r.max_work_item_sizes[1] = r.max_work_item_sizes[2] = 1;
    r.max_work_group_size = 1;
    r.mem_base_addr_align = 1024;
    limits_check c[LIMITS_MAX_CHECKS];
    size_t n = limits_check_minimums(&r, c), bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += !c[i].ok;
    CHECK(n == 11 && bad == 0, "a full-profile device exactly at every minimum passes (%zu checks)", n);
    r.max_mem_alloc_size = ((uint64_t)1 << 30) - 1;
    n = limits_check_minimums(&r, c);
    bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += !c[i].ok && !strcmp(c[i].query, "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
    CHECK(bad == 1, "one byte under max(min(1 GiB, global/4), 32 MiB) fails");
    r.global_mem_size = 64u << 20; /* a quarter is 16 MiB: the floor of 32 MiB rules */
    r.max_mem_alloc_size = 32u << 20;
    r.local_mem_size = 1024;
    r.embedded = 1;
    r.max_parameter_size = 256;
    r.max_constant_args = 4;
    r.max_constant_buffer_size = 1024;
    r.mem_base_addr_align = 512;
    n = limits_check_minimums(&r, c);
    bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += !c[i].ok;
    CHECK(bad == 0, "an embedded device at the embedded minimums passes");
    r.custom = 1;
    CHECK(limits_check_minimums(&r, c) == 0, "a custom device gets no checks");
}

int main(void)
{
    test_names_parse_and_typos_do_not();
    test_params_layout_hand_worked();
    test_params_layout_sweep();
    test_arg_bits();
    test_minimums();
    return check_done();
}
