/* Loading probe files (docs/probe-format.md). Parsing happens in two steps:
 * the text is cut into sections of (key, value, line) entries, then each
 * probe section, merged with the file's [defaults], is interpreted. Every
 * problem is reported as "FILE:LINE: problem" and parsing goes on, so one run
 * shows all the mistakes in a file. */
#include "probe_load.h"
#include "probe_dir.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "measure_names.h"
#include "text_norm.h"

#define MAX_ENTRIES 64

typedef struct {
    char *key;
    char *value;
    int line;
} entry;

typedef struct {
    entry items[MAX_ENTRIES];
    size_t count;
} entry_list;

typedef struct {
    const char *file;
    FILE *err;
    int errors;
    clc_probe_set *set;
} parser;

static void perr(parser *ps, int line, const char *fmt, const char *a, const char *b)
{
    fprintf(ps->err, "%s:%d: ", ps->file, line);
    fprintf(ps->err, fmt, a ? a : "", b ? b : "");
    fputc('\n', ps->err);
    ps->errors++;
}

static void entries_clear(entry_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->items[i].key);
        free(l->items[i].value);
    }
    l->count = 0;
}

static const entry *entries_find(const entry_list *l, const char *key)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->items[i].key, key) == 0)
            return &l->items[i];
    return NULL;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

static const char *const known_keys[] = {
    "spec", "why", "kind", "requires", "options", "out", "expect", "expect_file", "expect_ulp",
    "global", "local", "offset", "timeout", "body", "prelude", "source", "measure", "undefined",
    "flush_to_zero", NULL,
};

static int key_is_known(const char *key)
{
    if (strncmp(key, "input ", 6) == 0 || strncmp(key, "arg ", 4) == 0 || strncmp(key, "image ", 6) == 0)
        return 1;
    for (size_t i = 0; known_keys[i]; i++)
        if (strcmp(key, known_keys[i]) == 0)
            return 1;
    return 0;
}

/* ---- values ---------------------------------------------------------- */

/* Splits s (modified in place) at blanks and commas. Returns the count;
 * toks receives at most max pointers into s. */
static size_t split_tokens(char *s, char **toks, size_t max)
{
    size_t n = 0;
    char *save = NULL;
    for (char *t = strtok_r(s, " \t\r\n,", &save); t; t = strtok_r(NULL, " \t\r\n,", &save)) {
        if (n < max)
            toks[n] = t;
        n++;
    }
    return n;
}

/* Parses "TYPE[N]" or "TYPE". count is 0 when no [N] was given. */
static int parse_typed_count(const char *s, clc_type *t, size_t *count)
{
    char name[32];
    const char *br = strchr(s, '[');
    size_t len = br ? (size_t)(br - s) : strlen(s);
    if (len == 0 || len >= sizeof name)
        return -1;
    memcpy(name, s, len);
    name[len] = '\0';
    if (value_type_parse(trim(name), t) != 0)
        return -1;
    *count = 0;
    if (br) {
        char *end;
        if (!isdigit((unsigned char)br[1]))
            return -1; /* strtoul would take "-1" as a huge count */
        unsigned long n = strtoul(br + 1, &end, 10);
        if (n == 0 || strcmp(end, "]") != 0)
            return -1;
        *count = n;
    }
    return 0;
}

/* "X [Y [Z]]": 1 to 3 work sizes; zero allowed only when allow_zero (offsets).
 * Returns how many numbers, or -1. */
static int parse_dims(const char *s, size_t out[3], int allow_zero)
{
    int n = 0;
    while (*s) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        if (n == 3 || !isdigit((unsigned char)*s))
            return -1;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno || (v == 0 && !allow_zero) || (*end && *end != ' ' && *end != '\t'))
            return -1;
        out[n++] = (size_t)v;
        s = end;
    }
    return n ? n : -1;
}

