/* Element explanations: see explain_element.h. */
#include "explain_element.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "reduce_slice.h"
#include "value.h"

typedef struct {
    long first, count, width;
    char function[64], source[64];
} label;

/* The labels under the probe's header line, at most max; returns how many.
 * text is the probe file's text (or NULL). */
static size_t read_labels(const char *text, int header_line, label *out, size_t max)
{
    size_t n = 0;
    int line = 1;
    const char *s = text;
    while (s && *s && line <= header_line) {
        s = strchr(s, '\n');
        s = s ? s + 1 : NULL;
        line++;
    }
    while (s && n < max && strncmp(s, "#@ elements ", 12) == 0) {
        label *l = &out[n];
        if (sscanf(s + 12, "%ld %ld %ld %63s %63s", &l->first, &l->count, &l->width, l->function, l->source) == 5 &&
            l->width > 0 && l->count > 0)
            n++;
        s = strchr(s, '\n');
        s = s ? s + 1 : NULL;
    }
    return n;
}

static const clc_input *input_named(const clc_probe *p, const char *name)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (strcmp(p->inputs[i].name, name) == 0)
            return &p->inputs[i];
    return NULL;
}

static void add_operand(cJSON *ops, const clc_input *in, size_t k)
{
    char v[96];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", in->name);
    cJSON_AddNumberToObject(o, "index", (double)k);
    cJSON_AddStringToObject(o, "value", value_format(in->type, value_load(in->type, in->data, k), v, sizeof v));
    cJSON_AddItemToArray(ops, o);
}

/* Line k (0-based, blank lines skipped) of the body, trimmed; "" past the end. */
static void body_line(const char *body, size_t k, char *buf, size_t len)
{
    buf[0] = '\0';
    for (const char *l = body; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        while (n && (*l == ' ' || *l == '\t'))
            l++, n--;
        if (n && k-- == 0) {
            snprintf(buf, len, "%.*s", (int)n, l);
            return;
        }
        l += n + (nl != NULL);
    }
}

/* Element e from the labels: 0 when a label covers it. */
static int from_labels(const clc_probe *p, size_t e, const label *ls, size_t n, cJSON *out)
{
    long statements = 0;
    for (size_t k = 0; k < n; k++) {
        const label *l = &ls[k];
        int literal = strcmp(l->source, "literal") == 0;
        if ((long)e < l->first || (long)e >= l->first + l->count) {
            statements += literal ? l->count / l->width : 0;
            continue;
        }
        long j = (long)e - l->first, lane = j % l->width, vec = j / l->width;
        const clc_input *in = literal ? NULL : input_named(p, l->source);
        char call[256], v[96] = "";
        if (in && (size_t)j < in->count)
            value_format(in->type, value_load(in->type, in->data, (size_t)j), v, sizeof v);
        if (literal)
            snprintf(call, sizeof call, "%s, lane %ld of the constant call below", l->function, lane);
        else if (l->width == 1)
            snprintf(call, sizeof call, "%s(%s)", l->function, v);
        else
            snprintf(call, sizeof call, "%s(...) lane %ld, whose operand is %s", l->function, lane, v);
        cJSON_AddStringToObject(out, "from", "labels");
        if (!literal || l->width > 1)
            cJSON_AddStringToObject(out, "call", call);
        cJSON_AddStringToObject(out, "function", l->function);
        cJSON_AddNumberToObject(out, "lane", (double)lane);
        cJSON *ops = cJSON_AddArrayToObject(out, "operands");
        if (in && (size_t)j < in->count)
            add_operand(ops, in, (size_t)j);
        char stmt[512];
        if (literal)
            body_line(p->body, (size_t)(statements + vec), stmt, sizeof stmt);
        else if (l->width == 1)
            snprintf(stmt, sizeof stmt, "%s(%s[%ld])", l->function, l->source, j);
        else
            snprintf(stmt, sizeof stmt, "%s(vload%ld(%ld, %s)), lane %ld", l->function, l->width, vec, l->source, lane);
        cJSON_AddStringToObject(out, "statement", stmt);
        return 0;
    }
    return -1;
}

/* Element e from the kernel's shape (reduce_slice.h): 0 when it applies. */
static int from_kernel(const clc_probe *p, size_t e, cJSON *out)
{
    clc_probe one;
    clc_slice_info info;
    size_t m;
    if (reduce_slice_loop(p, e, &one, &m, &info) != 0)
        return -1;
    char stmt[1024], it[160];
    size_t o = 0;
    stmt[0] = '\0';
    for (size_t k = 1; o + 2 < sizeof stmt; k++) {
        char l[512];
        body_line(one.body, k, l, sizeof l);
        if (!*l)
            break;
        o += (size_t)snprintf(stmt + o, sizeof stmt - o, "%s%s", o ? " " : "", l);
    }
    snprintf(it, sizeof it, "iteration %zu of %zu (work-item or loop pass, the index variable = %zu), as element %zu "
             "of the %zu it writes; it reads the operands below", info.iteration, info.iterations,
             info.iteration, m, one.out_count);
    char *call = reduce_slice_call_text(&one, &info);
    cJSON_AddStringToObject(out, "from", "kernel");
    cJSON_AddStringToObject(out, "iteration", it);
    cJSON_AddStringToObject(out, "call", call ? call : "");
    free(call);
    cJSON_AddNumberToObject(out, "lane", (double)m);
    cJSON_AddStringToObject(out, "statement", stmt);
    cJSON *ops = cJSON_AddArrayToObject(out, "operands");
    for (size_t i = 0; i < p->n_inputs; i++)
        for (size_t k = 0; k < info.per_iteration[i]; k++)
            add_operand(ops, &p->inputs[i], info.iteration * info.per_iteration[i] + k);
    probe_free(&one);
    return 0;
}

