#include "alone_plan.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "batch_plan.h"
#include "group_weight.h"
#include "id_map.h"
#include "probe_write.h"

int alone_slice_parse(const char *s, clc_alone_slice *out, FILE *err)
{
    if (!strcmp(s, "all")) {
        *out = (clc_alone_slice){0, 1};
        return 0;
    }
    if (!strcmp(s, "none")) {
        *out = (clc_alone_slice){0, 0};
        return 0;
    }
    if (!strcmp(s, "today")) {
        *out = alone_slice_today(time(NULL));
        return 0;
    }
    char *end;
    unsigned long k = strtoul(s, &end, 10), n = 0;
    int ok = end != s && *end == '/';
    if (ok) {
        const char *d = end + 1;
        n = strtoul(d, &end, 10);
        ok = end != d && !*end && n >= 1 && n <= 1000 && k < n && s[0] != '-' && d[0] != '-';
    }
    if (!ok) {
        fprintf(err, "clconform: --alone '%s': expected K/N (0 <= K < N <= 1000), all, none or today\n", s);
        return -1;
    }
    *out = (clc_alone_slice){(unsigned)k, (unsigned)n};
    return 0;
}

clc_alone_slice alone_slice_today(time_t now)
{
    long long days = (long long)now / 86400;
    return (clc_alone_slice){(unsigned)(days % ALONE_DAYS), ALONE_DAYS};
}

int alone_in_slice(const char *id, clc_alone_slice s)
{
    return s.n == 1 || (s.n > 1 && id_map_hash(id) % s.n == s.k);
}

int alone_worth_running(const clc_probe *p)
{
    return p->kind == CLC_KIND_RUN && !p->alone && !p->measure && p->expect && batch_plan_runs_batched(p);
}

int alone_already(const clc_probe *p, const clc_alone_kernels *k)
{
    return k && (k->group == 1 || (k->group_bytes && p->body && group_weight(p->body, k->weigh_unrolled) > k->group_bytes));
}

static int matches_any(const char *id, const char *const *globs, size_t n)
{
    for (size_t g = 0; g < n; g++)
        if (fnmatch(globs[g], id, 0) == 0)
            return 1;
    return 0;
}

/* Whether probe p of todo gets a copy. */
static int wanted(const clc_probe *p, clc_alone_slice s, const char *const *globs, size_t n_globs,
                  const clc_alone_kernels *k)
{
    /* A register's context entry always: a dispatch kernel of one probe is
     * not the probe's own kernel (PoCL 3.1 crashes on 29 folded conversion
     * kernels of their own and not behind a dispatch switch). */
    return alone_worth_running(p) &&
           (matches_any(p->id, globs, n_globs) || (!alone_already(p, k) && alone_in_slice(p->id, s)));
}

long alone_plan_add(clc_probe_set *set, size_t **todo, size_t *n_todo, clc_alone_slice s, const char *const *globs,
                    size_t n_globs, const clc_alone_kernels *k)
{
    size_t n = *n_todo, want = 0;
    for (size_t t = 0; t < n; t++) {
        const clc_probe *p = &set->items[(*todo)[t]];
        want += wanted(p, s, globs, n_globs, k);
    }
    if (want == 0)
        return 0;
    clc_probe *items = realloc(set->items, (set->count + want) * sizeof *items);
    if (!items)
        return -1;
    set->items = items;
    set->cap = set->count + want;
    size_t *grown = realloc(*todo, (n + want) * sizeof *grown);
    if (!grown)
        return -1;
    *todo = grown;
    long added = 0;
    for (size_t t = 0; t < n; t++) {
        size_t i = grown[t];
        const clc_probe *p = &set->items[i];
        if (!wanted(p, s, globs, n_globs, k))
            continue;
        clc_probe *copy = &set->items[set->count];
        if (probe_clone(p, copy) != 0)
            return -1;
        size_t len = strlen(p->id) + sizeof "@alone";
        char *id = malloc(len);
        if (!id) {
            probe_free(copy);
            return -1;
        }
        snprintf(id, len, "%s@alone", p->id);
        free(copy->id);
        copy->id = id;
        copy->alone = 1;
        copy->alone_of = i;
        grown[(*n_todo)++] = set->count++;
        added++;
    }
    return added;
}
