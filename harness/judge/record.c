/* Probe records: see record.h. */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

cJSON *record_new(const clc_probe *p)
{
    cJSON *rec = cJSON_CreateObject();
    if (!rec)
        return NULL;
    cJSON_AddStringToObject(rec, "id", p->id);
    cJSON_AddStringToObject(rec, "clause", p->clause ? p->clause : "");
    cJSON_AddStringToObject(rec, "spec", p->spec ? p->spec : "");
    cJSON_AddStringToObject(rec, "kind", probe_kind_name(p->kind));
    cJSON_AddStringToObject(rec, "verdict", verdict_name(CLC_VERDICT_ERROR));
    cJSON_AddStringToObject(rec, "file", p->file);
    cJSON_AddNumberToObject(rec, "line", p->line);
    cJSON_AddNumberToObject(rec, "time_ms", 0);
    cJSON_AddNumberToObject(rec, "build_ms", 0);
    cJSON_AddNumberToObject(rec, "batch_size", 0);
    if (p->why)
        cJSON_AddStringToObject(rec, "why", p->why);
    return rec;
}

void record_set_string(cJSON *rec, const char *key, const char *value)
{
    char *clean = utf8_clean(value ? value : "");
    cJSON *item = cJSON_CreateString(clean ? clean : "");
    free(clean);
    if (cJSON_GetObjectItemCaseSensitive(rec, key))
        cJSON_ReplaceItemInObjectCaseSensitive(rec, key, item);
    else
        cJSON_AddItemToObject(rec, key, item);
}

void record_set_number(cJSON *rec, const char *key, double value)
{
    cJSON *item = cJSON_CreateNumber(value);
    if (cJSON_GetObjectItemCaseSensitive(rec, key))
        cJSON_ReplaceItemInObjectCaseSensitive(rec, key, item);
    else
        cJSON_AddItemToObject(rec, key, item);
}

void record_set_detail(cJSON *rec, const char *detail)
{
    cJSON_DeleteItemFromObjectCaseSensitive(rec, "detail");
    cJSON_AddStringToObject(rec, "detail", detail);
}

void record_set_verdict(cJSON *rec, clc_verdict v, const char *detail)
{
    record_set_string(rec, "verdict", verdict_name(v));
    if (detail)
        record_set_string(rec, "detail", detail);
}

void record_settle_undefined(const clc_probe *p, cJSON *rec)
{
    if (!p->undefined || !rec)
        return;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, "verdict");
    clc_verdict verdict = record_verdict(rec);
    if (verdict == CLC_VERDICT_INFO || verdict == CLC_VERDICT_SKIP)
        return;
    /* The outcome as the record had it, even text that names no verdict. */
    record_set_string(rec, "outcome", cJSON_IsString(v) ? v->valuestring : "");
    record_set_string(rec, "undefined", p->undefined);
    record_set_string(rec, "verdict", verdict_name(CLC_VERDICT_INFO));
}

cJSON *record_values_array(clc_type t, const void *data, size_t count)
{
    cJSON *arr = cJSON_CreateArray();
    for (size_t i = 0; i < count; i++) {
        char buf[64];
        cJSON_AddItemToArray(arr, cJSON_CreateString(value_format(t, value_load(t, data, i), buf, sizeof buf)));
    }
    return arr;
}

/* global/local as a number for 1-D launches (as before), else an array of
 * work_dim numbers; offset only when the probe gave one. */
static void record_set_sizes(cJSON *rec, const clc_probe *p)
{
    if (p->work_dim <= 1 && !p->has_offset) {
        record_set_number(rec, "global", (double)p->global_size);
        record_set_number(rec, "local", (double)p->local_size);
        return;
    }
    const char *names[] = {"global", "local", "offset"};
    const size_t *dims[] = {p->global_dims, p->local_dims, p->offset_dims};
    for (int k = 0; k < 3; k++) {
        if (k == 2 && !p->has_offset)
            break;
        cJSON *arr = cJSON_CreateArray();
        for (unsigned d = 0; d < p->work_dim; d++)
        {
            /* dimension 0 is global_size/local_size, which tools (the reducer) may change alone */
            size_t v = d ? dims[k][d] : k == 0 ? p->global_size : k == 1 ? p->local_size : dims[k][0];
            cJSON_AddItemToArray(arr, cJSON_CreateNumber(k == 1 && !p->local_size ? 0.0 : (double)v));
        }
        cJSON_DeleteItemFromObjectCaseSensitive(rec, names[k]);
        cJSON_AddItemToObject(rec, names[k], arr);
    }
}

