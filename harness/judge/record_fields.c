/* The typed record's fields, their order and payload, and its two
 * conversions to and from a report's JSON object: see record.h.
 *
 * A report's record keeps its keys in the order they were set (a field set
 * again keeps its place, a field deleted and set again comes last): two
 * nights' reports are diffed line by line, so the order is part of the
 * format. r->keys holds that order for typed and payload fields alike. */
#include "record.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

typedef enum { F_TEXT, F_COUNT, F_MS, F_KIND, F_VERDICT, F_BOOL, F_ERROR, F_CONTEXT } field_type;

static const struct {
    const char *name;
    field_type type;
    size_t offset;
} fields[REC_FIELD_COUNT] = {
    [REC_ID] = {"id", F_TEXT, offsetof(clc_record, id)},
    [REC_CLAUSE] = {"clause", F_TEXT, offsetof(clc_record, clause)},
    [REC_SPEC] = {"spec", F_TEXT, offsetof(clc_record, spec)},
    [REC_KIND] = {"kind", F_KIND, offsetof(clc_record, kind)},
    [REC_VERDICT] = {"verdict", F_VERDICT, offsetof(clc_record, verdict)},
    [REC_FILE] = {"file", F_TEXT, offsetof(clc_record, file)},
    [REC_LINE] = {"line", F_COUNT, offsetof(clc_record, line)},
    [REC_TIME_MS] = {"time_ms", F_MS, offsetof(clc_record, time_ms)},
    [REC_BUILD_MS] = {"build_ms", F_MS, offsetof(clc_record, build_ms)},
    [REC_BATCH_SIZE] = {"batch_size", F_COUNT, offsetof(clc_record, batch_size)},
    [REC_WHY] = {"why", F_TEXT, offsetof(clc_record, why)},
    [REC_OPTIONS] = {"options", F_TEXT, offsetof(clc_record, options)},
    [REC_CHECKS] = {"checks", F_COUNT, offsetof(clc_record, checks)},
    [REC_DETAIL] = {"detail", F_TEXT, offsetof(clc_record, detail)},
    [REC_FIRST_MISMATCH] = {"first_mismatch", F_COUNT, offsetof(clc_record, first_mismatch)},
    [REC_MISMATCHES] = {"mismatches", F_COUNT, offsetof(clc_record, mismatches)},
    [REC_OUTCOME] = {"outcome", F_TEXT, offsetof(clc_record, outcome)},
    [REC_UNDEFINED] = {"undefined", F_TEXT, offsetof(clc_record, undefined)},
    [REC_SIGNAL] = {"signal", F_TEXT, offsetof(clc_record, signal)},
    [REC_REMEMBERED] = {"remembered", F_BOOL, offsetof(clc_record, remembered)},
    [REC_ERROR] = {"error", F_ERROR, offsetof(clc_record, error)},
    [REC_CONTEXT] = {"context", F_CONTEXT, offsetof(clc_record, context)},
};

#define FIELD_PTR(r, f, T) ((T *)(void *)((char *)(r) + fields[f].offset))

void record_init(clc_record *r)
{
    memset(r, 0, sizeof *r);
    r->verdict = CLC_VERDICT_ERROR;
}

const char *record_field_name(clc_record_field f)
{
    return f < REC_FIELD_COUNT ? fields[f].name : "?";
}

/* Frees the value of field f and zeroes it (the key list untouched). */
static void field_free(clc_record *r, clc_record_field f)
{
    switch (fields[f].type) {
    case F_TEXT: {
        char **s = FIELD_PTR(r, f, char *);
        free(*s);
        *s = NULL;
        break;
    }
    case F_ERROR:
        free(r->error.call);
        free(r->error.name);
        memset(&r->error, 0, sizeof r->error);
        break;
    case F_CONTEXT:
        cJSON_Delete(r->context.alone_actual);
        free(r->context.alone_detail);
        memset(&r->context, 0, sizeof r->context);
        break;
    case F_COUNT: *FIELD_PTR(r, f, long) = 0; break;
    case F_MS: *FIELD_PTR(r, f, double) = 0; break;
    case F_BOOL: *FIELD_PTR(r, f, int) = 0; break;
    case F_KIND: r->kind = CLC_KIND_RUN; break;
    case F_VERDICT: r->verdict = CLC_VERDICT_ERROR; break;
    }
}

