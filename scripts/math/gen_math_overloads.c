/* The math family's overloads beyond "every operand of one gentype", as the
 * unified spec's Math Functions table lists them (clang's opencl-c.h
 * declares the same):
 *
 *  - pointer outputs (fract, modf, frexp, remquo, sincos, lgamma_r) in every
 *    address space the table gives them: __global, __local and __private
 *    (the family's own probes use a __private variable), and the generic
 *    form of OpenCL C 2.0 and of 3.0 with __opencl_c_generic_address_space.
 *    Both outputs are judged against the function's own references (its
 *    .ref file): the address space changes nothing in the values.
 *  - a scalar second operand: fmax/fmin(gentype x, float/double y) and
 *    ldexp(gentype x, int k). The inputs keep the second operand constant
 *    over each GROUP elements, so every lane of a vector of 3, 4 or 16 sees
 *    the scalar the kernel passes, and the element-wise reference (MPFR)
 *    is the scalar form's reference. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gen_math.h"

static int is(const char *a, const char *b) { return strcmp(a, b) == 0; }

static int listed(const char *const *names, const char *name)
{
    for (size_t i = 0; names[i]; i++)
        if (is(names[i], name))
            return 1;
    return 0;
}

/* "float" or "float4" */
static void vec_name(char *buf, size_t len, const char *base, int w)
{
    if (w == 1)
        snprintf(buf, len, "%s", base);
    else
        snprintf(buf, len, "%s%d", base, w);
}

/* ---- pointer outputs --------------------------------------------------- */

typedef enum { SP_GLOBAL, SP_LOCAL, SP_PRIVATE, SP_GENERIC } space;

/* The __local probes' work-group size: one that divides the N_IN / w
 * work-items, 4 where it can (w = 1, 2, 3, 4); w = 8 has 126, w = 16 has 63. */
static int local_n(int w)
{
    int n = N_IN / w;
    return n % 4 == 0 ? 4 : n % 2 == 0 ? 2 : 7;
}

/* The wg_N capability a work-group of local_n(w) needs. */
static int local_cap(int w) { return local_n(w) == 7 ? 8 : local_n(w); }

static const char *const pointer_fns[] = {"fract", "modf", "frexp", "remquo", "sincos", "lgamma_r", NULL};

int gm_has_pointer_forms(const char *name) { return listed(pointer_fns, name); }

/* Beyond width 2 only fract and modf, whose float8 forms are cheap to
 * compile (gen_math.c, cheap_width8): those of frexp, remquo, sincos and
 * lgamma_r cost rusticl 0.07 to 0.94 s of code generation each, their
 * float16 forms about twice that. */
static const char *const cheap_pointer_fns[] = {"fract", "modf", NULL};

int gm_pointer_width_ok(const char *name, int w) { return w <= 4 || listed(cheap_pointer_fns, name); }

/* What the pointer receives and how it is judged, for `why`. */
static const char *second_output(const char *name)
{
    if (is(name, "fract"))
        return "floor(x) in iptr, exactly; the values C99 F.9 or Additional Requirements Beyond C99 TC2 "
               "(1.2: 7.5.1) prescribe for fract are exact [ledger: math-prescribed-values]";
    if (is(name, "modf"))
        return "the integral part in iptr, exactly";
    if (is(name, "frexp"))
        return "the exponent in exp, exactly";
    if (is(name, "remquo"))
        return "quo: the sign of x/y and the lower seven bits of the integral quotient [ledger: math-remquo-quo]";
    if (is(name, "sincos"))
        return "cos(x) in cosval, within sin's ulp bound";
    return "the sign of gamma(x) in signp, exactly (0 at zero and the negative integers, Additional "
           "Requirements Beyond C99 TC2); lgamma's own "
           "accuracy is undefined (Relative Error as ULPs), so the result itself is not judged "
           "[ledger: math-lgamma-lgamma-r-mad] "
           "[ledger: math-lgamma-r-signp]";
}

/* The kernel: r1 = name(a[, b], pointer in space sp); the pointer's value
 * read back as r2; r1 stored at out[i], r2 (as the result type) at
 * out[N_IN + i], where the family's own probes store them. A __global
 * pointer points at that very slot: an int output is stored there, read
 * back as int and overwritten by its conversion, each access by the type of
 * the last store (buffer memory has no declared type: C99 6.5p6). */
