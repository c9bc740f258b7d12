/* Judging math probes in ulp: see ulp_judge.h. */
#include "ulp_judge.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "devinfo.h"
#include "record.h"
#include "ulp.h"

int ulp_device_flushes(const cJSON *device, clc_type t)
{
    if (t != CLC_T_FLOAT)
        return 0;
    return !devinfo_has_capability(device, "fp_denorm");
}

/* "0x1.8p+1 (0x40400000)": the value as a probe token, and its bits. */
static void value_and_bits(clc_type t, uint64_t bits, char *buf, size_t len)
{
    char v[64];
    value_format(t, bits, v, sizeof v);
    if (value_type_size(t) == 8)
        snprintf(buf, len, "%s (0x%016" PRIx64 ")", v, bits);
    else if (value_type_size(t) == 4)
        snprintf(buf, len, "%s (0x%08" PRIx64 ")", v, bits);
    else
        snprintf(buf, len, "%s", v);
}

/* One failing element, with the inputs that produced it: element i of an
 * output made of several result arrays one after another (sincos: the
 * sines, then the cosines) reads input element i modulo the input's length. */
static cJSON *failure_item(const clc_probe *p, size_t i, uint64_t actual, double err)
{
    cJSON *o = cJSON_CreateObject();
    char buf[512];
    cJSON_AddNumberToObject(o, "index", (double)i);
    cJSON *ins = cJSON_CreateArray();
    for (size_t k = 0; k < p->n_inputs; k++) {
        const clc_input *in = &p->inputs[k];
        /* a scalar result of vector arguments (dot, length): its input is
         * the whole vector, `per` elements from i * per */
        size_t per = in->count > p->out_count && in->count % p->out_count == 0 ? in->count / p->out_count : 1;
        if (per > 16)
            per = 1;
        for (size_t c = 0; c < per; c++) {
            size_t at = per > 1 ? i * per + c : i % in->count;
            value_and_bits(in->type, value_load(in->type, in->data, at), buf, sizeof buf);
            cJSON_AddItemToArray(ins, cJSON_CreateString(buf));
        }
    }
    cJSON_AddItemToObject(o, "inputs", ins);
    ulp_format_ref(&p->ulp_ref[i], buf, sizeof buf);
    cJSON_AddStringToObject(o, "reference", buf);
    clc_expect shown = ulp_ref_display(p->out_type, &p->ulp_ref[i]);
    if (shown.n_alts)
        value_and_bits(p->out_type, shown.alts[0], buf, sizeof buf);
    else
        snprintf(buf, sizeof buf, "*");
    cJSON_AddStringToObject(o, "expected", buf);
    value_and_bits(p->out_type, actual, buf, sizeof buf);
    cJSON_AddStringToObject(o, "actual", buf);
    if (isfinite(err))
        cJSON_AddNumberToObject(o, "ulp", err);
    else
        cJSON_AddStringToObject(o, "ulp", isnan(err) ? "nan" : "inf");
    return o;
}


