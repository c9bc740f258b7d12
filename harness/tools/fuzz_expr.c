/* Expressions of the fuzz generator (see fuzz_gen.c): operators with C's
 * promotions and conversions, built-ins, conversions, ternaries and
 * select, unary operators. Every form writes its text and its value
 * together; a form that cannot be written without undefined,
 * implementation-defined or inexact behaviour for the values at hand gives
 * way to a leaf. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_gen_int.h"

static uint32_t below(gen *g, uint32_t n)
{
    return fuzz_gen_below(g, n);
}

static void type_text(fz_buf *b, fuzz_scalar s, int w)
{
    if (w == 1)
        fz_add(b, "%s", fuzz_scalar_name(s));
    else
        fz_add(b, "%s%d", fuzz_scalar_name(s), w);
}

static void sb_free(fz_buf *b)
{
    free(b->s);
    b->s = NULL;
}

static const char *txt(const fz_buf *b)
{
    return b->s ? b->s : "0";
}

/* Appends `inner` (a scalar integer expression of value *a) converted to
 * scalar integer type t, without an implementation-defined conversion: a
 * cast where the value fits or t is unsigned, else as_T of the unsigned
 * conversion (whose value is the wrapped one). */
static void narrow_int(fz_buf *b, fuzz_scalar t, const char *inner, const fuzz_val *a, fuzz_val *v)
{
    if (a->s == t) {
        fz_add(b, "%s", inner);
        *v = *a;
        return;
    }
    if (fuzz_eval_convert(t, 0, 0, a, v) == 0) {
        fz_add(b, "((%s)%s)", fuzz_scalar_name(t), inner);
        return;
    }
    fuzz_val ut;
    fuzz_eval_convert(fuzz_scalar_unsigned(t), 0, 0, a, &ut);  /* to unsigned: wraps, defined */
    *v = ut;
    v->s = t;
    int bits = fuzz_scalar_bits(t);
    for (int k = 0; k < v->n; k++)
        if (bits < 64 && (ut.i[k] >> (bits - 1)) & 1)
            v->i[k] = ut.i[k] | ~0ull << bits;  /* as_T: the same bits, signed */
    fz_add(b, "as_%s((%s)%s)", fuzz_scalar_name(t), fuzz_scalar_name(fuzz_scalar_unsigned(t)), inner);
}

static const char *const int_ops[] = {"+", "-", "*", "/", "%", "&", "|", "^"};

/* l OP r. Scalars may mix integer types (promotions, usual arithmetic
 * conversions, the result narrowed back to s); vectors are of s. */
static int form_binary(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    fz_buf l = {0}, r = {0};
    fuzz_val a, c, res;
    int flt = fuzz_scalar_is_float(s);
    fuzz_scalar ls = s, rs = s;
    if (w == 1 && !flt) {
        if (below(g, 2))
            ls = (fuzz_scalar)below(g, 8);
        if (below(g, 2))
            rs = (fuzz_scalar)below(g, 8);
    }
    gen_expr(g, ls, w, depth - 1, &l, &a);
    gen_expr(g, rs, w, depth - 1, &r, &c);
    if (flt) {
        static const char *const fops[] = {"+", "-", "*"};
        const char *op = fops[below(g, 3)];
        if (fuzz_eval_binary(op, &a, &c, v) != 0) {
            sb_free(&l);
            sb_free(&r);
            return -1;
        }
        fz_add(b, "(%s %s %s)", txt(&l), op, txt(&r));
    } else {
        const char *op = int_ops[below(g, 8)];
        if ((w == 3 && (op[0] == '/' || op[0] == '%')) || fuzz_eval_binary(op, &a, &c, &res) != 0) {
            /* 3-component vectors get no division: the host shim holds
             * them in 4 lanes, and the fourth must not divide. */
            op = "^";
            fuzz_eval_binary(op, &a, &c, &res);
        }
        fz_buf inner = {0};
        fz_add(&inner, "(%s %s %s)", txt(&l), op, txt(&r));
        if (w == 1)
            narrow_int(b, s, txt(&inner), &res, v);
        else {
            fz_add(b, "%s", txt(&inner));
            *v = res;
        }
        sb_free(&inner);
    }
    sb_free(&l);
    sb_free(&r);
    return 0;
}