void record_clear(clc_record *r)
{
    for (int f = 0; f < REC_FIELD_COUNT; f++)
        field_free(r, (clc_record_field)f);
    for (size_t i = 0; i < r->n_keys; i++)
        free(r->keys[i].name);
    free(r->keys);
    cJSON_Delete(r->payload);
    record_init(r);
}

/* The place of a key in r->keys, or -1. */
static long key_find(const clc_record *r, clc_record_field f, const char *name)
{
    for (size_t i = 0; i < r->n_keys; i++)
        if (r->keys[i].field == f && (f != REC_PAYLOAD || (name && strcmp(r->keys[i].name, name) == 0)))
            return (long)i;
    return -1;
}

static void key_append(clc_record *r, clc_record_field f, const char *name)
{
    if (r->n_keys == r->cap_keys) {
        size_t cap = r->cap_keys ? r->cap_keys * 2 : 16;
        clc_record_key *k = realloc(r->keys, cap * sizeof *k);
        if (!k)
            abort(); /* a record that loses a key would be a wrong report */
        r->keys = k;
        r->cap_keys = cap;
    }
    r->keys[r->n_keys].field = f;
    r->keys[r->n_keys].name = name ? strdup(name) : NULL;
    if (name && !r->keys[r->n_keys].name)
        abort();
    r->n_keys++;
}

static void key_remove(clc_record *r, clc_record_field f, const char *name)
{
    long i = key_find(r, f, name);
    if (i < 0)
        return;
    free(r->keys[i].name);
    memmove(&r->keys[i], &r->keys[i + 1], (r->n_keys - (size_t)i - 1) * sizeof r->keys[0]);
    r->n_keys--;
}

static void key_touch(clc_record *r, clc_record_field f, const char *name)
{
    if (key_find(r, f, name) < 0)
        key_append(r, f, name);
}

int record_has(const clc_record *r, clc_record_field f) { return f < REC_FIELD_COUNT && key_find(r, f, NULL) >= 0; }

/* Aborts on a setter given a field of another type: a caller's bug that
 * would otherwise write past a member. */
static void want_type(clc_record_field f, field_type t)
{
    if (f >= REC_FIELD_COUNT || fields[f].type != t) {
        fprintf(stderr, "record: field %d is not of the setter's type\n", (int)f);
        abort();
    }
}

void record_set_text(clc_record *r, clc_record_field f, const char *value)
{
    want_type(f, F_TEXT);
    char *clean = utf8_clean(value ? value : "");
    char **s = FIELD_PTR(r, f, char *);
    free(*s);
    *s = clean ? clean : strdup("");
    key_touch(r, f, NULL);
}

void record_set_count(clc_record *r, clc_record_field f, long value)
{
    want_type(f, F_COUNT);
    *FIELD_PTR(r, f, long) = value;
    key_touch(r, f, NULL);
}

void record_set_ms(clc_record *r, clc_record_field f, double ms)
{
    want_type(f, F_MS);
    *FIELD_PTR(r, f, double) = ms;
    key_touch(r, f, NULL);
}

void record_mark(clc_record *r, clc_record_field f)
{
    if (f < REC_FIELD_COUNT)
        key_touch(r, f, NULL);
}

void record_set_kind(clc_record *r, clc_kind k)
{
    r->kind = k;
    key_touch(r, REC_KIND, NULL);
}

void record_set_context(clc_record *r, const clc_record_context *c)
{
    field_free(r, REC_CONTEXT);
    r->context = *c;
    key_remove(r, REC_CONTEXT, NULL);
    key_append(r, REC_CONTEXT, NULL);
}

void record_set_remembered(clc_record *r)
{
    r->remembered = 1;
    key_touch(r, REC_REMEMBERED, NULL);
}

void record_move_last(clc_record *r, clc_record_field f)
{
    if (key_find(r, f, NULL) < 0)
        return;
    key_remove(r, f, NULL);
    key_append(r, f, NULL);
}

