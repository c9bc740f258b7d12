/* Standalone reproducers. For each failing record of a device report this
 * writes DIR/<device-key>/<probe-id>/ with kernel.cl (the record's source),
 * README.txt (what a vendor needs to read) and repro.c: one C99 file that
 * needs only an OpenCL ICD loader, selects the same device by name, builds
 * the same source with the same options, feeds it the same input bits and
 * judges the output by clconform's rules. The generated program is the fixed
 * text in repro_template.h around a data section written here; expected
 * values are parsed here, once, into bit patterns, so the program contains no
 * parser and no float formatting that could round a NaN payload away. */
#include "repro.h"

#include "build_logs.h"

#include "atomic_file.h"
#include "baseline.h"
#include "json_num.h"
#include "record.h"
#include "repro_template.h" /* generated: build/gen, by scripts/embed_lines.py */
#include "ulp.h"
#include "value.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The probe format allows 8 inputs; room for a few more from future tools. */
#define REPRO_MAX_INPUTS 16
#define REPRO_PATH_MAX 4096
/* out_count's ceiling: far above any probe (math probes have about 1,000
 * elements), low enough that the reproducer's buffers stay allocatable. */
#define REPRO_MAX_OUT ((size_t)1 << 24)

typedef struct {
    const char *name;
    const char *by_value; /* a by-value argument's C type (its values are bytes), or NULL */
    clc_type type;
    uint64_t *bits;
    size_t count;
    const cJSON *values; /* the strings, for comments */
} repro_input;

/* The parts of a probe record the reproducer needs, checked and decoded. */
typedef struct {
    const char *id, *kind, *verdict, *spec, *why, *detail, *options, *source,
        *kernel;
    unsigned work_dim;
    size_t global[3], local[3], offset[3]; /* offset all 0: none (NULL) */
    clc_type out_type;
    size_t out_count;
    repro_input inputs[REPRO_MAX_INPUTS];
    size_t n_inputs;
    clc_expect *expect;
    size_t n_expect;
    const cJSON *expect_text;
    /* A probe judged in ulp whose record carries its references
     * (ulp.references): the reproducer judges as clconform did. */
    clc_ulp_ref *ulp_refs;
    size_t n_ulp_refs;
    const cJSON *ulp_text;
    double ulp_bound;
    int ulp_ftz;
} repro_probe;

static const char *str_field(const cJSON *obj, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

static const char *str_or(const cJSON *obj, const char *name, const char *fallback)
{
    const char *s = str_field(obj, name);
    return s ? s : fallback;
}

static const cJSON *obj_field(const cJSON *obj, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(obj, name);
}

/* Every unexpected verdict; a record whose verdict names none has nothing
 * to reproduce. */
static int verdict_wants_repro(clc_verdict v)
{
    return v != CLC_VERDICT_UNKNOWN && verdict_unexpected(v);
}

/* ---- decoding a record -------------------------------------------------- */

/* A value token as a string: the schema says strings; numbers are accepted
 * too, as a hand-written fixture may use them. */
static const char *token_of(const cJSON *v, char *buf, size_t len)
{
    if (cJSON_IsString(v))
        return v->valuestring;
    if (cJSON_IsNumber(v)) {
        snprintf(buf, len, "%.17g", v->valuedouble);
        return buf;
    }
    return NULL;
}

/* Work sizes: a number (1-D) or an array of up to 3. Missing: 1 / NULL.
 * Returns 0, or -1 with the reason in why. */
static int decode_sizes(const cJSON *v, const char *field, size_t out[3], unsigned *dims, size_t dflt,
                        char *why, size_t len)
{
    out[0] = out[1] = out[2] = dflt;
    if (!v)
        return 0;
    if (cJSON_IsNumber(v))
        return json_num_size(v, field, 0, SIZE_MAX, &out[0], why, len);
    int n = cJSON_GetArraySize(v);
    if (!cJSON_IsArray(v) || n < 1 || n > 3) {
        snprintf(why, len, "%s: not a work size (a number or an array of 1 to 3)", field);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char name[64];
        snprintf(name, sizeof name, "%s[%d]", field, i);
        if (json_num_size(cJSON_GetArrayItem(v, i), name, 0, SIZE_MAX, &out[i], why, len) != 0)
            return -1;
    }
    if (dims && (unsigned)n > *dims)
        *dims = (unsigned)n;
    return 0;
}

static int decode_input(const cJSON *in, repro_input *ri, char *why, size_t len)
{
    char num[64], perr[160];
    ri->name = str_field(in, "name");
    ri->values = obj_field(in, "values");
    ri->by_value = str_field(in, "by_value");
    const char *type = str_field(in, "type");
    if (!ri->name || !type || value_type_parse(type, &ri->type) != 0 ||
        !cJSON_IsArray(ri->values)) {
        snprintf(why, len, "an input lacks a name, a known type or values");
        return -1;
    }
    ri->count = (size_t)cJSON_GetArraySize(ri->values);
    ri->bits = calloc(ri->count + 1, sizeof *ri->bits);
    if (!ri->bits) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    size_t i = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, ri->values) {
        const char *tok = token_of(v, num, sizeof num);
        if (!tok || value_parse(ri->type, tok, &ri->bits[i], perr, sizeof perr) != 0) {
            snprintf(why, len, "input %s, value %zu: %s", ri->name, i, tok ? perr : "not a string");
            return -1;
        }
        i++;
    }
    return 0;
}

