/* The reducer: see reduce.h.
 *
 * Every candidate is a whole probe, run on the device through the same
 * supervisor as a run (worker process, watchdog, batching): the candidates
 * of one pass go to the device together, many to a program, so a pass costs
 * about one build. A candidate "still fails the same way" when its verdict
 * is fail and the one element it judges has the same wrong value as in the
 * report; anything else (passes, does not build, crashes) keeps what was
 * there before. A probe whose verdict was `error` (an OpenCL call failed:
 * say clCreateKernel refusing a kernel that built) is reduced the same way,
 * to the smallest probe whose verdict is `error` from the same call with the
 * same code; its candidates are built one program each, since a refused
 * kernel can take every probe batched with it down. */
#include "reduce.h"

#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arg_num.h"
#include "baseline.h"
#include "enumerate.h"
#include "group.h"
#include "json_num.h"
#include "json_file.h"
#include "report_arrays.h"
#include "probe_load.h"
#include "probe_write.h"
#include "record.h"
#include "reduce_slice.h"
#include "repro.h"
#include "supervise.h"
#include "ulp.h"
#include "value.h"

/* ---- text helpers ----------------------------------------------------------- */

char *reduce_replace_all(const char *s, const char *from, const char *to)
{
    size_t n = 0, fl = strlen(from), tl = strlen(to);
    for (const char *p = s; fl && (p = strstr(p, from)); p += fl)
        n++;
    char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
    if (!out)
        return NULL;
    for (const char *p = s; *p;) {
        if (fl && strncmp(p, from, fl) == 0) {
            memcpy(o, to, tl);
            o += tl;
            p += fl;
        } else {
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

char *reduce_drop_line(const char *s, size_t k)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    if (!out)
        return NULL;
    size_t line = 0;
    for (const char *p = s; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (line != k) {
            memcpy(o, p, n);
            o += n;
        }
        p += n;
        line++;
    }
    *o = '\0';
    /* No dangling newline when the last line went. */
    if (o > out && o[-1] == '\n')
        o[-1] = '\0';
    return out;
}

/* A tiny recursive-descent evaluator: expr = term (('+'|'-') term)*,
 * term = atom ('*' atom)*, atom = number | var | '(' expr ')' | '(size_t)' atom. */
typedef struct {
    const char *p, *var;
    long value;
    int bad;
} evaluator;

static long eval_expr(evaluator *e);

static void skip_blanks(evaluator *e)
{
    while (isspace((unsigned char)*e->p))
        e->p++;
}

static long eval_atom(evaluator *e)
{
    skip_blanks(e);
    if (strncmp(e->p, "(size_t)", 8) == 0) {
        e->p += 8;
        return eval_atom(e);
    }
    if (*e->p == '(') {
        e->p++;
        long v = eval_expr(e);
        skip_blanks(e);
        if (*e->p != ')')
            e->bad = 1;
        else
            e->p++;
        return v;
    }
    if (isdigit((unsigned char)*e->p)) {
        char *end;
        long v = strtol(e->p, &end, 0);
        e->p = end;
        while (*e->p == 'u' || *e->p == 'U' || *e->p == 'l' || *e->p == 'L')
            e->p++;
        return v;
    }
    size_t vl = strlen(e->var);
    if (vl && strncmp(e->p, e->var, vl) == 0 && !isalnum((unsigned char)e->p[vl]) && e->p[vl] != '_') {
        e->p += vl;
        return e->value;
    }
    e->bad = 1;
    return 0;
}

static long eval_term(evaluator *e)
{
    long v = eval_atom(e);
    for (skip_blanks(e); *e->p == '*' && !e->bad; skip_blanks(e)) {
        e->p++;
        v *= eval_atom(e);
    }
    return v;
}

static long eval_expr(evaluator *e)
{
    long v = eval_term(e);
    for (skip_blanks(e); (*e->p == '+' || *e->p == '-') && !e->bad; skip_blanks(e)) {
        char op = *e->p++;
        long t = eval_term(e);
        v = op == '+' ? v + t : v - t;
    }
    return v;
}

int reduce_eval_index(const char *expr, const char *var, long value, long *out)
{
    evaluator e = {expr, var ? var : "", value, 0};
    long v = eval_expr(&e);
    skip_blanks(&e);
    if (e.bad || *e.p)
        return -1;
    *out = v;
    return 0;
}

int reduce_eval_condition(const char *cond, const char *var, long value, int *out)
{
    static const char *const ops[] = {"<=", ">=", "==", "!=", "<", ">"};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        const char *at = strstr(cond, ops[k]);
        if (!at)
            continue;
        char left[256];
        size_t n = (size_t)(at - cond);
        if (n >= sizeof left)
            return -1;
        memcpy(left, cond, n);
        left[n] = '\0';
        long a, b;
        if (reduce_eval_index(left, var, value, &a) != 0 || reduce_eval_index(at + strlen(ops[k]), var, value, &b) != 0)
            return -1;
        switch (k) {
        case 0: *out = a <= b; break;
        case 1: *out = a >= b; break;
        case 2: *out = a == b; break;
        case 3: *out = a != b; break;
        case 4: *out = a < b; break;
        default: *out = a > b; break;
        }
        return 0;
    }
    return -1;
}

/* ---- running candidates --------------------------------------------------------- */

typedef struct {
    const clc_devref *dev;
    const clc_reduce_opts *o;
    FILE *log;              /* the reduction log (a memory stream), echoed to o->log */
    const char *orig_id;    /* the probe being reduced; candidates are named ORIG.cN */
    size_t batches, candidates;
    size_t batch_max;       /* probes per program; 1 while reducing an error */
} ctx;

/* One line of the reduction log, also echoed to o->log. */
static void say(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->log, fmt, ap);
    va_end(ap);
    fputc('\n', c->log);
    if (c->o->log) {
        fprintf(c->o->log, "clconform reduce: %s: ", c->orig_id);
        va_start(ap, fmt);
        vfprintf(c->o->log, fmt, ap);
        va_end(ap);
        fputc('\n', c->o->log);
        fflush(c->o->log);
    }
}

/* Runs n probes on the device. recs[i] (caller deletes) is probe i's record,
 * NULL if it got none. Returns 0, or -1 when the device could not be run. */