void record_drop(clc_record *r, clc_record_field f)
{
    if (f >= REC_FIELD_COUNT)
        return;
    field_free(r, f);
    key_remove(r, f, NULL);
}

/* The typed field named key, or REC_PAYLOAD. */
static clc_record_field field_named(const char *key)
{
    for (int f = 0; f < REC_FIELD_COUNT; f++)
        if (strcmp(fields[f].name, key) == 0)
            return (clc_record_field)f;
    return REC_PAYLOAD;
}

static void payload_set(clc_record *r, const char *key, cJSON *item)
{
    if (field_named(key) != REC_PAYLOAD) {
        fprintf(stderr, "record: '%s' is a typed field, not payload\n", key);
        abort();
    }
    if (!r->payload)
        r->payload = cJSON_CreateObject();
    if (!r->payload || !item)
        abort();
    if (cJSON_GetObjectItemCaseSensitive(r->payload, key))
        cJSON_ReplaceItemInObjectCaseSensitive(r->payload, key, item);
    else
        cJSON_AddItemToObject(r->payload, key, item);
}

void record_put(clc_record *r, const char *key, cJSON *item)
{
    payload_set(r, key, item);
    key_touch(r, REC_PAYLOAD, key);
}

void record_put_last(clc_record *r, const char *key, cJSON *item)
{
    payload_set(r, key, item);
    key_remove(r, REC_PAYLOAD, key);
    key_append(r, REC_PAYLOAD, key);
}

void record_put_text(clc_record *r, const char *key, const char *text)
{
    char *clean = utf8_clean(text ? text : "");
    record_put(r, key, cJSON_CreateString(clean ? clean : ""));
    free(clean);
}

const cJSON *record_get(const clc_record *r, const char *key)
{
    return r->payload ? cJSON_GetObjectItemCaseSensitive(r->payload, key) : NULL;
}

void record_remove(clc_record *r, const char *key)
{
    if (r->payload)
        cJSON_DeleteItemFromObjectCaseSensitive(r->payload, key);
    key_remove(r, REC_PAYLOAD, key);
}

static char *dup_text(const char *s)
{
    char *d = strdup(s);
    if (!d)
        abort();
    return d;
}

static const char *const shown_names[] = {"", "alone", "batched", "both"};

static cJSON *context_to_json(const clc_record_context *c)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    cJSON_AddStringToObject(o, "alone", verdict_name(c->alone));
    cJSON_AddBoolToObject(o, "same", c->same);
    if (c->has_batched)
        cJSON_AddStringToObject(o, "batched", verdict_name(c->batched));
    if (c->shown != CLC_SHOWN_NONE)
        cJSON_AddStringToObject(o, "shown", shown_names[c->shown]);
    if (c->alone_actual)
        cJSON_AddItemToObject(o, "alone_actual", cJSON_Duplicate(c->alone_actual, 1));
    if (c->alone_detail)
        cJSON_AddStringToObject(o, "alone_detail", c->alone_detail);
    return o;
}

/* The context object: its keys those of context_to_json, in its order (a
 * report written otherwise would not be written back the same). */
static int context_from_json(const cJSON *v, clc_record_context *c)
{
    static const char *const order[] = {"alone", "same", "batched", "shown", "alone_actual", "alone_detail"};
    if (!cJSON_IsObject(v))
        return -1;
    size_t at = 0;
    for (const cJSON *k = v->child; k; k = k->next) {
        while (at < sizeof order / sizeof order[0] && strcmp(order[at], k->string ? k->string : "") != 0)
            at++;
        if (at == sizeof order / sizeof order[0])
            return -1;
        const char *s = cJSON_GetStringValue(k);
        switch (at++) {
        case 0: c->alone = verdict_parse(s); if (c->alone == CLC_VERDICT_UNKNOWN) return -1; break;
        case 1: if (!cJSON_IsBool(k)) return -1; c->same = cJSON_IsTrue(k); break;
        case 2:
            c->has_batched = 1;
            c->batched = verdict_parse(s);
            if (c->batched == CLC_VERDICT_UNKNOWN)
                return -1;
            break;
        case 3:
            for (int n = CLC_SHOWN_ALONE; n <= CLC_SHOWN_BOTH; n++)
                if (s && strcmp(s, shown_names[n]) == 0)
                    c->shown = (clc_shown)n;
            if (c->shown == CLC_SHOWN_NONE)
                return -1;
            break;
        case 4:
            if (!cJSON_IsArray(k) || !(c->alone_actual = cJSON_Duplicate(k, 1)))
                return -1;
            break;
        default:
            if (!s)
                return -1;
            c->alone_detail = dup_text(s);
        }
    }
    /* alone and same are always there */
    return cJSON_GetObjectItemCaseSensitive(v, "alone") && cJSON_GetObjectItemCaseSensitive(v, "same") ? 0 : -1;
}

