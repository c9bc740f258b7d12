/* The random program generator (see fuzz_gen.h). Each expression is written
 * and evaluated (fuzz_eval.c) in one pass, bottom up: its operands' values
 * are known when its operator is chosen, so an operator that would be
 * undefined for them is swapped for `^` (integers, never undefined), and a
 * form that cannot be exact (a float sum that would round, a conversion out
 * of range) is given up for a leaf. Program kinds: plain (one work-item),
 * struct (a struct passed by value to a helper and returned) and
 * work-group (several work-items exchanging values through __local memory
 * across barriers; every scalar then holds one value per work-item, the
 * evaluator's lanes). The probe and host-C writers are in fuzz_write.c. */
#include "fuzz_gen.h"
#include "fuzz_gen_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t fuzz_program_seed(uint64_t s, uint64_t i)
{
    uint64_t z = s + i * 0x9E3779B97F4A7C15u + 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint32_t next(gen *g)
{
    g->rng = fuzz_program_seed(g->rng, 0);
    return (uint32_t)(g->rng >> 32);
}

static uint32_t below(gen *g, uint32_t n)
{
    return n ? next(g) % n : 0;
}

static int pick_width(gen *g)
{
    static const int widths[] = {1, 1, 1, 1, 2, 3, 4, 8, 16};
    return g->items > 1 ? 1 : widths[below(g, 9)];
}

static fuzz_scalar pick_scalar(gen *g)
{
    return (fuzz_scalar)below(g, g->fp64 ? 10 : 9);
}

static int lanes_of(const gen *g, int w)
{
    return w == 1 ? g->items : w;
}

static void type_text(fz_buf *b, fuzz_scalar s, int w)
{
    if (w == 1)
        fz_add(b, "%s", fuzz_scalar_name(s));
    else
        fz_add(b, "%s%d", fuzz_scalar_name(s), w);
}

static void blank(gen *g, fuzz_val *v, fuzz_scalar s, int w)
{
    memset(v, 0, sizeof *v);
    v->s = s;
    v->w = w;
    v->n = lanes_of(g, w);
}

/* ---- literals ---------------------------------------------------------------- */

static int64_t pick_int_literal(gen *g, fuzz_scalar s)
{
    int b = fuzz_scalar_bits(s), sg = fuzz_scalar_signed(s);
    int64_t top = sg ? (int64_t)((1ull << (b - 1)) - 1) : (b == 64 ? -1 : (int64_t)((1ull << b) - 1));
    int64_t low = sg ? -top - 1 : 0;
    switch (below(g, 12)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 2;
    case 3: return 7;
    case 4: return b - 1;
    case 5: return b;
    case 6: return top;
    case 7: return low;
    case 8: return -1;
    case 9: return top - 1;
    default: return (int64_t)(((uint64_t)next(g) << 32) | next(g));
    }
}

/* The literal's text, of type s exactly (casts for the narrow types, the
 * minimum of a signed type written as an expression that does not overflow). */
static void int_literal_text(fz_buf *b, fuzz_scalar s, uint64_t lane)
{
    int64_t v = (int64_t)lane;
    switch (s) {
    case FZ_CHAR: case FZ_SHORT:
        fz_add(b, "((%s)%lld)", fuzz_scalar_name(s), (long long)v);
        break;
    case FZ_UCHAR: case FZ_USHORT:
        fz_add(b, "((%s)%lluu)", fuzz_scalar_name(s), (unsigned long long)lane);
        break;
    case FZ_INT:
        if (v == INT32_MIN)
            fz_add(b, "(-2147483647 - 1)");
        else
            fz_add(b, v < 0 ? "(%lld)" : "%lld", (long long)v);
        break;
    case FZ_UINT: fz_add(b, "%lluu", (unsigned long long)lane); break;
    case FZ_LONG:
        if (v == INT64_MIN)
            fz_add(b, "(-9223372036854775807L - 1)");
        else
            fz_add(b, v < 0 ? "(%lldL)" : "%lldL", (long long)v);
        break;
    default: fz_add(b, "%lluUL", (unsigned long long)lane); break;
    }
}

/* A small dyadic rational: what float literals and fin[] hold. */
static fuzz_real pick_real(gen *g)
{
    static const int64_t ms[] = {0, 1, -1, 3, -3, 5, 7, -9, 11, 13, -15, 255, 1023, -4095, 12345, 1};
    fuzz_real r = {ms[below(g, 16)], (int)below(g, 13) - 6, 0};
    if (below(g, 3) == 0)
        r.m = (int64_t)below(g, 1u << 20) - (1 << 19);
    if (r.m == 0) {
        r.e = 0;
        r.neg = below(g, 3) == 0;
    }
    while (r.m && !(r.m & 1)) {
        r.m /= 2;
        r.e++;
    }
    if (r.m < 0)
        r.neg = 1;
    return r;
}

void fuzz_real_text(fz_buf *b, fuzz_real r, const char *suffix)
{
    /* Exact decimal: m * 2^e = m * 5^-e / 10^-e for e < 0. */
    if (r.m == 0) {
        fz_add(b, "%s0.0%s", r.neg ? "-" : "", suffix);
        return;
    }
    if (r.e >= 0) {
        fz_add(b, "%lld.0%s", (long long)(r.m * ((int64_t)1 << r.e)), suffix);
        return;
    }
    int k = -r.e;
    __int128 n = r.m < 0 ? -(__int128)r.m : r.m;
    for (int i = 0; i < k; i++)
        n *= 5;
    char digits[64];
    int len = 0;
    for (__int128 t = n; t || len <= k; t /= 10)
        digits[len++] = (char)('0' + (int)(t % 10));
    fz_add(b, "%s", r.m < 0 ? "-" : "");
    for (int i = len - 1; i >= 0; i--) {
        fz_add(b, "%c", digits[i]);
        if (i == k)
            fz_add(b, ".");
    }
    fz_add(b, "%s", suffix);
}

static void literal(gen *g, fuzz_scalar s, fz_buf *b, fuzz_val *v)
{
    blank(g, v, s, 1);
    if (fuzz_scalar_is_float(s)) {
        fuzz_real r = pick_real(g);
        for (int k = 0; k < v->n; k++)
            v->f[k] = r;
        int paren = r.m < 0 || r.neg;
        fz_add(b, "%s", paren ? "(" : "");
        fuzz_real_text(b, r, s == FZ_FLOAT ? "f" : "");
        fz_add(b, "%s", paren ? ")" : "");
        return;
    }
    fuzz_val one = fuzz_int(s, pick_int_literal(g, s));
    for (int k = 0; k < v->n; k++)
        v->i[k] = one.i[0];
    int_literal_text(b, s, one.i[0]);
}

/* ---- leaves -------------------------------------------------------------------- */

static int pick_var(gen *g, fuzz_scalar s, int w, int min_w)
{
    size_t cands[FZ_MAX_VARS], n = 0;
    for (size_t i = g->scope_first; i < g->n_vars; i++)
        if (g->vars[i].v.s == s && (w ? g->vars[i].v.w == w : g->vars[i].v.w >= min_w))
            cands[n++] = i;
    return n ? (int)cands[below(g, (uint32_t)n)] : -1;
}

/* A scalar read from the inputs, of type s, in every work-item alike. */
static void input_leaf(gen *g, fuzz_scalar s, fz_buf *b, fuzz_val *v)
{
    uint32_t k = below(g, FUZZ_INPUTS), k2 = below(g, FUZZ_INPUTS);
    blank(g, v, s, 1);
    uint64_t x = g->in[k];
    switch (s) {
    case FZ_UINT: fz_add(b, "in[%u]", k); break;
    case FZ_INT: fz_add(b, "as_int(in[%u])", k); break;
    case FZ_UCHAR: case FZ_USHORT: fz_add(b, "((%s)in[%u])", fuzz_scalar_name(s), k); break;
    case FZ_CHAR: fz_add(b, "as_char((uchar)in[%u])", k); break;
    case FZ_SHORT: fz_add(b, "as_short((ushort)in[%u])", k); break;
    case FZ_ULONG: case FZ_LONG:
        /* upsample(hi, lo): (ulong)hi << 32 | lo (6.12.3) */
        x = (x << 32) | g->in[k2];
        fz_add(b, s == FZ_ULONG ? "upsample(in[%u], in[%u])" : "as_long(upsample(in[%u], in[%u]))", k, k2);
        break;
    case FZ_FLOAT: fz_add(b, "fin[%u]", k); break;
    case FZ_DOUBLE: fz_add(b, "(double)fin[%u]", k); break;
    }
    fuzz_val one = fuzz_int(s, (int64_t)x);
    for (int i = 0; i < v->n; i++) {
        if (fuzz_scalar_is_float(s))
            v->f[i] = g->fin[k];
        else
            v->i[i] = one.i[0];
    }
}

/* lm[...] in a work-group program, once a barrier has passed since its
 * last write: each work-item reads another's slot. */
static int local_leaf(gen *g, fz_buf *b, fuzz_val *v)
{
    uint32_t W = (uint32_t)g->items, c = 1 + below(g, W - 1), form = below(g, 4);
    blank(g, v, FZ_UINT, 1);
    for (uint32_t i = 0; i < W; i++) {
        uint32_t j = form == 0 ? (i + c) % W : form == 1 ? W - 1 - i : form == 2 ? (i ^ (c % W)) : c % W;
        v->i[i] = g->lm[j];
    }
    if (form == 0)
        fz_add(b, "lm[(lid + %uu) %% %uu]", c, W);
    else if (form == 1)
        fz_add(b, "lm[%uu - lid]", W - 1);
    else if (form == 2)
        fz_add(b, "lm[lid ^ %uu]", c % W);
    else
        fz_add(b, "lm[%uu]", c % W);
    return 0;
}

static const char hexd[] = "0123456789abcdef";

/* A swizzle of a vector variable of scalar type s into w components (w = 1:
 * one component), through the SWn/LOn/HIn/EVENn/ODDn macros. */
static int swizzle_leaf(gen *g, fuzz_scalar s, int w, fz_buf *b, fuzz_val *v)
{
    int k = pick_var(g, s, 0, 2);
    if (k < 0 || g->items > 1)
        return -1;
    const fuzz_val *src = &g->vars[k].v;
    int m = src->w;
    blank(g, v, s, w);
    if (m != 3 && m == 2 * w && below(g, 2)) {
        static const char *const names[] = {"LO", "HI", "EVEN", "ODD"};
        int f = (int)below(g, 4);
        for (int i = 0; i < w; i++) {
            int j = f == 0 ? i : f == 1 ? w + i : f == 2 ? 2 * i : 2 * i + 1;
            v->i[i] = src->i[j];
            v->f[i] = src->f[j];
        }
        g->macros |= MACRO_HALF;
        fz_add(b, "%s%d(%s)", names[f], m, g->vars[k].name);
        return 0;
    }
    g->macros |= MACRO_SW;
    fz_add(b, "SW%d(%s", w, g->vars[k].name);
    for (int i = 0; i < w; i++) {
        int j = (int)below(g, (uint32_t)m);
        v->i[i] = src->i[j];
        v->f[i] = src->f[j];
        fz_add(b, ", %c", hexd[j]);
    }
    fz_add(b, ")");
    return 0;
}

/* vloadN from in[] (uint, int) or fin[] (float). */
static int vload_leaf(gen *g, fuzz_scalar s, int w, fz_buf *b, fuzz_val *v)
{
    if (g->helper || w > 8 || (s != FZ_UINT && s != FZ_INT && s != FZ_FLOAT))
        return -1;
    uint32_t slots = (uint32_t)(FUZZ_INPUTS / w), off = below(g, slots);
    uint32_t base = below(g, (uint32_t)(FUZZ_INPUTS - (off + 1) * (uint32_t)w + 1));
    blank(g, v, s, w);
    for (int i = 0; i < w; i++) {
        uint32_t j = base + off * (uint32_t)w + (uint32_t)i;
        v->i[i] = s == FZ_INT ? (uint64_t)(int64_t)(int32_t)g->in[j] : g->in[j];
        v->f[i] = g->fin[j];
    }
    if (s == FZ_INT)
        fz_add(b, "as_int%d(vload%d(%u, in + %u))", w, w, off, base);
    else
        fz_add(b, "vload%d(%u, %s + %u)", w, off, s == FZ_FLOAT ? "fin" : "in", base);
    return 0;
}

void gen_leaf(gen *g, fuzz_scalar s, int w, int depth, fz_buf *b, fuzz_val *v)
{
    uint32_t pick = below(g, 6);
    if (pick == 0) {
        int k = pick_var(g, s, w, 0);
        if (k >= 0) {
            fz_add(b, "%s", g->vars[k].name);
            *v = g->vars[k].v;
            return;
        }
    }
    if (w > 1) {
        if (pick == 1 && swizzle_leaf(g, s, w, b, v) == 0)
            return;
        if (pick == 2 && vload_leaf(g, s, w, b, v) == 0)
            return;
        /* A vector literal of scalar expressions (run-time or folded). */
        blank(g, v, s, w);
        g->macros |= MACRO_V;
        fz_add(b, "V%d(", w);
        type_text(b, s, w);
        for (int i = 0; i < w; i++) {
            fuzz_val c;
            fz_add(b, ", ");
            gen_expr(g, s, 1, w <= 4 && depth > 1 ? 1 : 0, b, &c);
            v->i[i] = c.i[0];
            v->f[i] = c.f[0];
        }
        fz_add(b, ")");
        return;
    }
    if (pick == 1 && swizzle_leaf(g, s, 1, b, v) == 0)
        return;
    if (g->items > 1 && s == FZ_UINT && pick == 2 && g->lm_ready) {
        local_leaf(g, b, v);
        return;
    }
    if (!g->helper && pick <= 3) {
        input_leaf(g, s, b, v);
        return;
    }
    literal(g, s, b, v);
}

/* ---- text ---------------------------------------------------------------------- */

void fz_add(fz_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || b->oom)
        return;
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 1024) + (size_t)n + 1;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->oom = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

