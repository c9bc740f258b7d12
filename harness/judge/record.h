/* Probe records: what happened to one probe (docs/report-schema.md), built
 * from the probe and its run. A record travels inside the harness as a
 * clc_record; it becomes the JSON object of a report (record_to_json) and
 * is read back (record_from_json) only where it leaves or enters a process
 * or a file: the worker's and the supervisors' pipes, the report document,
 * the measurement memo (docs/architecture.md, "A record inside the
 * harness"). No OpenCL here: the worker and the supervisor both make
 * records. */
#ifndef CLC_RECORD_H
#define CLC_RECORD_H

#include <cjson/cJSON.h>

#include "probe.h"
#include "verdict.h"

/* The fields of a record the harness reads or decides on, typed. Every
 * other field is only carried to the report, and stays JSON in payload:
 * the values (actual, expected), the reproducer (source, kernel, global,
 * local, offset, inputs, out_type, out_count), the ulp judge's object, a
 * measurement's object and its "cached", build logs, driver_stderr and the
 * failure groups. */
typedef enum {
    REC_ID, REC_CLAUSE, REC_SPEC, REC_KIND, REC_VERDICT, REC_FILE, REC_LINE,
    REC_TIME_MS, REC_BUILD_MS, REC_BATCH_SIZE, REC_WHY, REC_OPTIONS, REC_CHECKS,
    REC_DETAIL, REC_FIRST_MISMATCH, REC_MISMATCHES, REC_OUTCOME, REC_UNDEFINED,
    REC_SIGNAL, REC_REMEMBERED, REC_ERROR, REC_CONTEXT,
    REC_FIELD_COUNT,
    REC_PAYLOAD = REC_FIELD_COUNT /* a key of payload */
} clc_record_field;

/* A failed OpenCL call ("error": {call, code, name}). */
typedef struct {
    char *call;
    int code;
    char *name;
} clc_record_error;

/* Where a deviation of a probe run batched and alone showed (context_fold.h). */
typedef enum { CLC_SHOWN_NONE, CLC_SHOWN_ALONE, CLC_SHOWN_BATCHED, CLC_SHOWN_BOTH } clc_shown;

/* The context fold's object ("context", context_fold.h): the copy alone's
 * verdict, whether the two runs are one outcome, and where they differ. In
 * the report its keys come in this order, those absent left out. */
typedef struct {
    clc_verdict alone;
    int same;
    int has_batched;       /* "batched": the batched run's verdict (shown alone) */
    clc_verdict batched;
    clc_shown shown;       /* CLC_SHOWN_NONE: no "shown" key (the same outcome) */
    cJSON *alone_actual;   /* the values alone (owned; NULL: absent) */
    char *alone_detail;    /* the one-line reason alone (owned; NULL: absent) */
} clc_record_context;

/* One key of the record's JSON object, in order (see record_to_json). */
typedef struct {
    clc_record_field field; /* REC_PAYLOAD: name is a key of payload */
    char *name;             /* owned; NULL for a typed field */
} clc_record_key;

typedef struct clc_record {
    char *id, *clause, *spec;  /* identity: owned strings, NULL when absent */
    clc_kind kind;
    clc_verdict verdict;
    char *file;
    long line;
    double time_ms, build_ms;  /* enqueue to read-back; the program's build */
    long batch_size;           /* probes in that program */
    char *why, *options;
    long checks;               /* values compared (kind run) */
    char *detail;              /* the one-line reason */
    long first_mismatch, mismatches;
    char *outcome, *undefined; /* an undefined operation's original verdict and reason */
    char *signal;              /* a crash's signal */
    int remembered;            /* a timeout or crash taken from an earlier run */
    clc_record_error error;
    clc_record_context context;
    cJSON *payload;            /* every other field, owned; NULL when none */
    clc_record_key *keys;      /* the fields present, in the order they are written */
    size_t n_keys, cap_keys;
} clc_record;

/* An empty record: no field present. */
void record_init(clc_record *r);
/* Frees what r owns and leaves it empty (record_init). */
void record_clear(clc_record *r);

/* The field's key in the report ("time_ms", ...). */
const char *record_field_name(clc_record_field f);
/* Is the field present (written by record_to_json)? */
int record_has(const clc_record *r, clc_record_field f);
/* Sets a string field (REC_ID, REC_CLAUSE, REC_SPEC, REC_FILE, REC_WHY,
 * REC_OPTIONS, REC_DETAIL, REC_OUTCOME, REC_UNDEFINED, REC_SIGNAL) to a copy
 * of value (NULL: ""), bytes outside UTF-8 replaced by '?'. A field already
 * present keeps its place among the keys; a new one comes last. */
void record_set_text(clc_record *r, clc_record_field f, const char *value);
/* Sets a count field (REC_LINE, REC_BATCH_SIZE, REC_CHECKS,
 * REC_FIRST_MISMATCH, REC_MISMATCHES); its place as record_set_text. */
void record_set_count(clc_record *r, clc_record_field f, long value);
/* Sets REC_TIME_MS or REC_BUILD_MS; its place as record_set_text. */
void record_set_ms(clc_record *r, clc_record_field f, double ms);
/* A field whose member was assigned directly is present: it keeps its
 * place, or comes last when new. */
