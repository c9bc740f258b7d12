/* Large arrays stored once per report file. The vector variants of a
 * probe share their inputs, their expected values and their ulp references
 * (math.sin.float2 and math.sin.float16 run the same 1,008 inputs), and a
 * device that gets one variant wrong usually gets them all wrong alike, so
 * a report carried the same 20-40 KB arrays five times over: 14 MB a device
 * where the distinct content is under half of it.
 *
 * In the file (schema_version 2), an array of a record that is printed
 * longer than REPORT_ARRAY_MIN_BYTES and occurs more than once in the report
 * is stored once under "arrays": {"A0": [...], ...}, and the record names it
 * with the field's name and "_ref": "expected_ref": "A0". The fields:
 * expected, actual, inputs[i].values and ulp.references. Arrays that occur
 * once stay where they are (docs/report-schema.md).
 *
 * In memory the harness never sees references: a report is pooled only on
 * its way to the file (report_json.c) and resolved as it is read
 * (report_load_json), so every reader works on whole records. */
#ifndef CLC_REPORT_ARRAYS_H
#define CLC_REPORT_ARRAYS_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* Below this many bytes (printed compactly) an array stays in its record:
 * a reference would save too little to be worth the indirection. */
#define REPORT_ARRAY_MIN_BYTES 256

/* Moves every repeated large array of doc["probes"] into doc["arrays"],
 * leaving "<field>_ref" in its place. Returns 0, or -1 when out of memory
 * (doc is then unchanged). */
int report_arrays_pool(cJSON *doc);

/* The reverse: every "<field>_ref" becomes a copy of the array it names
 * and doc["arrays"] goes. A reference to no array, or to something not an
 * array, returns -1 after printing "path: probe ID: FIELD_ref "A9" names no
 * array of "arrays"" to err (err NULL: silently). */
int report_arrays_inline(cJSON *doc, const char *path, FILE *err);

/* Reads a report (or any document of the project) from path and resolves
 * its pooled arrays. NULL after printing the reason, naming path, to err. */
cJSON *report_load_json(const char *path, FILE *err);

#endif