/* Element e from a literal `out[E] = ...;` line of the body. */
static int from_literal(const clc_probe *p, size_t e, cJSON *out)
{
    char want[48], l[512];
    snprintf(want, sizeof want, "out[%zu] = ", e);
    for (size_t k = 0; p->body; k++) {
        body_line(p->body, k, l, sizeof l);
        if (!*l)
            return -1;
        if (strncmp(l, want, strlen(want)) == 0) {
            cJSON_AddStringToObject(out, "from", "literal");
            cJSON_AddStringToObject(out, "statement", l);
            return 0;
        }
    }
    return -1;
}

/* The expected value of element e, as the probe writes it. */
static void add_expected(cJSON *out, const clc_probe *p, size_t e)
{
    char buf[512];
    if (p->has_ulp && p->ulp_ref) {
        ulp_format_ref(&p->ulp_ref[e], buf, sizeof buf);
        cJSON_AddStringToObject(out, "expected", p->ulp_ref[e].n_alts ? buf : "*");
        cJSON_AddNumberToObject(out, "ulp", p->ulp_bound);
    } else if (p->expect) {
        cJSON_AddStringToObject(out, "expected", value_format_expect(p->out_type, &p->expect[e], buf, sizeof buf));
    }
    cJSON_AddStringToObject(out, "type", value_type_name(p->out_type));
}

cJSON *explain_element(const clc_probe *p, size_t e)
{
    cJSON *out = cJSON_CreateObject();
    label ls[64];
    cJSON_AddNumberToObject(out, "index", (double)e);
    add_expected(out, p, e);
    FILE *quiet = fopen("/dev/null", "w");
    char *text = p->file ? json_file_read_text(p->file, quiet ? quiet : stderr) : NULL;
    if (quiet)
        fclose(quiet);
    size_t n = text ? read_labels(text, p->line, ls, 64) : 0;
    free(text);
    if (!(n && from_labels(p, e, ls, n, out) == 0) && !(p->body && from_kernel(p, e, out) == 0) &&
        !(p->body && from_literal(p, e, out) == 0))
        cJSON_AddStringToObject(out, "from", "none");
    return out;
}

/* Does operand bits of type t equal the value arg names (any NaN for a NaN)? */
static int operand_is(clc_type t, uint64_t bits, const char *arg)
{
    char low[128], err[128];
    size_t n = 0;
    for (; arg[n] && n + 1 < sizeof low; n++)
        low[n] = (char)(arg[n] >= 'A' && arg[n] <= 'Z' ? arg[n] - 'A' + 'a' : arg[n]);
    low[n] = '\0';
    uint64_t want;
    if (value_parse(t, low, &want, err, sizeof err) != 0)
        return 0;
    if (value_type_is_float(t) && isnan(value_fp_from_bits(t, want)))
        return isnan(value_fp_from_bits(t, bits));
    return bits == want;
}

static void add_matches(cJSON *out, const clc_probe *p, const label *ls, size_t n, const char *function,
                        const char *arg)
{
    for (size_t k = 0; k < n; k++) {
        const clc_input *in = input_named(p, ls[k].source);
        if (!in || strcmp(ls[k].function, function) != 0)
            continue;
        for (long j = 0; j < ls[k].count && (size_t)j < in->count; j++) {
            if (!operand_is(in->type, value_load(in->type, in->data, (size_t)j), arg))
                continue;
            cJSON *m = explain_element(p, (size_t)(ls[k].first + j));
            cJSON_AddStringToObject(m, "id", p->id);
            cJSON_AddNumberToObject(m, "element", (double)(ls[k].first + j));
            cJSON_AddStringToObject(m, "file", p->file);
            cJSON_AddNumberToObject(m, "line", p->line);
            cJSON_AddItemToArray(out, m);
        }
    }
}

cJSON *explain_find_call(const clc_probe_set *set, const char *function, const char *arg)
{
    cJSON *out = cJSON_CreateArray();
    char *text = NULL;
    const char *text_of = NULL;
    FILE *quiet = fopen("/dev/null", "w");
    for (size_t i = 0; i < set->count; i++) {
        const clc_probe *p = &set->items[i];
        if (!p->file)
            continue;
        if (!text_of || strcmp(text_of, p->file) != 0) {
            free(text);
            text = json_file_read_text(p->file, quiet ? quiet : stderr);
            text_of = p->file;
            /* Most files hold no label of the function: skip them whole. */
            if (text && (!strstr(text, "#@ elements ") || !strstr(text, function))) {
                free(text);
                text = NULL;
            }
        }
        label ls[64];
        size_t n = text ? read_labels(text, p->line, ls, 64) : 0;
        add_matches(out, p, ls, n, function, arg);
    }
    free(text);
    if (quiet)
        fclose(quiet);
    return out;
}
