/* harness/probe/probe_load.c: a well-formed file (defaults, heredocs, inputs,
 * expect_file) loads into the right fields, and each malformed file is
 * rejected with "FILE:LINE: problem" naming the right line and the problem.
 * Files for probe_load_path live under tests/fixtures/probes/. */
#include "check.h"
#include "probe_load.h"

#include <stdlib.h>
#include <string.h>

static char *errbuf;
static size_t errlen;
static void show_errors(void);

/* Loads text as file `name` into a fresh set; the error stream lands in errbuf. */
static int load(const char *name, const char *text, clc_probe_set *set)
{
    free(errbuf);
    errbuf = NULL;
    FILE *err = open_memstream(&errbuf, &errlen);
    memset(set, 0, sizeof *set);
    int rc = probe_load_text(name, text, set, err);
    fclose(err);
    show_errors();
    return rc;
}

/* Echoes the captured error stream as TAP comments. */
static void show_errors(void)
{
    for (const char *l = errbuf; l && *l;) {
        const char *nl = strchr(l, '\n');
        int n = nl ? (int)(nl - l) : (int)strlen(l);
        printf("#   stderr: %.*s\n", n, l);
        l += n + (nl ? 1 : 0);
    }
}

static int err_has(const char *needle)
{
    int found = errbuf && strstr(errbuf, needle) != NULL;
    if (!found)
        printf("#   error stream lacks '%s'\n", needle);
    return found;
}

static const clc_probe *find(const clc_probe_set *set, const char *id)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i].id, id) == 0)
            return &set->items[i];
    return NULL;
}

static char fixture_path[4096];
static const char *fixture(const char *name)
{
    const char *src = getenv("SRCDIR");
    snprintf(fixture_path, sizeof fixture_path, "%s/tests/fixtures/probes/%s", src ? src : ".", name);
    return fixture_path;
}

static const char good_text[] =
    "# a comment line\n"                                /* 1 */
    "[defaults]\n"                                      /* 2 */
    "spec = OpenCL C (unified): Implicit Conversions\n" /* 3 */
    "why = default why\n"                               /* 4 */
    "\n"                                                /* 5 */
    "[probe t.one]\n"                                   /* 6 */
    "kind   = run\n"                                    /* 7 */
    "out    = int[2]\n"                                 /* 8 */
    "expect = -1, 0x7fffffff\n"                         /* 9 */
    "body   = <<END\n"                                  /* 10 */
    "    int x = 1;\n"                                  /* 11 */
    "\n"                                                /* 12 */
    "    out[0] = -x; out[1] = 0x7fffffff;\n"           /* 13 */
    "  END\n"                                           /* 14 */
    "\n"                                                /* 15 */
    "[probe t.two]\n"                                   /* 16 */
    "spec = OpenCL C 2.0\n"                             /* 17 */
    "# a comment inside a probe\n"                      /* 18 */
    "kind = run\n"                                      /* 19 */
    "requires = cl_khr_fp64 !images\n"                  /* 20 */
    "options = -cl-fast-relaxed-math\n"                 /* 21 */
    "input a = float: 1.5 -0.0 nan\n"                   /* 22 */
    "input b = uchar: 255, 0\n"                         /* 23 */
    "out = float\n"                                     /* 24 */
    "expect = * 0|-0 nan\n"                             /* 25 */
    "global = 3\n"                                      /* 26 */
    "local = 1\n"                                       /* 27 */
    "timeout = 2.5\n"                                   /* 28 */
    "prelude = <<P\n"                                   /* 29 */
    "float helper(float v) { return v; }\n"             /* 30 */
    "P\n"                                               /* 31 */
    "body = out[get_global_id(0)] = helper(a[get_global_id(0)]);\n" /* 32 */
    "[probe t.three]\n"                                 /* 33 */
    "kind = build-fail\n"                               /* 34 */
    "body = int x = ;\n"                                /* 35 */
    "[probe t.four]\n"                                  /* 36 */
    "kind = impl-defined\n"                             /* 37 */
    "out = uchar[4]\n"                                  /* 38 */
    "source = <<SRC\n"                                  /* 39 */
    "__kernel void probe(__global uchar *out) { vstore4(as_uchar4(1u), 0, out); }\n"
    "SRC\n"                                             /* 41 */
    "[probe t.five]\n"                                  /* 42 */
    "kind = measure\n"                                  /* 43 */
    "measure = iwg_resident_wg1\n"                      /* 44 */
    "why = own why\n";                                  /* 45 */