static cJSON *field_to_json(const clc_record *r, clc_record_field f)
{
    clc_record *m = (clc_record *)r; /* FIELD_PTR reads only */
    switch (fields[f].type) {
    case F_TEXT: return cJSON_CreateString(*FIELD_PTR(m, f, char *) ? *FIELD_PTR(m, f, char *) : "");
    case F_COUNT: return cJSON_CreateNumber((double)*FIELD_PTR(m, f, long));
    case F_MS: return cJSON_CreateNumber(*FIELD_PTR(m, f, double));
    case F_KIND: return cJSON_CreateString(probe_kind_name(r->kind));
    case F_VERDICT: return cJSON_CreateString(verdict_name(r->verdict));
    case F_BOOL: return cJSON_CreateBool(r->remembered);
    case F_CONTEXT: return context_to_json(&r->context);
    case F_ERROR: {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "call", r->error.call ? r->error.call : "");
        cJSON_AddNumberToObject(e, "code", r->error.code);
        cJSON_AddStringToObject(e, "name", r->error.name ? r->error.name : "");
        return e;
    }
    }
    return NULL;
}

/* Both conversions out: payload items copied, or moved out of r. */
static cJSON *to_json(clc_record *r, int move)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    for (size_t i = 0; i < r->n_keys; i++) {
        const clc_record_key *k = &r->keys[i];
        cJSON *item;
        if (k->field != REC_PAYLOAD)
            item = field_to_json(r, k->field);
        else if (move)
            item = cJSON_DetachItemFromObjectCaseSensitive(r->payload, k->name);
        else
            item = cJSON_Duplicate(record_get(r, k->name), 1);
        if (!item) {
            cJSON_Delete(o);
            return NULL;
        }
        cJSON_AddItemToObject(o, k->field == REC_PAYLOAD ? k->name : fields[k->field].name, item);
    }
    return o;
}

cJSON *record_to_json(const clc_record *r) { return to_json((clc_record *)r, 0); }

cJSON *record_release_json(clc_record *r)
{
    cJSON *o = to_json(r, 1);
    record_clear(r);
    return o;
}

static int kind_parse(const char *name, clc_kind *k)
{
    static const clc_kind kinds[] = {CLC_KIND_RUN, CLC_KIND_BUILD_FAIL, CLC_KIND_BUILD_OK, CLC_KIND_IMPL_DEFINED,
                                     CLC_KIND_MEASURE};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(probe_kind_name(kinds[i]), name) == 0) {
            *k = kinds[i];
            return 0;
        }
    return -1;
}


/* The error object {call, code, name}, exactly those keys. */
static int error_from_json(const cJSON *v, clc_record *r)
{
    const cJSON *call = cJSON_GetObjectItemCaseSensitive(v, "call");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(v, "code");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(v, "name");
    if (!cJSON_IsObject(v) || cJSON_GetArraySize(v) != 3 || v->child != call || call->next != code ||
        code->next != name || !cJSON_IsString(call) || !cJSON_IsNumber(code) || !cJSON_IsString(name) ||
        code->valuedouble != (double)(int)code->valuedouble)
        return -1;
    r->error.call = dup_text(call->valuestring);
    r->error.code = (int)code->valuedouble;
    r->error.name = dup_text(name->valuestring);
    return 0;
}

