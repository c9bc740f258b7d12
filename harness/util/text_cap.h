/* Keeping a driver's text to a size a report can carry. */
#ifndef CLC_TEXT_CAP_H
#define CLC_TEXT_CAP_H

#include <stddef.h>

/* The most bytes of one build log a record keeps: its head and its tail
 * (where compilers put the first error and the summary), with a line saying
 * how much was left out between them. */
#define CLC_LOG_HEAD (192 * 1024)
#define CLC_LOG_TAIL (32 * 1024)

/* Returns s (len bytes, NUL-terminated, malloc'd) when it fits in head +
 * tail bytes; else frees s and returns a new string: the first head bytes,
 * "\n[clconform: N bytes of this build log left out]\n", the last tail
 * bytes. Cuts fall on UTF-8 character boundaries. NULL stays NULL; on out
 * of memory returns s cut to head bytes. */
char *text_cap(char *s, size_t len, size_t head, size_t tail);

#endif
