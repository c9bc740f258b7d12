/* Input slicing for the reducer: see reduce_slice.h. */
#include "reduce_slice.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe_write.h"
#include "value.h"

/* The loop header: where it is in the body and what it says. */
typedef struct {
    char var[64];
    size_t n;                 /* iterations */
    size_t start, end;        /* the header line's offsets in the body, end at its '\n' or NUL */
    size_t indent;            /* its leading blanks */
    int brace;                /* it ends with '{' */
    int straight;             /* `size_t V = get_global_id(0);`: no loop, one work-item an iteration */
} loop_header;

static int is_ident(char ch)
{
    return isalnum((unsigned char)ch) || ch == '_';
}

/* Parses one trimmed line as the grid-stride header; 0 when it is one. */
static int parse_header_line(const char *line, size_t len, loop_header *h)
{
    char buf[256], tail[160];
    int pos = 0;
    if (len >= sizeof buf)
        return -1;
    memcpy(buf, line, len);
    buf[len] = '\0';
    h->straight = 0;
    if (sscanf(buf, "size_t %63[A-Za-z0-9_] = get_global_id(0);%n", h->var, &pos) == 1 && pos > 0 && !buf[pos]) {
        h->straight = 1;
        h->brace = 0;
        h->n = 0; /* the global size: the caller's */
        return 0;
    }
    if (sscanf(buf, "for (size_t %63[A-Za-z0-9_] = %n", h->var, &pos) != 1 || pos == 0)
        return -1;
    const char *p = buf + pos;
    unsigned long pinned, n;
    int used = 0;
    if (strncmp(p, "get_global_id(0)", 16) == 0)
        p += 16;
    else if (sscanf(p, "((size_t)%lu)%n", &pinned, &used) == 1 && used > 0)
        p += used;
    else
        return -1;
    snprintf(tail, sizeof tail, "; %s < ", h->var);
    if (strncmp(p, tail, strlen(tail)) != 0)
        return -1;
    p += strlen(tail);
    char *end;
    n = strtoul(p, &end, 10);
    if (end == p || n == 0)
        return -1;
    snprintf(tail, sizeof tail, "; %s += get_global_size(0))", h->var);
    if (strncmp(end, tail, strlen(tail)) != 0)
        return -1;
    p = end + strlen(tail);
    while (isspace((unsigned char)*p))
        p++;
    h->brace = *p == '{';
    if (*p && strcmp(p, "{") != 0)
        return -1;
    h->n = n;
    return 0;
}

/* Finds the one header line of body; 0 when there is exactly one. */
static int find_header(const char *body, loop_header *h)
{
    int found = 0;
    for (const char *l = body; *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l), ind = 0;
        while (ind < n && (l[ind] == ' ' || l[ind] == '\t'))
            ind++;
        loop_header t;
        if (parse_header_line(l + ind, n - ind, &t) == 0) {
            if (found++)
                return -1;
            *h = t;
            h->start = (size_t)(l - body);
            h->end = h->start + n;
            h->indent = ind;
        }
        l += n + (nl != NULL);
    }
    return found == 1 ? 0 : -1;
}

/* The word ending just before s (not past text): its start and length. */
static size_t word_before(const char *text, const char *s, const char **start)
{
    const char *b = s;
    while (b > text && is_ident(b[-1]))
        b--;
    *start = b;
    return (size_t)(s - b);
}

/* Which input (or CLC_MAX_INPUTS for out, -1 none) is the word w of length n. */
static int which_param(const clc_probe *p, const char *w, size_t n)
{
    if (n == 3 && strncmp(w, "out", 3) == 0)
        return CLC_MAX_INPUTS;
    for (size_t k = 0; k < p->n_inputs; k++)
        if (strlen(p->inputs[k].name) == n && strncmp(p->inputs[k].name, w, n) == 0)
            return (int)k;
    return -1;
}

/* Classifies one use of the loop variable at v (length vl) in body: sets
 * *param (input index, CLC_MAX_INPUTS for out) and *per (elements per
 * iteration: 1 for X[V], K for vloadK(V, X), 0 for out through vstore,
 * whose slice is out_count / N). Returns 0, or -1 for any other use. */
