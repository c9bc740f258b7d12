#include "context_fold.h"

#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "register_dev.h"

static int contains_all(const cJSON *have, const cJSON *want)
{
    const cJSON *w, *h;
    cJSON_ArrayForEach(w, want) {
        int found = 0;
        cJSON_ArrayForEach(h, have)
            found |= cJSON_IsString(h) && cJSON_IsString(w) && strcmp(h->valuestring, w->valuestring) == 0;
        if (!found)
            return 0;
    }
    return 1;
}

/* The same deviation: the same wrong values (register_dev.h's "E -> G" of
 * each failing element). Elements that pass in both runs do not count,
 * whatever their text (a NaN's sign where any NaN passes). */
static int same_deviation(const clc_record *a, const clc_record *b)
{
    cJSON *x = register_dev_values(a), *y = register_dev_values(b);
    int same = contains_all(x, y) && contains_all(y, x);
    cJSON_Delete(x);
    cJSON_Delete(y);
    return same;
}

void context_fold(clc_record **rec, clc_record *rec_alone)
{
    if (!*rec || !rec_alone) {
        record_free(rec_alone);
        return;
    }
    /* Two passes are one outcome even where the values differ among those
     * the spec allows (an unspecified sign, a NaN's payload). */
    clc_verdict vb = (*rec)->verdict, va = rec_alone->verdict;
    clc_record_context ctx = {.alone = va};
    ctx.same = vb == va && (vb == CLC_VERDICT_PASS || same_deviation(*rec, rec_alone));
    int pass_batched = vb == CLC_VERDICT_PASS, pass_alone = va == CLC_VERDICT_PASS;
    if (!ctx.same && pass_batched && !pass_alone) {
        /* The copy's failure is the probe's: its values, its groups. */
        if ((*rec)->id)
            record_set_text(rec_alone, REC_ID, (*rec)->id);
        ctx.has_batched = 1;
        ctx.batched = vb;
        ctx.shown = CLC_SHOWN_ALONE;
        record_free(*rec);
        *rec = rec_alone;
        rec_alone = NULL;
    } else if (!ctx.same) {
        ctx.shown = pass_alone ? CLC_SHOWN_BATCHED : CLC_SHOWN_BOTH;
        const cJSON *values = record_get(rec_alone, "actual");
        if (!pass_alone && values)
            ctx.alone_actual = cJSON_Duplicate(values, 1);
        if (!pass_alone && rec_alone->detail)
            ctx.alone_detail = strdup(rec_alone->detail);
    }
    record_set_context(*rec, &ctx);
    record_free(rec_alone);
}

size_t context_fold_all(const clc_probe_set *set, const size_t *todo, size_t n_orig, size_t n_all, clc_record **recs)
{
    size_t differ = 0;
    for (size_t t = n_orig; recs && t < n_all; t++) {
        size_t c = todo[t];
        const clc_probe *copy = &set->items[c];
        if (!copy->alone)
            continue;
        clc_record **rec = &recs[copy->alone_of];
        clc_record *alone = recs[c];
        recs[c] = NULL;
        context_fold(rec, alone);
        differ += *rec && record_has(*rec, REC_CONTEXT) && !(*rec)->context.same;
    }
    return differ;
}