/* A C identifier: a letter or '_', then letters, digits and '_'. */
static int is_identifier(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

/* The parameter name after the key's word ("input a", "arg s"). */
static const char *param_name(parser *ps, const entry *e, const char *word)
{
    const char *name = trim(e->key + strlen(word) + 1);
    if (!is_identifier(name) || strcmp(name, "out") == 0) {
        perr(ps, e->line, "%s name '%s' is not a valid parameter name", word, name);
        return NULL;
    }
    return name;
}

/* `arg NAME = TYPE: BYTES`: a by-value kernel parameter `TYPE NAME` (TYPE a
 * type name such as a struct typedef of the prelude, or int4) whose bytes,
 * as the host lays them out, go to clSetKernelArg as given. */
static int parse_arg(parser *ps, const entry *e, clc_input *in)
{
    const char *name = param_name(ps, e, "arg");
    if (!name)
        return -1;
    char *copy = strdup(e->value), **toks = NULL;
    int rc = -1;
    if (!copy)
        return -1;
    char *colon = strchr(copy, ':');
    if (colon)
        *colon = '\0';
    if (!colon || !is_identifier(trim(copy))) {
        perr(ps, e->line, "arg %s: expected 'TYPE: bytes', TYPE one type name (e.g. a typedef of the prelude)",
             name, NULL);
        goto out;
    }
    size_t cap = strlen(colon + 1) / 2 + 1;
    toks = malloc(sizeof *toks * cap);
    size_t n = toks ? split_tokens(colon + 1, toks, cap) : 0;
    if (toks && n == 0)
        perr(ps, e->line, "arg %s has no bytes", name, NULL);
    if (n == 0)
        goto out;
    in->data = malloc(n);
    in->name = strdup(name);
    in->by_value = strdup(trim(copy));
    in->type = CLC_T_UCHAR;
    in->count = n;
    rc = in->data && in->name && in->by_value ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        uint64_t bits;
        char why[160];
        if (value_parse(CLC_T_UCHAR, toks[i], &bits, why, sizeof why) != 0) {
            char at[48];
            snprintf(at, sizeof at, "%s, byte %zu", name, i);
            perr(ps, e->line, "arg %s: %s (each token is one byte, 0 to 255)", at, why);
            rc = -1;
        } else {
            in->data[i] = (unsigned char)bits;
        }
    }
out:
    free(toks);
    free(copy);
    return rc;
}

/* The values after an input's or image's colon, each of type t, into in. */
static int parse_values(parser *ps, const entry *e, const char *name, clc_type t, char *text, clc_input *in)
{
    char **toks = malloc(sizeof *toks * (strlen(text) / 2 + 1));
    if (!toks)
        return -1;
    size_t n = split_tokens(text, toks, strlen(text) / 2 + 1);
    if (n == 0) {
        perr(ps, e->line, "%s has no values", name, NULL);
        free(toks);
        return -1;
    }
    in->data = calloc(n, value_type_size(t));
    in->type = t;
    in->count = n;
    int rc = in->data ? 0 : -1;
    for (size_t i = 0; i < n && in->data; i++) {
        uint64_t bits;
        char why[160];
        if (value_parse(t, toks[i], &bits, why, sizeof why) != 0) {
            perr(ps, e->line, "%s: %s", name, why);
            rc = -1;
            continue;
        }
        value_store(t, in->data, i, bits);
    }
    free(toks);
    return rc;
}

static int parse_input(parser *ps, const entry *e, clc_input *in)
{
    const char *name = param_name(ps, e, "input");
    if (!name)
        return -1;
    char *copy = strdup(e->value);
    if (!copy)
        return -1;
    int rc = -1;
    char *colon = strchr(copy, ':');
    clc_type t;
    if (!colon || value_type_parse(trim((*colon = '\0', copy)), &t) != 0) {
        perr(ps, e->line, "input %s: expected 'TYPE: values' with TYPE one of char uchar short "
                          "ushort int uint long ulong float double", name, NULL);
        goto out;
    }
    char what[160];
    snprintf(what, sizeof what, "input %s", name);
    in->name = strdup(name);
    rc = in->name ? parse_values(ps, e, what, t, colon + 1, in) : -1;
out:
    free(copy);
    return rc;
}

/* `image NAME = TYPE ORDER DTYPE WxHxD [access]: values`: an image made
 * from these channel values (image_arg.h), one per channel of each pixel
 * in the host's layout, each of the data type's element type. */
static int parse_image(parser *ps, const entry *e, clc_input *in)
{
    const char *name = param_name(ps, e, "image");
    if (!name)
        return -1;
    char *copy = strdup(e->value), why[300], what[160];
    int rc = -1;
    if (!copy)
        return -1;
    char *colon = strchr(copy, ':');
    in->image = calloc(1, sizeof *in->image);
    in->name = strdup(name);
    if (!in->image || !in->name)
        goto out;
    if (!colon) {
        perr(ps, e->line, "image %s: expected 'TYPE ORDER DTYPE WxHxD [access]: values'", name, NULL);
        goto out;
    }
    *colon = '\0';
    if (image_arg_parse(copy, in->image, why, sizeof why) != 0) {
        perr(ps, e->line, "image %s: %s", name, why);
        goto out;
    }
    snprintf(what, sizeof what, "image %s", name);
    if (parse_values(ps, e, what, image_arg_elem_type(in->image), colon + 1, in) != 0)
        goto out;
    if (in->count != image_arg_elems(in->image)) {
        char counts[96];
        snprintf(counts, sizeof counts, "%zu values where its size and order need %zu", in->count,
                 image_arg_elems(in->image));
        perr(ps, e->line, "image %s: %s", name, counts);
        goto out;
    }
    rc = 0;
out:
    free(copy);
    return rc;
}

