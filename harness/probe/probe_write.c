/* Writing probes back as text, and copying them: see probe_write.h. */
#include "probe_write.h"

#include <stdlib.h>
#include <string.h>

#include "ulp.h"
#include "value.h"

/* A heredoc tag that is no line of text: END, END1, END2... */
static void heredoc_tag(const char *text, char *tag, size_t len)
{
    for (int n = 0;; n++) {
        if (n)
            snprintf(tag, len, "END%d", n);
        else
            snprintf(tag, len, "END");
        int clash = 0;
        size_t tl = strlen(tag);
        for (const char *l = text; l && *l && !clash;) {
            const char *s = l;
            while (*s == ' ' || *s == '\t')
                s++;
            const char *nl = strchr(l, '\n');
            size_t ll = nl ? (size_t)(nl - s) : strlen(s);
            while (ll > 0 && (s[ll - 1] == ' ' || s[ll - 1] == '\t'))
                ll--;
            clash = ll == tl && strncmp(s, tag, tl) == 0;
            l = nl ? nl + 1 : NULL;
        }
        if (!clash)
            return;
    }
}

static void write_heredoc(FILE *f, const char *key, const char *text)
{
    char tag[16];
    heredoc_tag(text, tag, sizeof tag);
    fprintf(f, "%s = <<%s\n%s\n%s\n", key, tag, text, tag);
}

/* One line of text: newlines would end the value. */
static void write_line_value(FILE *f, const char *key, const char *v)
{
    fprintf(f, "%s = ", key);
    for (const char *c = v; *c; c++)
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
    fputc('\n', f);
}

int probe_write(FILE *f, const clc_probe *p)
{
    fprintf(f, "[probe %s]\n", p->id);
    write_line_value(f, "spec", p->spec ? p->spec : "");
    if (p->why)
        write_line_value(f, "why", p->why);
    fprintf(f, "kind = %s\n", probe_kind_name(p->kind));
    if (p->n_requires) {
        fputs("requires =", f);
        for (size_t i = 0; i < p->n_requires; i++)
            fprintf(f, " %s", p->requires[i]);
        fputc('\n', f);
    }
    if (p->options && *p->options)
        write_line_value(f, "options", p->options);
    if (p->work_dim > 1) {
        fprintf(f, "global = %zu %zu%s", p->global_size, p->global_dims[1], p->work_dim > 2 ? "" : "\n");
        if (p->work_dim > 2)
            fprintf(f, " %zu\n", p->global_dims[2]);
    } else if (p->global_size != 1) {
        fprintf(f, "global = %zu\n", p->global_size);
    }
    if (p->local_size) {
        fprintf(f, "local = %zu", p->local_size);
        for (unsigned d = 1; d < p->work_dim; d++)
            fprintf(f, " %zu", p->local_dims[d]);
        fputc('\n', f);
    }
    if (p->has_offset) {
        fputs("offset =", f);
        for (unsigned d = 0; d < (p->work_dim ? p->work_dim : 1); d++)
            fprintf(f, " %zu", p->offset_dims[d]);
        fputc('\n', f);
    }
    if (p->timeout_s > 0)
        fprintf(f, "timeout = %g\n", p->timeout_s);
    if (p->measure)
        write_line_value(f, "measure", p->measure);
    if (p->undefined)
        write_line_value(f, "undefined", p->undefined);
    if (p->flush_allowed)
        write_line_value(f, "flush_to_zero", "allowed");
    for (size_t k = 0; k < p->n_inputs; k++) {
        /* Short inputs on one line; long ones as a heredoc, 8 a line. */
        const clc_input *in = &p->inputs[k];
        int long_form = in->count > 8;
        char desc[160];
        fprintf(f, "%s %s = %s%s:", in->image ? "image" : in->by_value ? "arg" : "input", in->name,
                long_form ? "<<END\n" : "",
                in->image ? image_arg_format(in->image, desc, sizeof desc)
                          : in->by_value ? in->by_value : value_type_name(in->type));
        for (size_t i = 0; i < in->count; i++) {
            char buf[64];
            fprintf(f, "%s%s", long_form && i % 8 == 0 ? "\n" : " ",
                    value_format(in->type, value_load(in->type, in->data, i), buf, sizeof buf));
        }
        fputs(long_form ? "\nEND\n" : "\n", f);
    }
    if (p->kind == CLC_KIND_RUN || p->kind == CLC_KIND_IMPL_DEFINED)
        fprintf(f, "out = %s[%zu]\n", value_type_name(p->out_type), p->out_count);
    /* A probe judged in ulp: its bound, and its references (not the
     * rounded values shown as expected). */
    if (p->has_ulp)
        fprintf(f, "expect_ulp = %.17g\n", p->ulp_bound);
    if (p->expect) {
        int long_form = p->out_count > 8;
        fputs(long_form ? "expect = <<END" : "expect =", f);
        for (size_t i = 0; i < p->out_count; i++) {
            char buf[512];
            if (p->has_ulp && p->ulp_ref)
                ulp_format_ref(&p->ulp_ref[i], buf, sizeof buf);
            else
                value_format_expect(p->out_type, &p->expect[i], buf, sizeof buf);
            fprintf(f, "%s%s", long_form && i % 8 == 0 ? "\n" : " ", buf);
        }
        fputs(long_form ? "\nEND\n" : "\n", f);
    }
    if (p->prelude)
        write_heredoc(f, "prelude", p->prelude);
    if (p->body)
        write_heredoc(f, "body", p->body);
    if (p->source)
        write_heredoc(f, "source", p->source);
    return ferror(f) ? -1 : 0;
}