void record_mark(clc_record *r, clc_record_field f);
/* Sets REC_KIND; its place as record_set_text. */
void record_set_kind(clc_record *r, clc_kind k);
/* Sets REC_CONTEXT to *c (taking what it owns), after the fields there:
 * an earlier context is removed, not replaced in its place. */
void record_set_context(clc_record *r, const clc_record_context *c);
/* Sets REC_REMEMBERED to true; its place as record_set_text. */
void record_set_remembered(clc_record *r);
/* Moves a present field to the end of the keys (a field deleted and set
 * again comes last in the report). */
void record_move_last(clc_record *r, clc_record_field f);
/* Removes a field (its value freed). */
void record_drop(clc_record *r, clc_record_field f);

/* Payload fields, by key (never the key of a typed field). record_put sets
 * (replaces) key to item, keeping its place; record_put_last removes key
 * first, so that it comes last. Both take ownership of item. */
void record_put(clc_record *r, const char *key, cJSON *item);
void record_put_last(clc_record *r, const char *key, cJSON *item);
/* record_put of a string (copied, bytes outside UTF-8 replaced by '?'). */
void record_put_text(clc_record *r, const char *key, const char *text);
/* The payload field key, or NULL. */
const cJSON *record_get(const clc_record *r, const char *key);
/* Removes the payload field key, if present. */
void record_remove(clc_record *r, const char *key);

/* The record as the JSON object of a report: its fields in the order they
 * were set (as the report has always had them), numbers as cJSON writes
 * them. Caller owns it; NULL when out of memory. */
cJSON *record_to_json(const clc_record *r);
/* record_to_json that moves the payload out instead of copying it, and
 * clears r: for a record handed on and not used again. */
cJSON *record_release_json(clc_record *r);
/* Reads a report's record object o into r (whose earlier contents are not
 * freed): 0, or -1 with err naming the field that is missing (id and
 * verdict are required), of the wrong type or with a value no record has
 * (r is then empty). Keys other than the typed fields are kept in payload;
 * every key keeps its place, so that record_to_json gives o back byte for
 * byte. */
int record_from_json(const cJSON *o, clc_record *r, char *err, size_t errlen);
/* record_from_json that moves the payload out of o, and deletes o: for a
 * record read from a pipe and not needed as JSON again. */
int record_take_json(cJSON *o, clc_record *r, char *err, size_t errlen);
/* The record a process sent for probe p over a pipe (o, deleted here), on
 * the heap: one that cannot be read is p's `error` record saying that
 * sender's ("the worker's", "the supervisor's") record could not be read,
 * and why. */
clc_record *record_from_pipe(const clc_probe *p, cJSON *o, const char *sender);

/* A record on the heap, empty (record_init). Like every setter here, it
 * aborts when out of memory: a record that lost a field would be a wrong
 * report. */
clc_record *record_alloc(void);
/* record_alloc, started as p's record (record_start). */
clc_record *record_new(const clc_probe *p);
/* Clears and frees a record of record_alloc; NULL is nothing. */
void record_free(clc_record *r);

/* Starts r (its earlier contents not freed: record_init'ed or cleared) as
 * the probe's record: identity (id, clause, spec, kind, file, line, why),
 * zero timings and verdict "error" until one is set. */
void record_start(clc_record *r, const clc_probe *p);

/* Sets the verdict and, when detail is not NULL, detail (each keeps its
 * place among the keys when present). */
void record_set_verdict(clc_record *r, clc_verdict v, const char *detail);
/* Sets detail (copied), after the fields there: an earlier detail is
 * removed, not replaced in its place. */
void record_set_detail(clc_record *r, const char *detail);
/* Marks r as verdict "error" for a failed OpenCL call: "error" {call, code,
 * name}, the verdict and a detail naming the call, in that order, last. */
void record_set_cl_error(clc_record *r, const char *call, int code);
/* A probe that executes an undefined operation (its `undefined` key) is
 * never judged: whatever happened to it (a crash, a timeout, a failed call,
 * a rejected build) becomes `info`, the original verdict kept as "outcome"
 * and the reason in "undefined". Other records are left as they are. */
void record_settle_undefined(const clc_probe *p, clc_record *r);

/* 1 when there is a record and its verdict is unexpected
 * (verdict_unexpected): what a run's progress counts. NULL: 0. */
int record_is_unexpected(const clc_record *r);

/* A report's record object (JSON), as the report's readers see it: its
 * verdict, CLC_VERDICT_UNKNOWN when rec is NULL, has no "verdict" string,
 * or one that names no verdict. */
clc_verdict record_verdict(const cJSON *rec);
/* 1 when there is a record object and its verdict is unexpected
 * (verdict_unexpected): what a run's progress counts. NULL (no record
 * yet): 0. */
int record_unexpected(const cJSON *rec);
/* count packed values of type t, as an array of strings (value_format). */
cJSON *record_values_array(clc_type t, const void *data, size_t count);

/* Adds what a reproducer needs: options, the probe's standalone source,
 * kernel name, work sizes, inputs, output shape and (run probes) the
 * expected values. */
void record_add_repro(clc_record *rec, const clc_probe *p, const char *options);

/* Judges a run probe's output (out_count elements of out_type): verdict pass
 * or fail with actual values, first_mismatch and mismatches; for
 * impl-defined probes, records actual and verdict info. Returns the verdict. */
clc_verdict record_judge_output(clc_record *rec, const clc_probe *p, const void *actual);

#endif