static char *read_file(const char *path, size_t *len);

/* The references of an `expect_ulp` probe (ulp.h has their syntax); expect
 * gets them rounded to the output type, for reports and reproducers. */
static int parse_ulp_refs(parser *ps, clc_probe *p, const entry *e, char **toks, size_t n)
{
    p->ulp_ref = calloc(n, sizeof *p->ulp_ref);
    if (!p->ulp_ref)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        char why[200];
        if (ulp_parse_ref(toks[i], &p->ulp_ref[i], why, sizeof why) != 0) {
            perr(ps, e->line, "expected value: %s", why, NULL);
            rc = -1;
            break;
        }
        p->expect[i] = ulp_ref_display(p->out_type, &p->ulp_ref[i]);
    }
    return rc;
}

/* Reads the expected values from `expect` text or an expect_file. */
static int parse_expect(parser *ps, clc_probe *p, const entry *e, const char *text)
{
    char *copy = strdup(text);
    if (!copy)
        return -1;
    size_t max = strlen(copy) / 2 + 1;
    char **toks = malloc(sizeof *toks * max);
    int rc = -1;
    if (!toks)
        goto out;
    size_t n = split_tokens(copy, toks, max);
    if (n == 0) {
        perr(ps, e->line, "no expected values", NULL, NULL);
        goto out;
    }
    if (p->out_count && n != p->out_count) {
        char a[32], b[32];
        snprintf(a, sizeof a, "%zu", n);
        snprintf(b, sizeof b, "%zu", p->out_count);
        perr(ps, e->line, "%s expected values for an output of %s elements", a, b);
        goto out;
    }
    p->out_count = n;
    p->expect = calloc(n, sizeof *p->expect);
    if (!p->expect)
        goto out;
    rc = 0;
    if (p->has_ulp) {
        rc = parse_ulp_refs(ps, p, e, toks, n);
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        char why[160];
        if (value_parse_expect(p->out_type, toks[i], &p->expect[i], why, sizeof why) != 0) {
            perr(ps, e->line, "expected value: %s", why, NULL);
            rc = -1;
        }
    }
out:
    free(toks);
    free(copy);
    return rc;
}

/* Expected values from a file beside the probe file; '#' starts a comment. */
static int load_expect_file(parser *ps, clc_probe *p, const entry *e)
{
    char path[4096];
    const char *slash = strrchr(ps->file, '/');
    if (e->value[0] == '/' || !slash)
        snprintf(path, sizeof path, "%s", e->value);
    else
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - ps->file), ps->file, e->value);
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        perr(ps, e->line, "expect_file %s: %s", path, strerror(errno));
        return -1;
    }
    for (char *c = text; *c; c++) {
        if (*c == '#')
            while (*c && *c != '\n')
                *c++ = ' ';
        if (!*c)
            break;
    }
    int rc = parse_expect(ps, p, e, text);
    free(text);
    return rc;
}

static int parse_requires(clc_probe *p, const char *value)
{
    char *copy = strdup(value);
    if (!copy)
        return -1;
    char *toks[64];
    size_t n = split_tokens(copy, toks, 64);
    if (n > 64)
        n = 64;
    p->requires = calloc(n ? n : 1, sizeof *p->requires);
    for (size_t i = 0; i < n && p->requires; i++)
        p->requires[p->n_requires++] = strdup(toks[i]);
    free(copy);
    return p->requires ? 0 : -1;
}

static int parse_kind(const char *s, clc_kind *k)
{
    static const clc_kind kinds[] = {CLC_KIND_RUN, CLC_KIND_BUILD_FAIL, CLC_KIND_BUILD_OK,
                                     CLC_KIND_IMPL_DEFINED, CLC_KIND_MEASURE};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(s, probe_kind_name(kinds[i])) == 0) {
            *k = kinds[i];
            return 0;
        }
    }
    return -1;
}

static int id_is_valid(const char *id)
{
    if (!*id)
        return 0;
    for (const char *c = id; *c; c++)
        if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || strchr("_.+-", *c)))
            return 0;
    return 1;
}

