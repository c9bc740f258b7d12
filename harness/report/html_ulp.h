/* The HTML of ulp-judged (math) probes: the error section of a probe's card
 * and the device page's table of each probe's largest error. */
#ifndef CLC_HTML_ULP_H
#define CLC_HTML_ULP_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* On a card: bound, largest error (where), elements beyond the bound and the
 * listed failing elements with inputs, expected, actual and error. Nothing
 * when rec has no "ulp" object. */
void html_ulp_write_card_section(FILE *f, const cJSON *rec);

/* A section listing every ulp-judged probe of the device with its bound and
 * largest error, passing ones too, so a driver's margin shows. Nothing when
 * no probe was judged in ulp. */
void html_ulp_write_table(FILE *f, const cJSON *probes);

#endif