static int decode_expected(const cJSON *rec, repro_probe *p, char *why, size_t len)
{
    char num[64], perr[160];
    p->expect_text = obj_field(rec, "expected");
    if (!cJSON_IsArray(p->expect_text))
        return 0;
    p->n_expect = (size_t)cJSON_GetArraySize(p->expect_text);
    p->expect = calloc(p->n_expect + 1, sizeof *p->expect);
    if (!p->expect) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    size_t i = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, p->expect_text) {
        const char *tok = token_of(v, num, sizeof num);
        if (!tok ||
            value_parse_expect(p->out_type, tok, &p->expect[i], perr, sizeof perr) != 0) {
            snprintf(why, len, "expected[%zu]: %s", i, tok ? perr : "not a string");
            return -1;
        }
        i++;
    }
    return 0;
}

/* ulp.references, ulp.bound and ulp.flush_to_zero of a record judged in
 * ulp; a record without references (a report from before they were kept)
 * is compared exactly, as README.txt then says. */
static int decode_ulp(const cJSON *rec, repro_probe *p, char *why, size_t len)
{
    const cJSON *u = obj_field(rec, "ulp");
    p->ulp_text = obj_field(u, "references");
    if (!cJSON_IsArray(p->ulp_text))
        return 0;
    const cJSON *b = obj_field(u, "bound");
    if (!cJSON_IsNumber(b) || !(b->valuedouble >= 0) || !isfinite(b->valuedouble)) {
        snprintf(why, len, "ulp.bound: not a number of ulp >= 0");
        return -1;
    }
    if (p->out_type != CLC_T_FLOAT && p->out_type != CLC_T_DOUBLE) {
        snprintf(why, len, "ulp.references on a %s output (float or double only)", value_type_name(p->out_type));
        return -1;
    }
    p->ulp_bound = b->valuedouble;
    p->ulp_ftz = cJSON_IsTrue(obj_field(u, "flush_to_zero"));
    p->n_ulp_refs = (size_t)cJSON_GetArraySize(p->ulp_text);
    if (p->n_ulp_refs != p->out_count) {
        snprintf(why, len, "ulp.references: %zu for an output of %zu elements", p->n_ulp_refs, p->out_count);
        return -1;
    }
    p->ulp_refs = calloc(p->n_ulp_refs + 1, sizeof *p->ulp_refs);
    if (!p->ulp_refs) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    size_t i = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, p->ulp_text) {
        char perr[200];
        if (!cJSON_IsString(v) || ulp_parse_ref(v->valuestring, &p->ulp_refs[i], perr, sizeof perr) != 0) {
            snprintf(why, len, "ulp.references[%zu]: %s", i, cJSON_IsString(v) ? perr : "not a string");
            return -1;
        }
        i++;
    }
    return 0;
}

static void repro_probe_free(repro_probe *p)
{
    for (size_t i = 0; i < p->n_inputs; i++)
        free(p->inputs[i].bits);
    free(p->expect);
    free(p->ulp_refs);
}

/* Checks and decodes what the generated program embeds. Returns 0, or -1
 * with a one-line reason in why. */
static int repro_probe_decode(const cJSON *rec, repro_probe *p, char *why, size_t len)
{
    memset(p, 0, sizeof *p);
    p->id = str_field(rec, "id");
    p->kind = str_or(rec, "kind", "run");
    p->verdict = str_or(rec, "verdict", "");
    p->spec = str_or(rec, "spec", "OpenCL C 1.2");
    p->why = str_or(rec, "why", "");
    p->detail = str_or(rec, "detail", "");
    p->options = str_or(rec, "options", "");
    p->source = str_field(rec, "source");
    p->kernel = str_or(rec, "kernel", "probe");
    p->work_dim = 1;
    if (!p->id || !p->source) {
        snprintf(why, len, "the record has no %s", p->id ? "source" : "id");
        return -1;
    }
    const cJSON *cnt = obj_field(rec, "out_count");
    p->out_count = 1;
    if (cnt && json_num_size(cnt, "out_count", 1, REPRO_MAX_OUT, &p->out_count, why, len) != 0)
        return -1;
    if (value_type_parse(str_or(rec, "out_type", "int"), &p->out_type) != 0) {
        snprintf(why, len, "unknown out_type '%s'", str_or(rec, "out_type", ""));
        return -1;
    }
    if (decode_sizes(obj_field(rec, "global"), "global", p->global, &p->work_dim, 1, why, len) != 0 ||
        decode_sizes(obj_field(rec, "local"), "local", p->local, &p->work_dim, 0, why, len) != 0 ||
        decode_sizes(obj_field(rec, "offset"), "offset", p->offset, &p->work_dim, 0, why, len) != 0)
        return -1;
    /* A 1-D local size with a 2-D global one: the other dimensions are 1. */
    for (unsigned d = 1; p->local[0] && d < 3; d++)
        p->local[d] = p->local[d] ? p->local[d] : 1;
    const cJSON *in;
    cJSON_ArrayForEach(in, obj_field(rec, "inputs")) {
        if (p->n_inputs == REPRO_MAX_INPUTS) {
            snprintf(why, len, "more than %d inputs", REPRO_MAX_INPUTS);
            return -1;
        }
        if (decode_input(in, &p->inputs[p->n_inputs++], why, len) != 0)
            return -1;
    }
    if (decode_expected(rec, p, why, len) != 0)
        return -1;
    return decode_ulp(rec, p, why, len);
}

/* ---- writing C ---------------------------------------------------------- */

/* Writes s as the inside of a C string literal. '?' after '?' is escaped so
 * no trigraph forms under -std=c99; other bytes below space or above '~' go
 * as 3-digit octal, which, unlike \x, cannot swallow a following digit.
 * With split, a literal ends after each newline so the source reads as
 * lines. */
