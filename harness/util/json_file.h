/* Reading a JSON file. */
#ifndef CLC_JSON_FILE_H
#define CLC_JSON_FILE_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* Parses the JSON file at path. Returns the document (caller deletes), or
 * NULL after printing "path: reason" or "path:LINE: not valid JSON" to err
 * (err NULL: silently). */
cJSON *json_file_load(const char *path, FILE *err);

/* Reads any text file whole, NUL-terminated (caller frees); NULL after
 * printing "path: reason" to err (err NULL: silently). */
char *json_file_read_text(const char *path, FILE *err);

#endif
