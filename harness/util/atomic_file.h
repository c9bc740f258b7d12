/* Writing an output file so that a reader finds either the previous file or
 * the whole new one, never a part: the text goes to a temporary file beside
 * it, which is flushed to disk and then renamed over the real name. A full
 * disk, a read-only folder or a kill mid-write leaves the old file as it was
 * (and at worst a ".NAME.tmp.PID" file, never a truncated NAME). */
#ifndef CLC_ATOMIC_FILE_H
#define CLC_ATOMIC_FILE_H

#include <stdio.h>

/* Opens a temporary file beside path for writing. Returns NULL after printing
 * "path: reason" to err. Finish with atomic_file_commit (or _discard) on the
 * same path, from the same process. */
FILE *atomic_file_open(const char *path, FILE *err);

/* Flushes f to disk, closes it and renames it to path. Returns 0, or -1 after
 * printing "path: write failed: reason" to err and removing the temporary
 * file (path itself is then untouched). */
int atomic_file_commit(FILE *f, const char *path, FILE *err);

/* Closes f and removes the temporary file, leaving path untouched. */
void atomic_file_discard(FILE *f, const char *path);

/* Writes len bytes of text to path through atomic_file_open/commit. */
int atomic_file_write(const char *path, const char *text, size_t len, FILE *err);

#endif
