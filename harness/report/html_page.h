/* What the HTML pages share: the page frame with its inline style sheet (no
 * network resource, no script), and the verdict vocabulary (order, CSS class,
 * failure or not). Verdict strings come from report files, so class names
 * are always taken from a fixed table, never copied from the input. */
#ifndef CLC_HTML_PAGE_H
#define CLC_HTML_PAGE_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

#include "verdict.h"

/* The verdicts in display order, failures first; HTML_N_VERDICTS of them.
 * An unknown verdict string is counted as HTML_VERDICT_UNKNOWN. */
#define HTML_N_VERDICTS 10
#define HTML_VERDICT_UNKNOWN 6
extern const char *const html_verdicts[HTML_N_VERDICTS];

/* Index of verdict v in html_verdicts (NULL or unknown: HTML_VERDICT_UNKNOWN).
 * Lower is worse, so it also sorts failures first. */
int html_verdict_rank(clc_verdict v);

/* Is v a verdict that means something unexpected happened (fail, build-fail,
 * unexpected-build-ok, timeout, crash, error, or an unknown verdict)? */
int html_verdict_is_failure(clc_verdict v);

/* The CSS class for verdict v, e.g. "v-fail"; "v-unknown" for others. */
const char *html_verdict_class(clc_verdict v);

/* Counts the verdicts of the probe records in probes (an array; NULL: none)
 * into counts[HTML_N_VERDICTS], which it zeroes first. Returns the total. */
int html_count_verdicts(const cJSON *probes, int counts[HTML_N_VERDICTS]);

/* obj[key] when it is a string, else NULL. Borrowed. */
const char *html_json_str(const cJSON *obj, const char *key);

/* Writes a JSON value as escaped text: a string as it is, a number without
 * a needless exponent or fraction, true/false/null, an array of scalars
 * joined by joiner, anything else as compact JSON. NULL: nothing. */
void html_value_write(FILE *f, const cJSON *v, const char *joiner);

/* Writes the doctype, head (charset, viewport, escaped title, the inline
 * style sheet) and the opening <body>. */
void html_page_begin(FILE *f, const char *title);

/* Writes the footer (tool and version when known) and closes the page. */
void html_page_end(FILE *f, const char *tool_version);

/* Writes <tag class="cls">escaped s</tag>; cls may be NULL. tag and cls are
 * trusted literals. */
void html_element(FILE *f, const char *tag, const char *cls, const char *s);

/* Writes a verdict badge: <span class="badge v-...">escaped v</span>. */
void html_badge(FILE *f, const char *v);

/* Closes f, which was opened on path. Returns 0, or -1 after printing
 * "path: reason" to err when writing or closing failed. */
int html_file_close(FILE *f, const char *path, FILE *err);

/* Opens path for writing, or returns NULL after printing "path: reason". */
FILE *html_file_open(const char *path, FILE *err);

#endif