void record_add_repro(cJSON *rec, const clc_probe *p, const char *options)
{
    char *src = probe_program_source(p, "probe");
    record_set_string(rec, "options", options ? options : "");
    record_set_string(rec, "source", src ? src : "");
    free(src);
    record_set_string(rec, "kernel", "probe");
    record_set_sizes(rec, p);
    cJSON *inputs = cJSON_CreateArray();
    for (size_t i = 0; i < p->n_inputs; i++) {
        const clc_input *in = &p->inputs[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", in->name);
        cJSON_AddStringToObject(o, "type", value_type_name(in->type));
        if (in->by_value) /* a by-value `arg`: these bytes, passed as a TYPE */
            cJSON_AddStringToObject(o, "by_value", in->by_value);
        if (in->image) { /* an image made from these channel values */
            char desc[160];
            cJSON_AddStringToObject(o, "image", image_arg_format(in->image, desc, sizeof desc));
        }
        cJSON_AddItemToObject(o, "values", record_values_array(in->type, in->data, in->count));
        cJSON_AddItemToArray(inputs, o);
    }
    cJSON_DeleteItemFromObjectCaseSensitive(rec, "inputs");
    cJSON_AddItemToObject(rec, "inputs", inputs);
    record_set_string(rec, "out_type", value_type_name(p->out_type));
    record_set_number(rec, "out_count", (double)p->out_count);
    if (p->expect) {
        cJSON *exp = cJSON_CreateArray();
        for (size_t i = 0; i < p->out_count; i++) {
            char buf[256];
            cJSON_AddItemToArray(exp, cJSON_CreateString(value_format_expect(p->out_type, &p->expect[i], buf, sizeof buf)));
        }
        cJSON_DeleteItemFromObjectCaseSensitive(rec, "expected");
        cJSON_AddItemToObject(rec, "expected", exp);
    }
}

clc_verdict record_verdict(const cJSON *rec)
{
    return verdict_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "verdict")));
}

int record_unexpected(const cJSON *rec)
{
    return rec && verdict_unexpected(record_verdict(rec));
}

clc_verdict record_judge_output(cJSON *rec, const clc_probe *p, const void *actual)
{
    cJSON_DeleteItemFromObjectCaseSensitive(rec, "actual");
    if (p->kind != CLC_KIND_RUN) {
        cJSON_AddItemToObject(rec, "actual", record_values_array(p->out_type, actual, p->out_count));
        record_set_verdict(rec, CLC_VERDICT_INFO, "implementation-defined: recorded, not judged");
        return CLC_VERDICT_INFO;
    }
    long first = -1;
    size_t mismatches = 0, judged = 0;
    for (size_t i = 0; i < p->out_count; i++)
        judged += p->expect[i].n_alts > 0;
    /* How many values the spec fixed and the probe compared: a probe of a
     * conversion family covers many inputs, and this is what it checked. */
    record_set_number(rec, "checks", (double)judged);
    for (size_t i = 0; i < p->out_count; i++) {
        if (!value_matches(p->out_type, &p->expect[i], value_load(p->out_type, actual, i))) {
            if (first < 0)
                first = (long)i;
            mismatches++;
        }
    }
    if (first < 0) {
        record_set_verdict(rec, CLC_VERDICT_PASS, NULL);
        return CLC_VERDICT_PASS;
    }
    /* The values, for a failure only: a pass drops them (report size), and
     * formatting them was most of a passing probe's judging. */
    cJSON_AddItemToObject(rec, "actual", record_values_array(p->out_type, actual, p->out_count));
    char exp[256], act[64], detail[512];
    value_format_expect(p->out_type, &p->expect[first], exp, sizeof exp);
    value_format(p->out_type, value_load(p->out_type, actual, (size_t)first), act, sizeof act);
    snprintf(detail, sizeof detail, "%zu of %zu elements differ; first at [%ld]: expected %s, got %s",
             mismatches, p->out_count, first, exp, act);
    record_set_verdict(rec, CLC_VERDICT_FAIL, detail);
    record_set_number(rec, "first_mismatch", (double)first);
    record_set_number(rec, "mismatches", (double)mismatches);
    return CLC_VERDICT_FAIL;
}