static void emit_c_chars(FILE *f, const char *s, const char *split)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\\\", f); break;
        case '"': fputs("\\\"", f); break;
        case '\t': fputs("\\t", f); break;
        case '\n':
            fputs("\\n", f);
            if (split && p[1])
                fprintf(f, "\"\n%s\"", split);
            break;
        case '?': fputs(p > (const unsigned char *)s && p[-1] == '?' ? "\\?" : "?", f); break;
        default:
            if (*p < 0x20 || *p > 0x7e)
                fprintf(f, "\\%03o", *p);
            else
                fputc(*p, f);
        }
    }
}

static void emit_string_const(FILE *f, const char *name, const char *value)
{
    fprintf(f, "static const char %s[] = \"", name);
    emit_c_chars(f, value, NULL);
    fputs("\";\n", f);
}

/* Text from a report inside a C comment: no comment delimiters, no
 * trigraph '??/' line splices, no line breaks. */
static void emit_comment_text(FILE *f, const char *s)
{
    for (const char *p = s; *p; p++) {
        char c = (*p == '\n' || *p == '\r' || *p == '\t') ? ' ' : *p;
        if ((c == '*' && p[1] == '/') || (c == '/' && p[1] == '*') || (c == '?' && p[1] == '?'))
            fprintf(f, "%c ", c);
        else
            fputc(c, f);
    }
}

static const char *c_elem_type(clc_type t)
{
    static const char *const names[CLC_T_COUNT] = {
        "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t",
        "int64_t", "uint64_t", "uint32_t", "uint64_t"};
    return names[t];
}

static uint64_t type_mask(clc_type t)
{
    size_t bits = value_type_size(t) * 8;
    return bits == 64 ? UINT64_MAX : ((UINT64_C(1) << bits) - 1);
}

/* One element as a C literal of c_elem_type(t): integers as their value
 * (readable), floats as their bit pattern (exact: -0, NaN payloads). */
static void emit_literal(FILE *f, clc_type t, uint64_t bits)
{
    size_t size = value_type_size(t);
    int is_signed = (t == CLC_T_CHAR || t == CLC_T_SHORT || t == CLC_T_INT || t == CLC_T_LONG);
    bits &= type_mask(t);
    if (value_type_is_float(t)) {
        fprintf(f, size == 4 ? "0x%08" PRIx64 "u" : "0x%016" PRIx64 "ull", bits);
    } else if (is_signed) {
        int64_t v = (int64_t)bits;
        if (size < 8 && (bits >> (size * 8 - 1)) & 1)
            v = (int64_t)(bits | ~type_mask(t));
        /* The most negative value has no literal: write it as an expression. */
        if (size == 8 && v == INT64_MIN)
            fputs("(-9223372036854775807LL - 1)", f);
        else if (size == 4 && v == INT32_MIN)
            fputs("(-2147483647 - 1)", f);
        else
            fprintf(f, "%" PRId64 "%s", v, size == 8 ? "LL" : "");
    } else {
        fprintf(f, "%" PRIu64 "%s", bits, size == 8 ? "ULL" : size == 4 ? "u" : "");
    }
}

static void emit_input(FILE *f, const repro_input *in, size_t k)
{
    size_t n = in->count ? in->count : 1; /* a zero-length array is not C */
    int commented = in->count <= 32;
    fprintf(f, "\n/* input %s: %s[%zu] */\n", in->name, value_type_name(in->type), in->count);
    fprintf(f, "static const %s input_%zu[%zu] = {", c_elem_type(in->type), k, n);
    for (size_t i = 0; i < n; i++) {
        fputs(commented || i % 4 == 0 ? "\n    " : " ", f);
        emit_literal(f, in->type, in->count ? in->bits[i] : 0);
        fputc(',', f);
        const cJSON *tok = cJSON_GetArrayItem(in->values, (int)i);
        if (commented && cJSON_IsString(tok)) {
            fputs(" /* ", f);
            emit_comment_text(f, tok->valuestring);
            fputs(" */", f);
        }
    }
    fputs("\n};\n", f);
}

static void emit_inputs(FILE *f, const repro_probe *p)
{
    for (size_t k = 0; k < p->n_inputs; k++)
        emit_input(f, &p->inputs[k], k);
    fputs("\nstatic const struct input INPUTS[] = {\n", f);
    for (size_t k = 0; k < p->n_inputs; k++) {
        const repro_input *in = &p->inputs[k];
        fputs("    { \"", f);
        emit_c_chars(f, in->name, NULL);
        fprintf(f, "\", \"%s\", input_%zu, %zu, %zu, %d },\n", value_type_name(in->type), k,
                value_type_size(in->type), in->count ? in->count : 1, in->by_value != NULL);
    }
    fputs("    { NULL, NULL, NULL, 0, 0, 0 }\n};\n", f);
    fprintf(f, "static const size_t N_INPUTS = %zu;\n", p->n_inputs);
}

static void emit_expected(FILE *f, const repro_probe *p)
{
    fputs("\n/* out's expected elements, parsed by clconform into bit patterns */\n"
          "static const struct expect EXPECTED[] = {\n", f);
    for (size_t i = 0; i < p->n_expect; i++) {
        const clc_expect *e = &p->expect[i];
        fprintf(f, "    { %u, 0x%xu, { ", (unsigned)e->n_alts, (unsigned)e->any_nan);
        for (int a = 0; a < CLC_MAX_ALTS && a < 4; a++)
            fprintf(f, "%s0x%" PRIx64 "ull", a ? ", " : "", e->alts[a] & type_mask(p->out_type));
        fputs(" }, \"", f);
        const cJSON *tok = cJSON_GetArrayItem(p->expect_text, (int)i);
        emit_c_chars(f, cJSON_IsString(tok) ? tok->valuestring : "?", NULL);
        fputs("\" },\n", f);
    }
    fputs("    { 0, 0x0u, { 0x0ull, 0x0ull, 0x0ull, 0x0ull }, NULL }\n};\n", f);
    fprintf(f, "static const size_t N_EXPECTED = %zu;\n", p->n_expect);
}

