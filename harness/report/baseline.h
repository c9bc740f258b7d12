/* Comparing a run with an earlier report of the same device: regressions,
 * fixes, new and removed probes; flaky and skipped patterns. */
#ifndef CLC_BASELINE_H
#define CLC_BASELINE_H

#include <stdio.h>
#include <cjson/cJSON.h>

typedef struct {
    const char *const *flakes;   /* glob patterns of known-flaky probe ids */
    size_t n_flakes;
    const char *const *skips;    /* glob patterns of probe ids to ignore */
    size_t n_skips;
} clc_baseline_opts;

/* Classifies every probe of report against baseline (same device: same
 * device.key, else returns NULL after printing why to err). Returns a new
 * object the caller frees:
 *   {"baseline": "<file>", "regressions": [ids], "fixes": [ids], "new": [ids],
 *    "removed": [ids], "unchanged": N, "flaky": [ids], "ignored": [ids]}
 * A probe is "good" when its verdict is pass, info or skip. Regressions of
 * ids matching opts->flakes go to "flaky" instead; ids matching opts->skips
 * go to "ignored" only. Also present: "device": key, and "changes":
 * [{"id", "class", "before", "now"}] for every regression, fix and flaky
 * entry, for printing. When report's run.complete is false, baseline probes
 * it lacks are not "removed" but counted in "not_run": N. opts may be NULL. */
cJSON *baseline_compare(const cJSON *report, const cJSON *baseline, const char *baseline_name,
                        const clc_baseline_opts *opts, FILE *err);

/* Loads a JSON file (a device report, or a whole-run index listing reports),
 * or a register of expected/ (register.h: a file that is not JSON), which
 * baseline_find_device and baseline_compare then take for any device: the
 * devices its driver lines describe are compared with it (new failures are
 * regressions, new passes fixes, stale entries "removed"), the others not.
 * Returns NULL after printing "path: reason" (or "path:line: reason") to err. */
cJSON *baseline_load(const char *path, FILE *err);

/* From a baseline document (one report, or {"reports":[...]}), the report of
 * the device with this key, or NULL. Borrowed pointer. */
const cJSON *baseline_find_device(const cJSON *baseline, const char *key);

/* Reads a pattern file for --flakes/--skips: one glob (fnmatch syntax) per
 * line; blank lines and '#' comments (whole-line, or after a blank:
 * "id.* # reason") are ignored. On success returns 0 and *out holds *n
 * strings the caller frees with baseline_free_patterns. On a malformed line
 * (whitespace inside a pattern, unclosed '[') prints "path:line: reason" to
 * err and returns -1 with *out NULL. */
int baseline_read_patterns(const char *path, char ***out, size_t *n, FILE *err);

/* Frees what baseline_read_patterns returned. */
void baseline_free_patterns(char **patterns, size_t n);

/* 1 when id matches one of the n glob patterns (fnmatch, no flags). */
int baseline_matches_any(const char *id, const char *const *patterns, size_t n);

#endif