/* l << (r & MASK) or >>, on an unsigned type: a narrow scalar is shifted
 * as uint (its promotion to int could overflow) and narrowed back. */
static int form_shift(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    if (fuzz_scalar_signed(s) || fuzz_scalar_is_float(s))
        return -1;
    fz_buf l = {0}, r = {0};
    fuzz_val a, c, res;
    gen_expr(g, s, w, depth - 1, &l, &a);
    gen_expr(g, s, w, depth - 1, &r, &c);
    const char *op = below(g, 2) ? "<<" : ">>";
    int bits = fuzz_scalar_bits(s);
    if (w == 1 && bits < 32) {
        fuzz_val au;
        fuzz_eval_convert(FZ_UINT, 0, 0, &a, &au);
        fuzz_eval_binary(op, &au, &c, &res);
        fz_buf inner = {0};
        fz_add(&inner, "((uint)%s %s (%s & 31u))", txt(&l), op, txt(&r));
        narrow_int(b, s, txt(&inner), &res, v);
        sb_free(&inner);
    } else {
        fuzz_eval_binary(op, &a, &c, v);
        if (w == 1)
            fz_add(b, "(%s %s (%s & %s))", txt(&l), op, txt(&r), bits == 64 ? "63UL" : "31u");
        else
            fz_add(b, "(%s %s (%s & (%s)%d))", txt(&l), op, txt(&r), fuzz_scalar_name(s), bits - 1);
    }
    sb_free(&l);
    sb_free(&r);
    return 0;
}

static const char *const int_fn2[] = {"min", "max", "add_sat", "sub_sat", "mul_hi", "rotate", "hadd", "rhadd"};
static const char *const flt_fn[] = {"fmin", "fmax", "copysign", "fma", "fabs", "floor", "ceil", "trunc"};

static int form_builtin(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    fz_buf x = {0}, y = {0}, z = {0};
    fuzz_val a, c, d;
    int rc = 0;
    if (fuzz_scalar_is_float(s)) {
        int f = (int)below(g, 8), ar = f < 3 ? 2 : f == 3 ? 3 : 1;
        gen_expr(g, s, w, depth - 1, &x, &a);
        if (ar > 1)
            gen_expr(g, s, w, depth - 1, &y, &c);
        if (ar > 2)
            gen_expr(g, s, w, depth - 1, &z, &d);
        rc = fuzz_eval_builtin(flt_fn[f], &a, ar > 1 ? &c : NULL, ar > 2 ? &d : NULL, v);
        if (rc == 0)
            fz_add(b, "%s(%s%s%s%s%s)", flt_fn[f], txt(&x), ar > 1 ? ", " : "", ar > 1 ? txt(&y) : "",
                   ar > 2 ? ", " : "", ar > 2 ? txt(&z) : "");
    } else {
        uint32_t f = below(g, 12);
        if (f < 8) {
            gen_expr(g, s, w, depth - 1, &x, &a);
            gen_expr(g, s, w, depth - 1, &y, &c);
            fuzz_eval_builtin(int_fn2[f], &a, &c, NULL, v);
            fz_add(b, "%s(%s, %s)", int_fn2[f], txt(&x), txt(&y));
        } else if (f == 8 || f == 9) {
            gen_expr(g, s, w, depth - 1, &x, &a);
            fuzz_eval_builtin(f == 8 ? "clz" : "popcount", &a, NULL, NULL, v);
            fz_add(b, "%s(%s)", f == 8 ? "clz" : "popcount", txt(&x));
        } else if (f == 10) {
            /* abs / abs_diff give the unsigned type: of s when s is
             * unsigned, read from its signed twin. */
            if (fuzz_scalar_signed(s)) {
                rc = -1;
            } else {
                fuzz_scalar src = below(g, 3) ? (fuzz_scalar)(s - 1) : s;
                int two = (int)below(g, 2);
                gen_expr(g, src, w, depth - 1, &x, &a);
                if (two)
                    gen_expr(g, src, w, depth - 1, &y, &c);
                fuzz_eval_builtin(two ? "abs_diff" : "abs", &a, two ? &c : NULL, NULL, v);
                fz_add(b, "%s(%s%s%s)", two ? "abs_diff" : "abs", txt(&x), two ? ", " : "", two ? txt(&y) : "");
            }
        } else {
            gen_expr(g, s, w, depth - 1, &x, &a);
            gen_expr(g, s, w, depth - 1, &y, &c);
            gen_expr(g, s, w, depth - 1, &z, &d);
            /* clamp is undefined where minval > maxval: then min(). */
            if (fuzz_eval_builtin("clamp", &a, &c, &d, v) == 0) {
                fz_add(b, "clamp(%s, %s, %s)", txt(&x), txt(&y), txt(&z));
            } else {
                fuzz_eval_builtin("min", &a, &c, NULL, v);
                fz_add(b, "min(%s, %s)", txt(&x), txt(&y));
            }
        }
    }
    sb_free(&x);
    sb_free(&y);
    sb_free(&z);
    return rc;
}

