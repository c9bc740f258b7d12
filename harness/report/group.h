/* Failures grouped by rule: a deterministic key per failing probe record,
 * so 92 failures of one rule read as one row. The key is
 *   family "|" clause "|" ledger "|" deviation
 * family: the id up to its first '.'; clause: the record's clause, the
 * heading of the unified spec it checks ("OpenCL C: Math Functions"); ledger:
 * the NAME of the first "[ledger: NAME]" in the probe's `why` (an entry of
 * docs/spec-readings.md), empty if none; deviation: what the values did
 * wrong, from expected against actual (see group_deviation). Everything is
 * computed from the report document, so it works on reports from any
 * machine and any version that wrote expected, actual and out_type. */
#ifndef CLC_GROUP_H
#define CLC_GROUP_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#define GROUP_MAX_KEYS 8     /* most groups one probe belongs to */
#define GROUP_DEV_LEN 160
#define GROUP_KEY_LEN 512

/* The deviations of one record, sorted, into out (at most max): for `fail`,
 * each kind of wrong value among its failing elements, and those only (an
 * ulp-judged record: the elements its judge listed beyond the bound), e.g.
 * "one less (rounded down) in _rtp" (a conversion), "0 instead of the
 * value", "the type's minimum from NaN in _sat", "NaN where a number is
 * required", "infinity where a finite value is required", "the sign of a
 * zero: +0 for -0", "denormal flushed to zero", "another element's value
 * (wrong lane)", "k ulp off" with k bucketed (1, 2, 3-4, 5-16, 17-256,
 * 257-65536, over 65536) (past max kinds, the last becomes "other values"); for the other unexpected verdicts one, naming the
 * verdict and what it says ("crash SIGSEGV", "error in clBuildProgram
 * CL_OUT_OF_RESOURCES", "does not build"). A probe failing in two ways is
 * in two groups. Returns how many. */
size_t group_deviations(const cJSON *rec, char out[][GROUP_DEV_LEN], size_t max);

/* The start of every class of a zero of the wrong sign ("the sign of a
 * zero: -0 for +0"): a difference the CTS's ulp measure does not see. */
#define GROUP_SIGN_OF_ZERO "the sign of a zero"

/* 1 when rec is a `fail` whose failing elements all differ from the
 * expected value only in the sign of a zero. */
int group_sign_of_zero_only(const cJSON *rec);

/* How many records of n reports group_sign_of_zero_only holds for. */
size_t group_count_sign_of_zero(const cJSON *const *reports, size_t n);

/* The first element of a `fail` record whose deviation is `deviation` (one
 * of group_deviations'), or -1: the element a reducer should keep to
 * reproduce that rule's failure. */
long group_element(const cJSON *rec, const char *deviation);

/* The ledger entry that rec's `why` cites, into buf ("" if none). */
const char *group_ledger(const cJSON *rec, char *buf, size_t len);

/* Sets rec's "groups" (its key strings) when its verdict is unexpected,
 * and removes it otherwise. */
void group_annotate_record(cJSON *rec);

/* Annotates every record of report and sets summary.groups (see
 * group_collect; without "devices"). report must have a summary. */
void group_annotate_report(cJSON *report);

/* The groups of n reports: an array of {key, family, clause, ledger,
 * deviation, count, devices: [device keys], probes: [{id, device}]}, the
 * largest first, ties by key. Records without "groups" get theirs computed
 * (reports from before grouping). Caller deletes. */
cJSON *group_collect(const cJSON *const *reports, size_t n);

/* The end-of-run console summary: one line per group (at most max_rows,
 * then how many more), with its count and devices. Nothing when no group. */
void group_print_console(FILE *f, const cJSON *const *reports, size_t n, size_t max_rows);

#endif