static int classify_use(const clc_probe *p, const char *body, const char *v, size_t vl, int *param, size_t *per)
{
    const char *after = v + vl, *w;
    if (v > body && v[-1] == '[' && *after == ']') {
        size_t n = word_before(body, v - 1, &w);
        *param = which_param(p, w, n);
        *per = 1;
        return *param >= 0 ? 0 : -1;
    }
    if (v > body && v[-1] == '(' && strncmp(after, ", ", 2) == 0) {
        size_t n = word_before(body, v - 1, &w);
        const char *digits = w + n;
        while (digits > w && isdigit((unsigned char)digits[-1]))
            digits--;
        if (n < 5 || strncmp(w, "vload", 5) != 0)
            return -1;
        const char *x = after + 2, *xe = x;
        while (is_ident(*xe))
            xe++;
        *param = *xe == ')' ? which_param(p, x, (size_t)(xe - x)) : -1;
        *per = digits < w + n ? strtoul(digits, NULL, 10) : 1;
        return *param >= 0 && *param != CLC_MAX_INPUTS ? 0 : -1;
    }
    if (v - body >= 2 && strncmp(v - 2, ", ", 2) == 0 && strncmp(after, ", out)", 6) == 0) {
        *param = CLC_MAX_INPUTS;
        *per = 0;
        return 0;
    }
    return -1;
}

/* Counts the word occurrences of w in text outside [skip_a, skip_b). */
static size_t count_word(const char *text, const char *w, size_t skip_a, size_t skip_b)
{
    size_t n = 0, wl = strlen(w);
    for (const char *s = strstr(text, w); s; s = strstr(s + wl, w)) {
        size_t at = (size_t)(s - text);
        if ((s == text || !is_ident(s[-1])) && !is_ident(s[wl]) && (at < skip_a || at >= skip_b))
            n++;
    }
    return n;
}

/* Every use of the loop variable after the header, per parameter: how many
 * and how many elements an iteration reads (per[], 0: not read through V).
 * Returns 0 when every use is one classify_use knows and every parameter
 * read through V is read only that way. */
static int collect_uses(const clc_probe *p, const char *body, const loop_header *h, size_t *per, size_t *uses)
{
    /* Work-items that talk to each other (ids, barriers, local memory shared
     * by a group) are not independent iterations. */
    static const char *const shared[] = {"get_", "barrier", "work_group_", "sub_group_", "__local", "local ", NULL};
    for (size_t k = 0; shared[k]; k++)
        for (const char *s = strstr(body, shared[k]); s; s = strstr(s + 1, shared[k]))
            if ((size_t)(s - body) < h->start || (size_t)(s - body) >= h->end)
                return -1;
    size_t vl = strlen(h->var);
    for (const char *s = strstr(body, h->var); s; s = strstr(s + vl, h->var)) {
        size_t at = (size_t)(s - body);
        int param;
        size_t k;
        if ((s > body && is_ident(s[-1])) || is_ident(s[vl]) || (at >= h->start && at < h->end))
            continue;
        if (classify_use(p, body, s, vl, &param, &k) != 0)
            return -1;
        if (uses[param]++ && per[param] != k)
            return -1;
        per[param] = k;
    }
    for (size_t i = 0; i < p->n_inputs; i++)
        if (uses[i] && (p->inputs[i].by_value || p->inputs[i].image || per[i] == 0 ||
                        count_word(body, p->inputs[i].name, h->start, h->end) != uses[i]))
            return -1;
    return uses[CLC_MAX_INPUTS] && count_word(body, "out", h->start, h->end) == uses[CLC_MAX_INPUTS] ? 0 : -1;
}

/* The body with the header replaced by `size_t V = get_global_id(0);`, run
 * by one work-item: the iteration's index stays a value the compiler cannot
 * see (a loop `V < 1` lets it fold V to 0, and a bug of the runtime form,
 * such as Oclgrind's clamp(char2, char, char), then no longer shows). */
static char *one_iteration_body(const char *body, const loop_header *h)
{
    char hdr[160];
    snprintf(hdr, sizeof hdr, "%*ssize_t %s = get_global_id(0);%s", (int)h->indent, "", h->var,
             h->brace ? " {" : "");
    const char *rest = body + h->end;
    size_t cut = 0;
    if (!h->brace && !h->straight && *rest == '\n') {
        /* The loop's one statement, no longer inside it: its indent too. */
        while (rest[1 + cut] == ' ')
            cut++;
        cut = cut > h->indent ? cut - h->indent : 0;
    }
    size_t n = h->start + strlen(hdr) + strlen(rest) + 1;
    char *nb = malloc(n);
    if (nb)
        snprintf(nb, n, "%.*s%s\n%s", (int)h->start, body, hdr, *rest ? rest + 1 + cut : "");
    return nb;
}

/* Keeps elements [from, from + n) of an array of elements of size sz. */
static void keep_slice(void *arr, size_t sz, size_t from, size_t n)
{
    memmove(arr, (char *)arr + from * sz, n * sz);
}

