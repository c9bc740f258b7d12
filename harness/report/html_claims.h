/* The device page's table of claims (claims.h): each extension, OpenCL C
 * feature and image support the device reports, how many judged probes
 * exercised it, and why nothing did. */
#ifndef CLC_HTML_CLAIMS_H
#define CLC_HTML_CLAIMS_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* Nothing when claims is not an array (a report written without a claims
 * table, or an older schema). */
void html_claims_write(FILE *f, const cJSON *claims);

#endif