static int run_batch(ctx *c, clc_probe *cands, size_t n, cJSON **recs)
{
    clc_probe_set set = {cands, n, n};
    size_t *todo = malloc((n ? n : 1) * sizeof *todo);
    if (!todo)
        return -1;
    for (size_t i = 0; i < n; i++)
        todo[i] = i;
    clc_supervise_opts so = {.set = &set,
                             .dev = c->dev,
                             .todo = todo,
                             .n_todo = n,
                             .timeout_s = c->o->timeout_s,
                             .build_timeout_s = 120,
                             .batch_max = c->batch_max ? c->batch_max : 256,
                             .isolate = 1,
                             .start_fd = -1};
    clc_device_run run;
    int rc = supervise_device(&so, &run);
    if (rc == 0) {
        /* The reducer compares records as a report holds them. */
        for (size_t i = 0; i < n; i++)
            recs[i] = run.recs[i] ? record_to_json(run.recs[i]) : NULL;
        if (run.fatal[0]) {
            say(c, "the device could not be used: %s", run.fatal);
            rc = -1;
        }
        supervise_free(&run, n);
    }
    free(todo);
    c->batches++;
    c->candidates += n;
    return rc;
}

static const char *rec_str(const cJSON *rec, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* An error record's signature, `error CALL CODE` (e.g. `error clCreateKernel
 * -46`), in buf; -1 when rec is not an error with a call and a code. */
int reduce_error_signature(const cJSON *rec, char *buf, size_t len)
{
    const cJSON *e = rec ? cJSON_GetObjectItemCaseSensitive(rec, "error") : NULL;
    const cJSON *call = cJSON_GetObjectItemCaseSensitive(e, "call");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
    if (record_verdict(rec) != CLC_VERDICT_ERROR || !cJSON_IsString(call) || !cJSON_IsNumber(code))
        return -1;
    snprintf(buf, len, "error %s %d", call->valuestring, code->valueint);
    return 0;
}

/* Did rec fail with `want` at element m? A want of `error CALL CODE` asks
 * instead for an error record with that signature. */
static int same_failure(const cJSON *rec, size_t m, const char *want)
{
    if (strncmp(want, "error ", 6) == 0) {
        char sig[128];
        return reduce_error_signature(rec, sig, sizeof sig) == 0 && strcmp(sig, want) == 0;
    }
    if (record_verdict(rec) != CLC_VERDICT_FAIL)
        return 0;
    const cJSON *a = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(rec, "actual"), (int)m);
    return cJSON_IsString(a) && strcmp(a->valuestring, want) == 0;
}

static void free_recs(cJSON **recs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cJSON_Delete(recs[i]);
}

/* ---- the state being reduced --------------------------------------------------- */

typedef struct {
    clc_probe p;         /* the smallest probe that still fails so far */
    size_t m;            /* the element it judges */
    char want[128];      /* the wrong value that element must keep */
    cJSON *rec;          /* the device's record of p */
    long work_item;      /* -1: not pinned */
    int sentinel;        /* the body starts with the sentinel line (see add_sentinel) */
    char call[512];      /* after the inputs pass: the call with its operands as literals */
} reduction;

static char **text_of(clc_probe *p)
{
    return p->source ? &p->source : &p->body;
}

/* Leaves element k unjudged: its expected value, and its ulp reference
 * when the probe is judged in ulp. */
static void unjudge(clc_probe *p, size_t k)
{
    p->expect[k].n_alts = 0;
    if (p->ulp_ref)
        p->ulp_ref[k].n_alts = 0;
}

/* Judges element m only. */
static void focus(clc_probe *p, size_t m)
{
    for (size_t k = 0; k < p->out_count; k++)
        if (k != m)
            unjudge(p, k);
}

static void name_candidate(clc_probe *p, const char *base, size_t k)
{
    /* base is the original id: candidates of candidates keep short names. */
    char id[300];
    snprintf(id, sizeof id, "%s.c%zu", base, k);
    free(p->id);
    p->id = strdup(id);
}

/* Takes candidate k's probe and record as the new state. */
static void accept(reduction *r, clc_probe *cands, cJSON **recs, size_t k)
{
    probe_free(&r->p);
    r->p = cands[k];
    memset(&cands[k], 0, sizeof cands[k]);
    cJSON_Delete(r->rec);
    r->rec = recs[k];
    recs[k] = NULL;
}

static void free_cands(clc_probe *cands, size_t n)
{
    for (size_t i = 0; i < n; i++)
        probe_free(&cands[i]);
    free(cands);
}

/* The sentinel: a first line `out[M] = (T)S;` with S unlike the wrong
 * value. An element the kernel no longer writes then reads S, not the
 * zero the buffer was filled with, so "still fails the same way" cannot be
 * faked by a candidate that simply stopped writing the element (when the
 * wrong value is 0, it could). Kept while work-items and lines are removed,
 * dropped (and confirmed) before the one-call step. */
static void sentinel_line(const reduction *r, char *buf, size_t len)
{
    int is_one = strcmp(r->want, "1") == 0 || strcmp(r->want, "0x1p+0") == 0;
    snprintf(buf, len, "    out[%zu] = (%s)%s; /* clconform reduce: sentinel */", r->m, value_type_name(r->p.out_type),
             is_one ? "2" : "1");
}

static int add_sentinel(reduction *r)
{
    char line[160];
    if (!r->p.body)
        return 0;
    sentinel_line(r, line, sizeof line);
    size_t n = strlen(line) + strlen(r->p.body) + 2;
    char *nb = malloc(n);
    if (!nb)
        return -1;
    snprintf(nb, n, "%s\n%s", line, r->p.body);
    free(r->p.body);
    r->p.body = nb;
    r->sentinel = 1;
    return 0;
}

/* Drops the sentinel line and confirms the probe still fails without it. */
static int drop_sentinel(ctx *c, reduction *r)
{
    if (!r->sentinel)
        return 0;
    clc_probe cand;
    cJSON *rec = NULL;
    if (probe_clone(&r->p, &cand) != 0)
        return -1;
    char *nb = reduce_drop_line(cand.body, 0);
    free(cand.body);
    cand.body = nb;
    name_candidate(&cand, c->orig_id, 0);
    int rc = nb ? run_batch(c, &cand, 1, &rec) : -1;
    if (rc == 0 && same_failure(rec, r->m, r->want)) {
        accept(r, &cand, &rec, 0);
        r->sentinel = 0;
        say(c, "sentinel: the guard line writing a value unlike the wrong one to element %zu first (so a candidate "
               "that stops writing the element cannot pass for one that fails) is gone again",
            r->m);
    } else {
        say(c, "sentinel: without it the probe no longer fails the same way (%s); it stays",
            rec ? rec_str(rec, "verdict") : "no record");
    }
    probe_free(&cand);
    cJSON_Delete(rec);
    return rc;
}

/* Pass 2: one work-item. The candidates are ordered with the likeliest
 * first: element m of a probe writing out[block + i] belongs to i = m % G. */
static int pass_work_item(ctx *c, reduction *r)
{
    size_t g = r->p.global_size;
    const char *t = *text_of(&r->p);
    static const char *const blockers[] = {"get_local_id", "get_group_id", "get_local_size", "get_global_size",
                                           "get_num_groups", "barrier", "work_group_", "sub_group",
                                           "get_global_id(1)", "get_global_id(2)", "get_global_offset", NULL};
    /* Pinning get_global_id(0) to a number assumes a 1-D launch without offset. */
    if (g <= 1 || !strstr(t, "get_global_id(0)") || r->p.work_dim > 1 || r->p.has_offset)
        return 0;
    for (size_t i = 0; blockers[i]; i++)
        if (strstr(t, blockers[i])) {
            say(c, "work-item: kept all %zu work-items (the kernel uses %s)", g, blockers[i]);
            return 0;
        }
    size_t n = g > 256 ? 256 : g;
    clc_probe *cands = calloc(n, sizeof *cands);
    cJSON **recs = calloc(n, sizeof *recs);
    int rc = -1;
    if (!cands || !recs)
        goto out;
    for (size_t k = 0; k < n; k++) {
        size_t w = (r->m % g + k) % g;
        char pin[64];
        snprintf(pin, sizeof pin, "((size_t)%zu)", w);
        if (probe_clone(&r->p, &cands[k]) != 0)
            goto out;
        char **text = text_of(&cands[k]);
        char *nt = reduce_replace_all(*text, "get_global_id(0)", pin);
        free(*text);
        *text = nt;
        cands[k].global_size = 1;
        cands[k].local_size = 0;
        name_candidate(&cands[k], c->orig_id, k);
    }
    if (run_batch(c, cands, n, recs) != 0)
        goto out;
    rc = 0;
    for (size_t k = 0; k < n; k++) {
        if (same_failure(recs[k], r->m, r->want)) {
            r->work_item = (long)((r->m % g + k) % g);
            accept(r, cands, recs, k);
            say(c, "work-item: global size 1 instead of %zu: get_global_id(0) pinned to %ld, the work-item that "
                   "writes the element (%zu candidates tried at once)", g, r->work_item, n);
            goto out;
        }
    }
    say(c, "work-item: no single work-item reproduces it; all %zu kept", g);
out:
    if (recs)
        free_recs(recs, n);
    free(recs);
    if (cands)
        free_cands(cands, n);
    return rc;
}

static size_t count_lines(const char *s)
{
    size_t n = 1;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* A barrier is never dropped: without it, work-items that exchange values
 * through local memory race, and a racing candidate's output is undefined:
 * it could show the wrong value by chance. */
static int line_has_barrier(const char *s, size_t k)
{
    for (size_t line = 0; *s && line < k; s++)
        if (*s == '\n')
            line++;
    const char *end = strchr(s, '\n'), *b = strstr(s, "barrier(");
    return b && (!end || b < end);
}

static int line_is_blank(const char *s, size_t k)
{
    for (size_t line = 0; *s; s++) {
        if (line == k && !isspace((unsigned char)*s))
            return 0;
        if (*s == '\n' && ++line > k)
            break;
    }
    return 1;
}

/* One candidate: r's probe without the lines flagged in drop[]. */
static int clone_without(const reduction *r, const int *drop, size_t n_lines, clc_probe *out)
{
    if (probe_clone(&r->p, out) != 0)
        return -1;
    char **text = text_of(out);
    for (size_t k = n_lines; k-- > 0;) {
        if (!drop[k])
            continue;
        char *nt = reduce_drop_line(*text, k);
        free(*text);
        *text = nt;
        if (!nt)
            return -1;
    }
    return 0;
}

/* Drops from base the lines flagged in want[] (each removable alone) by
 * halves: the whole set if the device confirms it, else each half in turn,
 * recursing into a half that breaks the failure. What is kept accumulates
 * in r (r->p is base without the lines confirmed so far). Returns 1 when
 * anything was dropped. */
static int drop_halves_rec(ctx *c, reduction *r, const clc_probe *base, int *kept, const size_t *idx, size_t n,
                           size_t n_lines, int depth)
{
    if (n == 0 || depth > 12)
        return 0;
    int *drop = malloc(n_lines * sizeof *drop);
    clc_probe cand;
    cJSON *rec = NULL;
    int ok = 0;
    if (!drop)
        return 0;
    memcpy(drop, kept, n_lines * sizeof *drop);
    for (size_t k = 0; k < n; k++)
        drop[idx[k]] = 1;
    reduction b = *r;
    b.p = *base;
    if (clone_without(&b, drop, n_lines, &cand) == 0) {
        name_candidate(&cand, c->orig_id, 0);
        if (run_batch(c, &cand, 1, &rec) == 0 && same_failure(rec, r->m, r->want)) {
            accept(r, &cand, &rec, 0);
            memcpy(kept, drop, n_lines * sizeof *drop);
            ok = 1;
        }
        probe_free(&cand);
    }
    cJSON_Delete(rec);
    free(drop);
    if (ok || n == 1)
        return ok;
    int a = drop_halves_rec(c, r, base, kept, idx, n / 2, n_lines, depth + 1);
    int z = drop_halves_rec(c, r, base, kept, idx + n / 2, n - n / 2, n_lines, depth + 1);
    return a || z;
}

static int drop_by_halves(ctx *c, reduction *r, const clc_probe *base, const int *want, size_t n_lines)
{
    int *kept = calloc(n_lines, sizeof *kept);
    size_t *idx = calloc(n_lines, sizeof *idx), n = 0;
    int any = 0;
    if (kept && idx) {
        for (size_t k = 0; k < n_lines; k++)
            if (want[k])
                idx[n++] = k;
        any = drop_halves_rec(c, r, base, kept, idx, n, n_lines, 0);
    }
    free(kept);
    free(idx);
    return any;
}

/* Pass 3: drop lines. Every single-line deletion is tried at once; those
 * that keep the failure are then dropped together, or, if together they
 * do not, one at a time. Repeated while it removes something. */
static int pass_lines(ctx *c, reduction *r)
{
    size_t before = count_lines(*text_of(&r->p)) - (size_t)r->sentinel;
    for (int round = 0; round < 4; round++) {
        size_t n_lines = count_lines(*text_of(&r->p)), n = 0;
        int *drop = calloc(n_lines, sizeof *drop);
        size_t *line_of = calloc(n_lines, sizeof *line_of);
        clc_probe *cands = calloc(n_lines, sizeof *cands);
        cJSON **recs = calloc(n_lines, sizeof *recs);
        int progress = 0, rc = -1;
        if (!drop || !line_of || !cands || !recs)
            goto next;
        for (size_t k = r->sentinel ? 1 : 0; k < n_lines; k++) {
            if (line_is_blank(*text_of(&r->p), k) || line_has_barrier(*text_of(&r->p), k))
                continue;
            memset(drop, 0, n_lines * sizeof *drop);
            drop[k] = 1;
            if (clone_without(r, drop, n_lines, &cands[n]) != 0)
                goto next;
            name_candidate(&cands[n], c->orig_id, n);
            line_of[n++] = k;
        }
        if (n == 0 || run_batch(c, cands, n, recs) != 0)
            goto next;
        memset(drop, 0, n_lines * sizeof *drop);
        size_t removable = 0, last = 0;
        for (size_t k = 0; k < n; k++)
            if (same_failure(recs[k], r->m, r->want)) {
                drop[line_of[k]] = 1;
                removable++;
                last = k;
            }
        rc = 0;
        if (removable == 1) {
            accept(r, cands, recs, last);
            progress = 1;
        } else if (removable > 1) {
            clc_probe all;
            cJSON *rec = NULL;
            if (clone_without(r, drop, n_lines, &all) == 0) {
                name_candidate(&all, c->orig_id, n);
                if (run_batch(c, &all, 1, &rec) == 0 && same_failure(rec, r->m, r->want)) {
                    accept(r, &all, &rec, 0);
                    progress = 1;
                }
                probe_free(&all);
                cJSON_Delete(rec);
            }
            /* Together they broke it (a value is still needed by some
             * line): drop them by halves, each half kept when the device
             * confirms it, so a few rounds remove what one at a time
             * would take a round each for. */
            if (!progress) {
                clc_probe base;
                if (probe_clone(&r->p, &base) == 0) {
                    progress = drop_by_halves(c, r, &base, drop, n_lines);
                    probe_free(&base);
                }
            }
            for (size_t k = 0; !progress && k < n; k++)
                if (same_failure(recs[k], r->m, r->want)) {
                    accept(r, cands, recs, k);
                    progress = 1;
                }
        }
    next:
        if (recs)
            free_recs(recs, n);
        free(recs);
        if (cands)
            free_cands(cands, n);
        free(drop);
        free(line_of);
        if (rc != 0)
            return -1;
        if (!progress)
            break;
    }
    size_t after = count_lines(*text_of(&r->p)) - (size_t)r->sentinel;
    say(c, "lines: %zu of %zu line(s) of the kernel removed: without them it still fails the same way", before - after,
        before);
    return 0;
}

/* ---- pass 3b: the inputs ------------------------------------------------------------ */

/* The inputs an iteration of the sliced kernel reads, `a = -128 -128; b = -128`,
 * into buf: what the one failing call is given. */
static void describe_slice(const clc_probe *p, const clc_slice_info *info, char *buf, size_t len)
{
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < p->n_inputs && o + 1 < len; i++) {
        const clc_input *in = &p->inputs[i];
        if (!info->per_iteration[i])
            continue;
        o += (size_t)snprintf(buf + o, len - o, "%s%s =", o ? "; " : "", in->name);
        for (size_t k = 0; k < in->count && o + 1 < len; k++) {
            char v[64];
            o += (size_t)snprintf(buf + o, len - o, " %s",
                                  value_format(in->type, value_load(in->type, in->data, k), v, sizeof v));
        }
    }
}

/* Pass 3b: cut the inputs and out to the one loop iteration that writes the
 * element (reduce_slice.h), the sentinel moved with it; kept when the device
 * confirms the failure, else the longer form stays. */
static int pass_slice(ctx *c, reduction *r)
{
    clc_probe plain, cand;
    size_t m2;
    clc_slice_info info;
    if (probe_clone(&r->p, &plain) != 0)
        return -1;
    if (r->sentinel) {
        char *nb = reduce_drop_line(plain.body, 0);
        free(plain.body);
        plain.body = nb;
    }
    int shaped = plain.body && reduce_slice_loop(&plain, r->m, &cand, &m2, &info) == 0;
    probe_free(&plain);
    if (!shaped) {
        say(c, "inputs: all kept (the kernel is not one grid-stride loop whose iterations read and write slices of "
               "their own)");
        return 0;
    }
    reduction moved = *r;
    moved.p = cand;
    moved.m = m2;
    moved.sentinel = 0;
    cJSON *rec = NULL;
    int rc = r->sentinel ? add_sentinel(&moved) : 0;
    cand = moved.p;
    name_candidate(&cand, c->orig_id, 0);
    if (rc == 0)
        rc = run_batch(c, &cand, 1, &rec);
    if (rc == 0 && same_failure(rec, m2, r->want)) {
        char vals[1024];
        describe_slice(&cand, &info, vals, sizeof vals);
        accept(r, &cand, &rec, 0);
        char *call = reduce_slice_call_text(&r->p, &info);
        snprintf(r->call, sizeof r->call, "%s", call ? call : "");
        say(c, "inputs: cut to loop iteration %zu of %zu, the one that writes the element (now element %zu of %zu); "
               "it still fails the same way. The call reads %s, i.e. %s",
            info.iteration, info.iterations, m2, r->p.out_count, vals, r->call);
        free(call);
        r->m = m2;
    } else if (rc == 0) {
        say(c, "inputs: cut to loop iteration %zu of %zu it does not fail the same way (%s); all kept", info.iteration,
            info.iterations, rec ? rec_str(rec, "verdict") : "no record");
    }
    probe_free(&cand);
    cJSON_Delete(rec);
    return rc;
}

/* ---- pass 4: the one call ----------------------------------------------------------- */

static char *trim_copy(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    char *o = malloc(n + 1);
    if (o) {
        memcpy(o, s, n);
        o[n] = '\0';
    }
    return o;
}

/* The bracketed text starting at s (s points at '['): its length to the
 * matching ']', or 0. */
static size_t bracket_len(const char *s)
{
    int depth = 0;
    for (size_t i = 0; s[i]; i++) {
        depth += s[i] == '[';
        if (s[i] == ']' && --depth == 0)
            return i;
    }
    return 0;
}

static int is_word_at(const char *text, const char *p, const char *w)
{
    size_t n = strlen(w);
    return strncmp(p, w, n) == 0 && (p == text || (!isalnum((unsigned char)p[-1]) && p[-1] != '_')) &&
           !isalnum((unsigned char)p[n]) && p[n] != '_';
}

/* The work-item a reduction pins: `size_t VAR = ((size_t)VALUE);`. */
typedef struct {
    char var[64]; /* empty until the line is met */
    long value;
} pinned_item;

/* `if (COND) out[...] = ...;` with COND true for the pinned work-item is
 * the store alone: *line becomes it. -1 when out of memory. */
static int strip_true_if(char **line, const pinned_item *pin)
{
    char *l = *line;
    if (strncmp(l, "if (", 4) != 0 || !pin->var[0])
        return 0;
    int depth = 0, truth = 0;
    size_t close = 0;
    for (size_t k = 3; l[k] && !close; k++) {
        depth += l[k] == '(';
        if (l[k] == ')' && --depth == 0)
            close = k;
    }
    char cond[256];
    if (close && close - 4 < sizeof cond) {
        memcpy(cond, l + 4, close - 4);
        cond[close - 4] = '\0';
    }
    if (close && close - 4 < sizeof cond && reduce_eval_condition(cond, pin->var, pin->value, &truth) == 0 && truth) {
        char *rest = trim_copy(l + close + 1, strlen(l + close + 1));
        free(l);
        *line = rest;
        if (!rest)
            return -1;
    }
    return 0;
}

/* The body's one statement, a store to out (its pinned-item line read into
 * *pin on the way), or NULL when the body is more or other than that.
 * Caller frees. */
static char *the_one_store(const char *text, pinned_item *pin)
{
    char *stmt = NULL;
    for (const char *l = text; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        char *line = trim_copy(l, n);
        l = nl ? nl + 1 : NULL;
        if (!line) {
            free(stmt);
            return NULL;
        }
        char name[64];
        long w;
        int used = 0;
        if (!*line) {
            free(line);
            continue;
        }
        if (sscanf(line, "size_t %63[A-Za-z0-9_] = ((size_t)%ld);%n", name, &w, &used) == 2 && used > 0 &&
            !line[used] && !pin->var[0]) {
            snprintf(pin->var, sizeof pin->var, "%s", name);
            pin->value = w;
            free(line);
            continue;
        }
        if (strip_true_if(&line, pin) != 0) {
            free(stmt);
            return NULL;
        }
        if (stmt || strncmp(line, "out[", 4) != 0) {
            free(line);
            free(stmt);
            return NULL; /* more than one statement, or not a store to out */
        }
        stmt = line;
    }
    return stmt;
}

/* RHS of the statement `out[E] = RHS;`, which it frees; NULL when the
 * statement is not of that shape. Caller frees. */
static char *store_rhs(char *stmt)
{
    size_t bl = bracket_len(stmt + 3);
    const char *eq = bl ? stmt + 3 + bl + 1 : NULL;
    while (eq && *eq == ' ')
        eq++;
    size_t len = strlen(stmt);
    if (!eq || *eq != '=' || eq[1] == '=' || stmt[len - 1] != ';') {
        free(stmt);
        return NULL;
    }
    char *rhs = trim_copy(eq + 1, (size_t)(stmt + len - 1 - (eq + 1)));
    free(stmt);
    return rhs;
}

/* body: `    out[0] = RHS;` with each input X[E] of RHS read as X[0];
 * idx_of[k]: the one element input k is read at, -1 when it is not read.
 * -1 when an input is read at an index that is not a constant for the
 * pinned work-item, past its end, or at two indices, or body is too short. */
static int rewrite_reads(const clc_probe *p, const char *rhs, const pinned_item *pin, char *body, size_t size,
                         long idx_of[CLC_MAX_INPUTS])
{
    size_t o = (size_t)snprintf(body, size, "    out[0] = ");
    for (size_t k = 0; k < CLC_MAX_INPUTS; k++)
        idx_of[k] = -1;
    int bad = 0;
    for (const char *c = rhs; *c && !bad;) {
        size_t which = CLC_MAX_INPUTS;
        for (size_t k = 0; k < p->n_inputs; k++)
            if (is_word_at(rhs, c, p->inputs[k].name))
                which = k;
        if (which == CLC_MAX_INPUTS) {
            if (o + 2 < size)
                body[o++] = *c;
            c++;
            continue;
        }
        const char *br = c + strlen(p->inputs[which].name);
        size_t n = *br == '[' ? bracket_len(br) : 0;
        char *e = n ? trim_copy(br + 1, n - 1) : NULL;
        long at;
        if (!e || reduce_eval_index(e, pin->var, pin->value, &at) != 0 || at < 0 ||
            (size_t)at >= p->inputs[which].count || (idx_of[which] >= 0 && idx_of[which] != at)) {
            bad = 1;
        } else {
            idx_of[which] = at;
            o += (size_t)snprintf(body + o, size - o, "%s[0]", p->inputs[which].name);
            c = br + n + 1;
        }
        free(e);
    }
    body[o < size ? o : size - 1] = '\0';
    if (bad || o + 2 >= size)
        return -1;
    strcat(body, ";");
    return 0;
}

/* Only the inputs read stay in out, one element each (the one read). */
static void keep_read_inputs(clc_probe *out, const long idx_of[CLC_MAX_INPUTS])
{
    for (size_t k = 0; k < out->n_inputs; k++) {
        clc_input *in = &out->inputs[k];
        if (idx_of[k] < 0) {
            free(in->name);
            free(in->data);
            free(in->by_value);
            free(in->image);
            in->image = NULL;
            in->name = NULL;
            in->data = NULL;
            in->by_value = NULL;
            continue;
        }
        size_t sz = value_type_size(in->type);
        memmove(in->data, in->data + (size_t)idx_of[k] * sz, sz);
        in->count = 1;
    }
    for (size_t k = 0; k < out->n_inputs;) {
        if (!out->inputs[k].name) {
            memmove(&out->inputs[k], &out->inputs[k + 1], (out->n_inputs - k - 1) * sizeof out->inputs[k]);
            out->n_inputs--;
        } else {
            k++;
        }
    }
}

/* Rewrites the statement `out[E] = RHS;` (with inputs read as X[E2] in
 * RHS, and `TYPE VAR = ((size_t)W);` lines) into a one-element probe. */
static int build_one_call(const reduction *r, clc_probe *out)
{
    const char *text = r->p.body;
    if (!text || r->p.source)
        return -1;
    pinned_item pin = {"", 0};
    char *stmt = the_one_store(text, &pin);
    if (!stmt)
        return -1;
    char *rhs = store_rhs(stmt);
    if (!rhs || probe_clone(&r->p, out) != 0) {
        free(rhs);
        return -1;
    }
    /* Each input: every X[E] read at one index, else give up. */
    char body[4096];
    long idx_of[CLC_MAX_INPUTS];
    int bad = rewrite_reads(&r->p, rhs, &pin, body, sizeof body, idx_of);
    free(rhs);
    if (bad) {
        probe_free(out);
        return -1;
    }
    keep_read_inputs(out, idx_of);
    free(out->body);
    out->body = strdup(body);
    out->expect[0] = r->p.expect[r->m];
    if (out->ulp_ref)
        out->ulp_ref[0] = r->p.ulp_ref[r->m];
    out->out_count = 1;
    out->global_size = 1;
    out->local_size = 0;
    return out->body ? 0 : -1;
}

static int pass_one_call(ctx *c, reduction *r)
{
    clc_probe cand;
    if (build_one_call(r, &cand) != 0) {
        say(c, "one call: left as it is (the kernel is not a single `out[..] = f(in[..]);` store)");
        return 0;
    }
    name_candidate(&cand, c->orig_id, 0);
    cJSON *rec = NULL;
    int rc = run_batch(c, &cand, 1, &rec);
    if (rc == 0 && same_failure(rec, 0, r->want)) {
        accept(r, &cand, &rec, 0);
        r->m = 0;
        say(c, "one call: rewritten with a one-element output and one value per input; it still fails the same way");
    } else {
        say(c, "one call: the one-element rewrite did not fail the same way (%s); kept the longer form",
            rec ? rec_str(rec, "verdict") : "no record");
    }
    probe_free(&cand);
    cJSON_Delete(rec);
    return rc;
}

/* ---- one probe ---------------------------------------------------------------------- */

/* The elements where rec's actual values differ from the expected ones;
 * for a probe judged in ulp, those beyond the bound, judged as the run did
 * (ulp_element_ok, flushing denormals when the record says the device
 * did). */
static int mismatches(const cJSON *rec, const clc_probe *p, int *bad)
{
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(rec, "actual");
    int ftz = cJSON_IsTrue(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rec, "ulp"), "flush_to_zero"));
    int n = 0;
    for (size_t i = 0; i < p->out_count; i++) {
        const cJSON *a = cJSON_GetArrayItem(act, (int)i);
        uint64_t bits;
        char err[128];
        int parsed = cJSON_IsString(a) && value_parse(p->out_type, a->valuestring, &bits, err, sizeof err) == 0;
        if (p->has_ulp && p->ulp_ref)
            bad[i] = parsed && !ulp_element_ok(p->out_type, &p->ulp_ref[i], p->ulp_bound, ftz, bits, NULL);
        else
            bad[i] = parsed && !value_matches(p->out_type, &p->expect[i], bits);
        n += bad[i];
    }
    return n;
}

static const clc_probe *find_probe(const clc_probe_set *set, const char *id)
{
    for (size_t i = 0; i < set->count; i++)
        if (strcmp(set->items[i].id, id) == 0)
            return &set->items[i];
    return NULL;
}

static void path_part(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; *s && n + 1 < len; s++)
        buf[n++] = (isalnum((unsigned char)*s) || strchr("_.+-", *s)) ? *s : '_';
    buf[n] = '\0';
}

/* Writes the reduced probe, its reproducer and the log. */
static int write_result(ctx *c, const cJSON *report, const clc_probe *orig, size_t orig_m, int not_first,
                        reduction *r, const char *log_text, FILE *err)
{
    char id[300], why[1024], ledger[64] = "";
    if (not_first)
        snprintf(id, sizeof id, "%s.e%zu.reduced", orig->id, orig_m);
    else
        snprintf(id, sizeof id, "%s.reduced", orig->id);
    cJSON *tmp = cJSON_CreateObject();
    if (orig->why)
        cJSON_AddStringToObject(tmp, "why", orig->why);
    group_ledger(tmp, ledger, sizeof ledger);
    cJSON_Delete(tmp);
    if (strncmp(r->want, "error ", 6) == 0)
        snprintf(why, sizeof why,
                 "Reduced by clconform reduce from probe %s (%s:%d), where an OpenCL call failed (%s); the rule is "
                 "the original probe's.%s%s%s",
                 orig->id, orig->file, orig->line, r->want + 6, *ledger ? " [ledger: " : "", ledger,
                 *ledger ? "]" : "");
    else
        snprintf(why, sizeof why,
                 "Reduced by clconform reduce from probe %s (%s:%d), element %zu, which the device got wrong; the "
                 "rule is the original probe's.%s%s%s%s%s",
                 orig->id, orig->file, orig->line, orig_m, *r->call ? " The kernel, its operands as values: " : "",
                 r->call, *ledger ? " [ledger: " : "", ledger, *ledger ? "]" : "");
    free(r->p.id);
    r->p.id = strdup(id);
    free(r->p.why);
    r->p.why = strdup(why);
    const char *cand_id = rec_str(r->rec, "id");
    char *src = reduce_replace_all(rec_str(r->rec, "source"), cand_id, id);
    if (src)
        cJSON_ReplaceItemInObjectCaseSensitive(r->rec, "source", cJSON_CreateString(src));
    free(src);
    cJSON_ReplaceItemInObjectCaseSensitive(r->rec, "id", cJSON_CreateString(id));
    cJSON_ReplaceItemInObjectCaseSensitive(r->rec, "why", cJSON_CreateString(why));
    cJSON *mini = cJSON_CreateObject();
    cJSON_AddNumberToObject(mini, "schema_version", 1);
    cJSON_AddItemToObject(mini, "tool", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(report, "tool"), 1));
    cJSON_AddItemToObject(mini, "platform", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(report, "platform"), 1));
    cJSON_AddItemToObject(mini, "device", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(report, "device"), 1));
    cJSON *probes = cJSON_AddArrayToObject(mini, "probes");
    cJSON_AddItemToArray(probes, cJSON_Duplicate(r->rec, 1));
    int rc = repro_write_all(mini, c->o->out_dir, err) == 1 ? 0 : -1;
    cJSON_Delete(mini);
    char key[256], leaf[320], path[4096];
    path_part(c->dev->key, key, sizeof key);
    path_part(id, leaf, sizeof leaf);
    snprintf(path, sizeof path, "%s/%s/%s/reduced.probe", c->o->out_dir, key, leaf);
    FILE *f = rc == 0 ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "# Reduced by `clconform reduce` on %s; run it with\n#   clconform --device %s --probes %s\n",
                c->dev->key, c->dev->key, path);
        rc = probe_write(f, &r->p);
        rc |= fclose(f);
    } else if (rc == 0) {
        fprintf(err, "%s: %s\n", path, strerror(errno));
        rc = -1;
    }
    snprintf(path, sizeof path, "%s/%s/%s/REDUCTION.txt", c->o->out_dir, key, leaf);
    f = rc == 0 ? fopen(path, "w") : NULL;
    if (f) {
        fputs(log_text, f);
        rc |= fclose(f);
    }
    if (rc == 0 && c->o->log)
        fprintf(c->o->log, "clconform reduce: %s -> %s/%s/%s/ (reduced.probe, repro.c, REDUCTION.txt)\n", orig->id,
                c->o->out_dir, key, leaf);
    return rc;
}

/* Reduces a probe whose verdict was `error`: every element unjudged (the
 * verdict is the failure), each candidate a program of its own, then the
 * work-item and line passes; no sentinel (no element is judged) and no
 * one-call step (that one keeps a judged element). c->log is open; the
 * caller closes it and frees r. */
static int reduce_error(ctx *c, const cJSON *rec, const clc_probe *orig, reduction *r,
                        FILE *err)
{
    if (reduce_error_signature(rec, r->want, sizeof r->want) != 0) {
        fprintf(err, "clconform reduce: %s: the error record names no failed call and code to reduce to\n", orig->id);
        return -1;
    }
    c->batch_max = 1;
    fprintf(c->log, "Reducing %s (%s:%d) on %s.\nThe report: verdict error, %s; reducing to the smallest probe "
                    "that fails with the same call and code, each candidate built alone.\n\n",
            orig->id, orig->file, orig->line, c->dev->key, rec_str(rec, "detail"));
    clc_probe one;
    cJSON *got = NULL;
    if (probe_clone(orig, &one) != 0)
        return -1;
    for (size_t i = 0; i < one.out_count; i++)
        unjudge(&one, i);
    name_candidate(&one, orig->id, 0);
    int ran = run_batch(c, &one, 1, &got);
    if (ran == 0 && same_failure(got, 0, r->want)) {
        accept(r, &one, &got, 0);
        say(c, "alone: built as a program of its own, it still fails with %s", r->want + 6);
    } else {
        say(c, "alone: it does not fail with %s (%s); not reduced", r->want + 6,
            got ? rec_str(got, "verdict") : "no record");
        fprintf(err, "clconform reduce: %s: the error does not reproduce on %s built alone (%s)\n", orig->id,
                c->dev->key, got ? rec_str(got, "verdict") : "no record");
    }
    probe_free(&one);
    cJSON_Delete(got);
    if (!r->rec || pass_work_item(c, r) != 0 || pass_lines(c, r) != 0)
        return -1;
    say(c, "%zu candidate probes ran on the device, in %zu batches", c->candidates, c->batches);
    return 0;
}

static int reduce_one(ctx *c, const cJSON *report, const cJSON *rec, const clc_probe *orig, long element, FILE *err)
{
    reduction r;
    memset(&r, 0, sizeof r);
    r.work_item = -1;
    char *log_text = NULL;
    size_t log_len = 0;
    c->log = open_memstream(&log_text, &log_len);
    int rc = -1;
    if (record_verdict(rec) == CLC_VERDICT_ERROR) {
        rc = reduce_error(c, rec, orig, &r, err);
        if (rc == 0) {
            fclose(c->log);
            c->log = NULL;
            rc = write_result(c, report, orig, 0, 0, &r, log_text, err);
        }
        goto out_error;
    }
    int *bad = calloc(orig->out_count ? orig->out_count : 1, sizeof *bad);
    size_t first = 0;
    int has_first = json_num_index(cJSON_GetObjectItemCaseSensitive(rec, "first_mismatch"), "first_mismatch",
                                   orig->out_count, &first, NULL, 0) == 0;
    const cJSON *act = has_first ? cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(rec, "actual"), (int)first) : NULL;
    if (!bad || !has_first || !cJSON_IsString(act)) {
        fprintf(err, "clconform reduce: %s: the record has no first mismatch to reduce to\n", orig->id);
        goto out;
    }
    int n_bad = mismatches(rec, orig, bad);
    r.m = first;
    if (element >= 0) {
        act = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(rec, "actual"), (int)element);
        if ((size_t)element >= orig->out_count || !bad[element] || !cJSON_IsString(act)) {
            fprintf(err, "clconform reduce: %s: element %ld is not one the device got wrong\n", orig->id, element);
            goto out;
        }
        r.m = (size_t)element;
    }
    size_t orig_m = r.m;
    snprintf(r.want, sizeof r.want, "%s", act->valuestring);
    {
        char exp[256];
        value_format_expect(orig->out_type, &orig->expect[r.m], exp, sizeof exp);
        fprintf(c->log, "Reducing %s (%s:%d) on %s.\nThe report: %d of %zu elements wrong; reducing to element %zu: "
                        "expected %s, got %s.\n\n", orig->id, orig->file, orig->line, c->dev->key, n_bad,
                orig->out_count, r.m, exp, r.want);
    }
    /* Pass 1: focus, and the control. */
    clc_probe two[2];
    cJSON *recs[2] = {NULL, NULL};
    if (probe_clone(orig, &two[0]) != 0 || probe_clone(orig, &two[1]) != 0)
        goto out;
    focus(&two[0], r.m);
    for (size_t i = 0; i < orig->out_count; i++)
        if (bad[i])
            unjudge(&two[1], i);
    name_candidate(&two[0], orig->id, 0);
    name_candidate(&two[1], orig->id, 1);
    int ran = run_batch(c, two, 2, recs);
    if (ran == 0 && same_failure(recs[0], r.m, r.want)) {
        accept(&r, two, recs, 0);
        say(c, "focus: element %zu alone (every other element unjudged) still fails with the same value", r.m);
        const char *cv = recs[1] ? rec_str(recs[1], "verdict") : "no record";
        if (record_verdict(recs[1]) == CLC_VERDICT_PASS)
            say(c, "control: the original with its %d wrong elements unjudged passes: what is removed passes", n_bad);
        else
            say(c, "control: the original with its %d wrong elements unjudged does NOT pass (%s)", n_bad, cv);
    } else {
        say(c, "focus: element %zu alone does not fail the same way (%s); not reduced", r.m,
            recs[0] ? rec_str(recs[0], "verdict") : "no record");
        fprintf(err, "clconform reduce: %s: the failure does not reproduce on %s (%s)\n", orig->id, c->dev->key,
                recs[0] ? rec_str(recs[0], "verdict") : "no record");
    }
    probe_free(&two[0]);
    probe_free(&two[1]);
    free_recs(recs, 2);
    if (!r.rec)
        goto out;
    if (add_sentinel(&r) != 0 || pass_work_item(c, &r) != 0 || pass_lines(c, &r) != 0 || pass_slice(c, &r) != 0 ||
        drop_sentinel(c, &r) != 0 || pass_one_call(c, &r) != 0)
        goto out;
    say(c, "%zu candidate probes ran on the device, in %zu batches", c->candidates, c->batches);
    fclose(c->log);
    c->log = NULL;
    rc = write_result(c, report, orig, orig_m, orig_m != first, &r, log_text, err);
out:
    free(bad);
out_error:
    if (c->log)
        fclose(c->log);
    c->log = NULL;
    free(log_text);
    probe_free(&r.p);
    cJSON_Delete(r.rec);
    return rc;
}

/* ---- entry points ------------------------------------------------------------------- */

int reduce_report(const cJSON *report, const char *const *patterns, const long *elements, size_t n, size_t max,
                  const clc_reduce_opts *o, FILE *err)
{
    const char *key = rec_str(cJSON_GetObjectItemCaseSensitive(report, "device"), "key");
    clc_devlist devs = {0};
    clc_probe_set set = {0};
    int reduced = 0, failed = 0;
    size_t tried = 0;
    enumerate_devices(&devs, 120);
    const clc_devref *dev = NULL;
    for (size_t i = 0; i < devs.count; i++)
        if (strcmp(devs.items[i].key, key) == 0)
            dev = &devs.items[i];
    if (!dev) {
        fprintf(err, "clconform reduce: device %s of the report is not on this machine (see clconform --list)\n", key);
        reduced = -1;
        goto out;
    }
    for (size_t i = 0; i < o->n_probe_paths; i++)
        if (probe_load_path(o->probe_paths[i], &set, err) != 0) {
            reduced = -1;
            goto out;
        }
    const cJSON *rec;
    /* Each (probe, pattern) pair with an element of its own is one
     * reduction; plain patterns reduce a probe once, at its first mismatch. */
    for (size_t pi = 0; pi < (n ? n : 1); pi++)
    cJSON_ArrayForEach(rec, cJSON_GetObjectItemCaseSensitive(report, "probes")) {
        const char *id = rec_str(rec, "id");
        long element = elements ? elements[pi] : -1;
        clc_verdict verdict = record_verdict(rec);
        if ((verdict != CLC_VERDICT_FAIL && verdict != CLC_VERDICT_ERROR) || strcmp(rec_str(rec, "kind"), "run") != 0 ||
            (n && !baseline_matches_any(id, &patterns[pi], 1)))
            continue;
        /* A probe matched by an earlier plain pattern is done already. */
        int earlier = 0;
        for (size_t q = 0; q < pi && element < 0; q++)
            earlier |= (!elements || elements[q] < 0) && baseline_matches_any(id, &patterns[q], 1);
        if (earlier)
            continue;
        if (max && tried == max)
            break;
        tried++;
        const clc_probe *p = find_probe(&set, id);
        if (!p && rec_str(rec, "file")[0]) {
            /* The probe's own file, as the report names it. */
            clc_probe_set one = {0};
            FILE *quiet = fopen("/dev/null", "w");
            if (probe_load_path(rec_str(rec, "file"), &one, quiet ? quiet : err) == 0) {
                for (size_t k = 0; k < one.count; k++) {
                    clc_probe copy;
                    if (strcmp(one.items[k].id, id) == 0 && probe_clone(&one.items[k], &copy) == 0) {
                        if (set.count == set.cap) {
                            size_t cap = set.cap ? set.cap * 2 : 16;
                            clc_probe *ni = realloc(set.items, cap * sizeof *ni);
                            if (!ni) {
                                probe_free(&copy);
                                break;
                            }
                            set.items = ni;
                            set.cap = cap;
                        }
                        set.items[set.count++] = copy;
                    }
                }
            }
            if (quiet)
                fclose(quiet);
            probe_set_free(&one);
            p = find_probe(&set, id);
        }
        if (!p) {
            fprintf(err, "clconform reduce: %s: probe not found (its file %s; give --probes)\n", id,
                    rec_str(rec, "file"));
            failed++;
            continue;
        }
        if (probe_takes_image(p)) {
            /* A reduction ends in a reproducer, which makes buffers only. */
            fprintf(err, "clconform reduce: %s: takes images, which reproducers do not make; not reduced\n", id);
            failed++;
            continue;
        }
        ctx c = {dev, o, NULL, id, 0, 0, 0};
        if (reduce_one(&c, report, rec, p, element, err) == 0)
            reduced++;
        else
            failed++;
    }
    if (tried == 0)
        fprintf(err, "clconform reduce: no failing run probe (verdict fail or error) of %s matches\n", key);
out:
    probe_set_free(&set);
    enumerate_free(&devs);
    return reduced < 0 ? -1 : (failed && !reduced ? -1 : reduced);
}

static int reduce_usage(FILE *f)
{
    fputs("usage: clconform reduce REPORT.json --filter ID... [--out DIR] [--probes PATH]... [--timeout S]\n"
          "  Shrinks each failing `run` probe of the report whose id matches to the smallest\n"
          "  probe that still fails the same way on the report's device (on this machine): the\n"
          "  same wrong value in the same element (verdict fail), or the same OpenCL call failing\n"
          "  with the same code (verdict error, each candidate built alone); and\n"
          "  writes DIR/<device-key>/<id>.reduced/{reduced.probe,repro.c,kernel.cl,README.txt,REDUCTION.txt}.\n"
          "  --out DIR      where to write (default: reduced)\n"
          "  --filter GLOB  which probes (repeatable; required)\n"
          "  --probes PATH  where the probes are, when not at the path the report names\n"
          "  --timeout S    per-candidate watchdog (default 10)\n", f);
    return 2;
}

int reduce_main(int argc, char **argv)
{
    const char *report_path = NULL, *filters[64], *paths[64];
    size_t n_filters = 0, n_paths = 0;
    clc_reduce_opts o = {"reduced", paths, 0, 10, stderr};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (!strcmp(a, "--filter") && has && n_filters < 64)
            filters[n_filters++] = argv[++i];
        else if (!strcmp(a, "--out") && has)
            o.out_dir = argv[++i];
        else if (!strcmp(a, "--probes") && has && n_paths < 64)
            paths[n_paths++] = argv[++i];
        else if (!strcmp(a, "--timeout") && has) {
            if (arg_seconds("clconform reduce", a, argv[++i], &o.timeout_s, stderr) != 0)
                return 2;
        }
        else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return reduce_usage(stdout) & 0;
        else if (a[0] != '-' && !report_path)
            report_path = a;
        else {
            fprintf(stderr, "clconform reduce: unexpected argument '%s'\n", a);
            return reduce_usage(stderr);
        }
    }
    o.n_probe_paths = n_paths;
    if (!report_path || n_filters == 0 || !(o.timeout_s > 0))
        return reduce_usage(stderr);
    cJSON *report = report_load_json(report_path, stderr);
    if (!report)
        return 2;
    if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(report, "probes"))) {
        fprintf(stderr, "%s: not a device report (no \"probes\")\n", report_path);
        cJSON_Delete(report);
        return 2;
    }
    int n = reduce_report(report, filters, NULL, n_filters, 0, &o, stderr);
    cJSON_Delete(report);
    return n > 0 ? 0 : n == 0 ? 1 : 3;
}
