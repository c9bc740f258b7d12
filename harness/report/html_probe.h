/* The HTML of one probe record on a device page: a card with everything a
 * vendor needs to reproduce a non-pass verdict. */
#ifndef CLC_HTML_PROBE_H
#define CLC_HTML_PROBE_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* Writes the card of probe record rec: <article id="probe-ID"> with the
 * verdict, clause, detail, why, the expected vs actual table (first mismatch
 * highlighted), measured values, source, build options, inputs and build
 * log (inline, or a link to the page's list of logs when the record names
 * one of `logs`, the report's "build_logs", which may be NULL). Every string
 * escaped. */
void html_probe_write_card(FILE *f, const cJSON *rec, const cJSON *logs);

/* The same card, its head marked (mark: "known (register)", "known
 * (baseline)" or "new") and, with a note (the register entry that explains
 * the failure), that note under it. NULL mark: no mark. */
void html_probe_write_card_marked(FILE *f, const cJSON *rec, const cJSON *logs, const char *mark, const char *note);

/* Writes the anchor attribute of rec's element: ` id="probe-ID"`. */
void html_probe_write_anchor(FILE *f, const cJSON *rec);

/* Writes an href to the card of probe `id` on page `page` (NULL: this
 * page): href="PAGE#probe-ID", percent-encoded. */
void html_probe_write_href(FILE *f, const char *page, const char *id);

#endif