/* ---- one probe ------------------------------------------------------- */

static char *dup_or_null(const entry *e) { return e ? strdup(e->value) : NULL; }

/* Looks a key up in the probe's entries, then in the file's defaults. */
static const entry *lookup(const entry_list *own, const entry_list *defs, const char *key)
{
    const entry *e = entries_find(own, key);
    return e ? e : entries_find(defs, key);
}

/* `expect_ulp = N`: the output is judged in ulp (float or double outputs;
 * run probes, or impl-defined ones whose error is only recorded). */
static int finish_ulp(parser *ps, clc_probe *p, const entry_list *own, const entry_list *defs)
{
    const entry *e = lookup(own, defs, "expect_ulp");
    if (!e) {
        const entry *fz = lookup(own, defs, "flush_to_zero");
        if (fz) {
            perr(ps, fz->line, "probe %s: flush_to_zero is for probes judged in ulp (expect_ulp)", p->id, NULL);
            return -1;
        }
        return 0;
    }
    char *end;
    p->ulp_bound = strtod(e->value, &end);
    if (end == e->value || *end || !(p->ulp_bound >= 0) || isinf(p->ulp_bound)) {
        perr(ps, e->line, "expect_ulp = '%s': expected a number of ulp >= 0", e->value, NULL);
        return -1;
    }
    if (!value_type_is_float(p->out_type)) {
        perr(ps, e->line, "probe %s: expect_ulp needs a float or double output", p->id, NULL);
        return -1;
    }
    if (p->kind != CLC_KIND_RUN && p->kind != CLC_KIND_IMPL_DEFINED) {
        perr(ps, e->line, "probe %s: expect_ulp is for run and impl-defined probes", p->id, NULL);
        return -1;
    }
    p->has_ulp = 1;
    const entry *fz = lookup(own, defs, "flush_to_zero");
    if (fz) {
        if (strcmp(fz->value, "allowed") != 0) {
            perr(ps, fz->line, "flush_to_zero = '%s': the only value is 'allowed'", fz->value, NULL);
            return -1;
        }
        p->flush_allowed = 1;
    }
    return 0;
}

static int finish_shape(parser *ps, clc_probe *p, const entry_list *own, const entry_list *defs)
{
    int bad = 0;
    const entry *e;
    if ((e = lookup(own, defs, "out"))) {
        if (parse_typed_count(e->value, &p->out_type, &p->out_count) != 0) {
            perr(ps, e->line, "out = '%s': expected TYPE or TYPE[N]", e->value, NULL);
            bad = 1;
        }
    } else if (p->kind == CLC_KIND_RUN || p->kind == CLC_KIND_IMPL_DEFINED) {
        perr(ps, p->line, "probe %s: 'out' is required for kind %s", p->id, probe_kind_name(p->kind));
        bad = 1;
    } else {
        p->out_type = CLC_T_INT;
        p->out_count = 1;
    }
    const entry *ex = lookup(own, defs, "expect");
    const entry *exf = lookup(own, defs, "expect_file");
    if (!bad && finish_ulp(ps, p, own, defs) != 0) {
        bad = 1;
    } else if (ex && exf) {
        perr(ps, ex->line, "probe %s: give 'expect' or 'expect_file', not both", p->id, NULL);
        bad = 1;
    } else if (p->kind == CLC_KIND_RUN || (p->has_ulp && p->kind == CLC_KIND_IMPL_DEFINED)) {
        if (!ex && !exf) {
            perr(ps, p->line, "probe %s: a run probe needs 'expect' or 'expect_file'", p->id, NULL);
            bad = 1;
        } else if (!bad && (ex ? parse_expect(ps, p, ex, ex->value) : load_expect_file(ps, p, exf))) {
            bad = 1;
        }
    } else if (ex || exf) {
        perr(ps, (ex ? ex : exf)->line, "probe %s: only run probes have expected values (kind %s)",
             p->id, probe_kind_name(p->kind));
        bad = 1;
    }
    if (!bad && p->out_count == 0) {
        perr(ps, p->line, "probe %s: 'out' needs a count, TYPE[N]", p->id, NULL);
        bad = 1;
    }
    return bad ? -1 : 0;
}