static void test_good(void)
{
    clc_probe_set set;
    int rc = load("good.probe", good_text, &set);
    CHECK(rc == 0 && errbuf[0] == '\0', "good_file_loads_without_errors");
    CHECK(set.count == 5, "good_file_has_five_probes (got %zu)", set.count);
    const clc_probe *p = find(&set, "t.one");
    CHECK(p && set.items[0].id == p->id, "probes_kept_in_file_order");
    CHECK(p && p->line == 6 && strcmp(p->file, "good.probe") == 0, "probe_records_file_and_header_line");
    CHECK(p && strcmp(p->spec, "OpenCL C (unified): Implicit Conversions") == 0 &&
              strcmp(p->why, "default why") == 0,
          "defaults_spec_and_why_inherited");
    CHECK(p && strcmp(p->clause, "OpenCL C: Implicit Conversions") == 0, "clause_is_the_heading_spec_names");
    CHECK(p && p->kind == CLC_KIND_RUN && p->out_type == CLC_T_INT && p->out_count == 2, "out_int_2");
    CHECK(p && p->expect && p->expect[0].n_alts == 1 && p->expect[0].alts[0] == 0xffffffffu &&
              p->expect[1].alts[0] == 0x7fffffff,
          "expect_values_comma_separated_parsed");
    CHECK(p && p->body && strcmp(p->body, "    int x = 1;\n\n    out[0] = -x; out[1] = 0x7fffffff;") == 0,
          "heredoc_verbatim_with_blank_line_and_indented_terminator");
    CHECK(p && p->global_size == 1 && p->local_size == 0 && p->timeout_s == 0 && p->n_inputs == 0 &&
              p->n_requires == 0 && !p->source && !p->prelude && !p->options,
          "unset_keys_take_their_defaults");

    p = find(&set, "t.two");
    CHECK(p && strcmp(p->spec, "OpenCL C 2.0") == 0 && strcmp(p->clause, "OpenCL C 2.0") == 0 &&
              strcmp(p->why, "default why") == 0,
          "probe_overrides_default_spec_keeps_default_why_a_spec_not_unified_is_its_own_clause");
    CHECK(p && p->n_requires == 2 && strcmp(p->requires[0], "cl_khr_fp64") == 0 &&
              strcmp(p->requires[1], "!images") == 0,
          "requires_tokens_with_negation");
    CHECK(p && p->options && strcmp(p->options, "-cl-fast-relaxed-math") == 0, "options_kept");
    CHECK(p && p->n_inputs == 2 && strcmp(p->inputs[0].name, "a") == 0 && strcmp(p->inputs[1].name, "b") == 0,
          "inputs_in_file_order");
    if (p && p->n_inputs == 2) {
        const clc_input *a = &p->inputs[0], *b = &p->inputs[1];
        CHECK(a->type == CLC_T_FLOAT && a->count == 3 && value_load(CLC_T_FLOAT, a->data, 0) == 0x3fc00000 &&
                  value_load(CLC_T_FLOAT, a->data, 1) == 0x80000000u &&
                  value_load(CLC_T_FLOAT, a->data, 2) == 0x7fc00000,
              "input_float_values_exact_bits");
        CHECK(b->type == CLC_T_UCHAR && b->count == 2 && b->data[0] == 255 && b->data[1] == 0,
              "input_uchar_values_packed");
    }
    CHECK(p && p->out_type == CLC_T_FLOAT && p->out_count == 3, "out_without_count_takes_expect_count");
    CHECK(p && p->expect && p->expect[0].n_alts == 0 && p->expect[1].n_alts == 2 && p->expect[2].any_nan == 1,
          "expect_star_alternatives_and_nan");
    CHECK(p && p->global_size == 3 && p->local_size == 1 && p->timeout_s == 2.5, "global_local_timeout");
    CHECK(p && p->prelude && strcmp(p->prelude, "float helper(float v) { return v; }") == 0, "prelude_heredoc");
    CHECK(p && p->body && strcmp(p->body, "out[get_global_id(0)] = helper(a[get_global_id(0)]);") == 0,
          "one_line_body_after_heredoc_keeps_equals_signs");
    CHECK(p && p->line == 16, "line_numbers_count_heredoc_lines");

    p = find(&set, "t.three");
    CHECK(p && p->kind == CLC_KIND_BUILD_FAIL && p->out_type == CLC_T_INT && p->out_count == 1 && !p->expect,
          "build_fail_defaults_to_out_int_1_without_expect");
    p = find(&set, "t.four");
    CHECK(p && p->kind == CLC_KIND_IMPL_DEFINED && p->source && !p->body && p->out_count == 4 && !p->expect,
          "impl_defined_with_source");
    p = find(&set, "t.five");
    CHECK(p && p->kind == CLC_KIND_MEASURE && p->measure && strcmp(p->measure, "iwg_resident_wg1") == 0 &&
              strcmp(p->why, "own why") == 0,
          "measure_probe_without_kernel");
    CHECK(p && p->line == 42, "line_after_source_heredoc");
    probe_set_free(&set);
    CHECK(set.count == 0 && set.items == NULL, "probe_set_free_leaves_empty_set");
}