int reduce_slice_loop(const clc_probe *p, size_t m, clc_probe *out, size_t *new_m, clc_slice_info *info)
{
    loop_header h;
    size_t per[CLC_MAX_INPUTS + 1] = {0}, uses[CLC_MAX_INPUTS + 1] = {0};
    if (!p->body || p->source || p->work_dim > 1 || p->has_offset || m >= p->out_count ||
        find_header(p->body, &h) != 0 || collect_uses(p, p->body, &h, per, uses) != 0 ||
        (h.straight && (h.n = p->global_size) == 0) || h.n < 2 ||
        p->out_count % h.n != 0)
        return -1;
    size_t s_out = p->out_count / h.n, k = m / s_out;
    if (per[CLC_MAX_INPUTS] > 1 || (per[CLC_MAX_INPUTS] == 1 && s_out != 1))
        return -1;
    for (size_t i = 0; i < p->n_inputs; i++)
        if (uses[i] && p->inputs[i].count != h.n * per[i])
            return -1;
    char *nb = one_iteration_body(p->body, &h);
    if (!nb || probe_clone(p, out) != 0) {
        free(nb);
        return -1;
    }
    free(out->body);
    out->body = nb;
    memset(info, 0, sizeof *info);
    info->iteration = k;
    info->iterations = h.n;
    snprintf(info->var, sizeof info->var, "%s", h.var);
    for (size_t i = 0; i < out->n_inputs; i++) {
        if (!uses[i])
            continue;
        keep_slice(out->inputs[i].data, value_type_size(out->inputs[i].type), k * per[i], per[i]);
        out->inputs[i].count = per[i];
        info->per_iteration[i] = per[i];
    }
    keep_slice(out->expect, sizeof *out->expect, k * s_out, s_out);
    if (out->ulp_ref)
        keep_slice(out->ulp_ref, sizeof *out->ulp_ref, k * s_out, s_out);
    out->out_count = s_out;
    out->global_size = out->global_dims[0] = 1;
    out->local_size = out->local_dims[0] = 0;
    *new_m = m % s_out;
    return 0;
}

/* Writes input in's values as a literal, `(char2)(-128, -128)` or `(char)-128`. */
static size_t literal_of(const clc_input *in, char *buf, size_t len)
{
    size_t o = 0;
    char v[96];
    if (in->count == 1)
        return (size_t)snprintf(buf, len, "(%s)%s", value_type_name(in->type),
                                value_format(in->type, value_load(in->type, in->data, 0), v, sizeof v));
    o += (size_t)snprintf(buf, len, "(%s%zu)(", value_type_name(in->type), in->count);
    for (size_t k = 0; k < in->count && o < len; k++)
        o += (size_t)snprintf(buf + o, len - o, "%s%s", k ? ", " : "",
                              value_format(in->type, value_load(in->type, in->data, k), v, sizeof v));
    return o < len ? o + (size_t)snprintf(buf + o, len - o, ")") : o;
}

/* If text at s is `vloadK(V, X)` or `X[V]` of a sliced input, its length and the input. */
static size_t operand_at(const clc_probe *p, const clc_slice_info *info, const char *text, const char *s,
                         const clc_input **in)
{
    char pat[160];
    for (size_t i = 0; i < p->n_inputs; i++) {
        const char *name = p->inputs[i].name;
        if (!info->per_iteration[i] || (s > text && is_ident(s[-1])))
            continue;
        *in = &p->inputs[i];
        snprintf(pat, sizeof pat, "%s[%s]", name, info->var);
        if (strncmp(s, pat, strlen(pat)) == 0)
            return strlen(pat);
        if (strncmp(s, "vload", 5) == 0) {
            const char *q = s + 5;
            while (isalnum((unsigned char)*q) || *q == '_')
                q++;
            snprintf(pat, sizeof pat, "(%s, %s)", info->var, name);
            if (strncmp(q, pat, strlen(pat)) == 0)
                return (size_t)(q - s) + strlen(pat);
        }
    }
    return 0;
}

char *reduce_slice_call_text(const clc_probe *sliced, const clc_slice_info *info)
{
    /* What follows the header reduce_slice_loop wrote (a sentinel line may precede it). */
    char hdr[96];
    snprintf(hdr, sizeof hdr, "size_t %s = get_global_id(0);", info->var);
    const char *body = sliced->body ? sliced->body : "", *at = strstr(body, hdr);
    const char *nl = at ? strchr(at, '\n') : NULL, *text = at ? (nl ? nl + 1 : "") : body;
    size_t cap = strlen(text) * 4 + 1024, o = 0;
    char *out = malloc(cap);
    for (const char *s = text; out && *s && o + 512 < cap;) {
        const clc_input *in = NULL;
        size_t n = operand_at(sliced, info, text, s, &in);
        if (n) {
            o += literal_of(in, out + o, cap - o - 1);
            s += n;
        } else if (isspace((unsigned char)*s)) {
            if (o && out[o - 1] != ' ')
                out[o++] = ' ';
            s++;
        } else {
            out[o++] = *s++;
        }
    }
    if (out) {
        while (o && out[o - 1] == ' ')
            o--;
        out[o] = '\0';
    }
    return out;
}