clc_verdict ulp_judge_output(clc_record *rec, const clc_probe *p, const void *out, int ftz)
{
    record_remove(rec, "actual");
    /* The half_ functions may flush even on a device with CL_FP_DENORM
     * (unified spec, Math Functions): the probe says so. */
    const char *flush_because = ftz ? "device" : p->flush_allowed ? "probe" : NULL;
    if (p->flush_allowed)
        ftz = 1;
    cJSON *u = cJSON_CreateObject();
    cJSON *fails = cJSON_CreateArray();
    double max_err = 0;
    long max_at = -1, first = -1;
    size_t beyond = 0, judged = 0;
    for (size_t i = 0; i < p->out_count; i++) {
        const clc_ulp_ref *r = &p->ulp_ref[i];
        if (r->n_alts == 0)
            continue;
        judged++;
        uint64_t a = value_load(p->out_type, out, i);
        double err;
        int ok = ulp_element_ok(p->out_type, r, p->ulp_bound, ftz, a, &err);
        /* The largest error counts the elements judged in ulp; one that
         * misses an exact value counts as failing, not as a number. */
        if (isfinite(err) && (err > max_err || max_at < 0)) {
            max_err = err;
            max_at = (long)i;
        }
        if (!ok) {
            if (first < 0)
                first = (long)i;
            if (beyond < CLC_ULP_LISTED)
                cJSON_AddItemToArray(fails, failure_item(p, i, a, err));
            beyond++;
        }
    }
    /* The values, unless the probe passed: a pass drops them (report size),
     * and formatting them was most of a passing math probe's judging. */
    if (p->kind != CLC_KIND_RUN || first >= 0)
        record_put_last(rec, "actual", record_values_array(p->out_type, out, p->out_count));
    record_set_count(rec, REC_CHECKS, (long)judged);
    cJSON_AddNumberToObject(u, "bound", p->ulp_bound);
    cJSON_AddNumberToObject(u, "max_error", max_err);
    cJSON_AddNumberToObject(u, "max_at", (double)max_at);
    cJSON_AddNumberToObject(u, "beyond", (double)beyond);
    cJSON_AddBoolToObject(u, "flush_to_zero", ftz != 0);
    if (flush_because)
        cJSON_AddStringToObject(u, "flush_because", flush_because);
    cJSON_AddItemToObject(u, "failures", fails);
    /* An info (accuracy left undefined) is read for its largest error; its
     * report file keeps that element whole, not the arrays (report_json.c). */
    if (p->kind != CLC_KIND_RUN && max_at >= 0)
        cJSON_AddItemToObject(u, "largest", failure_item(p, (size_t)max_at, value_load(p->out_type, out, (size_t)max_at),
                                                         max_err));
    record_put_last(rec, "ulp", u); /* the record owns u from here */

    char detail[768];
    if (p->kind != CLC_KIND_RUN) {
        snprintf(detail, sizeof detail, "implementation-defined: recorded, not judged; largest error %.3g ulp "
                 "(%zu of %zu elements beyond %g ulp)", max_err, beyond, judged, p->ulp_bound);
        record_set_verdict(rec, CLC_VERDICT_INFO, detail);
        return CLC_VERDICT_INFO;
    }
    if (first < 0) {
        record_set_verdict(rec, CLC_VERDICT_PASS, NULL);
        return CLC_VERDICT_PASS;
    }
    const cJSON *f0 = cJSON_GetArrayItem(fails, 0);
    const cJSON *ins = cJSON_GetObjectItemCaseSensitive(f0, "inputs");
    char in_text[256] = "";
    size_t used = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, ins) {
        int n = snprintf(in_text + used, sizeof in_text - used, "%s%s", used ? ", " : "", it->valuestring);
        if (n < 0 || (size_t)n >= sizeof in_text - used)
            break;
        used += (size_t)n;
    }
    const cJSON *ue = cJSON_GetObjectItemCaseSensitive(f0, "ulp");
    char err_text[96];
    if (cJSON_IsNumber(ue) && ue->valuedouble == 0)
        snprintf(err_text, sizeof err_text, "0 ulp, but C99 F.9 or the spec's list prescribes this value, sign included");
    else if (cJSON_IsNumber(ue))
        snprintf(err_text, sizeof err_text, "%.3g ulp", ue->valuedouble);
    else
        snprintf(err_text, sizeof err_text, "not the value required");
    snprintf(detail, sizeof detail, "%zu of %zu elements beyond %g ulp (largest %.3g ulp); first at [%ld], "
             "input %s: expected %s, got %s (%s)", beyond, judged, p->ulp_bound, max_err, first, in_text,
             cJSON_GetObjectItemCaseSensitive(f0, "expected")->valuestring,
             cJSON_GetObjectItemCaseSensitive(f0, "actual")->valuestring, err_text);
    /* The references themselves, for a failing record only (a passing one
     * needs none, and they are the bulk of a math probe): clconform repro
     * embeds them, so that the reproducer judges in ulp as this did. */
    cJSON *refs = cJSON_CreateArray();
    for (size_t i = 0; i < p->out_count; i++) {
        char buf[512];
        ulp_format_ref(&p->ulp_ref[i], buf, sizeof buf);
        cJSON_AddItemToArray(refs, cJSON_CreateString(buf));
    }
    cJSON_AddItemToObject(u, "references", refs);
    record_set_verdict(rec, CLC_VERDICT_FAIL, detail);
    record_set_count(rec, REC_FIRST_MISMATCH, first);
    record_set_count(rec, REC_MISMATCHES, (long)beyond);
    return CLC_VERDICT_FAIL;
}