static void write_pointer_body(FILE *f, const char *name, mr_outs outs, const tinfo *t, int w, space sp)
{
    char vt[16], st[16], slot[96], second[64];
    vec_name(vt, sizeof vt, t->tn, w);
    vec_name(st, sizeof st, outs == MR_TWO ? t->tn : "int", w);
    /* the second result's own place in out, as a pointer of the result type */
    if (w == 1)
        snprintf(slot, sizeof slot, "out + %d + i", N_IN);
    else
        snprintf(slot, sizeof slot, "(__global %s *)(out + %d) + i", vt, N_IN);
    const char *args = is(name, "remquo") ? "a, b" : "a";
    const char *idx = "i";
    fprintf(f, "body = <<END\n    size_t i = get_global_id(0);\n");
    if (w == 1)
        fprintf(f, "    %s a = x[i];\n", vt);
    else
        fprintf(f, "    %s a = vload%d(i, x);\n", vt, w);
    if (is(name, "remquo"))
        fprintf(f, w == 1 ? "    %s b = y[i];\n" : "    %s b = vload%d(i, y);\n", vt, w);
    switch (sp) {
    case SP_GLOBAL:
        fprintf(f, "    __global %s *p = (__global %s *)(%s);\n", st, st, slot);
        fprintf(f, "    %s r1 = %s(%s, p);\n    %s r2 = *p;\n", vt, name, args, st);
        break;
    case SP_LOCAL:
        fprintf(f, "    __local %s buf[%d];\n    size_t l = get_local_id(0);\n", st, local_n(w));
        fprintf(f, "    %s r1 = %s(%s, &buf[l]);\n", vt, name, args);
        fprintf(f, "    barrier(CLK_LOCAL_MEM_FENCE);\n");
        fprintf(f, "    /* the next work-item's output, seen through local memory */\n");
        fprintf(f, "    size_t j = get_group_id(0) * %d + (l + 1) %% %d;\n", local_n(w), local_n(w));
        fprintf(f, "    %s r2 = buf[(l + 1) %% %d];\n", st, local_n(w));
        idx = "j";
        break;
    case SP_PRIVATE:
        fprintf(f, "    %s r2;\n    %s r1 = %s(%s, &r2);\n", st, vt, name, args);
        break;
    case SP_GENERIC:
        fprintf(f, "    %s r2;\n    %s *p = &r2;\n", st, st);
        fprintf(f, "    if ((i & 1) == 0) /* even work-items: a global address in the generic pointer */\n");
        fprintf(f, "        p = (__global %s *)(%s);\n", st, slot);
        fprintf(f, "    %s r1 = %s(%s, p);\n    r2 = *p;\n", vt, name, args);
        break;
    }
    if (outs == MR_TWO) {
        snprintf(second, sizeof second, "r2");
    } else if (is(name, "remquo")) {
        gm_write_quo_bits(f, w, "r2");
        snprintf(second, sizeof second, w == 1 ? "(%s)q" : "convert_%s(q)", vt);
    } else {
        snprintf(second, sizeof second, w == 1 ? "(%s)r2" : "convert_%s(r2)", vt);
    }
    if (w == 1)
        fprintf(f, "    out[i] = r1;\n    out[%s + %d] = %s;\n", idx, N_IN, second);
    else
        fprintf(f, "    vstore%d(r1, i, out);\n    vstore%d(%s, %s, out + %d);\n", w, w, second, idx, N_IN);
    fprintf(f, "END\n");
}

static void write_pointer_probe(FILE *f, const fn_spec *s, mr_outs outs, const tinfo *t, int w, space sp,
                                const char *cl)
{
    char tw[16], sname[32], req[128] = "";
    vec_name(tw, sizeof tw, t->tn, w);
    const char *dbl = t->t == MR_DOUBLE ? "fp64 " : "";
    switch (sp) {
    case SP_GLOBAL:
        snprintf(sname, sizeof sname, "global");
        break;
    case SP_LOCAL:
        snprintf(sname, sizeof sname, "local");
        snprintf(req, sizeof req, "%swg_%d", dbl, local_cap(w));
        break;
    case SP_PRIVATE:
        snprintf(sname, sizeof sname, "private");
        break;
    case SP_GENERIC:
        snprintf(sname, sizeof sname, "generic-cl%s", cl);
        snprintf(req, sizeof req, "%s%s", dbl,
                 is(cl, "2.0") ? "cl_std_2.0" : "cl_std_3.0 __opencl_c_generic_address_space");
        break;
    }
    fprintf(f, "\n[probe math.%s.%s.%s]\n", s->name, tw, sname);
    fprintf(f, "global = %d\n", N_IN / w);
    if (sp == SP_LOCAL)
        fprintf(f, "local = %d\n", local_n(w));
    if (*req)
        fprintf(f, "requires = %s\n", req); /* replaces the file's `requires = fp64`: repeated */
    if (sp == SP_GENERIC)
        fprintf(f, "options = -cl-std=CL%s\n", cl);
    if (is(s->name, "lgamma_r"))
        fprintf(f, "kind = run\nexpect_file = lgamma_r-signp.ref\n");
    fprintf(f, "why = ");
    switch (sp) {
    case SP_GLOBAL:
        fprintf(f, "The Math Functions table gives %s a __global pointer form beside the __local and __private "
                   "ones: it writes straight into the output buffer", s->name);
        break;
    case SP_LOCAL:
        fprintf(f, "%s's __local pointer form: each work-item of a group of %d writes through a __local pointer and, "
                   "after barrier(CLK_LOCAL_MEM_FENCE), the next one copies that out", s->name, local_n(w));
        break;
    case SP_PRIVATE:
        fprintf(f, "%s's __private pointer form, a private variable", s->name);
        break;
    case SP_GENERIC:
        fprintf(f, "OpenCL C %s%s gives %s a generic pointer form: the pointer holds a private variable's address "
                   "(odd work-items) or the output buffer's (even ones)", cl,
                is(cl, "3.0") ? " with __opencl_c_generic_address_space" : "", s->name);
        break;
    }
    fprintf(f, "; judged against the function's references like its __private form: the result within its bound, "
               "and %s.\n", second_output(s->name));
    write_pointer_body(f, s->name, outs, t, w, sp);
}

