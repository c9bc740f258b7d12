/* Build logs stored once per report. Many probes share a program, and a
 * driver's log can be large (PoCL 3.1 prints 229 KB of ABI warnings for one
 * program): copying it into each record made a report of 32 MB. So a report
 * keeps each distinct log once, under "build_logs": {"L0": "...", ...}, and
 * a record names its log as "build_log_ref": "L0" (docs/report-schema.md).
 * Records that still carry "build_log" (older reports) are read as before. */
#ifndef CLC_BUILD_LOGS_H
#define CLC_BUILD_LOGS_H

#include <cjson/cJSON.h>

/* Moves every record's "build_log" of doc["probes"] into doc["build_logs"],
 * one entry per distinct text, leaving "build_log_ref" in the record. */
void build_logs_pool(cJSON *doc);

/* The reverse: every "build_log_ref" of doc's records becomes the log
 * itself, and doc["build_logs"] goes (for joining records of several
 * reports, whose references would collide). */
void build_logs_inline(cJSON *doc);

/* The build log of rec in report doc (inline or by reference), or NULL.
 * doc may be NULL: then only an inline log is found. */
const char *build_logs_of(const cJSON *doc, const cJSON *rec);

/* The log a record refers to, from a report's "build_logs" object (may be
 * NULL), or its inline log; NULL when neither. */
const char *build_logs_lookup(const cJSON *logs, const cJSON *rec);

#endif