uint32_t fuzz_gen_below(gen *g, uint32_t n)
{
    return below(g, n);
}

/* ---- statements -------------------------------------------------------------------- */

static gvar *add_var(gen *g, const char *name, const fuzz_val *v)
{
    gvar *x = &g->vars[g->n_vars++];
    snprintf(x->name, sizeof x->name, "%s", name);
    x->v = *v;
    return x;
}

/* The uint words a variable is stored as, per work-item. */
static size_t words_of(const fuzz_val *v)
{
    return (size_t)v->w * (fuzz_scalar_bits(v->s) == 64 ? 2 : 1);
}

static size_t words_all(const gen *g)
{
    size_t n = 0;
    for (size_t i = 0; i < g->n_vars; i++)
        n += words_of(&g->vars[i].v);
    return n;
}

/* v = rotate(v, R) OP (i * C OP2 src) for i in [0, n): uint only, so every
 * step is defined; evaluated here step by step, in each work-item. */
static void gen_loop(gen *g, fz_buf *body)
{
    size_t uints[FZ_MAX_VARS], nu = 0;
    for (size_t i = 0; i < g->n_vars; i++)
        if (g->vars[i].v.s == FZ_UINT && g->vars[i].v.w == 1 && strchr(g->vars[i].name, '.') == NULL)
            uints[nu++] = i;
    if (nu == 0)
        return;
    size_t acc = uints[below(g, (uint32_t)nu)], src = uints[below(g, (uint32_t)nu)];
    if (!strcmp(g->vars[acc].name, "lid"))
        return;  /* lid indexes lm and out: never assigned */
    uint32_t n = 1 + below(g, 40), rot = below(g, 32), mul = (uint32_t)pick_int_literal(g, FZ_UINT);
    const char *op = below(g, 2) ? "+" : "^";
    const char *op2 = below(g, 2) ? "+" : "^";
    fuzz_val *av = &g->vars[acc].v;
    for (int k = 0; k < av->n; k++) {
        uint32_t a = (uint32_t)av->i[k], s = (uint32_t)g->vars[src].v.i[k];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t cur = src == acc ? a : s;  /* the right side reads acc before the assignment */
            uint32_t r = rot ? (a << rot) | (a >> (32 - rot)) : a;
            uint32_t t = op2[0] == '+' ? i * mul + cur : (i * mul) ^ cur;
            a = op[0] == '+' ? r + t : r ^ t;
        }
        av->i[k] = a;
    }
    fz_add(body, "for (uint i = 0; i < %uu; i++)\n    %s = rotate(%s, %uu) %s (i * %uu %s %s);\n", n,
           g->vars[acc].name, g->vars[acc].name, rot, op, mul, op2, g->vars[src].name);
}