void gm_write_pointer_probes(FILE *f, const char *dir, const fn_spec *s, const tinfo *t, const inputs *in)
{
    mr_args args;
    mr_outs outs;
    mr_shape(s->ref, &args, &outs);
    int lg = is(s->name, "lgamma_r");
    if (lg) {
        /* lgamma_r: only signp is judged (its result's accuracy is undefined) */
        char path[2200];
        snprintf(path, sizeof path, "%s/lgamma_r-signp.ref", dir);
        FILE *rf = gm_open_out(path);
        gm_write_refs(rf, s, "lgamma_r signp", t, args, outs, in, t->t == MR_FLOAT ? s->f : s->d, 1);
        fclose(rf);
    }
    static const int two[] = {1, 4}, three[] = {1, 3, 4};
    for (int k = 0; k < 2; k++)
        write_pointer_probe(f, s, outs, t, two[k], SP_GLOBAL, NULL);
    for (int k = 0; k < 3; k++)
        write_pointer_probe(f, s, outs, t, three[k], SP_LOCAL, NULL);
    for (int k = 0; k < 2 && lg; k++)
        write_pointer_probe(f, s, outs, t, two[k], SP_PRIVATE, NULL);
    /* float's widths 2, 8 and 16 (the __private forms are the family's own
     * probes; lgamma_r's judge the sign beside them). Not float3 through
     * __global: a float3 pointer steps 16 bytes, so it cannot point at the
     * 12-byte slots the results have in out. Widths 8 and 16 only where
     * they are cheap to compile (gm_pointer_width_ok). */
    static const int more[] = {2, 8, 16};
    for (int k = 0; k < 3 && t->t == MR_FLOAT; k++)
        if (gm_pointer_width_ok(s->name, more[k]))
            write_pointer_probe(f, s, outs, t, more[k], SP_GLOBAL, NULL);
    for (int k = 0; k < 3 && t->t == MR_FLOAT; k++)
        if (gm_pointer_width_ok(s->name, more[k]))
            write_pointer_probe(f, s, outs, t, more[k], SP_LOCAL, NULL);
    for (int k = 0; k < 2 && t->t == MR_FLOAT && lg; k++)
        if (gm_pointer_width_ok(s->name, more[k]))
            write_pointer_probe(f, s, outs, t, more[k], SP_PRIVATE, NULL);
    /* last, one build option after the other: batches close where options change */
    for (int k = 0; k < 2; k++)
        write_pointer_probe(f, s, outs, t, two[k], SP_GENERIC, "2.0");
    for (int k = 0; k < 2; k++)
        write_pointer_probe(f, s, outs, t, two[k], SP_GENERIC, "3.0");
}

/* ---- scalar second operands -------------------------------------------- */

static const char *const scalar_fns[] = {"fmax", "fmin", "ldexp", NULL};

/* The second operand is one value over each GROUP inputs: the least common
 * multiple of the widths 3, 4 and 16, so no vector straddles two groups. */
#define GROUP 48

int gm_has_scalar_form(const char *name) { return listed(scalar_fns, name); }

/* One scalar per group: the special values first, then the function's own
 * random second operands. The first operands are spread by a stride prime
 * to N_IN (the family's inputs begin with each special x repeated over the
 * special second operands), so every group sees special and random x. */
