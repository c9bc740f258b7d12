/* Reducing and matching fuzz deviations (see fuzz_triage.h). */
#include "fuzz_triage.h"

#include <ctype.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_known.h"
#include "json_file.h"
#include "report_arrays.h"
#include "probe.h"
#include "probe_load.h"
#include "proc.h"

int fuzz_devs_add(fuzz_devs *list, const fuzz_dev *d)
{
    if (list->n == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 16;
        fuzz_dev *v = realloc(list->v, cap * sizeof *v);
        if (!v)
            return -1;
        list->v = v;
        list->cap = cap;
    }
    list->v[list->n++] = *d;
    return 0;
}

void fuzz_devs_free(fuzz_devs *list)
{
    for (size_t i = 0; i < list->n; i++) {
        free(list->v[i].entry);
        free(list->v[i].hint);
    }
    free(list->v);
    list->v = NULL;
    list->n = list->cap = 0;
}

/* The reducer's folder name for s (reduce.c's path_part). */
static void path_part(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; *s && n + 1 < len; s++)
        buf[n++] = (isalnum((unsigned char)*s) || strchr("_.+-", *s)) ? *s : '_';
    buf[n] = '\0';
}

/* Runs `clconform reduce` on one deviation, its output to a log beside the
 * result; 0 when reduced.probe was written. */
static int reduce_one(const fuzz_triage_opts *o, fuzz_dev *d)
{
    char dir[PATH_MAX], log[2 * PATH_MAX], key[200], leaf[80];
    snprintf(dir, sizeof dir, "%s/reduced", o->out);
    path_part(d->key, key, sizeof key);
    path_part(d->id, leaf, sizeof leaf);
    snprintf(log, sizeof log, "%s/%s.%s.log", dir, key, d->id);
    const char *argv[16];
    int n = 0;
    argv[n++] = "/proc/self/exe";
    argv[n++] = "reduce";
    argv[n++] = d->report;
    argv[n++] = "--filter";
    argv[n++] = d->id;
    argv[n++] = "--probes";
    argv[n++] = d->probes;
    argv[n++] = "--out";
    argv[n++] = dir;
    if (o->timeout) {
        argv[n++] = "--timeout";
        argv[n++] = o->timeout;
    }
    argv[n] = NULL;
    if ((mkdir(dir, 0777) != 0 && access(dir, W_OK) != 0) || proc_run_self(argv, log) != 0)
        return -1;
    if (snprintf(d->reduced, sizeof d->reduced, "%s/%s/%s.reduced/reduced.probe", dir, key, leaf) >=
            (int)sizeof d->reduced ||
        access(d->reduced, R_OK) != 0) {
        d->reduced[0] = '\0';
        return -1;
    }
    return 0;
}

/* The entry of the register of d's device whose signatures the probe at
 * path matches, as "GLOB (REGISTER): REASON"; NULL when none. */
static char *match_path(const cJSON *regs, const fuzz_dev *d, const char *path)
{
    cJSON *report = report_load_json(d->report, stderr);
    const cJSON *doc = report ? fuzz_known_register_for(regs, report) : NULL;
    clc_probe_set set = {0};
    char *found = NULL;
    if (doc && probe_load_path(path, &set, stderr) == 0 && set.count == 1) {
        char *text = fuzz_known_text(set.items[0].prelude, set.items[0].body);
        const cJSON *e = text ? fuzz_known_match(doc, text, d->verdict) : NULL;
        if (e) {
            const char *g = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "glob"));
            const char *r = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "reason"));
            const char *rp = cJSON_GetStringValue(
                cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "register"), "path"));
            const char *base = rp && strrchr(rp, '/') ? strrchr(rp, '/') + 1 : rp ? rp : "";
            size_t len = strlen(g) + strlen(r) + strlen(base) + 8;
            found = malloc(len);
            if (found)
                snprintf(found, len, "%s (%s): %s", g, base, r);
        }
        free(text);
    }
    probe_set_free(&set);
    cJSON_Delete(report);
    return found;
}

