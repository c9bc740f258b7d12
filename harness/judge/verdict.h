/* Verdicts: the type a probe's outcome travels as inside the harness, its
 * name in a report, and what counts as unexpected (exit code 1). A record
 * holds the name (docs/report-schema.md); record_verdict and
 * record_set_verdict (record.h) convert at the record. */
#ifndef CLC_VERDICT_H
#define CLC_VERDICT_H

#include <stddef.h>

/* Every verdict, in report order; CLC_VERDICT_UNKNOWN is text that names
 * none of them (a damaged or foreign report), never written. */
typedef enum {
    CLC_VERDICT_PASS,
    CLC_VERDICT_FAIL,
    CLC_VERDICT_BUILD_FAIL,
    CLC_VERDICT_UNEXPECTED_BUILD_OK,
    CLC_VERDICT_INFO,
    CLC_VERDICT_SKIP,
    CLC_VERDICT_TIMEOUT,
    CLC_VERDICT_CRASH,
    CLC_VERDICT_ERROR,
    CLC_VERDICT_UNKNOWN
} clc_verdict;

/* How many verdicts there are (CLC_VERDICT_UNKNOWN not counted). */
#define CLC_VERDICT_COUNT ((size_t)CLC_VERDICT_UNKNOWN)

/* The verdict named name ("pass", "build-fail", ...; exact case);
 * CLC_VERDICT_UNKNOWN for NULL or any other text. */
clc_verdict verdict_parse(const char *name);
/* The report's name for v ("pass", ...); "unknown" for CLC_VERDICT_UNKNOWN
 * or a value outside the enum. */
const char *verdict_name(clc_verdict v);

/* Is v something a nightly job must notice (fail, build-fail,
 * unexpected-build-ok, timeout, crash, error)? CLC_VERDICT_UNKNOWN is too:
 * a record whose verdict names nothing is a damaged result, not a pass. */
int verdict_unexpected(clc_verdict v);

#endif
