/* Claimed means probed: which of a device's claims (extensions, OpenCL C
 * features, image support) a run exercised with at least one judged probe,
 * and why the others could not be (probes/claims.txt, the table of what
 * each claim is probed by). No OpenCL here. */
#ifndef CLC_CLAIMS_H
#define CLC_CLAIMS_H

#include <stdio.h>
#include <cjson/cJSON.h>

#include "probe.h"
#include "record.h"

typedef struct {
    char *name;      /* the claim: an extension, a feature macro, "images" */
    char **globs;    /* probe ids that exercise it besides those requiring it */
    size_t n_globs;
    char **aliases;  /* capability tokens whose requiring probes exercise it */
    size_t n_aliases;
    char *none;      /* why no OpenCL C probe can exercise it, or NULL */
} clc_claim_rule;

typedef struct {
    clc_claim_rule *rules;
    size_t count;
    char **announce; /* probes that only check a claim is announced: never count */
    size_t n_announce;
} clc_claim_table;

/* Reads a claims table (the format is described at the top of
 * probes/claims.txt). Returns 0, or -1 after printing "path:line: reason"
 * to err; t is then empty. */
int claims_load(const char *path, clc_claim_table *t, FILE *err);

/* Parses the text of a table; path names it in messages. */
int claims_parse(char *text, const char *path, clc_claim_table *t, FILE *err);

void claims_free(clc_claim_table *t);

/* The device's claims, from its report object (extensions, capabilities):
 * an array of {name, kind, judged, pass, probed, reason?} in the order the
 * device lists them, the claims nothing probed first. recs[k] is the
 * record of probe set->items[todo[k]] (NULL when none). t may be NULL (no
 * table: requiring probes only). */
cJSON *claims_report(const clc_claim_table *t, const cJSON *device, const clc_probe_set *set,
                     const size_t *todo, size_t n_todo, clc_record *const *recs);

/* How many claims of a claims array nothing probed. */
int claims_unprobed(const cJSON *claims);

#endif