long fuzz_triage(fuzz_devs *list, const fuzz_triage_opts *o, FILE *f)
{
    cJSON *regs = fuzz_known_load(o->registers, stderr);
    if (!regs)
        return -1;
    /* Hints first: the deviation's whole program (OUT/deviations/KEY/ID.probe). */
    for (size_t i = 0; i < list->n; i++) {
        char path[2 * PATH_MAX];
        snprintf(path, sizeof path, "%s/deviations/%s/%s.probe", o->out, list->v[i].key, list->v[i].id);
        list->v[i].hint = match_path(regs, &list->v[i], path);
    }
    /* Reduce those without a hint first, then the others, up to the cap. */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < list->n; i++) {
            fuzz_dev *d = &list->v[i];
            if ((d->hint != NULL) != pass)
                continue;
            int done = 0;
            for (size_t j = 0; j < list->n; j++)
                done += !strcmp(list->v[j].key, d->key) && list->v[j].reduced[0];
            if (done >= o->reduce_max)
                continue;
            printf("clconform fuzz: reducing %s on %s\n", d->id, d->key);
            if (reduce_one(o, d) == 0)
                d->entry = match_path(regs, d, d->reduced);
        }
    long unknown = 0;
    for (size_t i = 0; i < list->n; i++)
        unknown += list->v[i].entry == NULL;
    cJSON_Delete(regs);
    fuzz_triage_summary(list, f);
    return unknown;
}

void fuzz_triage_summary(const fuzz_devs *list, FILE *f)
{
    if (list->n == 0)
        fprintf(f, "no deviations\n");
    for (size_t i = 0; i < list->n; i++) {
        const char *key = list->v[i].key;
        int first = 1;
        for (size_t j = 0; j < i && first; j++)
            first = strcmp(list->v[j].key, key) != 0;
        if (!first)
            continue;
        size_t n = 0, known = 0, fresh = 0;
        for (size_t j = i; j < list->n; j++)
            if (!strcmp(list->v[j].key, key)) {
                n++;
                known += list->v[j].entry != NULL;
                fresh += !list->v[j].entry && list->v[j].reduced[0];
            }
        size_t hinted = 0;
        for (size_t j = i; j < list->n; j++)
            hinted += !strcmp(list->v[j].key, key) && !list->v[j].entry && !list->v[j].reduced[0] && list->v[j].hint;
        fprintf(f, "%s: %zu deviation%s: %zu known, %zu new, %zu not reduced (%zu of them matching a known entry "
                   "unreduced)\n",
                key, n, n == 1 ? "" : "s", known, fresh, n - known - fresh, hinted);
        /* The known, grouped under their entries, in order of first appearance. */
        for (size_t j = i; j < list->n; j++) {
            const fuzz_dev *d = &list->v[j];
            if (strcmp(d->key, key) || !d->entry)
                continue;
            int seen = 0;
            for (size_t k = i; k < j && !seen; k++)
                seen = !strcmp(list->v[k].key, key) && list->v[k].entry && !strcmp(list->v[k].entry, d->entry);
            if (seen)
                continue;
            fprintf(f, "  known: %s\n", d->entry);
            for (size_t k = j; k < list->n; k++)
                if (!strcmp(list->v[k].key, key) && list->v[k].entry && !strcmp(list->v[k].entry, d->entry))
                    fprintf(f, "    %s %s -> %s\n", list->v[k].id, list->v[k].verdict, list->v[k].reduced);
        }
        for (size_t j = i; j < list->n; j++) {
            const fuzz_dev *d = &list->v[j];
            if (!strcmp(d->key, key) && !d->entry && d->reduced[0])
                fprintf(f, "  new: %s %s -> %s\n", d->id, d->verdict, d->reduced);
        }
        /* Not reduced: grouped by the entry their whole program matches. */
        for (size_t j = i; j < list->n; j++) {
            const fuzz_dev *d = &list->v[j];
            if (strcmp(d->key, key) || d->entry || d->reduced[0])
                continue;
            int seen = 0;
            for (size_t k = i; k < j && !seen; k++) {
                const fuzz_dev *e = &list->v[k];
                seen = !strcmp(e->key, key) && !e->entry && !e->reduced[0] &&
                       ((!e->hint && !d->hint) || (e->hint && d->hint && !strcmp(e->hint, d->hint)));
            }
            if (seen)
                continue;
            fprintf(f, "  not reduced%s%s:", d->hint ? ", unreduced matching " : ", unclassified",
                    d->hint ? d->hint : "");
            for (size_t k = j; k < list->n; k++) {
                const fuzz_dev *e = &list->v[k];
                if (!strcmp(e->key, key) && !e->entry && !e->reduced[0] &&
                    ((!e->hint && !d->hint) || (e->hint && d->hint && !strcmp(e->hint, d->hint))))
                    fprintf(f, "\n    %s %s", e->id, e->verdict);
            }
            fprintf(f, "\n");
        }
    }
}
