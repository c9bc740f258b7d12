/* Remembered hangs and run crashes of a driver version: see lost_memo.h. */
#include "lost_memo.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crash_memo.h"
#include "devinfo.h"
#include "id_map.h"
#include "proc.h"
#include "record.h"

int lost_memo_remembers_crash(const clc_probe *p)
{
    return p->kind != CLC_KIND_MEASURE && (p->source || p->undefined || p->alone);
}

/* What one line says: LOST_HANG, a signal, or LOST_NONE for a damaged
 * line (a damaged line only costs speed: ignored). Cuts the id at its tab. */
static int parse_line(char *line)
{
    char *tab = strchr(line, '\t');
    if (!tab)
        return LOST_HANG;
    *tab = '\0';
    if (strncmp(tab + 1, "crash\t", 6) != 0)
        return LOST_NONE;
    char *end;
    long sig = strtol(tab + 7, &end, 10);
    return end != tab + 7 && *end == '\0' && sig > 0 && sig < 128 ? (int)sig : LOST_NONE;
}

size_t lost_memo_load(const char *path, const clc_probe_set *set, const size_t *todo, size_t n, const cJSON *device,
                      int *lost)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    clc_id_map *mine = id_map_new(n);
    for (size_t k = 0; mine && k < n; k++)
        id_map_put(mine, set->items[todo[k]].id, (void *)(uintptr_t)(todo[k] + 1));
    size_t found = 0;
    char line[1200], why[256];
    while (mine && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        int what = parse_line(line);
        size_t i = (size_t)(uintptr_t)id_map_get(mine, line);
        if (what == LOST_NONE || i-- == 0)
            continue;
        const clc_probe *p = &set->items[i];
        /* Requirements first: a probe this device would skip now is
         * skipped (by the worker), not reported as what it once did. */
        if (p->kind == CLC_KIND_MEASURE ||
            (device && devinfo_unmet_requirement(device, p->requires, p->n_requires, why, sizeof why)))
            continue;
        found += lost[i] == LOST_NONE;
        lost[i] = what;
    }
    id_map_free(mine);
    fclose(f);
    return found;
}

void lost_memo_add_crash(const char *path, const char *probe_id, int sig)
{
    char line[700];
    int m = snprintf(line, sizeof line, "%s\tcrash\t%d\n", probe_id, sig);
    if (m > 0 && (size_t)m < sizeof line)
        crash_memo_append(path, line, (size_t)m);
}

void lost_memo_record(const clc_probe *p, int lost, clc_record *rec)
{
    record_start(rec, p);
    if (lost == LOST_HANG) {
        record_set_verdict(rec, CLC_VERDICT_TIMEOUT,
                           "hung in an earlier run of this driver version (a kernel that outlived its watchdog "
                           "twice, the second time alone, or a build alone that did): remembered, not run again; "
                           "--no-cache runs it");
    } else {
        const char *name = proc_signal_name_of(lost);
        char sig[32], detail[400];
        if (name)
            snprintf(sig, sizeof sig, "%s", name);
        else
            snprintf(sig, sizeof sig, "%d", lost);
        snprintf(detail, sizeof detail,
                 "the worker died while running this probe: signal %s, in an earlier run of this driver version "
                 "(%s): remembered, not run again; --no-cache runs it",
                 sig, p->alone ? "a kernel of its own" : "built alone");
        record_set_verdict(rec, CLC_VERDICT_CRASH, detail);
        record_set_text(rec, REC_SIGNAL, sig);
    }
    record_set_remembered(rec);
    record_add_repro(rec, p, NULL);
    record_settle_undefined(p, rec);
}
