/* The device report document (docs/report-schema.md): assembling it and
 * writing it to disk. */
#ifndef CLC_REPORT_JSON_H
#define CLC_REPORT_JSON_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "claims.h"
#include "enumerate.h"
#include "id_map.h"
#include "probe.h"
#include "supervise.h"

typedef struct {
    const char *started;        /* ISO 8601 UTC */
    int argc;
    char **argv;
    double timeout_s;
    int isolate;
    size_t shard_index, shard_total; /* 0: not a shard; else run.shard {index, total, suite_probes} */
    size_t suite_probes;             /* probes selected before sharding */
    const clc_claim_table *claims;   /* what each claim is probed by (probes/claims.txt); NULL: none */
} clc_report_meta;

/* The report of one device run: run, platform, device, summary, and the
 * records of todo in suite order. The records are moved from run->recs
 * into the report (their slots become NULL): copying 6,000 of them was a
 * third of the report's making. Caller deletes. */
cJSON *report_build(const clc_report_meta *meta, const clc_devref *dev, const clc_probe_set *set,
                    const size_t *todo, size_t n_todo, clc_device_run *run);

/* Says in "run" which slice of the judged probes also ran alone
 * (alone_plan.h): "alone": "K/N", "all" (n 1) or "none" (n 0). */
void report_set_alone_slice(cJSON *doc, unsigned k, unsigned n);

/* The record of probe id in report, or NULL. Borrowed. */
const cJSON *report_find_probe(const cJSON *report, const char *id);

/* Every record of a report by its id (the first of a repeated id), for
 * looking many up: the records are the report's own, the keys their ids.
 * NULL when out of memory. Free with id_map_free. */
clc_id_map *report_probe_map(const cJSON *report);

/* (Re)computes "summary" from "probes": counts per verdict and per family
 * (the id up to its first '.'), and the litmus family's kill rate
 * ("litmus_power", litmus_power.h) where a litmus probe ran. */
void report_summarize(cJSON *report);

/* Writes JSON to path through a temporary file and rename, so a reader never
 * sees half a report. Returns 0, or -1 after printing "path: reason". */
int report_write_json(const cJSON *doc, const char *path, FILE *err);

/* Writes a device report as report_write_json does, in the file's form
 * (schema_version 2, docs/report-schema.md): repeated large arrays pooled
 * (report_arrays.h), passing and skipped records without "why" and
 * "spec", times to the
 * microsecond, one record a line. doc itself is left as it is. */
int report_write_device_json(const cJSON *doc, const char *path, FILE *err);

/* The same file, made from doc itself: doc is left in the file's form
 * (slimmed, arrays pooled). For a caller done with the full document: the
 * copy of a 6,000-record report was a third of the time a device process
 * spent writing it. */
int report_write_device_json_consuming(cJSON *doc, const char *path, FILE *err);

#endif
