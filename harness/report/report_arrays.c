/* Repeated large arrays stored once per report file: see report_arrays.h. */
#include "report_arrays.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "id_map.h"
#include "json_file.h"

/* The fields that may be pooled, and where they live in a record. */
static const char *const rec_fields[] = {"expected", "actual"};

typedef struct {
    cJSON *holder;   /* the object the array is a member of */
    const char *key; /* its field name (static) */
    char *text;      /* the array printed compactly: its identity */
    uint64_t hash;
    size_t group;    /* index of the first slot with the same text */
    size_t uses;     /* in the first slot of a group: how many slots share it */
} slot;

typedef struct {
    slot *v;
    size_t n, cap;
    int oom;
} slot_list;

static void consider(slot_list *l, cJSON *holder, const char *key)
{
    cJSON *arr = cJSON_GetObjectItemCaseSensitive(holder, key);
    if (!cJSON_IsArray(arr) || l->oom)
        return;
    char *text = cJSON_PrintUnformatted(arr);
    if (!text) {
        l->oom = 1;
        return;
    }
    if (strlen(text) < REPORT_ARRAY_MIN_BYTES) {
        free(text);
        return;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        slot *v = realloc(l->v, cap * sizeof *v);
        if (!v) {
            free(text);
            l->oom = 1;
            return;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = (slot){holder, key, text, id_map_hash(text), 0, 0};
}

/* Calls fn on every pooled field of every record of doc. */
static void each_field(cJSON *doc, void (*fn)(void *ctx, const cJSON *rec, cJSON *holder, const char *key),
                       void *ctx)
{
    cJSON *rec;
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(doc, "probes")) {
        if (!cJSON_IsObject(rec))
            continue;
        for (size_t i = 0; i < sizeof rec_fields / sizeof rec_fields[0]; i++)
            fn(ctx, rec, rec, rec_fields[i]);
        cJSON *in;
        cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(rec, "inputs"))
            if (cJSON_IsObject(in))
                fn(ctx, rec, in, "values");
        cJSON *ulp = cJSON_GetObjectItemCaseSensitive(rec, "ulp");
        if (cJSON_IsObject(ulp))
            fn(ctx, rec, ulp, "references");
    }
}

static void consider_cb(void *ctx, const cJSON *rec, cJSON *holder, const char *key)
{
    (void)rec;
    consider(ctx, holder, key);
}

/* Groups slots of equal text: an open-addressed table of first slots. */
static int group_slots(slot_list *l)
{
    size_t size = 16;
    while (size < 2 * l->n)
        size *= 2;
    size_t *table = malloc(size * sizeof *table);
    if (!table)
        return -1;
    for (size_t i = 0; i < size; i++)
        table[i] = SIZE_MAX;
    for (size_t s = 0; s < l->n; s++) {
        slot *sl = &l->v[s];
        size_t at = (size_t)sl->hash & (size - 1);
        while (table[at] != SIZE_MAX) {
            slot *first = &l->v[table[at]];
            if (first->hash == sl->hash && strcmp(first->text, sl->text) == 0)
                break;
            at = (at + 1) & (size - 1);
        }
        if (table[at] == SIZE_MAX)
            table[at] = s;
        sl->group = table[at];
        l->v[sl->group].uses++;
    }
    free(table);
    return 0;
}

static void ref_key(char *buf, size_t len, const char *key)
{
    snprintf(buf, len, "%s_ref", key);
}