/* Reads one typed field's value v: 0, or -1 (v of the wrong type or value). */
static int field_from_json(const cJSON *v, clc_record *r, clc_record_field f)
{
    switch (fields[f].type) {
    case F_TEXT:
        if (!cJSON_IsString(v))
            return -1;
        *FIELD_PTR(r, f, char *) = dup_text(v->valuestring);
        return 0;
    case F_COUNT: {
        double d = v->valuedouble;
        if (!cJSON_IsNumber(v) || d != floor(d) || fabs(d) > 9007199254740992.0)
            return -1;
        *FIELD_PTR(r, f, long) = (long)d;
        return 0;
    }
    case F_MS:
        if (!cJSON_IsNumber(v))
            return -1;
        *FIELD_PTR(r, f, double) = v->valuedouble;
        return 0;
    case F_KIND: return cJSON_IsString(v) ? kind_parse(v->valuestring, &r->kind) : -1;
    case F_VERDICT:
        r->verdict = verdict_parse(cJSON_GetStringValue(v));
        return r->verdict == CLC_VERDICT_UNKNOWN ? -1 : 0;
    case F_BOOL:
        if (!cJSON_IsBool(v))
            return -1;
        r->remembered = cJSON_IsTrue(v);
        return 0;
    case F_ERROR: return error_from_json(v, r);
    case F_CONTEXT: return context_from_json(v, &r->context);
    }
    return -1;
}

clc_record *record_alloc(void)
{
    clc_record *r = malloc(sizeof *r);
    if (!r)
        abort(); /* as key_append: a record lost would be a wrong report */
    record_init(r);
    return r;
}

void record_free(clc_record *r)
{
    if (!r)
        return;
    record_clear(r);
    free(r);
}

/* Both conversions in: payload items copied from o, or moved out of it. */
static int from_json(cJSON *o, int move, clc_record *r, char *err, size_t errlen)
{
    record_init(r);
    if (!cJSON_IsObject(o)) {
        snprintf(err, errlen, "a record is not an object");
        return -1;
    }
    cJSON *next;
    for (cJSON *v = o->child; v; v = next) {
        next = v->next;
        const char *key = v->string ? v->string : "";
        clc_record_field f = field_named(key);
        if (key_find(r, f, key) >= 0) {
            snprintf(err, errlen, "key '%s' given twice", key);
            goto bad;
        }
        if (f == REC_PAYLOAD) {
            if (!move) {
                cJSON *copy = cJSON_Duplicate(v, 1);
                if (!copy)
                    abort();
                record_put(r, key, copy);
                continue;
            }
            cJSON_DetachItemViaPointer(o, v);
            key_append(r, REC_PAYLOAD, key);
            if (!r->payload && !(r->payload = cJSON_CreateObject()))
                abort();
            cJSON_AddItemToArray(r->payload, v); /* keeps its key (v->string) */
            continue;
        }
        if (field_from_json(v, r, f) != 0) {
            char *text = cJSON_PrintUnformatted(v);
            snprintf(err, errlen, "'%s' has a value no record has: %.60s", key, text ? text : "?");
            free(text);
            goto bad;
        }
        key_append(r, f, NULL);
    }
    static const clc_record_field required[] = {REC_ID, REC_VERDICT};
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        if (!record_has(r, required[i])) {
            snprintf(err, errlen, "'%s' is missing", fields[required[i]].name);
            goto bad;
        }
    return 0;
bad:
    record_clear(r);
    return -1;
}

int record_from_json(const cJSON *o, clc_record *r, char *err, size_t errlen)
{
    return from_json((cJSON *)o, 0, r, err, errlen); /* o only read */
}

int record_take_json(cJSON *o, clc_record *r, char *err, size_t errlen)
{
    int rc = from_json(o, 1, r, err, errlen);
    cJSON_Delete(o);
    return rc;
}

clc_record *record_from_pipe(const clc_probe *p, cJSON *o, const char *sender)
{
    clc_record *rec = record_alloc();
    char err[256];
    if (record_take_json(o, rec, err, sizeof err) == 0)
        return rec;
    char detail[400];
    snprintf(detail, sizeof detail, "%s record could not be read: %s", sender, err);
    record_start(rec, p);
    record_set_verdict(rec, CLC_VERDICT_ERROR, detail);
    return rec;
}