static int finish_sizes(parser *ps, clc_probe *p, const entry_list *own, const entry_list *defs)
{
    int bad = 0, n;
    const entry *e;
    p->work_dim = 1;
    for (int d = 0; d < 3; d++) {
        p->global_dims[d] = 1;
        p->local_dims[d] = 0;
        p->offset_dims[d] = 0;
    }
    if ((e = lookup(own, defs, "global"))) {
        if ((n = parse_dims(e->value, p->global_dims, 0)) < 0) {
            perr(ps, e->line, "global = '%s': expected 1 to 3 positive integers (X [Y [Z]])", e->value, NULL);
            bad = 1;
        } else {
            p->work_dim = (unsigned)n;
        }
    }
    if ((e = lookup(own, defs, "local"))) {
        if ((n = parse_dims(e->value, p->local_dims, 0)) < 0) {
            perr(ps, e->line, "local = '%s': expected 1 to 3 positive integers (X [Y [Z]])", e->value, NULL);
            bad = 1;
        } else if (!bad && (unsigned)n != p->work_dim) {
            perr(ps, e->line, "local = '%s': needs as many dimensions as global = '%s'", e->value,
                 lookup(own, defs, "global") ? lookup(own, defs, "global")->value : "1");
            bad = 1;
        } else {
            for (unsigned d = 0; d < p->work_dim && !bad; d++)
                if (p->global_dims[d] % p->local_dims[d]) {
                    perr(ps, e->line, "local = '%s': each dimension must divide global's (OpenCL 1.2 uniform work-groups)",
                         e->value, NULL);
                    bad = 1;
                }
            for (unsigned d = (unsigned)n; d < 3; d++)
                p->local_dims[d] = 1;
        }
    }
    if ((e = lookup(own, defs, "offset"))) {
        if ((n = parse_dims(e->value, p->offset_dims, 1)) < 0) {
            perr(ps, e->line, "offset = '%s': expected 1 to 3 integers >= 0 (X [Y [Z]])", e->value, NULL);
            bad = 1;
        } else if (!bad && (unsigned)n != p->work_dim) {
            perr(ps, e->line, "offset = '%s': needs as many dimensions as global = '%s'", e->value,
                 lookup(own, defs, "global") ? lookup(own, defs, "global")->value : "1");
            bad = 1;
        } else {
            p->has_offset = 1;
        }
    }
    p->global_size = p->global_dims[0];
    p->local_size = p->local_dims[0];
    if ((e = lookup(own, defs, "timeout"))) {
        char *end;
        p->timeout_s = strtod(e->value, &end);
        if (*end || !(p->timeout_s > 0)) {
            perr(ps, e->line, "timeout = '%s': expected seconds > 0", e->value, NULL);
            bad = 1;
        }
    }
    return bad ? -1 : 0;
}

static int finish_code(parser *ps, clc_probe *p, const entry_list *own, const entry_list *defs)
{
    const entry *body = lookup(own, defs, "body"), *src = lookup(own, defs, "source");
    const entry *pre = lookup(own, defs, "prelude"), *m = lookup(own, defs, "measure");
    if (body && src) {
        perr(ps, src->line, "probe %s: give 'body' or 'source', not both", p->id, NULL);
        return -1;
    }
    if (src && pre) {
        perr(ps, pre->line, "probe %s: 'prelude' goes with 'body'; put it inside 'source'", p->id, NULL);
        return -1;
    }
    if (!body && !src && p->kind != CLC_KIND_MEASURE) {
        perr(ps, p->line, "probe %s: no kernel: give 'body' or 'source'", p->id, NULL);
        return -1;
    }
    if (p->kind == CLC_KIND_MEASURE) {
        if (!m) {
            perr(ps, p->line, "probe %s: a measure probe needs 'measure = NAME'", p->id, NULL);
            return -1;
        }
        if (!measure_known(m->value)) {
            perr(ps, m->line, "measure = '%s': no such measurement", m->value, NULL);
            return -1;
        }
    } else if (m) {
        perr(ps, m->line, "probe %s: 'measure' is only for kind measure", p->id, NULL);
        return -1;
    }
    p->body = dup_or_null(body);
    p->source = dup_or_null(src);
    p->prelude = dup_or_null(pre);
    p->measure = dup_or_null(m);
    const entry *u = lookup(own, defs, "undefined");
    if (u && p->kind != CLC_KIND_IMPL_DEFINED) {
        perr(ps, u->line, "probe %s: 'undefined' is only for kind impl-defined: a judged probe must not "
             "execute an undefined operation", p->id, NULL);
        return -1;
    }
    p->undefined = dup_or_null(u);
    return 0;
}