static void gen_decl(gen *g, fz_buf *body, size_t k)
{
    fuzz_scalar s = pick_scalar(g);
    int w = pick_width(g);
    fz_buf e = {0};
    fuzz_val v;
    char name[24]; /* "v" and any size_t */
    gen_expr(g, s, w, 1 + (int)below(g, w >= 8 ? 2 : 4), &e, &v);
    snprintf(name, sizeof name, "v%zu", k);
    type_text(body, s, w);
    fz_add(body, " %s = %s;\n", name, e.s ? e.s : "0");
    if (e.oom)
        body->oom = 1;
    free(e.s);
    add_var(g, name, &v);
}

/* A work-group round: every work-item writes its slot of lm, then a
 * barrier; a barrier first when lm was written before (its readers must be
 * done). */
static void gen_local_round(gen *g, fz_buf *body)
{
    fz_buf e = {0};
    fuzz_val v;
    int was_ready = g->lm_ready;
    g->lm_ready = 0;  /* reading lm while the others write it would race */
    gen_expr(g, FZ_UINT, 1, 1 + (int)below(g, 2), &e, &v);
    g->lm_ready = was_ready;
    if (g->lm_ready)
        fz_add(body, "barrier(CLK_LOCAL_MEM_FENCE);\n");
    fz_add(body, "lm[lid] = %s;\nbarrier(CLK_LOCAL_MEM_FENCE);\n", e.s ? e.s : "0u");
    if (e.oom)
        body->oom = 1;
    free(e.s);
    for (int i = 0; i < g->items; i++)
        g->lm[i] = v.i[i];
    g->lm_ready = 1;
}