static void emit_lines(FILE *f, const char *const *lines);

/* A double as a C99 constant, exactly: hex floats, and the infinities by
 * name. */
static void emit_double(FILE *f, double d)
{
    if (isinf(d))
        fputs(d < 0 ? "-INFINITY" : "INFINITY", f);
    else
        fprintf(f, "%a", d);
}

static void emit_double_array(FILE *f, const double *d, int n)
{
    fputs("{ ", f);
    for (int i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        emit_double(f, d[i]);
    }
    fputs(" }", f);
}

/* A probe judged in ulp: clconform's own judgement (value.c, ulp.c) and
 * the references, bound and flush-to-zero rule of the record. */
static void emit_ulp(FILE *f, const repro_probe *p)
{
    if (!p->ulp_refs) {
        fputs("\n#define REPRO_ULP 0 /* judged exactly: no ulp references in the record */\n", f);
        return;
    }
    fputs("\n/* Judged in ulp, by clconform's own code (value.c and ulp.c, below). */\n"
          "#define REPRO_ULP 1\n", f);
    emit_lines(f, repro_ulp_source);
    fputs("\n/* ---- the ulp judgement of this probe (written by clconform) ---- */\n", f);
    fprintf(f, "static const clc_type ULP_TYPE = %s;\n", p->out_type == CLC_T_DOUBLE ? "CLC_T_DOUBLE" : "CLC_T_FLOAT");
    fputs("static const double ULP_BOUND = ", f);
    emit_double(f, p->ulp_bound);
    fprintf(f, "; /* %g ulp */\n", p->ulp_bound);
    fprintf(f, "/* 1: denormal results may flush to zero, as 7.5.3 allows: the report's device has no\n"
               "   CL_FP_DENORM, or the function may flush anyway (the half_ functions) */\n"
               "static const int ULP_FTZ = %d;\n", p->ulp_ftz);
    fputs("/* out's references, parsed by clconform (ulp.h has their syntax) */\n"
          "static const clc_ulp_ref ULP_REFS[] = {\n", f);
    for (size_t i = 0; i < p->n_ulp_refs; i++) {
        const clc_ulp_ref *r = &p->ulp_refs[i];
        fprintf(f, "    { .n_alts = %u, .is_nan = 0x%xu, .exact = 0x%xu, .ftz_only = 0x%xu,\n      .hi = ",
                (unsigned)r->n_alts, (unsigned)r->is_nan, (unsigned)r->exact, (unsigned)r->ftz_only);
        emit_double_array(f, r->hi, CLC_ULP_MAX_ALTS);
        fputs(", .lo = ", f);
        emit_double_array(f, r->lo, CLC_ULP_MAX_ALTS);
        fputs(", .tol = ", f);
        emit_double_array(f, r->tol, CLC_ULP_MAX_ALTS);
        fputs(" },\n", f);
    }
    fputs("    { .n_alts = 0 }\n};\nstatic const char *const ULP_REF_TEXT[] = {\n", f);
    for (size_t i = 0; i < p->n_ulp_refs; i++) {
        fputs("    \"", f);
        emit_c_chars(f, cJSON_GetArrayItem(p->ulp_text, (int)i)->valuestring, NULL);
        fputs("\",\n", f);
    }
    fprintf(f, "    NULL\n};\nstatic const size_t N_ULP_REFS = %zu;\n", p->n_ulp_refs);
}

static const char *mode_of(const repro_probe *p)
{
    if (strcmp(p->kind, "build-fail") == 0)
        return "MODE_BUILD_MUST_FAIL";
    if (strcmp(p->kind, "build-ok") == 0)
        return "MODE_BUILD_ONLY";
    if (strcmp(p->kind, "run") == 0 && p->ulp_refs)
        return "MODE_RUN_ULP";
    if (strcmp(p->kind, "run") == 0 && p->n_expect > 0)
        return "MODE_RUN_COMPARE";
    return "MODE_RUN_PRINT";
}

/* "1:0" from device.index; -1 -1 when absent or malformed. */
static void device_index(const cJSON *dev, int *plat, int *devi)
{
    const char *idx = str_field(dev, "index");
    *plat = *devi = -1;
    if (!idx || sscanf(idx, "%d:%d", plat, devi) != 2 || *plat < 0 || *devi < 0)
        *plat = *devi = -1;
}

static void emit_note(FILE *f, const repro_probe *p)
{
    char note[1024];
    const char *extra = verdict_parse(p->verdict) == CLC_VERDICT_TIMEOUT
                            ? "; a run that does not finish reproduces it"
                            : "";
    snprintf(note, sizeof note, "clconform's verdict was %s%s%s%s", p->verdict,
             p->detail[0] ? ": " : "", p->detail, extra);
    emit_string_const(f, "NOTE", note);
}

