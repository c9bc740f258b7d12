/* harness/tools/reduce_slice.c: a grid-stride loop cut to the iteration that
 * writes one element, inputs and expectations sliced with it, and the
 * shapes it must leave alone (an input read at another index, a use of the
 * loop variable it does not know). */
#include "check.h"
#include "probe_load.h"
#include "probe_write.h"
#include "reduce_slice.h"
#include "value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char CLAMP[] =
    "[probe t.clamp]\nspec = OpenCL C (unified): Integer Functions\nkind = run\n"
    "input a = char: 1 2 3 4 5 6\ninput b = char: 10 20 30\ninput c = char: 11 21 31\n"
    "out = char[6]\nexpect = 1 2 3 4 5 6\nbody = <<END\n"
    "    for (size_t i = get_global_id(0); i < 3; i += get_global_size(0))\n"
    "        vstore2(clamp(vload2(i, a), b[i], c[i]), i, out);\nEND\n";

static int load(const char *text, clc_probe_set *set)
{
    return probe_load_text("t.probe", text, set, stderr) == 0 && set->count == 1;
}

static long in_at(const clc_probe *p, size_t input, size_t k)
{
    return (long)(signed char)value_load(p->inputs[input].type, p->inputs[input].data, k);
}

static void slices_the_clamp_loop_to_the_iteration_of_element_5(void)
{
    clc_probe_set set = {0};
    clc_probe out;
    clc_slice_info info;
    size_t m = 99;
    int ok = load(CLAMP, &set) && reduce_slice_loop(&set.items[0], 5, &out, &m, &info) == 0;
    CHECK(ok, "slice_clamp_loop_applies");
    if (ok) {
        CHECK(m == 1 && info.iteration == 2 && info.iterations == 3, "slice_element_5_is_element_1_of_iteration_2");
        CHECK(out.inputs[0].count == 2 && in_at(&out, 0, 0) == 5 && in_at(&out, 0, 1) == 6,
              "slice_vload2_input_keeps_its_two_values");
        CHECK(out.inputs[1].count == 1 && in_at(&out, 1, 0) == 30 && in_at(&out, 2, 0) == 31,
              "slice_scalar_inputs_keep_one_value");
        CHECK(out.out_count == 2 && value_matches(CLC_T_CHAR, &out.expect[1], 6), "slice_expectation_follows");
        const char *want = "    size_t i = get_global_id(0);\n    vstore2(clamp(vload2(i, a), b[i], c[i]), i, out);";
        int same = strcmp(out.body, want) == 0;
        CHECK(same, "slice_body_is_one_runtime_index_statement");
        if (!same)
            printf("#   got '%s'\n", out.body);
        CHECK(out.global_size == 1, "slice_runs_one_work_item");
        char *call = reduce_slice_call_text(&out, &info);
        int call_ok = call && strcmp(call, "vstore2(clamp((char2)(5, 6), (char)30, (char)31), i, out);") == 0;
        CHECK(call_ok, "slice_call_text_writes_the_operands_as_literals");
        if (!call_ok)
            printf("#   got '%s'\n", call ? call : "(null)");
        free(call);
        probe_free(&out);
    }
    probe_set_free(&set);
}

static void leaves_alone(const char *name, const char *body_line)
{
    char text[1024];
    snprintf(text, sizeof text,
             "[probe t.x]\nspec = s\nkind = run\ninput a = int: 1 2 3\nout = int[3]\nexpect = 1 2 3\n"
             "body = <<END\n    for (size_t i = get_global_id(0); i < 3; i += get_global_size(0))\n%s\nEND\n",
             body_line);
    clc_probe_set set = {0};
    clc_probe out;
    clc_slice_info info;
    size_t m;
    int refused = load(text, &set) && reduce_slice_loop(&set.items[0], 1, &out, &m, &info) != 0;
    CHECK(refused, "slice_leaves_alone_%s", name);
    probe_set_free(&set);
}

/* `size_t i = get_global_id(0);` with global N: work-item k is iteration k. */
static void slices_the_one_work_item_form(void)
{
    clc_probe_set set = {0};
    clc_probe out;
    clc_slice_info info;
    size_t m = 99;
    const char *text = "[probe t.w]\nspec = s\nkind = run\nglobal = 4\ninput x = float: 1 2 3 4 5 6 7 8\n"
                       "out = float[8]\nexpect = 1 2 3 4 5 6 7 8\nbody = <<END\n    size_t i = get_global_id(0);\n"
                       "    float2 a = vload2(i, x);\n    vstore2(a, i, out);\nEND\n";
    int ok = load(text, &set) && reduce_slice_loop(&set.items[0], 5, &out, &m, &info) == 0;
    CHECK(ok, "slice_one_work_item_form_applies");
    if (ok) {
        CHECK(m == 1 && info.iteration == 2 && info.iterations == 4 && out.inputs[0].count == 2,
              "slice_one_work_item_form_element_5_is_work_item_2_lane_1");
        probe_free(&out);
    }
    probe_set_free(&set);
}

int main(void)
{
    slices_the_clamp_loop_to_the_iteration_of_element_5();
    leaves_alone("an_input_read_at_a_fixed_index", "        out[i] = a[i] + a[0];");
    leaves_alone("an_index_it_does_not_know", "        out[i] = a[2 - i];");
    leaves_alone("a_store_elsewhere", "        out[i] = a[i]; out[0] = 1;");
    leaves_alone("the_loop_variable_as_a_value", "        out[i] = a[i] + (int)i;");
    leaves_alone("a_barrier", "        { barrier(CLK_GLOBAL_MEM_FENCE); out[i] = a[i]; }");
    slices_the_one_work_item_form();
    return check_done();
}