/* Each case: a malformed file, and the "FILE:LINE:" and text its error must have. */
static const struct {
    const char *name;
    const char *text;
    const char *where;
    const char *what;
} bad[] = {
    {"unknown_key", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nflavour = sweet\n",
     "bad.probe:5: ", "unknown key 'flavour'"},
    {"missing_spec", "[defaults]\nwhy = x\n\n[probe a.b]\nkind = build-ok\nbody = x\n",
     "bad.probe:4: ", "'spec'"},
    {"empty_spec", "[probe a.b]\nspec =\nkind = build-ok\nbody = x\n", "bad.probe:1: ", "'spec'"},
    {"clause_is_not_a_key", "[probe a.b]\nspec = s\nclause = 6.3\nkind = build-ok\nbody = x\n",
     "bad.probe:3: ", "unknown key 'clause'"},
    {"missing_kind", "[probe a.b]\nspec = s\nbody = x\n", "bad.probe:1: ", "'kind' is required"},
    {"bad_kind", "[probe a.b]\nspec = s\nkind = runn\nbody = x\n", "bad.probe:3: ", "kind = 'runn'"},
    {"expect_count_vs_out_n", "[probe a.b]\nspec = s\nkind = run\nout = int[3]\nexpect = 1 2\nbody = x\n",
     "bad.probe:5: ", "2 expected values for an output of 3 elements"},
    {"expect_count_too_many", "[probe a.b]\nspec = s\nkind = run\nout = int[1]\nexpect = 1 2\nbody = x\n",
     "bad.probe:5: ", "2 expected values for an output of 1 elements"},
    {"unclosed_heredoc", "[probe a.b]\nspec = s\nkind = build-ok\n\nbody = <<END\nint x;\nEN D\n",
     "bad.probe:5: ", "heredoc <<END is not closed"},
    {"bad_input_value", "[probe a.b]\nspec = s\nkind = run\n\ninput a = char: 1 200 3\nout = int\nexpect = 1\nbody = x\n",
     "bad.probe:5: ", "'200' does not fit in char"},
    {"bad_input_type", "[probe a.b]\nspec = s\nkind = run\ninput a = half: 1\nout = int\nexpect = 1\nbody = x\n",
     "bad.probe:4: ", "input a"},
    {"input_named_out", "[probe a.b]\nspec = s\nkind = run\ninput out = int: 1\nout = int\nexpect = 1\nbody = x\n",
     "bad.probe:4: ", "'out' is not a valid parameter name"},
    {"duplicate_key", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nspec = s\n",
     "bad.probe:5: ", "'spec' is set twice"},
    {"duplicate_key_in_defaults", "[defaults]\nspec = s\n#\nspec = s\n[probe a.b]\nkind = build-ok\nbody = x\n",
     "bad.probe:4: ", "'spec' is set twice"},
    {"duplicate_input", "[probe a.b]\nspec = s\nkind = run\ninput a = int: 1\ninput a = int: 2\nout = int\nexpect = 1\nbody = x\n",
     "bad.probe:5: ", "'input a' is set twice"},
    {"text_outside_section", "spec = s\n[probe a.b]\nspec = s\nkind = build-ok\nbody = x\n",
     "bad.probe:1: ", "outside any [probe] or [defaults] section"},
    {"line_without_equals", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\njust words\n",
     "bad.probe:5: ", "expected 'key = value'"},
    {"bad_section_header", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\n[prob c.d]\n",
     "bad.probe:5: ", "expected [probe ID] or [defaults]"},
    {"misspelt_measure", "[probe a.b]\nspec = OpenCL API (unified): Execution Model\nkind = measure\nmeasure = iwg_residnt_wg1\n",
     "bad.probe:4: ", "measure = 'iwg_residnt_wg1': no such measurement"},
    {"measure_probe_without_measure", "[probe a.b]\nspec = OpenCL API (unified): Execution Model\nkind = measure\n", "bad.probe:1: ",
     "needs 'measure = NAME'"},
    {"measure_on_run_probe", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nmeasure = iwg_resident_wg1\n",
     "bad.probe:5: ", "'measure' is only for kind measure"},
    {"run_without_expect", "[probe a.b]\nspec = s\nkind = run\nout = int\nbody = x\n", "bad.probe:1: ",
     "needs 'expect' or 'expect_file'"},
    {"run_without_out", "[probe a.b]\nspec = s\nkind = run\nexpect = 1\nbody = x\n", "bad.probe:1: ",
     "'out' is required"},
    {"expect_on_build_ok", "[probe a.b]\nspec = s\nkind = build-ok\nexpect = 1\nbody = x\n", "bad.probe:4: ",
     "only run probes have expected values"},
    {"expect_and_expect_file", "[probe a.b]\nspec = s\nkind = run\nout = int\nexpect = 1\nexpect_file = f\nbody = x\n",
     "bad.probe:5: ", "not both"},
    {"bad_expect_value", "[probe a.b]\nspec = s\nkind = run\nout = uchar\nexpect = 1 -1\nbody = x\n",
     "bad.probe:5: ", "'-1' does not fit in uchar"},
    {"bad_out", "[probe a.b]\nspec = s\nkind = run\nout = int[0]\nexpect = 1\nbody = x\n", "bad.probe:4: ",
     "out = 'int[0]'"},
    {"no_kernel", "[probe a.b]\nspec = s\nkind = build-ok\n", "bad.probe:1: ", "no kernel"},
    {"body_and_source", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nsource = y\n", "bad.probe:5: ",
     "'body' or 'source', not both"},
    {"bad_id", "[probe A.B]\nspec = s\nkind = build-ok\nbody = x\n", "bad.probe:1: ", "probe id 'A.B'"},
    {"bad_global", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = -3\n", "bad.probe:5: ",
     "global = '-3'"},
    {"zero_local", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nlocal = 0\n", "bad.probe:5: ",
     "local = '0'"},
    {"bad_timeout", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\ntimeout = soon\n", "bad.probe:5: ",
     "timeout = 'soon'"},
    {"global_four_dims", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = 1 2 3 4\n", "bad.probe:5: ",
     "global = '1 2 3 4'"},
    {"global_zero_dim", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = 4 0\n", "bad.probe:5: ",
     "global = '4 0'"},
    {"local_dims_differ", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = 4 4\nlocal = 2\n",
     "bad.probe:6: ", "needs as many dimensions as global = '4 4'"},
    {"local_not_dividing", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = 6 4\nlocal = 4 4\n",
     "bad.probe:6: ", "must divide"},
    {"bad_offset", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\noffset = -1\n", "bad.probe:5: ",
     "offset = '-1'"},
    {"offset_dims_differ", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\nglobal = 2 2 2\noffset = 1 1\n",
     "bad.probe:6: ", "offset = '1 1': needs as many dimensions"},
    {"line_after_heredoc", "[probe a.b]\nspec = s\nkind = build-ok\nbody = <<E\n1\n2\n3\nE\nflavour = x\n",
     "bad.probe:9: ", "unknown key 'flavour'"},
    {"nine_inputs",
     "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\ninput a = int: 1\ninput b = int: 1\ninput c = int: 1\n"
     "input d = int: 1\ninput e = int: 1\ninput f = int: 1\ninput g = int: 1\ninput h = int: 1\ninput i = int: 1\n",
     "bad.probe:13: ", "more than 8 inputs"},
    {"arg_no_type", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg s = 1 2 3\n", "bad.probe:5: ",
     "arg s: expected 'TYPE: bytes'"},
    {"arg_type_two_words", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg s = struct S: 1\n",
     "bad.probe:5: ", "arg s: expected 'TYPE: bytes'"},
    {"arg_no_bytes", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\n\narg s = S_t:\n", "bad.probe:6: ",
     "arg s has no bytes"},
    {"arg_byte_too_big", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg s = S_t: 1 256\n",
     "bad.probe:5: ", "arg s, byte 1:"},
    {"arg_byte_negative", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg s = S_t: -1\n",
     "bad.probe:5: ", "arg s, byte 0:"},
    {"arg_bad_name", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg 9s = S_t: 1\n", "bad.probe:5: ",
     "arg name '9s' is not a valid parameter name"},
    {"arg_named_out", "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\narg out = S_t: 1\n", "bad.probe:5: ",
     "arg name 'out'"},
    {"arg_same_name_as_input",
     "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\ninput s = int: 1\narg s = S_t: 1\n", "bad.probe:6: ",
     "a second parameter named 's'"},
    {"nine_inputs_and_args",
     "[probe a.b]\nspec = s\nkind = build-ok\nbody = x\ninput a = int: 1\narg b = T: 1\ninput c = int: 1\n"
     "input d = int: 1\ninput e = int: 1\ninput f = int: 1\ninput g = int: 1\ninput h = int: 1\narg i = T: 1\n",
     "bad.probe:13: ", "more than 8 inputs, args and images"},
};

