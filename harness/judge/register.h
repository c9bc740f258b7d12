/* The register (expected/): per reference driver, the failures someone
 * triaged by reading the spec sentence they break. Format in
 * docs/register-format.md. Loaded into a JSON document so that --baseline
 * takes a register where it takes a report; compared with a device report
 * it gives baseline_compare's result: new failures as "regressions", new
 * passes as "fixes", stale entries as "removed". No OpenCL here. */
#ifndef CLC_REGISTER_H
#define CLC_REGISTER_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "verdict.h"

/* 1 when the file's text is a register rather than JSON: it begins (after
 * blanks) with a '#' comment or a driver line. */
int register_text_is_register(const char *text);

/* Parses a register's text (path names it in errors) into
 *   {"register": {"path": P, "driver": [{"field", "contains"}...],
 *                 "entries": [{"glob", "verdicts": [..], "clause" (the heading), "reason", "line",
 *                              "values": ["E -> G"...], "kinds": [CLASS...] (its `deviation` lines),
 *                              "fuzz": [signature...] (when it has `fuzz` lines),
 *                              "context": CALL (when it has a `context` line)}...]}}
 * or prints "path:line: reason" to err for the first malformed line and
 * returns NULL. */
cJSON *register_parse(const char *text, const char *path, FILE *err);

/* Loads and parses the register at path; NULL after saying why. */
cJSON *register_load(const char *path, FILE *err);

/* 1 when doc is a register document (register_parse's). */
int register_is(const cJSON *doc);

/* 1 when every "driver" line of the register holds for report's platform
 * and device (field value contains the text). */
int register_describes(const cJSON *doc, const cJSON *report);

/* The first entry whose glob matches id, or NULL. */
const cJSON *register_entry_for(const cJSON *doc, const char *id);

/* 1 when the entry allows verdict v (pass also where it has a `context`
 * line). */
int register_entry_allows(const cJSON *entry, clc_verdict v);

/* The globs of the entries with a `context` line (their probes run alone
 * in every run, alone_plan.h), at most max, into globs (pointers into
 * doc). Returns how many. */
size_t register_context_globs(const cJSON *doc, const char **globs, size_t max);

/* An entry that allows pass matches at most this many passing probes of a
 * report: a wider glob would read a new wrong value in any of them as known. */
#define REGISTER_MAX_PASSING 8

/* Compares report with the register, in baseline_compare's shape, plus
 * "register": path, "known": {id: "GLOB \"HEADING\": REASON"} for each failure
 * the register explains (its verdict allowed, its deviation named:
 * register_dev.h), "changed_deviation": [ids] of registered failures whose
 * deviation is not their entry's (also in "regressions"), and "stale":
 * [entry lines] (also in "removed"): entries that matched probes of this run
 * but none with a verdict they allow (an entry allowing pass is not stale for
 * passing). A register that does not describe the device gives a result
 * with "not_described": true and nothing compared. NULL, after saying why
 * on err, when an entry that allows pass matches more than
 * REGISTER_MAX_PASSING passing probes. */
cJSON *register_compare(const cJSON *report, const cJSON *doc, const char *name, FILE *err);

/* 1 when heading ("OpenCL C: Math Functions") is a line of
 * docs/unified-spec-headings.txt, the clause an entry cites. */
int register_heading_known(const char *heading);

/* 1 when a '[' of glob pat is never closed: fnmatch would then match
 * nothing, silently (the register's and the baseline pattern files' check). */
int register_glob_unclosed(const char *pat);

#endif