static void emit_identity(FILE *f, const cJSON *report, const repro_probe *p)
{
    const cJSON *dev = obj_field(report, "device");
    int plat, devi;
    device_index(dev, &plat, &devi);
    fprintf(f, "\nstatic const enum mode MODE = %s;\n", mode_of(p));
    emit_string_const(f, "PROBE_ID", p->id);
    emit_string_const(f, "KIND", p->kind);
    emit_string_const(f, "SPEC", p->spec);
    emit_string_const(f, "WHY", p->why[0] ? p->why : "(the probe gives no reason)");
    emit_note(f, p);
    emit_string_const(f, "PLATFORM_NAME", str_or(obj_field(report, "platform"), "name", ""));
    emit_string_const(f, "DEVICE_NAME", str_or(dev, "name", ""));
    fprintf(f, "/* device.index \"%d:%d\" in the report; when no device name matches, the\n"
            " * same-named platform's device FALLBACK_DEVICE is used */\n"
            "static const int FALLBACK_PLATFORM = %d;\nstatic const int FALLBACK_DEVICE = %d;\n",
            plat, devi, plat, devi);
    emit_string_const(f, "BUILD_OPTIONS", p->options);
    emit_string_const(f, "KERNEL_NAME", p->kernel);
}

static void emit_sizes(FILE *f, const repro_probe *p)
{
    fprintf(f, "static const cl_uint WORK_DIM = %u;\n", p->work_dim);
    fprintf(f, "static const size_t GLOBAL_SIZE[3] = { %zu, %zu, %zu };\n", p->global[0],
            p->global[1], p->global[2]);
    fprintf(f, "/* all 0: a NULL local size, the driver chooses */\n"
            "static const size_t LOCAL_SIZE[3] = { %zu, %zu, %zu };\n",
            p->local[0], p->local[1], p->local[2]);
    fprintf(f, "static const size_t GLOBAL_OFFSET[3] = { %zu, %zu, %zu };\n", p->offset[0],
            p->offset[1], p->offset[2]);
    clc_type t = p->out_type;
    int is_signed = (t == CLC_T_CHAR || t == CLC_T_SHORT || t == CLC_T_INT || t == CLC_T_LONG);
    fprintf(f, "/* __global %s *out, %zu elements, zero-filled before the run */\n",
            value_type_name(t), p->out_count);
    fprintf(f, "static const size_t OUT_SIZE = %zu;\nstatic const size_t OUT_COUNT = %zu;\n"
            "static const int OUT_IS_FLOAT = %d;\nstatic const int OUT_IS_SIGNED = %d;\n",
            value_type_size(t), p->out_count, value_type_is_float(t), is_signed);
}

static void emit_header_comment(FILE *f, const cJSON *report, const repro_probe *p)
{
    const cJSON *dev = obj_field(report, "device");
    const cJSON *env = obj_field(obj_field(report, "run"), "env");
    fputs("/* Reproducer for clconform probe ", f);
    emit_comment_text(f, p->id);
    fputs("\n *   device:  ", f);
    emit_comment_text(f, str_or(dev, "name", "?"));
    fputs(" (", f);
    emit_comment_text(f, str_or(obj_field(report, "platform"), "name", "?"));
    fputs("), driver ", f);
    emit_comment_text(f, str_or(dev, "driver_version", "?"));
    fprintf(f, "\n *   verdict: %s, %s\n * Generated by clconform ", p->verdict, p->spec);
    emit_comment_text(f, str_or(obj_field(report, "tool"), "version", "?"));
    fputs(" from its report; README.txt has the whole record.\n"
          " *\n"
          " * Build: cc repro.c -lOpenCL -lm (C99; needs only an OpenCL ICD loader and libm)\n"
          " * Run:   ./a.out                the kernel embedded below\n"
          " *        ./a.out kernel.cl      the kernel from a file, to edit it\n"
          " *        ./a.out -d 1:0         another device, by its `clinfo -l` index\n"
          " * Exit status: 0 the device follows the spec here, 1 it does not (or an\n"
          " * OpenCL call failed), 2 usage or setup error (e.g. no such device).\n", f);
    const cJSON *var;
    cJSON_ArrayForEach(var, env) {
        if (!cJSON_IsString(var) || !var->string)
            continue;
        fputs(" * clconform ran with ", f);
        emit_comment_text(f, var->string);
        fputc('=', f);
        emit_comment_text(f, var->valuestring);
        fputc('\n', f);
    }
    fputs(" */\n", f);
}

static void emit_lines(FILE *f, const char *const *lines)
{
    for (; *lines; lines++)
        fprintf(f, "%s\n", *lines);
}

static void emit_program(FILE *f, const cJSON *report, const repro_probe *p)
{
    emit_header_comment(f, report, p);
    emit_lines(f, repro_template_prologue);
    fputs("\n/* ---- this probe (written by clconform) ---- */\n", f);
    emit_identity(f, report, p);
    emit_sizes(f, p);
    emit_inputs(f, p);
    emit_expected(f, p);
    emit_ulp(f, p);
    fputs("\nstatic const char KERNEL_SOURCE[] =\n    \"", f);
    emit_c_chars(f, p->source, "    ");
    fputs("\";\n\n/* ---- the program (the same for every probe) ---- */", f);
    emit_lines(f, repro_template_body);
}

/* ---- README.txt --------------------------------------------------------- */

static void readme_field(FILE *f, const char *label, const char *value)
{
    if (value && *value)
        fprintf(f, "%-16s %s\n", label, value);
}