/* `arg NAME = TYPE: bytes`: a by-value parameter at its place among the
 * inputs, its bytes kept as given, declared `TYPE NAME` in the kernel. */
static void test_by_value_arg(void)
{
    clc_probe_set set;
    int rc = load("arg.probe",
                  "[probe t.arg]\nspec = OpenCL C (unified): Alignment of Types\nkind = run\ninput x = int: 100\n"
                  "arg s = S_t: 5 0 0 0x80 255 0\ninput y = uchar: 1\nout = int[1]\nexpect = 0\n"
                  "prelude = typedef struct { int a; short b; } S_t;\nbody = out[0] = s.a;\n",
                  &set);
    CHECK(rc == 0 && set.count == 1, "arg_file_loads");
    const clc_probe *p = set.count == 1 ? &set.items[0] : NULL;
    static const unsigned char bytes[] = {5, 0, 0, 0x80, 255, 0};
    CHECK(p && p->n_inputs == 3 && !p->inputs[0].by_value && !p->inputs[2].by_value &&
              strcmp(p->inputs[2].name, "y") == 0,
          "arg_keeps_its_place_between_the_inputs");
    CHECK(p && p->n_inputs == 3 && p->inputs[1].by_value && strcmp(p->inputs[1].by_value, "S_t") == 0 &&
              strcmp(p->inputs[1].name, "s") == 0 && p->inputs[1].type == CLC_T_UCHAR && p->inputs[1].count == 6 &&
              memcmp(p->inputs[1].data, bytes, 6) == 0,
          "arg_holds_type_name_and_the_bytes_as_given");
    char *src = p ? probe_program_source(p, "probe") : NULL;
    CHECK(src && strstr(src, "__kernel void probe(__global const int *x, S_t s, __global const uchar *y, "
                             "__global int *out)"),
          "arg_declared_by_value_in_the_kernel_signature");
    free(src);
    probe_set_free(&set);
}

