/* Known deviations of `clconform fuzz`: a register entry (expected/) may
 * carry `fuzz` signatures, POSIX extended regular expressions over a
 * deviation's reduced program (docs/register-format.md). A deviation whose
 * reduced program matches every signature of an entry (a `!` signature must
 * not match), on a device the register describes, with a verdict the entry
 * allows, is that entry's bug: reported as known, not as new. No OpenCL here. */
#ifndef CLC_FUZZ_KNOWN_H
#define CLC_FUZZ_KNOWN_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* The text signatures are matched against: prelude and body joined, every
 * run of blanks and line breaks one blank. Caller frees; NULL when out of
 * memory. */
char *fuzz_known_text(const char *prelude, const char *body);

/* The first entry of the register doc with signatures that all hold for
 * text and whose verdicts allow verdict; NULL when none. */
const cJSON *fuzz_known_match(const cJSON *doc, const char *text, const char *verdict);

/* Every register (a file beginning like one) in dir, as a JSON array of
 * register_parse documents; an empty array when dir is missing. NULL after
 * saying why when a register is malformed or memory runs out. */
cJSON *fuzz_known_load(const char *dir, FILE *err);

/* The register of regs that describes report (its driver lines), or NULL. */
const cJSON *fuzz_known_register_for(const cJSON *regs, const cJSON *report);

#endif
