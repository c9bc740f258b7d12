/* Strings to pointers: see id_map.h. Open addressing, linear probing, the
 * table kept at most half full. */
#include "id_map.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *key; /* NULL: empty */
    uint64_t hash;
    void *val;
} entry;

struct clc_id_map {
    entry *v;
    size_t cap; /* a power of two */
    size_t n;
};

uint64_t id_map_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

clc_id_map *id_map_new(size_t expected)
{
    clc_id_map *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cap = 16;
    while (m->cap < 2 * expected)
        m->cap *= 2;
    m->v = calloc(m->cap, sizeof *m->v);
    if (!m->v) {
        free(m);
        return NULL;
    }
    return m;
}

/* The slot holding key, or the empty slot where it would go. */
static entry *slot_of(const clc_id_map *m, const char *key, uint64_t h)
{
    for (size_t i = (size_t)h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        entry *e = &m->v[i];
        if (!e->key || (e->hash == h && strcmp(e->key, key) == 0))
            return e;
    }
}

static int grow(clc_id_map *m)
{
    clc_id_map bigger = {calloc(m->cap * 2, sizeof(entry)), m->cap * 2, m->n};
    if (!bigger.v)
        return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->v[i].key)
            *slot_of(&bigger, m->v[i].key, m->v[i].hash) = m->v[i];
    free(m->v);
    *m = bigger;
    return 0;
}

int id_map_put(clc_id_map *m, const char *key, void *val)
{
    if (2 * (m->n + 1) > m->cap && grow(m) != 0)
        return -1;
    uint64_t h = id_map_hash(key);
    entry *e = slot_of(m, key, h);
    if (!e->key) {
        *e = (entry){key, h, val};
        m->n++;
    }
    return 0;
}

void *id_map_get(const clc_id_map *m, const char *key)
{
    if (!m || !key)
        return NULL;
    entry *e = slot_of(m, key, id_map_hash(key));
    return e->key ? e->val : NULL;
}

size_t id_map_count(const clc_id_map *m)
{
    return m ? m->n : 0;
}

void id_map_free(clc_id_map *m)
{
    if (!m)
        return;
    free(m->v);
    free(m);
}