/* typedef struct {...} S_x; S_x h_x(S_x s, uint k) { s.m = ...; return s; }
 * in the prelude; s0 = {...} and s1 = h_x(s0, ...) in the body. The helper
 * is called once, so its statements are evaluated with s0's values. */
static void gen_struct(gen *g, fz_buf *pre, fz_buf *body, uint32_t tag)
{
    int nm = 2 + (int)below(g, 3);
    fuzz_scalar ms[4];
    int mw[4];
    fz_add(pre, "typedef struct {\n");
    for (int i = 0; i < nm; i++) {
        ms[i] = pick_scalar(g);
        mw[i] = below(g, 2) ? 1 : 1 + (int)below(g, 4);
        fz_add(pre, "    ");
        type_text(pre, ms[i], mw[i]);
        fz_add(pre, " m%d;\n", i);
    }
    fz_add(pre, "} S_%08x;\n\nS_%08x h_%08x(S_%08x s, uint k)\n{\n", tag, tag, tag, tag);
    /* s0's members enter the scope only after its initializer is closed: an
     * initializer reading s0.mI reads an object not yet initialized (the
     * initializer list's evaluations are indeterminately sequenced, C99
     * 6.7.8), and NVIDIA 580 gave clz(s0.m1) of a zero there. */
    fuzz_val init[4];
    fz_add(body, "S_%08x s0 = {", tag);
    for (int i = 0; i < nm; i++) {
        fz_add(body, "%s", i ? ", " : "");
        gen_expr(g, ms[i], mw[i], 1 + (int)below(g, 2), body, &init[i]);
    }
    fz_add(body, "};\n");
    for (int i = 0; i < nm; i++) {
        char name[16];
        snprintf(name, sizeof name, "s0.m%d", i);
        add_var(g, name, &init[i]);
    }
    size_t first = g->n_vars - (size_t)nm;
    fz_buf karg = {0};
    fuzz_val kv;
    gen_expr(g, FZ_UINT, 1, 1, &karg, &kv);
    fz_add(body, "S_%08x s1 = h_%08x(s0, %s);\n", tag, tag, karg.s ? karg.s : "0u");
    free(karg.s);
    /* The helper's scope: its parameters only. */
    g->scope_first = g->n_vars;
    g->helper = 1;
    for (int i = 0; i < nm; i++) {
        char name[16];
        snprintf(name, sizeof name, "s.m%d", i);
        add_var(g, name, &g->vars[first + (size_t)i].v);
    }
    add_var(g, "k", &kv);
    int steps = 1 + (int)below(g, 3);
    for (int j = 0; j < steps; j++) {
        int i = (int)below(g, (uint32_t)nm);
        fuzz_val v;
        fz_add(pre, "    s.m%d = ", i);
        gen_expr(g, ms[i], mw[i], 1 + (int)below(g, 3), pre, &v);
        fz_add(pre, ";\n");
        g->vars[g->scope_first + (size_t)i].v = v;
    }
    fz_add(pre, "    return s;\n}\n");
    fuzz_val out[4];
    for (int i = 0; i < nm; i++)
        out[i] = g->vars[g->scope_first + (size_t)i].v;
    g->n_vars = g->scope_first;
    /* One program in four reads s0 after the call (the caller's copy must be
     * unchanged: rusticl's by-reference passing shows there); the others
     * leave it, so that bug does not hide every other in struct programs. */
    if (below(g, 4) != 0)
        g->n_vars = first;
    g->scope_first = 0;
    g->helper = 0;
    for (int i = 0; i < nm; i++) {
        char name[16];
        snprintf(name, sizeof name, "s1.m%d", i);
        add_var(g, name, &out[i]);
    }
}

