/* JUnit XML: one <testsuite> per device, one <testcase> per probe. */
#ifndef CLC_REPORT_JUNIT_H
#define CLC_REPORT_JUNIT_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Writes n reports as one JUnit file at path. Returns 0, or -1 after printing
 * "path: reason" to err. */
int report_junit_write(const cJSON *const *reports, size_t n, const char *path, FILE *err);

#endif