int report_arrays_pool(cJSON *doc)
{
    if (cJSON_GetObjectItemCaseSensitive(doc, "arrays") && report_arrays_inline(doc, "report", NULL) != 0)
        return -1;
    slot_list l = {0};
    each_field(doc, consider_cb, &l);
    cJSON *arrays = cJSON_CreateObject();
    char (*names)[24] = l.n ? calloc(l.n, sizeof *names) : NULL; /* per group: "A<n>", or "" */
    int rc = -1;
    if (l.oom || !arrays || (l.n && !names) || group_slots(&l) != 0)
        goto done;
    size_t next = 0;
    for (size_t s = 0; s < l.n; s++) {
        slot *sl = &l.v[s];
        if (l.v[sl->group].uses < 2)
            continue;
        char rk[32];
        cJSON *arr = cJSON_GetObjectItemCaseSensitive(sl->holder, sl->key);
        if (!names[sl->group][0]) {
            snprintf(names[sl->group], sizeof names[0], "A%zu", next++);
            cJSON_AddItemToObject(arrays, names[sl->group], cJSON_DetachItemViaPointer(sl->holder, arr));
        } else {
            cJSON_DeleteItemFromObjectCaseSensitive(sl->holder, sl->key);
        }
        ref_key(rk, sizeof rk, sl->key);
        cJSON_AddStringToObject(sl->holder, rk, names[sl->group]);
    }
    if (next) {
        cJSON_AddItemToObject(doc, "arrays", arrays);
        arrays = NULL;
    }
    rc = 0;
done:
    for (size_t s = 0; s < l.n; s++)
        free(l.v[s].text);
    free(names);
    free(l.v);
    cJSON_Delete(arrays);
    return rc;
}

typedef struct {
    const cJSON *arrays;
    clc_id_map *by_name; /* the members of arrays by name: a report has thousands */
    const char *path;
    FILE *err;
    int bad;
} inline_ctx;

static void resolve_cb(void *ctx, const cJSON *rec, cJSON *holder, const char *key)
{
    inline_ctx *c = ctx;
    char rk[32];
    ref_key(rk, sizeof rk, key);
    cJSON *ref = cJSON_GetObjectItemCaseSensitive(holder, rk);
    if (!ref || c->bad)
        return;
    const cJSON *arr = cJSON_IsString(ref) ? id_map_get(c->by_name, ref->valuestring) : NULL;
    if (!cJSON_IsArray(arr)) {
        if (c->err) {
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "id");
            fprintf(c->err, "%s: probe %s: %s %s%s%s names no array of \"arrays\"\n", c->path,
                    cJSON_IsString(id) ? id->valuestring : "(no id)", rk, cJSON_IsString(ref) ? "\"" : "",
                    cJSON_IsString(ref) ? ref->valuestring : "(not a string)", cJSON_IsString(ref) ? "\"" : "");
        }
        c->bad = 1;
        return;
    }
    cJSON *copy = cJSON_Duplicate(arr, 1);
    if (!copy) {
        if (c->err)
            fprintf(c->err, "%s: out of memory while reading its arrays\n", c->path);
        c->bad = 1;
        return;
    }
    if (cJSON_GetObjectItemCaseSensitive(holder, key))
        cJSON_ReplaceItemInObjectCaseSensitive(holder, key, copy);
    else
        cJSON_AddItemToObject(holder, key, copy);
    cJSON_DeleteItemFromObjectCaseSensitive(holder, rk);
}

int report_arrays_inline(cJSON *doc, const char *path, FILE *err)
{
    inline_ctx c = {cJSON_GetObjectItemCaseSensitive(doc, "arrays"), NULL, path, err, 0};
    c.by_name = id_map_new((size_t)cJSON_GetArraySize(c.arrays));
    const cJSON *a;
    int oom = !c.by_name;
    /* Only an object's members have names; the first of a name given twice
     * is the one found, as cJSON_GetObjectItemCaseSensitive would. */
    const cJSON *named = cJSON_IsObject(c.arrays) ? c.arrays : NULL;
    cJSON_ArrayForEach(a, named)
        if (!oom && a->string && id_map_put(c.by_name, a->string, (void *)a) != 0)
            oom = 1;
    if (oom) {
        if (err)
            fprintf(err, "%s: out of memory while reading its arrays\n", path);
        id_map_free(c.by_name);
        return -1;
    }
    each_field(doc, resolve_cb, &c);
    id_map_free(c.by_name);
    if (c.bad)
        return -1;
    cJSON_DeleteItemFromObjectCaseSensitive(doc, "arrays");
    return 0;
}

cJSON *report_load_json(const char *path, FILE *err)
{
    cJSON *doc = json_file_load(path, err);
    if (doc && report_arrays_inline(doc, path, err) != 0) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}