static int finish_inputs(parser *ps, clc_probe *p, const entry_list *own, const entry_list *defs)
{
    int bad = 0;
    const entry_list *lists[2] = {own, defs};
    for (int li = 0; li < 2; li++) {
        for (size_t i = 0; i < lists[li]->count; i++) {
            const entry *e = &lists[li]->items[i];
            int is_arg = strncmp(e->key, "arg ", 4) == 0, is_image = strncmp(e->key, "image ", 6) == 0;
            if (strncmp(e->key, "input ", 6) != 0 && !is_arg && !is_image)
                continue;
            /* A default input is shadowed by the probe's own of that name. */
            if (li == 1 && entries_find(own, e->key))
                continue;
            if (p->n_inputs == CLC_MAX_INPUTS) {
                perr(ps, e->line, "probe %s: more than 8 inputs, args and images", p->id, NULL);
                return -1;
            }
            if ((is_image ? parse_image : is_arg ? parse_arg : parse_input)(ps, e, &p->inputs[p->n_inputs]) != 0)
                bad = 1;
            for (size_t k = 0; !bad && k < p->n_inputs; k++)
                if (strcmp(p->inputs[k].name, p->inputs[p->n_inputs].name) == 0) {
                    perr(ps, e->line, "probe %s: a second parameter named '%s'", p->id, p->inputs[k].name);
                    bad = 1;
                }
            p->n_inputs++;
        }
    }
    return bad ? -1 : 0;
}

/* A write_only image is judged in place of out (docs/probe-format.md):
 * one at most, and out has its element type and count. */
static int finish_images(parser *ps, clc_probe *p)
{
    const clc_input *w = probe_readback_image(p);
    for (size_t i = 0; w && i < p->n_inputs; i++)
        if (&p->inputs[i] != w && p->inputs[i].image && p->inputs[i].image->access == CLC_IMG_WRITE_ONLY) {
            perr(ps, p->line, "probe %s: more than one write_only image (one is read back as the output)", p->id,
                 NULL);
            return -1;
        }
    if (w && (p->out_type != image_arg_elem_type(w->image) || p->out_count != w->count)) {
        char want[64];
        snprintf(want, sizeof want, "%s[%zu]", value_type_name(image_arg_elem_type(w->image)), w->count);
        perr(ps, p->line, "probe %s: its write_only image is read back as the output: out must be %s", p->id, want);
        return -1;
    }
    return 0;
}

/* The heading a spec citation names, in the form registers cite it: "OpenCL C
 * (unified): Math Functions" gives "OpenCL C: Math Functions". A citation not
 * of that form (a test's own) is kept as it is. */
static char *spec_clause(const char *spec)
{
    static const char tag[] = " (unified): ";
    const char *at = strstr(spec, tag);
    if (!at)
        return strdup(spec);
    const char *heading = at + sizeof tag - 1;
    size_t len = (size_t)(at - spec) + 2 + strlen(heading) + 1;
    char *c = malloc(len);
    if (c)
        snprintf(c, len, "%.*s: %s", (int)(at - spec), spec, heading);
    return c;
}

/* Interprets one [probe] section. On error the half-built probe is freed. */
static void finish_probe(parser *ps, const char *id, int line, const entry_list *own,
                         const entry_list *defs)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = strdup(id);
    p.file = strdup(ps->file);
    p.line = line;
    int errors_before = ps->errors;
    const entry *e;

    if (!id_is_valid(id))
        perr(ps, line, "probe id '%s': use lower-case letters, digits and _ . + -", id, NULL);
    if (!(e = lookup(own, defs, "spec")) || !*e->value)
        perr(ps, line, "probe %s: 'spec' (the section of the specification checked) is required", id, NULL);
    p.spec = dup_or_null(e);
    p.clause = p.spec ? spec_clause(p.spec) : NULL;
    p.why = dup_or_null(lookup(own, defs, "why"));
    if ((e = lookup(own, defs, "options"))) {
        char why[512];
        if (!(p.options = probe_dir_expand(e->value, ps->file, why, sizeof why)))
            perr(ps, e->line, "options: %s", why, NULL);
    }
    if (!(e = lookup(own, defs, "kind")))
        perr(ps, line, "probe %s: 'kind' is required", id, NULL);
    else if (parse_kind(e->value, &p.kind))
        perr(ps, e->line, "kind = '%s': expected run, build-fail, build-ok, impl-defined or measure",
             e->value, NULL);
    if ((e = lookup(own, defs, "requires")))
        parse_requires(&p, e->value);
    if (ps->errors == errors_before) {
        finish_inputs(ps, &p, own, defs);
        if (finish_shape(ps, &p, own, defs) == 0)
            finish_images(ps, &p);
        finish_sizes(ps, &p, own, defs);
        finish_code(ps, &p, own, defs);
    }
    if (ps->errors != errors_before) {
        probe_free(&p);
        return;
    }
    clc_probe_set *set = ps->set;
    if (set->count == set->cap) {
        size_t ncap = set->cap ? set->cap * 2 : 256;
        clc_probe *n = realloc(set->items, ncap * sizeof *n);
        if (!n) {
            perr(ps, line, "out of memory", NULL, NULL);
            return;
        }
        set->items = n;
        set->cap = ncap;
    }
    set->items[set->count++] = p;
}

