/* Segments of a device's probe list: see batch_plan.h. */
#include "batch_plan.h"

#include <stdlib.h>
#include <string.h>

/* Could this text disturb the parsing of code after it? */
static int text_is_self_contained(const char *t)
{
    int paren = 0, brack = 0, brace = 0;
    int at_line_start = 1;
    for (const char *c = t; *c; c++) {
        if (at_line_start && *c == '#')
            return 0;
        if (*c == '\n') {
            at_line_start = 1;
            continue;
        }
        if (*c != ' ' && *c != '\t')
            at_line_start = 0;
        if (*c == '"' || *c == '\'' || *c == '\\')
            return 0;
        if (c[0] == '/' && (c[1] == '*' || c[1] == '/'))
            return 0;
        if (c[0] == '*' && c[1] == '/')
            return 0;
        paren += (*c == '(') - (*c == ')');
        brack += (*c == '[') - (*c == ']');
        brace += (*c == '{') - (*c == '}');
        if (paren < 0 || brack < 0 || brace < 0)
            return 0;
    }
    return paren == 0 && brack == 0 && brace == 0;
}

int batch_plan_rejects_batched(const clc_probe *p)
{
    return p->kind == CLC_KIND_BUILD_FAIL && p->body && !p->source && !p->prelude &&
           text_is_self_contained(p->body);
}

int batch_plan_runs_batched(const clc_probe *p)
{
    return !p->source && p->body && !p->undefined &&
           (p->kind == CLC_KIND_RUN || p->kind == CLC_KIND_IMPL_DEFINED || p->kind == CLC_KIND_BUILD_OK);
}

/* One kind of batch as the plan follows it: how full it is, and its options. */
typedef struct {
    size_t n, bytes;
    const char *options;
} plan_list;

static const char *options_of(const clc_probe *p)
{
    return p->options ? p->options : "";
}

/* Whether adding p to l would close l's batch first (runner.c pending_add
 * closes it on the same conditions; a worker's build options are the
 * harness's own joined with the probe's, so equal probe options give equal
 * build options). */
static int would_close(const plan_list *l, const clc_probe *p, size_t bytes, size_t batch_max)
{
    return l->n && (strcmp(l->options, options_of(p)) != 0 || l->n >= batch_max ||
                    l->bytes + bytes > BATCH_BYTES);
}

size_t batch_plan_weight(const clc_probe *p)
{
    return (p->body ? strlen(p->body) : 0) + PROBE_WEIGHT + (probe_takes_image(p) ? IMAGE_PROBE_WEIGHT : 0);
}

int batch_plan_batched(const clc_probe *p)
{
    return batch_plan_runs_batched(p) || batch_plan_rejects_batched(p);
}

/* How many probes of todo[k..n) in a row are built alone. */
static size_t alone_run(const clc_probe_set *set, const size_t *todo, size_t n, size_t k)
{
    size_t j = k;
    while (j < n && !batch_plan_batched(&set->items[todo[j]]))
        j++;
    return j - k;
}

void batch_plan_lone_last(const clc_probe_set *set, size_t *todo, size_t n)
{
    size_t *lone = malloc((n ? n : 1) * sizeof *lone);
    if (!lone)
        return; /* suite order: a slower run, the same verdicts */
    size_t kept = 0, moved = 0;
    for (size_t k = 0; k < n; k++) {
        if (batch_plan_batched(&set->items[todo[k]]))
            todo[kept++] = todo[k];
        else
            lone[moved++] = todo[k];
    }
    memcpy(todo + kept, lone, moved * sizeof *lone);
    free(lone);
}

size_t *batch_plan_segments(const clc_probe_set *set, const size_t *todo, size_t n, size_t batch_max)
{
    size_t *seg = calloc(set->count ? set->count : 1, sizeof *seg);
    if (!seg)
        return NULL;
    if (batch_max == 0)
        batch_max = 1;
    plan_list run = {0, 0, ""}, rej = {0, 0, ""};
    size_t cur = 1, weight = 0, alone_left = 0;
    for (size_t k = 0; k < n; k++) {
        const clc_probe *p = &set->items[todo[k]];
        size_t bytes = p->body ? strlen(p->body) : 0;
        plan_list *l = batch_plan_runs_batched(p) ? &run : batch_plan_rejects_batched(p) ? &rej : NULL;
        size_t w = batch_plan_weight(p);
        int close = weight && weight + w > SEGMENT_WEIGHT;
        if (l && would_close(l, p, bytes, batch_max))
            close = 1;
        /* In a long run of probes built alone, each is a segment of its
         * own (batch_plan.h): closed before each, and after the last. */
        if (!alone_left && !l) {
            size_t r = alone_run(set, todo, n, k);
            if (r >= ALONE_RUN_SEGMENT)
                alone_left = r, close = 1;
        } else if (alone_left) {
            alone_left--;
            close = 1;
        }
        if (close && weight) {
            cur++;
            weight = 0;
            run = rej = (plan_list){0, 0, ""};
        }
        if (l) {
            l->n++;
            l->bytes += bytes;
            l->options = options_of(p);
        }
        weight += w;
        seg[todo[k]] = cur;
    }
    return seg;
}
