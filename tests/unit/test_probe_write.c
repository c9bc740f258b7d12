/* harness/probe/probe_write.c: a probe written back as text loads as the same
 * probe (ids, keys, inputs long and short, expected values with '*', '|'
 * and nan, by-value args, heredocs whose text contains "END"); a clone is deep. */
#include "check.h"
#include "probe_load.h"
#include "probe_write.h"

#include <stdlib.h>
#include <string.h>

static const char src[] =
    "[probe w.one]\n"
    "spec = OpenCL C (unified): Out-of-Range Behavior and Saturated Conversions\n"
    "why = a rule [ledger: x-y]\n"
    "kind = run\n"
    "requires = fp64 !images\n"
    "options = -cl-denorms-are-zero\n"
    "global = 12\n"
    "local = 4\n"
    "input a = float: 1 2 3 4 5 6 7 8 9 10 11 nan\n"
    "input b = int: -1\n"
    "arg s = S_t: 1 0 0 0 255 0x7f 0 0 9 8 7 6\n"
    "out = float[10]\n"
    "expect = 1 * 0|-0 nan 5 6 7 8 9 bits(0x7fa00001)\n"
    "prelude = <<P\n#define END 1\nP\n"
    "body = <<B\n    size_t i = get_global_id(0);\nEND\n    if (i == 0) out[0] = a[0];\nB\n";

static int same_probe(const clc_probe *x, const clc_probe *y)
{
    int ok = strcmp(x->id, y->id) == 0 && strcmp(x->clause, y->clause) == 0 && strcmp(x->why, y->why) == 0 &&
             x->kind == y->kind && x->n_requires == y->n_requires && strcmp(x->options, y->options) == 0 &&
             x->global_size == y->global_size && x->local_size == y->local_size && x->n_inputs == y->n_inputs &&
             x->out_type == y->out_type && x->out_count == y->out_count && strcmp(x->prelude, y->prelude) == 0 &&
             strcmp(x->body, y->body) == 0;
    for (size_t k = 0; ok && k < x->n_inputs; k++)
        ok = x->inputs[k].count == y->inputs[k].count && x->inputs[k].type == y->inputs[k].type &&
             !x->inputs[k].by_value == !y->inputs[k].by_value &&
             (!x->inputs[k].by_value || strcmp(x->inputs[k].by_value, y->inputs[k].by_value) == 0) &&
             memcmp(x->inputs[k].data, y->inputs[k].data, x->inputs[k].count * value_type_size(x->inputs[k].type)) == 0;
    for (size_t i = 0; ok && i < x->out_count; i++)
        ok = memcmp(&x->expect[i], &y->expect[i], sizeof x->expect[i]) == 0;
    return ok;
}

int main(void)
{
    clc_probe_set a = {0}, b = {0};
    int loaded = probe_load_text("w.probe", src, &a, stderr);
    CHECK(loaded == 0 && a.count == 1, "source_loads");
    if (a.count != 1)
        return check_done();
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int wrote = probe_write(f, &a.items[0]);
    CHECK(wrote == 0, "written");
    fclose(f);
    int rc = probe_load_text("again.probe", text, &b, stderr);
    CHECK(rc == 0 && b.count == 1 && same_probe(&a.items[0], &b.items[0]), "written_probe_loads_as_the_same");
    if (rc != 0)
        printf("# %s", text);
    clc_probe c;
    int cloned = probe_clone(&a.items[0], &c);
    CHECK(cloned == 0 && same_probe(&a.items[0], &c) && c.body != a.items[0].body &&
              c.inputs[0].data != a.items[0].inputs[0].data && c.expect != a.items[0].expect &&
              c.n_inputs == 3 && c.inputs[2].by_value && c.inputs[2].by_value != a.items[0].inputs[2].by_value,
          "clone_is_equal_and_deep");
    probe_free(&c);
    /* Fields added later (undefined) are copied too, not shared. */
    a.items[0].undefined = strdup("reads past the end on purpose");
    cloned = probe_clone(&a.items[0], &c);
    CHECK(cloned == 0 && c.undefined && c.undefined != a.items[0].undefined &&
              strcmp(c.undefined, a.items[0].undefined) == 0,
          "clone_copies_undefined");
    probe_free(&c);
    free(text);
    probe_set_free(&a);
    probe_set_free(&b);

    /* A 3-D launch with an offset keeps every dimension through a write and a load. */
    static const char nd[] = "[probe w.nd]\nspec = OpenCL C (unified): Work-Item Functions\nkind = build-ok\nglobal = 8 6 4\nlocal = 2 3 4\n"
                             "offset = 1 0 7\nbody = x\n";
    clc_probe_set n1 = {0}, n2 = {0};
    text = NULL;
    len = 0;
    rc = probe_load_text("nd.probe", nd, &n1, stderr);
    f = open_memstream(&text, &len);
    wrote = rc == 0 && n1.count == 1 ? probe_write(f, &n1.items[0]) : -1;
    fclose(f);
    rc = wrote == 0 ? probe_load_text("nd-again.probe", text, &n2, stderr) : -1;
    const clc_probe *q = rc == 0 && n2.count == 1 ? &n2.items[0] : NULL;
    CHECK(q && q->work_dim == 3 && q->global_dims[1] == 6 && q->global_dims[2] == 4 && q->global_size == 8 &&
              q->local_size == 2 && q->local_dims[1] == 3 && q->local_dims[2] == 4 && q->has_offset &&
              q->offset_dims[0] == 1 && q->offset_dims[1] == 0 && q->offset_dims[2] == 7,
          "written_ndrange_and_offset_load_back");
    if (!q)
        printf("# %s", text ? text : "");
    free(text);
    probe_set_free(&n1);
    probe_set_free(&n2);

    /* A probe judged in ulp (what clconform reduce writes back): its bound
     * and every reference, alternatives, ftz:, =, ~ and @ included, load
     * back bit for bit. */
    static const char ulp[] = "[probe w.ulp]\nspec = OpenCL C (unified): Math Functions\nkind = run\nout = float[6]\nexpect_ulp = 2.5\n"
                              "input x = float: 1 2 3 4 5 6\n"
                              "expect = 0x1.8p+1~0x1p-30 =-0x0p+0|ftz:0x0p+0 nan|inf * 0x1p-3@0x1p-20 -0x1.2p-130\n"
                              "body = out[i] = x[i];\n";
    clc_probe_set u1 = {0}, u2 = {0};
    text = NULL;
    len = 0;
    rc = probe_load_text("ulp.probe", ulp, &u1, stderr);
    f = open_memstream(&text, &len);
    wrote = rc == 0 && u1.count == 1 ? probe_write(f, &u1.items[0]) : -1;
    fclose(f);
    rc = wrote == 0 ? probe_load_text("ulp-again.probe", text, &u2, stderr) : -1;
    const clc_probe *x = rc == 0 && u1.count == 1 ? &u1.items[0] : NULL, *y = rc == 0 && u2.count == 1 ? &u2.items[0] : NULL;
    int same = x && y && y->has_ulp && y->ulp_bound == 2.5 && y->out_count == 6;
    for (size_t i = 0; same && i < 6; i++)
        same = memcmp(&x->ulp_ref[i], &y->ulp_ref[i], sizeof x->ulp_ref[i]) == 0;
    CHECK(same, "written_ulp_probe_loads_back_with_its_bound_and_references");
    if (!same)
        printf("# %s", text ? text : "");
    free(text);
    probe_set_free(&u1);
    probe_set_free(&u2);
    return check_done();
}