/* ---- sections -------------------------------------------------------- */

static int add_entry(parser *ps, entry_list *l, const char *key, char *value, int line)
{
    if (!key_is_known(key)) {
        perr(ps, line, "unknown key '%s'", key, NULL);
        free(value);
        return -1;
    }
    if (entries_find(l, key)) {
        perr(ps, line, "'%s' is set twice in this section", key, NULL);
        free(value);
        return -1;
    }
    if (l->count == MAX_ENTRIES) {
        perr(ps, line, "too many keys in one section", NULL, NULL);
        free(value);
        return -1;
    }
    l->items[l->count].key = strdup(key);
    l->items[l->count].value = value;
    l->items[l->count].line = line;
    l->count++;
    return 0;
}

/* Reads a heredoc body starting after *pos; returns a malloc'd string. */
static char *read_heredoc(parser *ps, char **pos, int *lineno, const char *tag, int open_line)
{
    size_t cap = 256, len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    out[0] = '\0';
    while (**pos) {
        char *nl = strchr(*pos, '\n');
        size_t n = nl ? (size_t)(nl - *pos) : strlen(*pos);
        char *line = *pos;
        *pos += n + (nl ? 1 : 0);
        (*lineno)++;
        char saved = line[n];
        line[n] = '\0';
        int end = strcmp(trim(line), tag) == 0;
        if (end) {
            if (len && out[len - 1] == '\n')
                out[--len] = '\0';
            return out;
        }
        line[n] = saved;
        while (len + n + 2 > cap)
            cap *= 2;
        char *t = realloc(out, cap);
        if (!t) {
            free(out);
            return NULL;
        }
        out = t;
        memcpy(out + len, line, n);
        len += n;
        if (len && out[len - 1] == '\r')
            len--;
        out[len++] = '\n';
        out[len] = '\0';
    }
    perr(ps, open_line, "heredoc <<%s is not closed (no line '%s' before the end of the file)", tag, tag);
    free(out);
    return NULL;
}

int probe_load_text(const char *name, const char *text, clc_probe_set *set, FILE *err)
{
    parser ps = {name, err, 0, set};
    char *buf = strdup(text);
    if (!buf)
        return -1;
    text_normalize(buf); /* CRLF, CR and a BOM read as plain lines */
    entry_list defs = {.count = 0}, own = {.count = 0};
    entry_list *cur = NULL;
    char id[256] = "";
    int id_line = 0, lineno = 0;
    char *pos = buf;
    while (*pos) {
        char *nl = strchr(pos, '\n');
        if (nl)
            *nl = '\0';
        char *raw = pos;
        pos = nl ? nl + 1 : pos + strlen(pos);
        lineno++;
        char *line = trim(raw);
        if (*line == '\0' || *line == '#')
            continue;
        if (*line == '[') {
            if (cur == &own)
                finish_probe(&ps, id, id_line, &own, &defs);
            entries_clear(&own);
            size_t n = strlen(line);
            if (strcmp(line, "[defaults]") == 0) {
                entries_clear(&defs);
                cur = &defs;
            } else if (strncmp(line, "[probe ", 7) == 0 && line[n - 1] == ']' && n > 8 &&
                       n - 8 < sizeof id) {
                char raw_id[256];
                snprintf(raw_id, sizeof raw_id, "%.*s", (int)(n - 8), line + 7);
                snprintf(id, sizeof id, "%s", trim(raw_id));
                id_line = lineno;
                cur = &own;
            } else if (strncmp(line, "[probe ", 7) == 0 && n - 8 >= sizeof id) {
                perr(&ps, lineno, "probe id longer than 255 characters%s", "", NULL);
                cur = NULL;
            } else {
                perr(&ps, lineno, "'%s': expected [probe ID] or [defaults]", line, NULL);
                cur = NULL;
            }
            continue;
        }
        char *eq = strchr(line, '=');
        if (!eq) {
            perr(&ps, lineno, "'%s': expected 'key = value'", line, NULL);
            continue;
        }
        *eq = '\0';
        char *key = trim(line), *value = trim(eq + 1);
        /* "input  a" and "input a" are one key: blanks inside a key collapse. */
        char *o = key;
        for (char *k = key; *k; k++)
            if (!(isspace((unsigned char)*k) && (o == key || isspace((unsigned char)o[-1]))))
                *o++ = isspace((unsigned char)*k) ? ' ' : *k;
        *o = '\0';
        int key_line = lineno;
        char *v;
        if (strncmp(value, "<<", 2) == 0 && value[2]) {
            char tag[64];
            snprintf(tag, sizeof tag, "%s", value + 2);
            v = read_heredoc(&ps, &pos, &lineno, tag, key_line);
            if (!v)
                continue;
        } else {
            v = strdup(value);
        }
        if (!cur) {
            perr(&ps, key_line, "'%s' outside any [probe] or [defaults] section", key, NULL);
            free(v);
            continue;
        }
        add_entry(&ps, cur, key, v, key_line);
    }
    if (cur == &own)
        finish_probe(&ps, id, id_line, &own, &defs);
    entries_clear(&own);
    entries_clear(&defs);
    free(buf);
    return ps.errors ? -1 : 0;
}

