/* Probe records: see record.h. */
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clerr.h"

void record_start(clc_record *r, const clc_probe *p)
{
    record_init(r);
    record_set_text(r, REC_ID, p->id);
    record_set_text(r, REC_CLAUSE, p->clause ? p->clause : "");
    record_set_text(r, REC_SPEC, p->spec ? p->spec : "");
    record_set_kind(r, p->kind);
    record_set_verdict(r, CLC_VERDICT_ERROR, NULL);
    record_set_text(r, REC_FILE, p->file);
    record_set_count(r, REC_LINE, (long)p->line);
    record_set_ms(r, REC_TIME_MS, 0);
    record_set_ms(r, REC_BUILD_MS, 0);
    record_set_count(r, REC_BATCH_SIZE, 0);
    if (p->why)
        record_set_text(r, REC_WHY, p->why);
}

clc_record *record_new(const clc_probe *p)
{
    clc_record *r = record_alloc();
    record_start(r, p);
    return r;
}

void record_set_detail(clc_record *r, const char *detail)
{
    record_set_text(r, REC_DETAIL, detail);
    record_move_last(r, REC_DETAIL);
}

void record_set_verdict(clc_record *r, clc_verdict v, const char *detail)
{
    r->verdict = v;
    record_mark(r, REC_VERDICT);
    if (detail)
        record_set_text(r, REC_DETAIL, detail);
}

void record_set_cl_error(clc_record *r, const char *call, int code)
{
    free(r->error.call);
    free(r->error.name);
    r->error.call = strdup(call ? call : "");
    r->error.code = code;
    r->error.name = strdup(clerr_name(code));
    record_mark(r, REC_ERROR);
    record_move_last(r, REC_ERROR);
    r->verdict = CLC_VERDICT_ERROR;
    record_mark(r, REC_VERDICT);
    record_move_last(r, REC_VERDICT);
    char detail[256];
    snprintf(detail, sizeof detail, "%s failed: %s (%d)", call ? call : "", clerr_name(code), code);
    record_set_detail(r, detail);
}

void record_settle_undefined(const clc_probe *p, clc_record *r)
{
    if (!p->undefined || !r)
        return;
    if (r->verdict == CLC_VERDICT_INFO || r->verdict == CLC_VERDICT_SKIP)
        return;
    record_set_text(r, REC_OUTCOME, verdict_name(r->verdict));
    record_set_text(r, REC_UNDEFINED, p->undefined);
    record_set_verdict(r, CLC_VERDICT_INFO, NULL);
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
static void record_set_sizes(clc_record *rec, const clc_probe *p)
{
    if (p->work_dim <= 1 && !p->has_offset) {
        record_put(rec, "global", cJSON_CreateNumber((double)p->global_size));
        record_put(rec, "local", cJSON_CreateNumber((double)p->local_size));
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
        record_put_last(rec, names[k], arr);
    }
}

void record_add_repro(clc_record *rec, const clc_probe *p, const char *options)
{
    char *src = probe_program_source(p, "probe");
    record_set_text(rec, REC_OPTIONS, options ? options : "");
    record_put_text(rec, "source", src ? src : "");
    free(src);
    record_put_text(rec, "kernel", "probe");
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
    record_put_last(rec, "inputs", inputs);
    record_put_text(rec, "out_type", value_type_name(p->out_type));
    record_put(rec, "out_count", cJSON_CreateNumber((double)p->out_count));
    if (p->expect) {
        cJSON *exp = cJSON_CreateArray();
        for (size_t i = 0; i < p->out_count; i++) {
            char buf[256];
            cJSON_AddItemToArray(exp, cJSON_CreateString(value_format_expect(p->out_type, &p->expect[i], buf, sizeof buf)));
        }
        record_put_last(rec, "expected", exp);
    }
}

clc_verdict record_verdict(const cJSON *rec)
{
    return verdict_parse(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "verdict")));
}

int record_is_unexpected(const clc_record *r) { return r && verdict_unexpected(r->verdict); }

int record_unexpected(const cJSON *rec)
{
    return rec && verdict_unexpected(record_verdict(rec));
}

clc_verdict record_judge_output(clc_record *rec, const clc_probe *p, const void *actual)
{
    record_remove(rec, "actual");
    if (p->kind != CLC_KIND_RUN) {
        record_put_last(rec, "actual", record_values_array(p->out_type, actual, p->out_count));
        record_set_verdict(rec, CLC_VERDICT_INFO, "implementation-defined: recorded, not judged");
        return CLC_VERDICT_INFO;
    }
    long first = -1;
    size_t mismatches = 0, judged = 0;
    for (size_t i = 0; i < p->out_count; i++)
        judged += p->expect[i].n_alts > 0;
    /* How many values the spec fixed and the probe compared: a probe of a
     * conversion family covers many inputs, and this is what it checked. */
    record_set_count(rec, REC_CHECKS, (long)judged);
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
    record_put_last(rec, "actual", record_values_array(p->out_type, actual, p->out_count));
    char exp[256], act[64], detail[512];
    value_format_expect(p->out_type, &p->expect[first], exp, sizeof exp);
    value_format(p->out_type, value_load(p->out_type, actual, (size_t)first), act, sizeof act);
    snprintf(detail, sizeof detail, "%zu of %zu elements differ; first at [%ld]: expected %s, got %s",
             mismatches, p->out_count, first, exp, act);
    record_set_verdict(rec, CLC_VERDICT_FAIL, detail);
    record_set_count(rec, REC_FIRST_MISMATCH, first);
    record_set_count(rec, REC_MISMATCHES, (long)mismatches);
    return CLC_VERDICT_FAIL;
}
