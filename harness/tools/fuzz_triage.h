/* The triage of `clconform fuzz`'s deviations: each is reduced by
 * `clconform reduce` (this binary, a child process per deviation, at most
 * so many per device), its reduced program matched against the `fuzz`
 * signatures of the register describing its device (fuzz_known.h), and the
 * run's summary lists the known ones under their register entries and the
 * new ones with their reduced probes. */
#ifndef CLC_FUZZ_TRIAGE_H
#define CLC_FUZZ_TRIAGE_H

#include <limits.h>
#include <stdio.h>
#include <cjson/cJSON.h>

typedef struct {
    char id[48], key[200], verdict[24];
    char report[PATH_MAX];      /* the batch's device report */
    char probes[PATH_MAX];      /* the batch's probe file */
    char reduced[PATH_MAX];     /* the reduced probe; "" when not reduced */
    char *entry;                /* the register entry that explains it ("GLOB: REASON"); NULL: new */
    char *hint;                 /* unreduced, the entry whose signatures its whole program matches; NULL: none */
} fuzz_dev;

typedef struct {
    fuzz_dev *v;
    size_t n, cap;
} fuzz_devs;

/* Appends a copy of *d; -1 when out of memory. */
int fuzz_devs_add(fuzz_devs *list, const fuzz_dev *d);
void fuzz_devs_free(fuzz_devs *list);

typedef struct {
    const char *out;            /* the run's folder: reductions go to OUT/reduced */
    const char *registers;      /* folder of registers (expected/); NULL: none */
    int reduce_max;             /* reductions per device (0: none, so nothing is matched) */
    const char *timeout;        /* per-candidate watchdog of the reducer, seconds; NULL: its default */
} fuzz_triage_opts;

/* Reduces and matches every deviation of list, then writes the summary to
 * f. Deviations whose whole program matches no signature of their device's
 * register are reduced first (they are the likely new bugs); one that is
 * not reduced keeps as a hint the entry its whole program matches, which the
 * summary shows as unconfirmed. Returns how many deviations are not known (new or not reduced), or -1
 * when a register is malformed. */
long fuzz_triage(fuzz_devs *list, const fuzz_triage_opts *o, FILE *f);

/* Writes the summary of an already triaged list to f (a line per device,
 * the known grouped under their entries, then the new). */
void fuzz_triage_summary(const fuzz_devs *list, FILE *f);

#endif