/* ---- files and folders ----------------------------------------------- */

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *n = realloc(buf, cap);
            if (!n) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = n;
        }
        size_t got = fread(buf + *len, 1, cap - *len - 1, f);
        *len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[*len] = '\0';
    if (!memchr(buf, '\0', *len))
        *len = text_normalize(buf); /* CRLF and BOM: as if they were not there */
    return buf;
}

static int load_file(const char *path, clc_probe_set *set, FILE *err)
{
    struct stat st;
    /* A device (--probes /dev/zero, or a .probe link to one) never ends. */
    if (stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        fprintf(err, "%s: not a regular file\n", path);
        return -1;
    }
    size_t len;
    char *text = read_file(path, &len);
    if (!text) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (memchr(text, '\0', len)) {
        fprintf(err, "%s:1: not a text file (contains a NUL byte)\n", path);
        free(text);
        return -1;
    }
    int rc = probe_load_text(path, text, set, err);
    free(text);
    return rc;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* 1 when folder child (inside parent) is parent itself or one of its
 * ancestors: a symlink such as "up -> .." would otherwise be walked until the
 * path is too long, loading every file dozens of times. */
static int leads_back(const char *parent, const char *child)
{
    char *p = realpath(parent, NULL), *c = realpath(child, NULL);
    size_t n = c ? strlen(c) : 0;
    int loop = p && c && strncmp(p, c, n) == 0 && (p[n] == '\0' || p[n] == '/' || n == 1);
    free(p);
    free(c);
    return loop;
}

/* Folders are walked in sorted order so the suite order, and with it the
 * batches, are the same on every machine. */
static int load_dir(const char *path, clc_probe_set *set, FILE *err)
{
    DIR *d = opendir(path);
    if (!d) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) {
                rc = -1;
                break;
            }
            names = nn;
        }
        names[n++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, names[i]);
        struct stat st;
        if (stat(child, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (leads_back(path, child)) {
                fprintf(err, "%s: a link back to a folder above it; not followed\n", child);
                rc = -1;
            } else if (load_dir(child, set, err)) {
                rc = -1;
            }
        } else if (ends_with(names[i], ".probe")) {
            if (load_file(child, set, err))
                rc = -1;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int probe_load_path(const char *path, clc_probe_set *set, FILE *err)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    return S_ISDIR(st.st_mode) ? load_dir(path, set, err) : load_file(path, set, err);
}

static int cmp_probe_id(const void *a, const void *b)
{
    const clc_probe *const *x = a, *const *y = b;
    return strcmp((*x)->id, (*y)->id);
}

int probe_check_unique(const clc_probe_set *set, FILE *err)
{
    if (set->count < 2)
        return 0;
    const clc_probe **sorted = malloc(set->count * sizeof *sorted);
    if (!sorted)
        return -1;
    for (size_t i = 0; i < set->count; i++)
        sorted[i] = &set->items[i];
    qsort(sorted, set->count, sizeof *sorted, cmp_probe_id);
    int rc = 0;
    for (size_t i = 1; i < set->count; i++) {
        if (strcmp(sorted[i - 1]->id, sorted[i]->id) == 0) {
            fprintf(err, "%s:%d: probe id '%s' is already used at %s:%d\n", sorted[i]->file,
                    sorted[i]->line, sorted[i]->id, sorted[i - 1]->file, sorted[i - 1]->line);
            rc = -1;
        }
    }
    free(sorted);
    return rc;
}
