/* The random program generator and its evaluator (see fuzz_gen.h). Each
 * expression is written and evaluated in one pass, bottom up: its operands'
 * values are known when its operator is chosen, so an operator that would be
 * undefined for them is swapped for `^`, which never is. */
#include "fuzz_gen.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- the evaluator ------------------------------------------------------------ */

static int lanes(fuzz_type t)
{
    return t == FZ_UINT4 || t == FZ_INT4 ? 4 : 1;
}

static int is_signed(fuzz_type t)
{
    return t == FZ_INT || t == FZ_INT4;
}

static int64_t as_s(uint32_t u)
{
    return (int64_t)(int32_t)u;
}

/* One lane of a OP b; -1 when undefined. */
static int lane_op(const char *op, int sgn, uint32_t x, uint32_t y, uint32_t *r)
{
    int64_t sx = as_s(x), sy = as_s(y), s = 0;
    switch (op[0]) {
    case '+': s = sx + sy; *r = x + y; break;
    case '-': s = sx - sy; *r = x - y; break;
    case '*': s = sx * sy; *r = x * y; break;
    case '&': *r = x & y; return 0;
    case '|': *r = x | y; return 0;
    case '^': *r = x ^ y; return 0;
    case '/':
    case '%':
        if (y == 0 || (sgn && sx == INT32_MIN && sy == -1))
            return -1;
        if (sgn)
            *r = (uint32_t)(op[0] == '/' ? sx / sy : sx % sy);
        else
            *r = op[0] == '/' ? x / y : x % y;
        return 0;
    case '<':
    case '>':
        /* Shifts only on unsigned operands (the generator's rule): C leaves
         * a signed left shift that overflows undefined. */
        if (sgn)
            return -1;
        *r = op[0] == '<' ? x << (y & 31u) : x >> (y & 31u);
        return 0;
    default:
        return -1;
    }
    if (sgn && (s < INT32_MIN || s > INT32_MAX))
        return -1;
    return 0;
}

int fuzz_eval_binary(const char *op, const fuzz_val *a, const fuzz_val *b, fuzz_val *r)
{
    fuzz_val out = {a->t, {0, 0, 0, 0}};
    if (a->t != b->t)
        return -1;
    for (int i = 0; i < lanes(a->t); i++)
        if (lane_op(op, is_signed(a->t), a->lane[i], b->lane[i], &out.lane[i]) != 0)
            return -1;
    *r = out;
    return 0;
}

static uint32_t clz32(uint32_t x)
{
    uint32_t n = 0;
    for (uint32_t bit = 1u << 31; bit && !(x & bit); bit >>= 1)
        n++;
    return n;
}

static int lane_builtin(const char *fn, int sgn, uint32_t x, uint32_t y, uint32_t *r)
{
    int64_t sx = as_s(x), sy = as_s(y);
    if (!strcmp(fn, "min"))
        *r = sgn ? (sx < sy ? x : y) : (x < y ? x : y);
    else if (!strcmp(fn, "max"))
        *r = sgn ? (sx > sy ? x : y) : (x > y ? x : y);
    else if (!strcmp(fn, "add_sat")) {
        if (sgn) {
            int64_t s = sx + sy;
            *r = (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
        } else {
            uint64_t s = (uint64_t)x + y;
            *r = s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
        }
    } else if (!strcmp(fn, "sub_sat")) {
        if (sgn) {
            int64_t s = sx - sy;
            *r = (uint32_t)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s);
        } else {
            *r = x > y ? x - y : 0;
        }
    } else if (!strcmp(fn, "mul_hi")) {
        *r = sgn ? (uint32_t)((uint64_t)(sx * sy) >> 32) : (uint32_t)(((uint64_t)x * y) >> 32);
    } else if (!strcmp(fn, "rotate")) {
        uint32_t k = y & 31u;  /* 6.12.3: rotate by the count modulo the width */
        *r = k ? (x << k) | (x >> (32 - k)) : x;
    } else if (!strcmp(fn, "clz")) {
        *r = clz32(x);
    } else if (!strcmp(fn, "abs")) {
        *r = sgn && sx < 0 ? (uint32_t)(-sx) : x;  /* |INT_MIN| = 2^31 fits the uint result */
    } else {
        return -1;
    }
    return 0;
}

