/* HTML writers: one self-contained page per device, and the cross-device
 * index (probes x devices matrix). They read report documents as described in
 * docs/report-schema.md. No network resources; every string escaped. */
#ifndef CLC_REPORT_HTML_H
#define CLC_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Writes the device page for one report to path. Returns 0, or -1 after
 * printing "path: reason" to err. */
int report_html_write_device(const cJSON *report, const char *path, FILE *err);

/* Writes the index page for n reports to path: the devices (each linking to
 * device_pages[i], which may be NULL when no page exists) and the probes x
 * devices matrix, failures first, each cell linking to its detail
 * (device_pages[i]#probe-id). Returns 0 or -1 as above. */
int report_html_write_index(const cJSON *const *reports, const char *const *device_pages,
                            size_t n, const char *path, FILE *err);

#endif