/* ---- outputs ---------------------------------------------------------------------- */

/* Stores variable x as uint words at word k of the work-item's share of out. */
static void store_var(const gen *g, fz_buf *b, const gvar *x, size_t k, size_t per_item)
{
    const char *n = x->name;
    fuzz_scalar s = x->v.s;
    int w = x->v.w, wide = fuzz_scalar_bits(s) == 64;
    char at[64];
    if (g->items > 1)
        snprintf(at, sizeof at, "lid * %zuu + %zuu", per_item, k);
    else
        snprintf(at, sizeof at, "%zu", k);
    if (w == 1) {
        if (wide) {
            const char *pre = s == FZ_ULONG ? "" : "as_ulong(";
            const char *post = s == FZ_ULONG ? "" : ")";
            fz_add(b, "out[%s] = (uint)%s%s%s;\nout[%s + 1] = (uint)(%s%s%s >> 32);\n", at, pre, n, post, at, pre, n,
                   post);
            return;
        }
        static const char *const conv[] = {"as_uchar(", "", "as_ushort(", "", "as_uint(", "", "", "", "as_uint("};
        fz_add(b, "out[%s] = %s%s%s;\n", at, conv[s], n, conv[s][0] ? ")" : "");
        return;
    }
    char v[64];
    if (s == FZ_UINT || s == FZ_ULONG || s == FZ_UCHAR || s == FZ_USHORT)
        snprintf(v, sizeof v, "%s", n);
    else
        snprintf(v, sizeof v, "as_%s%d(%s)", fuzz_scalar_name(s == FZ_FLOAT ? FZ_UINT : fuzz_scalar_unsigned(s == FZ_DOUBLE ? FZ_LONG : s)), w, n);
    if (s == FZ_UINT || s == FZ_INT || s == FZ_FLOAT)
        fz_add(b, "vstore%d(%s, 0, out + %s);\n", w, v, at);
    else if (!wide)
        fz_add(b, "vstore%d(convert_uint%d(%s), 0, out + %s);\n", w, w, v, at);
    else
        fz_add(b, "vstore%d(convert_uint%d(%s), 0, out + %s);\nvstore%d(convert_uint%d(%s >> 32), 0, out + %s + %d);\n", w,
               w, v, at, w, w, v, at, w);
}

