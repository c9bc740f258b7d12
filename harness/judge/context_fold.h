/* The verdict of a probe run twice, batched and alone in a kernel of its
 * own (alone_plan.h): the two records become one, which says where they
 * disagree. No OpenCL here. */
#ifndef CLC_CONTEXT_FOLD_H
#define CLC_CONTEXT_FOLD_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "probe.h"
#include "record.h"

/* Folds rec_alone, the record of the copy run alone, into *rec (the
 * original's, batched) and frees it. *rec gets a "context" object:
 * {"alone": VERDICT, "same": BOOL} (the same verdict and, for a failure,
 * the same wrong values: register_dev.h) and, where the two differ, "shown":
 * "alone", "batched" or "both" (where the deviation showed). A deviation
 * is a finding wherever it showed: where only the copy alone failed, *rec
 * becomes the copy's record (its id the original's, "context.batched":
 * "pass"); where both failed otherwise, the copy's values go to
 * "context.alone_actual". Nothing happens when either is NULL (rec_alone is
 * freed). */
void context_fold(clc_record **rec, clc_record *rec_alone);

/* Folds every copy of todo[n_orig..n_all) into its original's record
 * (recs indexed like set->items; each copy's slot is left NULL). Returns how
 * many probes the two runs disagree on. */
size_t context_fold_all(const clc_probe_set *set, const size_t *todo, size_t n_orig, size_t n_all, clc_record **recs);

#endif
