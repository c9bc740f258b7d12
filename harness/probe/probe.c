/* The probe model: kernel text generation and cleanup. See probe.h. */
#include "probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *probe_kind_name(clc_kind k)
{
    switch (k) {
    case CLC_KIND_RUN: return "run";
    case CLC_KIND_BUILD_FAIL: return "build-fail";
    case CLC_KIND_BUILD_OK: return "build-ok";
    case CLC_KIND_IMPL_DEFINED: return "impl-defined";
    case CLC_KIND_MEASURE: return "measure";
    }
    return "?";
}

static int append(char **text, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    if (*len + n + 1 > *cap) {
        size_t ncap = *cap ? *cap : 4096;
        while (*len + n + 1 > ncap)
            ncap *= 2;
        char *t = realloc(*text, ncap);
        if (!t)
            return -1;
        *text = t;
        *cap = ncap;
    }
    memcpy(*text + *len, s, n + 1);
    *len += n;
    return 0;
}

int probe_takes_image(const clc_probe *p)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].image)
            return 1;
    return 0;
}

const clc_input *probe_readback_image(const clc_probe *p)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        if (p->inputs[i].image && p->inputs[i].image->access == CLC_IMG_WRITE_ONLY)
            return &p->inputs[i];
    return NULL;
}

char *probe_param_decl(const clc_input *in, char *buf, size_t len)
{
    if (in->image)
        snprintf(buf, len, "%s %s %s", image_arg_access_qualifier(in->image), image_arg_type_name(in->image),
                 in->name);
    else if (in->by_value)
        snprintf(buf, len, "%s %s", in->by_value, in->name);
    else
        snprintf(buf, len, "__global const %s *%s", value_type_name(in->type), in->name);
    return buf;
}

int probe_append_kernel(const clc_probe *p, const char *kernel_name, char **text, size_t *len, size_t *cap)
{
    char line[512];
    /* The comment names the probe so a driver's build log, which quotes the
     * offending line's neighbourhood, can be traced back to a probe. */
    snprintf(line, sizeof line, "/* probe %s (%s:%d) */\n", p->id, p->file, p->line);
    if (append(text, len, cap, line))
        return -1;
    if (p->prelude && (append(text, len, cap, p->prelude) || append(text, len, cap, "\n")))
        return -1;
    snprintf(line, sizeof line, "__kernel void %s(", kernel_name);
    if (append(text, len, cap, line))
        return -1;
    for (size_t i = 0; i < p->n_inputs; i++) {
        char decl[320];
        snprintf(line, sizeof line, "%s, ", probe_param_decl(&p->inputs[i], decl, sizeof decl));
        if (append(text, len, cap, line))
            return -1;
    }
    snprintf(line, sizeof line, "__global %s *out)\n{\n", value_type_name(p->out_type));
    if (append(text, len, cap, line) || append(text, len, cap, p->body ? p->body : "") ||
        append(text, len, cap, "\n}\n\n"))
        return -1;
    return 0;
}

char *probe_program_source(const clc_probe *p, const char *kernel_name)
{
    if (p->source)
        return strdup(p->source);
    char *text = NULL;
    size_t len = 0, cap = 0;
    if (probe_append_kernel(p, kernel_name, &text, &len, &cap) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

void probe_free(clc_probe *p)
{
    free(p->id);
    free(p->file);
    free(p->clause);
    free(p->spec);
    free(p->why);
    for (size_t i = 0; i < p->n_requires; i++)
        free(p->requires[i]);
    free(p->requires);
    free(p->options);
    free(p->prelude);
    free(p->body);
    free(p->source);
    free(p->measure);
    free(p->undefined);
    for (size_t i = 0; i < p->n_inputs; i++) {
        free(p->inputs[i].name);
        free(p->inputs[i].data);
        free(p->inputs[i].by_value);
        free(p->inputs[i].image);
    }
    free(p->expect);
    free(p->ulp_ref);
}

void probe_set_free(clc_probe_set *set)
{
    for (size_t i = 0; i < set->count; i++)
        probe_free(&set->items[i]);
    free(set->items);
    set->items = NULL;
    set->count = set->cap = 0;
}