static int dup_str(const char *s, char **out)
{
    *out = NULL;
    if (!s)
        return 0;
    *out = strdup(s);
    return *out ? 0 : -1;
}

int probe_clone(const clc_probe *p, clc_probe *o)
{
    memset(o, 0, sizeof *o);
    *o = *p;
    o->id = o->file = o->clause = o->spec = o->why = o->options = o->prelude = o->body = o->source = o->measure =
        o->undefined = NULL;
    o->requires = NULL;
    o->expect = NULL;
    o->ulp_ref = NULL;
    o->n_requires = 0;
    o->n_inputs = 0;
    int bad = dup_str(p->id, &o->id) | dup_str(p->file, &o->file) | dup_str(p->clause, &o->clause) |
              dup_str(p->spec, &o->spec) | dup_str(p->why, &o->why) | dup_str(p->options, &o->options) |
              dup_str(p->prelude, &o->prelude) | dup_str(p->body, &o->body) | dup_str(p->source, &o->source) |
              dup_str(p->measure, &o->measure) | dup_str(p->undefined, &o->undefined);
    if (p->n_requires) {
        o->requires = calloc(p->n_requires, sizeof *o->requires);
        bad |= !o->requires;
        for (size_t i = 0; o->requires && i < p->n_requires; i++, o->n_requires++)
            bad |= dup_str(p->requires[i], &o->requires[i]);
    }
    for (size_t k = 0; k < p->n_inputs; k++, o->n_inputs++) {
        clc_input *in = &o->inputs[k];
        *in = p->inputs[k];
        size_t bytes = in->count * value_type_size(in->type);
        in->data = malloc(bytes ? bytes : 1);
        bad |= dup_str(p->inputs[k].name, &in->name) | dup_str(p->inputs[k].by_value, &in->by_value) | !in->data;
        if (p->inputs[k].image) {
            in->image = malloc(sizeof *in->image);
            bad |= !in->image;
            if (in->image)
                *in->image = *p->inputs[k].image;
        }
        if (in->data)
            memcpy(in->data, p->inputs[k].data, bytes);
    }
    if (p->expect) {
        o->expect = malloc(p->out_count * sizeof *o->expect);
        bad |= !o->expect;
        if (o->expect)
            memcpy(o->expect, p->expect, p->out_count * sizeof *o->expect);
    }
    if (p->ulp_ref) {
        o->ulp_ref = malloc(p->out_count * sizeof *o->ulp_ref);
        bad |= !o->ulp_ref;
        if (o->ulp_ref)
            memcpy(o->ulp_ref, p->ulp_ref, p->out_count * sizeof *o->ulp_ref);
    }
    if (bad) {
        probe_free(o);
        return -1;
    }
    return 0;
}
