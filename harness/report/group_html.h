/* The "Failures by rule" section of the device page and the cross-device
 * page: one row per group (group.h) with its count and devices, unfolding
 * (<details>) to links to its probes. */
#ifndef CLC_GROUP_HTML_H
#define CLC_GROUP_HTML_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Writes the section for n reports; pages[i] is report i's device page
 * (NULL pages: the probes are on this page). Nothing when nothing failed. */
void group_html_write(FILE *f, const cJSON *const *reports, const char *const *pages, size_t n);

#endif