int fuzz_eval_builtin(const char *fn, const fuzz_val *a, const fuzz_val *b, fuzz_val *r)
{
    int unary = !strcmp(fn, "clz") || !strcmp(fn, "abs");
    fuzz_val out = {a->t, {0, 0, 0, 0}};
    if (!unary && (!b || a->t != b->t))
        return -1;
    if (!strcmp(fn, "abs"))
        out.t = a->t == FZ_INT ? FZ_UINT : a->t == FZ_INT4 ? FZ_UINT4 : a->t;
    for (int i = 0; i < lanes(a->t); i++)
        if (lane_builtin(fn, is_signed(a->t), a->lane[i], unary ? 0 : b->lane[i], &out.lane[i]) != 0)
            return -1;
    *r = out;
    return 0;
}

/* ---- text ---------------------------------------------------------------------- */

typedef struct {
    char *s;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_add(sbuf *b, const char *fmt, ...)
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

/* ---- the generator ---------------------------------------------------------------- */

#define FZ_MAX_VARS 24

typedef struct {
    uint64_t rng;
    uint32_t in[FUZZ_INPUTS];
    fuzz_val vars[FZ_MAX_VARS];
    size_t n_vars;
    sbuf body;
} gen;

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

static const char *type_name(fuzz_type t)
{
    static const char *const names[] = {"uint", "int", "uint4", "int4"};
    return names[t];
}

/* A literal: small values and edge values, which is where folding goes wrong. */
static uint32_t pick_literal(gen *g)
{
    static const uint32_t edges[] = {0, 1, 2, 3, 7, 31, 32, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu, 255};
    return below(g, 3) ? edges[below(g, sizeof edges / sizeof edges[0])] : next(g);
}

static void scalar_literal(sbuf *b, fuzz_type t, uint32_t v)
{
    if (t == FZ_UINT)
        sb_add(b, "%uu", v);
    else if (v == 0x80000000u)
        sb_add(b, "(-2147483647 - 1)");
    else
        sb_add(b, "%d", (int32_t)v);
}

static void gen_expr(gen *g, fuzz_type t, int depth, sbuf *b, fuzz_val *v);

static fuzz_type scalar_of(fuzz_type t)
{
    return t == FZ_UINT4 ? FZ_UINT : t == FZ_INT4 ? FZ_INT : t;
}

static void gen_leaf(gen *g, fuzz_type t, int depth, sbuf *b, fuzz_val *v)
{
    uint32_t pick = below(g, 4);
    memset(v, 0, sizeof *v);
    v->t = t;
    /* A variable of this type, if there is one. */
    if (pick == 0) {
        size_t cands[FZ_MAX_VARS], n = 0;
        for (size_t i = 0; i < g->n_vars; i++)
            if (g->vars[i].t == t)
                cands[n++] = i;
        if (n) {
            size_t k = cands[below(g, (uint32_t)n)];
            sb_add(b, "v%zu", k);
            *v = g->vars[k];
            return;
        }
    }
    if (lanes(t) == 4) {
        /* A vector literal of scalar expressions (runtime or folded). */
        sb_add(b, "%s(", t == FZ_UINT4 ? "U4" : "I4");
        for (int i = 0; i < 4; i++) {
            fuzz_val s;
            if (i)
                sb_add(b, ", ");
            gen_expr(g, scalar_of(t), depth > 1 ? 1 : 0, b, &s);
            v->lane[i] = s.lane[0];
        }
        sb_add(b, ")");
        return;
    }
    if (pick <= 2) {
        uint32_t k = below(g, FUZZ_INPUTS);
        v->lane[0] = g->in[k];
        sb_add(b, t == FZ_UINT ? "in[%u]" : "as_int(in[%u])", k);
        return;
    }
    v->lane[0] = pick_literal(g);
    scalar_literal(b, t, v->lane[0]);
}

static const char *const bin_ops[] = {"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"};
static const char *const builtins2[] = {"min", "max", "add_sat", "sub_sat", "mul_hi", "rotate"};

static void gen_expr(gen *g, fuzz_type t, int depth, sbuf *b, fuzz_val *v)
{
    uint32_t form = depth <= 0 ? 0 : below(g, 10);
    if (form == 0 || form == 1) {
        gen_leaf(g, t, depth, b, v);
        return;
    }
    sbuf l = {0}, r = {0};
    fuzz_val a, c;
    if (form <= 5) {
        /* a OP b, OP swapped for ^ where undefined (or a shift of a signed type). */
        gen_expr(g, t, depth - 1, &l, &a);
        gen_expr(g, t, depth - 1, &r, &c);
        const char *op = bin_ops[below(g, sizeof bin_ops / sizeof bin_ops[0])];
        if (fuzz_eval_binary(op, &a, &c, v) != 0) {
            op = "^";
            fuzz_eval_binary(op, &a, &c, v);
        }
        if (op[0] == '<' || op[0] == '>')
            sb_add(b, "(%s %s (%s & 31u))", l.s, op, r.s);
        else
            sb_add(b, "(%s %s %s)", l.s, op, r.s);
    } else if (form <= 7) {
        const char *fn = builtins2[below(g, sizeof builtins2 / sizeof builtins2[0])];
        if (!strcmp(fn, "rotate") && is_signed(t))
            fn = "max";
        gen_expr(g, t, depth - 1, &l, &a);
        gen_expr(g, t, depth - 1, &r, &c);
        fuzz_eval_builtin(fn, &a, &c, v);
        sb_add(b, "%s(%s, %s)", fn, l.s, r.s);
    } else if (form == 8) {
        /* Across signedness: as_type keeps the bits; _sat conversions clamp. */
        fuzz_type other = t == FZ_UINT ? FZ_INT : t == FZ_INT ? FZ_UINT : t == FZ_UINT4 ? FZ_INT4 : FZ_UINT4;
        gen_expr(g, other, depth - 1, &l, &a);
        *v = a;
        v->t = t;
        if (below(g, 2)) {
            sb_add(b, "as_%s(%s)", type_name(t), l.s);
        } else {
            for (int i = 0; i < lanes(t); i++) {
                if (is_signed(t) && a.lane[i] > 0x7fffffffu)
                    v->lane[i] = 0x7fffffffu;   /* uint above INT_MAX saturates */
                else if (!is_signed(t) && a.lane[i] > 0x7fffffffu)
                    v->lane[i] = 0;             /* a negative int saturates to 0 */
            }
            sb_add(b, "convert_%s_sat(%s)", type_name(t), l.s);
        }
    } else if (lanes(t) == 1) {
        /* A ternary on a comparison of two scalars of a random type. */
        fuzz_type ct = below(g, 2) ? FZ_UINT : FZ_INT;
        sbuf x = {0}, y = {0};
        fuzz_val p, q;
        gen_expr(g, ct, depth - 1, &x, &p);
        gen_expr(g, ct, depth - 1, &y, &q);
        gen_expr(g, t, depth - 1, &l, &a);
        gen_expr(g, t, depth - 1, &r, &c);
        int less = is_signed(ct) ? as_s(p.lane[0]) < as_s(q.lane[0]) : p.lane[0] < q.lane[0];
        *v = less ? a : c;
        sb_add(b, "(%s < %s ? %s : %s)", x.s, y.s, l.s, r.s);
        free(x.s);
        free(y.s);
    } else {
        /* clz on uint vectors, abs of int vectors as uint vectors. */
        if (t == FZ_UINT4 && below(g, 2)) {
            gen_expr(g, FZ_INT4, depth - 1, &l, &a);
            fuzz_eval_builtin("abs", &a, NULL, v);
            sb_add(b, "abs(%s)", l.s);
        } else {
            gen_expr(g, t, depth - 1, &l, &a);
            if (t == FZ_UINT4) {
                fuzz_eval_builtin("clz", &a, NULL, v);
                sb_add(b, "clz(%s)", l.s);
            } else {
                fuzz_val m1 = {t, {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}};
                fuzz_eval_binary("^", &a, &m1, v);
                sb_add(b, "(~%s)", l.s);
            }
        }
    }
    if (l.oom || r.oom)
        b->oom = 1;
    free(l.s);
    free(r.s);
}

/* acc = rotate(acc, R) OP (i * C OP2 v) for i in [0, n): uint only, so
 * every step is defined; evaluated here step by step. */
static void gen_loop(gen *g)
{
    size_t uints[FZ_MAX_VARS], nu = 0;
    for (size_t i = 0; i < g->n_vars; i++)
        if (g->vars[i].t == FZ_UINT)
            uints[nu++] = i;
    if (nu == 0)
        return;
    size_t acc = uints[below(g, (uint32_t)nu)], src = uints[below(g, (uint32_t)nu)];
    uint32_t n = 1 + below(g, 40), rot = below(g, 32), mul = pick_literal(g);
    const char *op = below(g, 2) ? "+" : "^";
    const char *op2 = below(g, 2) ? "+" : "^";
    uint32_t a = g->vars[acc].lane[0], s = g->vars[src].lane[0];
    for (uint32_t i = 0; i < n; i++) {
        uint32_t cur = src == acc ? a : s;  /* the right side reads acc before the assignment */
        uint32_t r = rot ? (a << rot) | (a >> (32 - rot)) : a;
        uint32_t t = op2[0] == '+' ? i * mul + cur : (i * mul) ^ cur;
        a = op[0] == '+' ? r + t : r ^ t;
    }
    sb_add(&g->body, "for (uint i = 0; i < %uu; i++)\n    v%zu = rotate(v%zu, %uu) %s (i * %uu %s v%zu);\n", n, acc, acc,
           rot, op, mul, op2, src);
    g->vars[acc].lane[0] = a;
}

int fuzz_generate(uint64_t seed, fuzz_program *p)
{
    gen g;
    memset(&g, 0, sizeof g);
    memset(p, 0, sizeof *p);
    g.rng = seed;
    for (int i = 0; i < FUZZ_INPUTS; i++)
        g.in[i] = below(&g, 4) ? next(&g) : pick_literal(&g);
    size_t n = 4 + below(&g, 12);
    for (size_t k = 0; k < n && k < FZ_MAX_VARS; k++) {
        fuzz_type t = (fuzz_type)below(&g, 4);
        sbuf e = {0};
        fuzz_val v;
        gen_expr(&g, t, 1 + (int)below(&g, 4), &e, &v);
        sb_add(&g.body, "%s v%zu = %s;\n", type_name(t), k, e.s ? e.s : "0");
        if (e.oom)
            g.body.oom = 1;
        free(e.s);
        g.vars[g.n_vars++] = v;
        if (below(&g, 5) == 0)
            gen_loop(&g);
    }
    /* Every variable goes to out, its bits as uint words. */
    size_t k = 0;
    for (size_t i = 0; i < g.n_vars; i++) {
        if (lanes(g.vars[i].t) == 4) {
            sb_add(&g.body, "vstore4(as_uint4(v%zu), 0, out + %zu);\n", i, k);
            for (int j = 0; j < 4; j++)
                p->expect[k++] = g.vars[i].lane[j];
        } else {
            sb_add(&g.body, "out[%zu] = as_uint(v%zu);\n", k, i);
            p->expect[k++] = g.vars[i].lane[0];
        }
    }
    p->n_out = k;
    memcpy(p->inputs, g.in, sizeof g.in);
    p->body = g.body.s;
    p->prelude = strdup("#define U4(a, b, c, d) ((uint4)((a), (b), (c), (d)))\n"
                        "#define I4(a, b, c, d) ((int4)((a), (b), (c), (d)))");
    if (g.body.oom || !p->body || !p->prelude) {
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

int fuzz_write_host_c(FILE *f, const fuzz_program *p, const char *shim_path)
{
    fprintf(f, "#include \"%s\"\n\nstatic void kernel_body(const uint *in, uint *out)\n{\n%s}\n\n", shim_path,
            p->body);
    fprintf(f, "int main(void)\n{\n    static const uint in[%d] = {", FUZZ_INPUTS);
    for (int i = 0; i < FUZZ_INPUTS; i++)
        fprintf(f, "%s%uu", i ? ", " : "", p->inputs[i]);
    fprintf(f, "};\n    uint out[%zu];\n    kernel_body(in, out);\n", p->n_out);
    fprintf(f, "    for (int i = 0; i < %zu; i++)\n        printf(\"%%u\\n\", out[i]);\n    return 0;\n}\n", p->n_out);
    return ferror(f) ? -1 : 0;
}

int fuzz_write_probe(FILE *f, const char *id, uint64_t seed, const fuzz_program *p)
{
    fprintf(f, "\n[probe %s]\nclause   = 6.3\n", id);
    fprintf(f, "why      = A random program free of undefined behaviour (clconform fuzz, program seed "
               "0x%016llx); expected values from the generator's own evaluator (harness/fuzz_gen.c).\n",
            (unsigned long long)seed);
    fprintf(f, "kind     = run\ninput in = uint:");
    for (int i = 0; i < FUZZ_INPUTS; i++)
        fprintf(f, " %u", p->inputs[i]);
    fprintf(f, "\nout      = uint[%zu]\nexpect   =", p->n_out);
    for (size_t i = 0; i < p->n_out; i++)
        fprintf(f, " %u", p->expect[i]);
    fprintf(f, "\nprelude  = <<END\n%s\nEND\nbody     = <<END\n%sEND\n", p->prelude, p->body);
    return ferror(f) ? -1 : 0;
}