/* global/local/offset with 1 to 3 numbers; unused dimensions are 1 (local: 1
 * once given, else 0) and offset 0. */
static void test_ndrange(void)
{
    clc_probe_set set;
    int rc = load("nd.probe",
                  "[probe t.three]\nspec = OpenCL C (unified): Work-Item Functions\nkind = build-ok\nbody = x\n"
                  "global = 8 6 4\nlocal = 2 3 4\noffset = 1 0 7\n"
                  "[probe t.two]\nspec = OpenCL C (unified): Work-Item Functions\nkind = build-ok\nbody = x\nglobal = 5\t3\n"
                  "[probe t.one]\nspec = OpenCL C (unified): Work-Item Functions\nkind = build-ok\nbody = x\n",
                  &set);
    CHECK(rc == 0 && set.count == 3, "ndrange_file_loads");
    const clc_probe *p = set.count == 3 ? &set.items[0] : NULL;
    CHECK(p && p->work_dim == 3 && p->global_dims[0] == 8 && p->global_dims[1] == 6 && p->global_dims[2] == 4 &&
              p->local_dims[0] == 2 && p->local_dims[1] == 3 && p->local_dims[2] == 4 && p->has_offset &&
              p->offset_dims[0] == 1 && p->offset_dims[1] == 0 && p->offset_dims[2] == 7 &&
              p->global_size == 8 && p->local_size == 2,
          "ndrange_three_dims_global_local_offset");
    p = set.count == 3 ? &set.items[1] : NULL;
    CHECK(p && p->work_dim == 2 && p->global_dims[0] == 5 && p->global_dims[1] == 3 && p->global_dims[2] == 1 &&
              p->local_size == 0 && !p->has_offset,
          "ndrange_two_dims_tab_separated_local_unset");
    p = set.count == 3 ? &set.items[2] : NULL;
    CHECK(p && p->work_dim == 1 && p->global_dims[0] == 1 && p->global_size == 1 && !p->has_offset,
          "ndrange_default_one_dim_of_one");
    probe_set_free(&set);
}

