/* `clconform explain`: what a vendor asks first about a probe or one of its
 * elements, from probes/, expected/ and docs/ alone (no OpenCL device):
 * where the probe is (and the generator that writes it), the
 * spec heading, the ledger entries it rests on, the element's call, operands
 * and expected value, and every register entry that matches it. See
 * docs/explain.md. */
#ifndef CLC_EXPLAIN_H
#define CLC_EXPLAIN_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "probe.h"

/* Where explain reads: the probes, and the folder holding docs/ and expected/. */
typedef struct {
    const char *root;
} clc_explain_paths;

/* The whole explanation of probe p (element e when has_element) as JSON.
 * Caller deletes. */
cJSON *explain_probe(const clc_probe *p, int has_element, size_t e, const clc_explain_paths *paths);

/* Writes the explanation doc (explain_probe's) as text. */
void explain_print(FILE *f, const cJSON *doc);

/* `clconform explain ID[:ELEMENT] | --call 'F(ARG)' [--json] [--probes PATH]...
 * [--root DIR]`; argv[0] is "explain"; default_probes is the suite's probe
 * folder (root defaults to the folder above it). Returns the exit code. */
int explain_main(int argc, char **argv, const char *default_probes);

#endif
