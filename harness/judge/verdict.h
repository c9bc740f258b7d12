/* Verdict names and what counts as unexpected (exit code 1). */
#ifndef CLC_VERDICT_H
#define CLC_VERDICT_H

#include <stddef.h>

/* Every verdict, in report order ("pass", "fail", ..., "error"). */
extern const char *const verdict_names[];
extern const size_t verdict_count;

/* Is this verdict something a nightly job must notice (fail, build-fail,
 * unexpected-build-ok, timeout, crash, error)? */
int verdict_is_unexpected(const char *verdict);
/* Is it known? */
int verdict_is_known(const char *verdict);

#endif