static void broadcast_second(const tinfo *t, mr_args args, inputs *in)
{
    static double xs[N_IN];
    for (size_t j = 0; j < N_IN; j++)
        xs[j] = in->x[(j * 97) % N_IN];
    memcpy(in->x, xs, sizeof xs);
    double dmin = ldexp(1.0, t->emin - t->p + 1), nmin = ldexp(1.0, t->emin);
    double big = t->t == MR_FLOAT ? (double)FLT_MAX : DBL_MAX;
    const double ys[] = {NAN, 0.0, -0.0, INFINITY, -INFINITY, dmin, -dmin, nmin, 1.0, -2.5, big, -big};
    const long ks[] = {0, 1, -1, 2, -3, t->emax, t->emin - t->p, t->emax + t->p, -(t->emax + t->p),
                       100, -100, 10000, -10000};
    size_t nys = sizeof ys / sizeof ys[0], nks = sizeof ks / sizeof ks[0];
    for (size_t g = 0; g < N_IN / GROUP; g++) {
        double yv = g < nys ? ys[g] : in->y[g * GROUP];
        long kv = g < nks ? ks[g] : in->n[g * GROUP];
        for (size_t j = g * GROUP; j < (g + 1) * GROUP; j++) {
            if (args == MR_XN)
                in->n[j] = kv;
            else
                in->y[j] = yv;
        }
    }
}

void gm_write_scalar_form(const char *dir, const fn_spec *s, const tinfo *t, int full_widths)
{
    mr_args args;
    mr_outs outs;
    mr_shape(s->ref, &args, &outs);
    static inputs in;
    gm_make_inputs(s, t, args, &in);
    broadcast_second(t, args, &in);
    double bound = t->t == MR_FLOAT ? s->f : s->d;
    char path[2200];
    snprintf(path, sizeof path, "%s/%s-scalar.ref", dir, s->name);
    FILE *rf = gm_open_out(path);
    gm_write_refs(rf, s, s->name, t, args, outs, &in, bound, 0);
    fclose(rf);

    int xn = args == MR_XN;
    const char *st = xn ? "int" : t->tn;
    snprintf(path, sizeof path, "%s/%s-scalar.probe", dir, s->name);
    FILE *f = gm_open_out(path);
    fprintf(f, "# %s(%sn, %s) for widths 3, 4%s over %d inputs whose second operand is one value per %d,\n"
               "# judged against %s-scalar.ref.\n"
               "# Generated by scripts/math/gen_math.c and gen_math_overloads.c (make regen-math); do not edit.\n"
               "\n[defaults]\nspec = OpenCL C (unified): Math Functions\n",
            s->name, t->tn, st,
            t->t == MR_DOUBLE ? (full_widths ? " and 16" : "") : gm_probes_width8(s->name) ? ", 16, 2 and 8" : ", 16 and 2",
            N_IN, GROUP,
            s->name);
    fprintf(f, "why = The Math Functions table lists %s(%sn x, %s %s) beside the all-vector form: the scalar applies "
               "to every component. The inputs keep it constant over each %d elements, so each lane is judged "
               "against %s(x[j], %s) from MPFR: %s, the values C99 F.9 prescribes included "
               "[ledger: math-prescribed-values].\n",
            s->name, t->tn, st, xn ? "k" : "y", GROUP, s->name, xn ? "k" : "y",
            xn ? "correctly rounded, the value exactly" : "0 ulp, the value exactly");
    fprintf(f, "kind = run\nout = %s[%d]\nexpect_ulp = %g\nexpect_file = %s-scalar.ref\n", t->tn, N_IN, bound,
            s->name);
    if (t->t == MR_DOUBLE)
        fprintf(f, "requires = fp64\nprelude = #pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    gm_write_input_line(f, "x", t->tn, in.x, NULL, t);
    if (xn)
        gm_write_input_line(f, "n", "int", NULL, in.n, t);
    else
        gm_write_input_line(f, "y", t->tn, in.y, NULL, t);
    /* 2 and 8 (float only) last, so the probes before them keep their places */
    static const int widths[] = {3, 4, 16, 2, 8};
    for (int k = 0; k < 5; k++) {
        int w = widths[k];
        if (t->t == MR_DOUBLE && (w == 2 || w == 8 || (w == 16 && !full_widths)))
            continue;
        if (w == 8 && !gm_probes_width8(s->name))
            continue;
        char vt[16];
        vec_name(vt, sizeof vt, t->tn, w);
        fprintf(f, "\n[probe math.%s.%s-%s]\nglobal = %d\nbody = <<END\n    size_t i = get_global_id(0);\n",
                s->name, vt, st, N_IN / w);
        fprintf(f, "    %s a = vload%d(i, x);\n    %s b = %s[i * %d];\n", vt, w, st, xn ? "n" : "y", w);
        fprintf(f, "    vstore%d(%s(a, b), i, out);\nEND\n", w, s->name);
    }
    fclose(f);
}
