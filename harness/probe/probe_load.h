/* Loading probe files: the text format of docs/probe-format.md. */
#ifndef CLC_PROBE_LOAD_H
#define CLC_PROBE_LOAD_H

#include <stdio.h>

#include "probe.h"

/* Loads one .probe file, or every *.probe file under a folder (recursively,
 * in sorted order), appending to set. On a malformed file, prints
 * "FILE:LINE: problem" lines to err and returns -1 once the whole path was
 * read (so every error is shown); 0 on success. */
int probe_load_path(const char *path, clc_probe_set *set, FILE *err);

/* Parses probe text held in memory, as if read from a file named name. */
int probe_load_text(const char *name, const char *text, clc_probe_set *set, FILE *err);

/* Checks ids are unique across the set; reports duplicates like a parse
 * error, naming both places. Returns -1 on any duplicate. */
int probe_check_unique(const clc_probe_set *set, FILE *err);

#endif