/* The integer type of the same size and the other signedness. */
static int as_twin(fuzz_scalar s)
{
    return fuzz_scalar_signed(s) ? s + 1 : s - 1;
}

/* as_T(x): the bits of a value of the same size. A float read from
 * integer bits must be one the evaluator keeps (normal, in range). */
static int form_as(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    fuzz_scalar cands[3];
    int n = 0, bits = fuzz_scalar_bits(s);
    if (s == FZ_FLOAT || s == FZ_DOUBLE) {
        cands[n++] = s == FZ_FLOAT ? FZ_UINT : FZ_ULONG;
        cands[n++] = s == FZ_FLOAT ? FZ_INT : FZ_LONG;
    } else {
        cands[n++] = (fuzz_scalar)as_twin(s);
        if (bits == 32 || (bits == 64 && g->fp64))
            cands[n++] = bits == 32 ? FZ_FLOAT : FZ_DOUBLE;
    }
    fuzz_scalar src = cands[below(g, (uint32_t)n)];
    fz_buf x = {0};
    fuzz_val a;
    gen_expr(g, src, w, depth - 1, &x, &a);
    fuzz_val out = a;
    out.s = s;
    for (int k = 0; k < a.n; k++) {
        uint64_t raw = fuzz_lane_bits(&a, k);
        if (fuzz_scalar_is_float(s)) {
            if (fuzz_real_from_bits(s, raw, &out.f[k]) != 0) {
                sb_free(&x);
                return -1;
            }
        } else {
            fuzz_val t = fuzz_int(FZ_ULONG, (int64_t)raw), u;
            fuzz_eval_convert(fuzz_scalar_unsigned(s), 0, 0, &t, &u);
            uint64_t lane = u.i[0];
            int nb = fuzz_scalar_bits(s);
            if (fuzz_scalar_signed(s) && nb < 64 && (lane >> (nb - 1)) & 1)
                lane |= ~0ull << nb;
            out.i[k] = lane;
        }
    }
    *v = out;
    fz_add(b, "as_");
    type_text(b, s, w);
    fz_add(b, "(%s)", txt(&x));
    sb_free(&x);
    return 0;
}

/* convert_T[_sat][_rtX](x) or a cast, from another scalar type of the same width. */
static int form_convert(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    if (below(g, 3) == 0)
        return form_as(g, s, w, depth, b, v);
    fuzz_scalar src = (fuzz_scalar)below(g, g->fp64 ? 10 : 9);
    if (src == s)
        src = s == FZ_INT ? FZ_FLOAT : FZ_INT;
    fz_buf x = {0};
    fuzz_val a;
    gen_expr(g, src, w, depth - 1, &x, &a);
    int to_int = !fuzz_scalar_is_float(s), from_flt = fuzz_scalar_is_float(src);
    static const char modes[] = {'z', 'z', 'z', 'e', 'p', 'n'};
    static const char *const suffix[] = {"", "_rtz", "", "_rte", "_rtp", "_rtn"};
    int m = to_int && from_flt ? (int)below(g, 6) : 0;
    int sat = to_int && below(g, 3) == 0;
    if (to_int && fuzz_eval_convert(s, sat, modes[m], &a, v) != 0) {
        sat = 1;
        fuzz_eval_convert(s, sat, modes[m], &a, v);
    } else if (!to_int && fuzz_eval_convert(s, 0, 0, &a, v) != 0) {
        sb_free(&x);
        return -1;
    }
    if (!sat && suffix[m][0] == '\0' && w == 1 && below(g, 2)) {
        fz_add(b, "((%s)%s)", fuzz_scalar_name(s), txt(&x));
    } else {
        fz_add(b, "convert_");
        type_text(b, s, w);
        fz_add(b, "%s%s(%s)", sat ? "_sat" : "", suffix[m], txt(&x));
    }
    sb_free(&x);
    return 0;
}