static void readme_identity(FILE *f, const cJSON *report)
{
    static const char *const dev_fields[] = {"name", "vendor", "version", "driver_version",
                                             "opencl_c_version", "profile", "type", "key",
                                             "index"};
    const cJSON *dev = obj_field(report, "device");
    const cJSON *plat = obj_field(report, "platform");
    const cJSON *run = obj_field(report, "run");
    fputs("\nDevice\n", f);
    for (size_t i = 0; i < sizeof dev_fields / sizeof *dev_fields; i++)
        readme_field(f, dev_fields[i], str_field(dev, dev_fields[i]));
    fputs("extensions      ", f);
    const cJSON *ext;
    cJSON_ArrayForEach(ext, obj_field(dev, "extensions"))
        if (cJSON_IsString(ext))
            fprintf(f, " %s", ext->valuestring);
    fputs("\n\nPlatform\n", f);
    readme_field(f, "name", str_field(plat, "name"));
    readme_field(f, "vendor", str_field(plat, "vendor"));
    readme_field(f, "version", str_field(plat, "version"));
    fputs("\nRun\n", f);
    readme_field(f, "tool version", str_field(obj_field(report, "tool"), "version"));
    readme_field(f, "started", str_field(run, "started"));
    readme_field(f, "host", str_field(run, "host"));
    const cJSON *var;
    cJSON_ArrayForEach(var, obj_field(run, "env"))
        if (cJSON_IsString(var) && var->string)
            fprintf(f, "env              %s=%s\n", var->string, var->valuestring);
}

static void readme_inputs(FILE *f, const repro_probe *p)
{
    fprintf(f, "work sizes       global %zu", p->global[0]);
    for (unsigned d = 1; d < p->work_dim; d++)
        fprintf(f, "x%zu", p->global[d]);
    if (p->local[0]) {
        fprintf(f, ", local %zu", p->local[0]);
        for (unsigned d = 1; d < p->work_dim; d++)
            fprintf(f, "x%zu", p->local[d]);
    } else {
        fputs(", local chosen by the driver (NULL)", f);
    }
    if (p->offset[0] || p->offset[1] || p->offset[2])
        fprintf(f, ", offset %zu %zu %zu", p->offset[0], p->offset[1], p->offset[2]);
    fprintf(f, "\noutput           __global %s *out, %zu elements, zero-filled\n",
            value_type_name(p->out_type), p->out_count);
    for (size_t k = 0; k < p->n_inputs; k++) {
        const repro_input *in = &p->inputs[k];
        if (in->by_value) {
            fprintf(f, "argument         %s %s, by value, bytes =", in->by_value, in->name);
        } else {
            fprintf(f, "input            __global const %s *%s =", value_type_name(in->type), in->name);
        }
        const cJSON *v;
        cJSON_ArrayForEach(v, in->values)
            fprintf(f, " %s", cJSON_IsString(v) ? v->valuestring : "?");
        fputc('\n', f);
    }
}

/* Does actual token tok satisfy expected element i? -1 when unknown. */
static int element_differs(const repro_probe *p, size_t i, const char *tok)
{
    char perr[160];
    uint64_t bits;
    if (i >= p->n_expect || !tok || value_parse(p->out_type, tok, &bits, perr, sizeof perr) != 0)
        return -1;
    return !value_matches(p->out_type, &p->expect[i], bits);
}

/* Expected vs actual element by element; only the differing ones (up to 64)
 * when out is long. */
static void readme_values(FILE *f, const cJSON *rec, const repro_probe *p)
{
    const cJSON *actual = obj_field(rec, "actual");
    size_t n_act = (size_t)cJSON_GetArraySize(actual);
    size_t n = p->n_expect > n_act ? p->n_expect : n_act, shown = 0;
    if (n == 0)
        return;
    int only_diffs = n > 64;
    fprintf(f, "\nValues of out (%s)\n", only_diffs ? "differing elements only" : "all elements");
    fprintf(f, "  %-8s %-28s %s\n", "index", "expected", "actual");
    for (size_t i = 0; i < n && shown < 64; i++) {
        const cJSON *e = cJSON_GetArrayItem(p->expect_text, (int)i);
        const cJSON *a = cJSON_GetArrayItem(actual, (int)i);
        const char *atok = cJSON_IsString(a) ? a->valuestring : NULL;
        int differs = element_differs(p, i, atok);
        if (only_diffs && differs != 1)
            continue;
        char idx[32];
        snprintf(idx, sizeof idx, "[%zu]", i);
        shown++;
        fprintf(f, "  %-8s %-28s %s%s\n", idx, cJSON_IsString(e) ? e->valuestring : "-",
                atok ? atok : "-", differs == 1 ? "   <-- differs" : "");
    }
}

/* A math probe is judged in ulp (expect_ulp): say so, with its failing
 * elements. repro.c judges in ulp too when the record carries the
 * references; a record from before they were kept gets an exact comparison
 * with the correctly rounded values, which also flags elements within the
 * bound, and says so. */
static void readme_ulp(FILE *f, const cJSON *rec, const repro_probe *p)
{
    const cJSON *u = obj_field(rec, "ulp");
    if (!cJSON_IsObject(u))
        return;
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(u, "bound");
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(u, "max_error");
    if (p->ulp_refs)
        fprintf(f, "\nJudged in ulp\n  bound %g ulp (OpenCL C 7.4), largest error %g ulp. repro.c judges as clconform\n"
                   "  did, with clconform's own ulp code, the references and the bound embedded\n"
                   "  (./repro --judge OUT.bin judges a saved output without a device);\n"
                   "  clconform failed these:\n",
                cJSON_IsNumber(b) ? b->valuedouble : 0, cJSON_IsNumber(m) ? m->valuedouble : 0);
    else
        fprintf(f, "\nJudged in ulp\n  bound %g ulp (OpenCL C 7.4), largest error %g ulp. The report keeps no\n"
                   "  references (it is older than clconform repro's ulp judgement), so repro.c\n"
                   "  compares with the correctly rounded values exactly and also flags elements\n"
                   "  within the bound; clconform failed these:\n",
                cJSON_IsNumber(b) ? b->valuedouble : 0, cJSON_IsNumber(m) ? m->valuedouble : 0);
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(u, "failures")) {
        const cJSON *idx = cJSON_GetObjectItemCaseSensitive(it, "index");
        const cJSON *err = cJSON_GetObjectItemCaseSensitive(it, "ulp");
        fprintf(f, "  [%d] inputs", json_num_int_or(idx, 0, INT_MAX, -1));
        const cJSON *in;
        cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(it, "inputs"))
            fprintf(f, " %s", cJSON_IsString(in) ? in->valuestring : "?");
        fprintf(f, ": expected %s, got %s", str_or(it, "expected", "?"), str_or(it, "actual", "?"));
        if (cJSON_IsNumber(err))
            fprintf(f, " (%g ulp)", err->valuedouble);
        fputc('\n', f);
    }
}