static void test_bad(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        clc_probe_set set;
        int rc = load("bad.probe", bad[i].text, &set);
        int ok = rc == -1 && err_has(bad[i].where) && err_has(bad[i].what);
        CHECK(ok, "malformed_%s_rejected_with_file_line_and_problem", bad[i].name);
        probe_set_free(&set);
    }
}

/* A file with several mistakes reports all of them, and its good probes
 * still load (the run is refused as a whole by the caller). */
static void test_all_errors_shown(void)
{
    clc_probe_set set;
    int rc = load("multi.probe",
                  "[probe x.one]\nspec = s\nkind = nope\nbody = x\n"
                  "[probe x.two]\nspec = s\nkind = build-ok\nbody = x\n"
                  "[probe x.three]\nspec = s\nkind = build-ok\nbody = x\ncolour = red\n",
                  &set);
    CHECK(rc == -1 && err_has("multi.probe:3: ") && err_has("multi.probe:13: "), "every_error_in_a_file_reported");
    CHECK(find(&set, "x.two") != NULL && find(&set, "x.one") == NULL, "good_neighbour_of_a_bad_probe_still_parsed");
    probe_set_free(&set);
}

static void test_crlf(void)
{
    clc_probe_set set;
    int rc = load("crlf.probe",
                  "[probe c.r]\r\nspec = OpenCL C (unified): Operators\r\nkind = run\r\nout = int\r\nexpect = 7\r\nbody = <<E\r\nout[0] = 7;\r\nE\r\n",
                  &set);
    const clc_probe *p = find(&set, "c.r");
    CHECK(rc == 0 && p && p->expect && p->expect[0].alts[0] == 7 && p->body && strcmp(p->body, "out[0] = 7;") == 0,
          "crlf_line_endings_accepted_and_stripped");
    probe_set_free(&set);
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void test_files(void)
{
    clc_probe_set set;
    memset(&set, 0, sizeof set);
    free(errbuf);
    errbuf = NULL;
    FILE *err = open_memstream(&errbuf, &errlen);
    int rc = probe_load_path(fixture("good"), &set, err);
    fclose(err);
    show_errors();
    CHECK(rc == 0 && set.count == 3, "folder_loads_recursively (got %zu)", set.count);
    /* Sorted walk: a.probe, b.probe, then sub/c.probe. */
    CHECK(set.count == 3 && strcmp(set.items[0].id, "fx.a") == 0 && strcmp(set.items[1].id, "fx.b") == 0 &&
              strcmp(set.items[2].id, "fx.sub.c") == 0,
          "folder_walked_in_sorted_order");
    const clc_probe *p = find(&set, "fx.a");
    CHECK(p && p->out_count == 4 && p->expect && p->expect[0].alts[0] == 1 && p->expect[1].n_alts == 0 &&
              p->expect[2].alts[0] == 3 && p->expect[3].any_nan == 0 && p->expect[3].n_alts == 2,
          "expect_file_tokens_with_comments");
    CHECK(p && strstr(p->file, "tests/fixtures/probes/good/a.probe") && p->line == 4, "file_path_and_line_kept");
    CHECK(probe_check_unique(&set, stderr) == 0, "unique_ids_pass_probe_check_unique");
    probe_set_free(&set);

    /* Two files defining one id: both load, probe_check_unique names both places. */
    memset(&set, 0, sizeof set);
    free(errbuf);
    errbuf = NULL;
    err = open_memstream(&errbuf, &errlen);
    rc = probe_load_path(fixture("dup"), &set, err);
    int urc = probe_check_unique(&set, err);
    fclose(err);
    CHECK(rc == 0 && urc == -1, "duplicate_id_across_files_rejected");
    CHECK(err_has("dup/one.probe:3") && err_has("dup/two.probe:6") && err_has("'dup.same'"),
          "duplicate_id_error_names_both_places");
    CHECK(strstr(errbuf, "dup.other") == NULL, "duplicate_id_error_names_only_the_duplicate");
    probe_set_free(&set);

    /* A missing expect_file, named with the probe file's line. */
    memset(&set, 0, sizeof set);
    free(errbuf);
    errbuf = NULL;
    err = open_memstream(&errbuf, &errlen);
    rc = probe_load_path(fixture("bad-expect-file.probe"), &set, err);
    fclose(err);
    CHECK(rc == -1 && err_has("bad-expect-file.probe:5: ") && err_has("no-such-file.txt"),
          "missing_expect_file_names_probe_file_line_and_path");
    probe_set_free(&set);

    /* A path that does not exist. */
    memset(&set, 0, sizeof set);
    free(errbuf);
    errbuf = NULL;
    err = open_memstream(&errbuf, &errlen);
    rc = probe_load_path(fixture("does-not-exist"), &set, err);
    fclose(err);
    CHECK(rc == -1 && err_has("does-not-exist"), "missing_path_rejected_by_name");
    probe_set_free(&set);

    /* A binary file (a NUL byte) written here, at run time. */
    char tmpdir[] = "/tmp/clc-probe-load.XXXXXX";
    if (mkdtemp(tmpdir)) {
        char path[256];
        snprintf(path, sizeof path, "%s/nul.probe", tmpdir);
        FILE *f = fopen(path, "wb");
        if (f) {
            fwrite("[probe n.n]\n\0\n", 1, 14, f);
            fclose(f);
        }
        memset(&set, 0, sizeof set);
        free(errbuf);
        errbuf = NULL;
        err = open_memstream(&errbuf, &errlen);
        rc = probe_load_path(path, &set, err);
        fclose(err);
        CHECK(rc == -1 && err_has("nul.probe:1: ") && err_has("NUL"), "nul_byte_file_rejected");
        probe_set_free(&set);
        /* A file whose expect_file lies beside it. */
        char ef[256];
        snprintf(ef, sizeof ef, "%s/vals.txt", tmpdir);
        snprintf(path, sizeof path, "%s/rel.probe", tmpdir);
        write_file(ef, "5 # five\n6\n");
        write_file(path, "[probe r.r]\nspec = s\nkind = run\nout = short[2]\nexpect_file = vals.txt\nbody = x\n");
        memset(&set, 0, sizeof set);
        rc = probe_load_path(path, &set, stderr);
        CHECK(rc == 0 && set.count == 1 && set.items[0].expect[1].alts[0] == 6,
              "expect_file_relative_to_the_probe_file");
        probe_set_free(&set);
        remove(ef);
        remove(path);
        snprintf(path, sizeof path, "%s/nul.probe", tmpdir);
        remove(path);
        remove(tmpdir);
    }
}

/* Corners found while writing these tests. */
static void test_corners(void)
{
    clc_probe_set set;
    int rc = load("pragma.probe",
                  "[probe p.p]\nspec = s\nkind = build-ok\nbody = <<E\n#pragma OPENCL EXTENSION x : enable\n"
                  "# not a comment here\nE\n",
                  &set);
    CHECK(rc == 0 && set.count == 1 && set.items[0].body &&
              strcmp(set.items[0].body, "#pragma OPENCL EXTENSION x : enable\n# not a comment here") == 0,
          "hash_lines_inside_a_heredoc_are_kept_verbatim");
    probe_set_free(&set);

    /* Regression test (fixed bug): probe_load.c parse_typed_count reads the count with
     * strtoul, which accepts a minus sign: "out = int[-1]" loads with
     * out_count = 18446744073709551615 (no error), and the runner would then
     * size the output buffer from it. */
    rc = load("neg.probe", "[probe n.n]\nspec = s\nkind = build-ok\nout = int[-1]\nbody = x\n", &set);
    CHECK(rc == -1 && err_has("neg.probe:4: "), "out_with_negative_count_rejected");
    probe_set_free(&set);

    /* Regression test (fixed bug): probe_load.c add_entry compares input keys as written, so
     * "input a" and "input  a" (two blanks) are both accepted and the kernel
     * gets two parameters named a: a driver build error instead of a
     * FILE:LINE parse error. */
    rc = load("twice.probe",
              "[probe t.t]\nspec = s\nkind = build-ok\ninput a = int: 1\ninput  a = int: 2\nbody = x\n", &set);
    CHECK(rc == -1 && err_has("twice.probe:5: "), "same_input_name_with_different_spacing_rejected");
    probe_set_free(&set);

    /* Regression test (fixed bug): probe_load_text copies the id into char id[256] with
     * snprintf, so a 300-character id loads cut to 255 characters with no
     * error (two long ids sharing a prefix would then collide). */
    char text[1024], id[301];
    memset(id, 'a', 300);
    id[300] = '\0';
    snprintf(text, sizeof text, "[probe %s]\nspec = s\nkind = build-ok\nbody = x\n", id);
    rc = load("long.probe", text, &set);
    CHECK(rc == -1 || (set.count == 1 && strcmp(set.items[0].id, id) == 0), "long_probe_id_kept_whole_or_rejected");
    probe_set_free(&set);
}

/* probe_check_unique on an in-memory set with one duplicate inside one text. */
static void test_unique_same_file(void)
{
    clc_probe_set set;
    load("same.probe",
         "[probe s.x]\nspec = s\nkind = build-ok\nbody = x\n\n[probe s.y]\nspec = s\nkind = build-ok\nbody = x\n"
         "[probe s.x]\nspec = s\nkind = build-ok\nbody = x\n",
         &set);
    free(errbuf);
    errbuf = NULL;
    FILE *err = open_memstream(&errbuf, &errlen);
    int rc = probe_check_unique(&set, err);
    fclose(err);
    CHECK(set.count == 3 && rc == -1 && err_has("same.probe:1") && err_has("same.probe:10"),
          "duplicate_id_in_one_file_names_both_lines");
    probe_set_free(&set);
}

/* flush_to_zero = allowed: the half_ functions' probes (judged in ulp). */
static void test_flush_to_zero(void)
{
    clc_probe_set set;
    int rc = load("ftz.probe",
                  "[probe f.half]\nspec = s\nkind = run\nout = float[1]\nexpect_ulp = 8192\nexpect = 0x1p-128\n"
                  "flush_to_zero = allowed\nbody = x\n\n[probe f.full]\nspec = s\nkind = run\nout = float[1]\n"
                  "expect_ulp = 4\nexpect = 0x1p-128\nbody = x\n",
                  &set);
    CHECK(rc == 0 && set.count == 2 && set.items[0].flush_allowed && !set.items[1].flush_allowed,
          "flush_to_zero_allowed_sets_the_flag_of_that_probe_only");
    probe_set_free(&set);
    rc = load("ftz-bad.probe",
              "[probe f.bad]\nspec = s\nkind = run\nout = float[1]\nexpect_ulp = 4\nexpect = 1\n"
              "flush_to_zero = yes\nbody = x\n", &set);
    CHECK(rc == -1 && err_has("ftz-bad.probe:7: ") && err_has("'allowed'"), "flush_to_zero_other_value_rejected_with_line");
    probe_set_free(&set);
    rc = load("ftz-exact.probe",
              "[probe f.exact]\nspec = s\nkind = run\nout = int[1]\nexpect = 1\nflush_to_zero = allowed\nbody = x\n",
              &set);
    CHECK(rc == -1 && err_has("ftz-exact.probe:6: ") && err_has("expect_ulp"), "flush_to_zero_without_expect_ulp_rejected");
    probe_set_free(&set);
}

int main(void)
{
    test_flush_to_zero();
    test_ndrange();
    test_by_value_arg();
    test_good();
    test_bad();
    test_all_errors_shown();
    test_crlf();
    test_files();
    test_unique_same_file();
    test_corners();
    free(errbuf);
    return check_done();
}