/* Scalars: (x < y ? l : r), x and y of one random type (integers of two,
 * compared after the usual arithmetic conversions). Vectors:
 * select(l, r, x < y) with x and y of the result's type: a true comparison
 * is -1, whose sign bit selects r (6.12.6). */
static int form_choice(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    fz_buf x = {0}, y = {0}, l = {0}, r = {0};
    fuzz_val p, q, a, c;
    int lt[FUZZ_MAX_LANES];
    fuzz_scalar cx = w == 1 ? (fuzz_scalar)below(g, g->fp64 ? 10 : 9) : s, cy = cx;
    if (w == 1 && !fuzz_scalar_is_float(cx) && below(g, 2))
        cy = (fuzz_scalar)below(g, 8);
    gen_expr(g, cx, w, depth - 1, &x, &p);
    gen_expr(g, cy, w, depth - 1, &y, &q);
    gen_expr(g, s, w, depth - 1, &l, &a);
    gen_expr(g, s, w, depth - 1, &r, &c);
    fuzz_eval_less(&p, &q, lt);
    *v = a;
    for (int k = 0; k < a.n; k++) {
        const fuzz_val *pick = (w == 1) == (lt[k] != 0) ? &a : &c;  /* scalar: x < y picks l; select: picks r */
        v->i[k] = pick->i[k];
        v->f[k] = pick->f[k];
    }
    if (w == 1 && !fuzz_scalar_is_float(s) && fuzz_scalar_bits(s) < 32)
        /* ?: converts its operands as + does: two chars give an int. */
        fz_add(b, "((%s)(%s < %s ? %s : %s))", fuzz_scalar_name(s), txt(&x), txt(&y), txt(&l), txt(&r));
    else if (w == 1)
        fz_add(b, "(%s < %s ? %s : %s)", txt(&x), txt(&y), txt(&l), txt(&r));
    else
        fz_add(b, "select(%s, %s, %s < %s)", txt(&l), txt(&r), txt(&x), txt(&y));
    sb_free(&x);
    sb_free(&y);
    sb_free(&l);
    sb_free(&r);
    return 0;
}

static int form_unary(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    fz_buf x = {0};
    fuzz_val a, res;
    const char *op = fuzz_scalar_is_float(s) || below(g, 2) ? "-" : "~";
    gen_expr(g, s, w, depth - 1, &x, &a);
    if (fuzz_eval_unary(op, &a, &res) != 0) {
        sb_free(&x);
        return -1;
    }
    fz_buf inner = {0};
    fz_add(&inner, "(%s%s)", op, txt(&x));
    if (w == 1 && !fuzz_scalar_is_float(s))
        narrow_int(b, s, txt(&inner), &res, v);
    else {
        fz_add(b, "%s", txt(&inner));
        *v = res;
    }
    sb_free(&inner);
    sb_free(&x);
    return 0;
}

void gen_expr(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    uint32_t form = depth <= 0 ? 0 : below(g, 12);
    fz_buf t = {0};
    int rc = -1;
    switch (form) {
    case 2: case 3: case 4: rc = form_binary(g, s, w, depth, &t, v); break;
    case 5: rc = form_shift(g, s, w, depth, &t, v); break;
    case 6: case 7: rc = form_builtin(g, s, w, depth, &t, v); break;
    case 8: case 9: rc = form_convert(g, s, w, depth, &t, v); break;
    case 10: rc = form_choice(g, s, w, depth, &t, v); break;
    case 11: rc = form_unary(g, s, w, depth, &t, v); break;
    default: break;
    }
    if (rc == 0) {
        fz_add(b, "%s", txt(&t));
        if (t.oom)
            b->oom = 1;
    } else {
        gen_leaf(g, s, w, depth, b, v);
    }
    sb_free(&t);
}