/* The expected words of x for work-item `item`, from word k on. */
static void expect_var(const gvar *x, int item, uint32_t *e)
{
    const fuzz_val *v = &x->v;
    int wide = fuzz_scalar_bits(v->s) == 64;
    for (int i = 0; i < v->w; i++) {
        uint64_t bits = fuzz_lane_bits(v, v->w == 1 ? item : i);
        if (!wide) {
            e[i] = (uint32_t)bits;
        } else if (v->w == 1) {
            e[0] = (uint32_t)bits;
            e[1] = (uint32_t)(bits >> 32);
        } else {
            e[i] = (uint32_t)bits;
            e[v->w + i] = (uint32_t)(bits >> 32);
        }
    }
}

/* ---- programs ---------------------------------------------------------------------- */

int fuzz_generate(uint64_t seed, fuzz_program *p)
{
    gen *g = calloc(1, sizeof *g);
    fz_buf pre = {0}, body = {0};
    memset(p, 0, sizeof *p);
    if (!g)
        return -1;
    g->rng = seed;
    g->items = 1;
    for (int i = 0; i < FUZZ_INPUTS; i++)
        g->in[i] = below(g, 4) ? next(g) : (uint32_t)pick_int_literal(g, FZ_UINT);
    for (int i = 0; i < FUZZ_INPUTS; i++)
        g->fin[i] = pick_real(g);
    uint32_t kind = below(g, 10);   /* 0-5 plain, 6-7 struct, 8-9 work-group */
    g->fp64 = below(g, 4) == 0;
    if (kind >= 8) {
        g->items = 2 << below(g, 4);
        fuzz_val lid;
        memset(&lid, 0, sizeof lid);
        lid.s = FZ_UINT;
        lid.w = 1;
        lid.n = g->items;
        for (int i = 0; i < g->items; i++)
            lid.i[i] = (uint64_t)i;
        fz_add(&body, "__local uint lm[%d];\nuint lid = (uint)get_local_id(0);\n", g->items);
        add_var(g, "lid", &lid);
    }
    size_t n = 3 + below(g, 9), budget = 480 / (size_t)g->items;
    for (size_t k = 0; k < n && g->n_vars + 14 < FZ_MAX_VARS && words_all(g) < budget; k++) {
        if (kind == 6 || kind == 7) {
            if (k == n / 2)
                gen_struct(g, &pre, &body, (uint32_t)(seed >> 32));
        }
        gen_decl(g, &body, k);
        if (below(g, 6) == 0)
            gen_loop(g, &body);
        if (g->items > 1 && below(g, 3) == 0)
            gen_local_round(g, &body);
    }
    /* Every variable goes to out as uint words, each work-item its share. */
    size_t per_item = words_all(g), k = 0;
    for (size_t i = 0; i < g->n_vars && per_item * (size_t)g->items <= FUZZ_MAX_OUT; i++) {
        store_var(g, &body, &g->vars[i], k, per_item);
        for (int it = 0; it < g->items; it++)
            expect_var(&g->vars[i], it, p->expect + (size_t)it * per_item + k);
        k += words_of(&g->vars[i].v);
    }
    p->n_out = per_item * (size_t)g->items;
    memcpy(p->inputs, g->in, sizeof g->in);
    for (int i = 0; i < FUZZ_INPUTS; i++) {
        fuzz_val f;
        memset(&f, 0, sizeof f);
        f.s = FZ_FLOAT;
        f.w = f.n = 1;
        f.f[0] = g->fin[i];
        p->finputs[i] = (uint32_t)fuzz_lane_bits(&f, 0);
    }
    p->items = (unsigned)g->items;
    p->fp64 = g->fp64;
    p->macros = g->macros;
    p->body = body.s;
    p->prelude = pre.s ? pre.s : strdup("");
    int bad = body.oom || pre.oom || !p->body || !p->prelude || p->n_out > FUZZ_MAX_OUT;
    free(g);
    if (bad) {
        fuzz_program_free(p);
        return -1;
    }
    return 0;
}

void fuzz_program_free(fuzz_program *p)
{
    free(p->prelude);
    free(p->body);
    p->prelude = p->body = NULL;
}