static void readme_howto(FILE *f, const repro_probe *p)
{
    fputs("\nHow to reproduce\n"
          "  cc repro.c -lOpenCL -lm -o repro (C99, no other library)\n"
          "  ./repro                         runs the kernel embedded in repro.c\n"
          "  ./repro kernel.cl               runs kernel.cl instead (edit it freely)\n"
          "  ./repro -d 1:0                  another device, by `clinfo -l` index\n"
          "  ./repro --judge OUT.bin         judges a saved out buffer (raw bytes), no device\n"
          "  The device is found by platform and device name; if the name is gone, the\n"
          "  same platform's device at the report's index. Set the environment listed\n"
          "  under Run if the device needs it.\n"
          "  Exit status: 0 the device follows the spec here, 1 it does not (or an\n"
          "  OpenCL call failed), 2 usage or setup error.\n", f);
    if (strcmp(p->kind, "measure") == 0)
        fputs("  A measure probe's host-side search is not reproduced: repro.c runs the\n"
              "  kernel once with the sizes above and prints out.\n", f);
}

static void write_readme(FILE *f, const cJSON *report, const cJSON *rec, const repro_probe *p)
{
    fprintf(f, "clconform reproducer: %s\n", p->id);
    readme_field(f, "verdict", p->verdict);
    readme_field(f, "detail", p->detail);
    readme_field(f, "kind", p->kind);
    readme_field(f, "spec", p->spec);
    readme_field(f, "why", p->why);
    const cJSON *line = obj_field(rec, "line");
    if (str_field(rec, "file"))
        fprintf(f, "%-16s %s:%d\n", "probe file", str_field(rec, "file"),
                json_num_int_or(line, 0, INT_MAX, 0));
    fprintf(f, "%-16s \"%s\"\n", "build options", p->options);
    readme_field(f, "kernel", p->kernel);
    readme_inputs(f, p);
    const cJSON *fm = obj_field(rec, "first_mismatch"), *nm = obj_field(rec, "mismatches");
    if (json_num_int_or(fm, 0, INT_MAX, -1) >= 0)
        fprintf(f, "first mismatch   out[%d] (%d element(s) differ)\n", json_num_int_or(fm, 0, INT_MAX, 0),
                json_num_int_or(nm, 0, INT_MAX, 1));
    const cJSON *err = obj_field(rec, "error");
    if (err)
        fprintf(f, "OpenCL error     %s returned %d (%s)\n", str_or(err, "call", "?"),
                json_num_int_or(obj_field(err, "code"), INT_MIN, INT_MAX, 0),
                str_or(err, "name", "?"));
    readme_field(f, "signal", str_field(rec, "signal"));
    const cJSON *retried = obj_field(rec, "retried");
    if (retried)
        fprintf(f, "retried          first %s, then %s\n", str_or(retried, "first", "?"),
                str_or(retried, "second", "?"));
    readme_values(f, rec, p);
    readme_ulp(f, rec, p);
    readme_identity(f, report);
    readme_howto(f, p);
    const char *log = build_logs_of(report, rec);
    fprintf(f, "\nBuild log\n%s\n", log && *log ? log : "(empty)");
}

/* ---- files and folders -------------------------------------------------- */

/* A report from elsewhere names the folders: keep them one level each. */
static void path_component(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; s && *s && n + 1 < len; s++) {
        char c = *s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '.' || c == '+' || c == '-';
        buf[n++] = ok ? c : '_';
    }
    buf[n] = '\0';
    if (n == 0 || strcmp(buf, ".") == 0 || strcmp(buf, "..") == 0)
        snprintf(buf, len, "_");
}

/* mkdir -p */
static int make_dirs(const char *path, FILE *err)
{
    char tmp[REPRO_PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; ; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) {
            fprintf(err, "%s: %s\n", tmp, strerror(errno));
            return -1;
        }
        *p = c;
        if (c == '\0')
            return 0;
    }
}

typedef void (*writer_fn)(FILE *f, const cJSON *report, const cJSON *rec, const repro_probe *p);

static void write_kernel(FILE *f, const cJSON *report, const cJSON *rec, const repro_probe *p)
{
    (void)report;
    (void)rec;
    fputs(p->source, f);
}

static void write_program(FILE *f, const cJSON *report, const cJSON *rec, const repro_probe *p)
{
    (void)rec;
    emit_program(f, report, p);
}

static int write_file(const char *dir, const char *name, writer_fn fn, const cJSON *report,
                      const cJSON *rec, const repro_probe *p, FILE *err)
{
    char path[REPRO_PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        fprintf(err, "%s/%s: path too long\n", dir, name);
        return -1;
    }
    FILE *f = atomic_file_open(path, err);
    if (!f)
        return -1;
    fn(f, report, rec, p);
    return atomic_file_commit(f, path, err);
}

/* One record's folder. Returns 1 written, 0 skipped (no source), -1 error;
 * an error in the record names src, the file it came from (NULL: devdir). */
static int write_one(const cJSON *report, const cJSON *rec, const char *src, const char *devdir,
                     FILE *err)
{
    repro_probe p;
    char why[256], leaf[256], dir[REPRO_PATH_MAX];
    int rc = -1;
    if (repro_probe_decode(rec, &p, why, sizeof why) != 0) {
        rc = p.id && !p.source ? 0 : -1;
        if (rc)
            fprintf(err, "%s: probe %s: %s\n", src ? src : devdir, p.id ? p.id : "(no id)", why);
        goto done;
    }
    path_component(p.id, leaf, sizeof leaf);
    if ((size_t)snprintf(dir, sizeof dir, "%s/%s", devdir, leaf) >= sizeof dir) {
        fprintf(err, "%s/%s: path too long\n", devdir, leaf);
        goto done;
    }
    if (make_dirs(dir, err) != 0 ||
        write_file(dir, "kernel.cl", write_kernel, report, rec, &p, err) != 0 ||
        write_file(dir, "README.txt", write_readme, report, rec, &p, err) != 0 ||
        write_file(dir, "repro.c", write_program, report, rec, &p, err) != 0)
        goto done;
    rc = 1;
done:
    repro_probe_free(&p);
    return rc;
}

/* Does the record take an image? The reproducer's program makes buffers
 * and by-value arguments only. */
static int takes_image(const cJSON *rec)
{
    const cJSON *in;
    cJSON_ArrayForEach(in, obj_field(rec, "inputs"))
        if (str_field(in, "image"))
            return 1;
    return 0;
}

/* repro_write_matching for a report read from the file src (NULL: a report
 * in memory), which errors in a record then name. */
static int repro_write_from(const cJSON *report, const char *src, const char *dir,
                            const char *const *patterns, size_t n_patterns, FILE *err)
{
    char key[256], devdir[REPRO_PATH_MAX];
    path_component(str_or(obj_field(report, "device"), "key", "unknown-device"), key, sizeof key);
    if ((size_t)snprintf(devdir, sizeof devdir, "%s/%s", dir, key) >= sizeof devdir) {
        fprintf(err, "%s: path too long\n", dir);
        return -1;
    }
    int written = 0, failed = 0, no_source = 0, images = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, obj_field(report, "probes")) {
        const char *id = str_field(rec, "id");
        if (!verdict_wants_repro(record_verdict(rec)) ||
            (n_patterns && (!id || !baseline_matches_any(id, patterns, n_patterns))))
            continue;
        if (takes_image(rec)) {
            images++;
            continue;
        }
        int rc = write_one(report, rec, src, devdir, err);
        written += rc > 0;
        failed += rc < 0;
        no_source += rc == 0;
    }
    /* One line, not one per probe: a device whose worker never started has
     * every probe failing without a source. */
    if (no_source)
        fprintf(err, "%s: %d failing probe(s) have no source in the report; "
                "no reproducer for them\n", devdir, no_source);
    if (images)
        fprintf(err, "%s: %d failing probe(s) take images, which reproducers do not make; their records "
                "hold the source, the images' descriptors and values\n", devdir, images);
    return failed ? -1 : written;
}

int repro_write_matching(const cJSON *report, const char *dir, const char *const *patterns,
                         size_t n_patterns, FILE *err)
{
    return repro_write_from(report, NULL, dir, patterns, n_patterns, err);
}

int repro_write_all(const cJSON *report, const char *dir, FILE *err)
{
    return repro_write_matching(report, dir, NULL, 0, err);
}

/* ---- clconform repro ---------------------------------------------------- */

static int repro_usage(FILE *f)
{
    fputs("usage: clconform repro REPORT.json... [--out DIR] [--filter GLOB]...\n"
          "  Writes DIR/<device-key>/<probe-id>/{repro.c,kernel.cl,README.txt} for every\n"
          "  failing probe of each report (or of each report a run index lists).\n"
          "  --out DIR      where to write (default: repro)\n"
          "  --filter GLOB  only probes whose id matches (repeatable)\n", f);
    return 2;
}

/* Writes the reproducers of one loaded document (a report or an index). */
static int repro_document(const cJSON *doc, const char *src, const char *dir, const char *const *pats,
                          size_t n_pats, FILE *err)
{
    const cJSON *reports = obj_field(doc, "reports");
    int bad = 0;
    if (!cJSON_IsArray(reports)) {
        int n = repro_write_from(doc, src, dir, pats, n_pats, err);
        if (n >= 0)
            printf("%s/%s: %d reproducer(s)\n", dir,
                   str_or(obj_field(doc, "device"), "key", "?"), n);
        return n < 0;
    }
    const cJSON *rep;
    cJSON_ArrayForEach(rep, reports)
        bad |= repro_document(rep, src, dir, pats, n_pats, err);
    return bad;
}

int repro_main(int argc, char **argv)
{
    const char *out = "repro";
    const char **pats = calloc((size_t)argc + 1, sizeof *pats);
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    size_t n_pats = 0, n_files = 0;
    int rc = 2;
    if (!pats || !files)
        goto done;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc) {
            pats[n_pats++] = argv[++i];
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            repro_usage(stdout);
            rc = 0;
            goto done;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "clconform repro: unknown option or missing value: %s\n", argv[i]);
            goto usage;
        } else {
            files[n_files++] = argv[i];
        }
    }
    if (n_files == 0)
        goto usage;
    rc = 0;
    for (size_t i = 0; i < n_files; i++) {
        cJSON *doc = baseline_load(files[i], stderr);
        if (!doc || repro_document(doc, files[i], out, pats, n_pats, stderr) != 0)
            rc = 2;
        cJSON_Delete(doc);
    }
    goto done;
usage:
    rc = repro_usage(stderr);
done:
    free(pats);
    free(files);
    return rc;
}
