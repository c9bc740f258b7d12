#include "context_fold.h"

#include <string.h>

#include "record.h"
#include "register_dev.h"

static const char *verdict_of(const cJSON *rec)
{
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "verdict"));
    return v ? v : "";
}

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
static int same_deviation(const cJSON *a, const cJSON *b)
{
    cJSON *x = register_dev_values(a), *y = register_dev_values(b);
    int same = contains_all(x, y) && contains_all(y, x);
    cJSON_Delete(x);
    cJSON_Delete(y);
    return same;
}

void context_fold(cJSON **rec, cJSON *rec_alone)
{
    if (!*rec || !rec_alone) {
        cJSON_Delete(rec_alone);
        return;
    }
    const char *batched = verdict_of(*rec), *alone = verdict_of(rec_alone);
    /* Two passes are one outcome even where the values differ among those
     * the spec allows (an unspecified sign, a NaN's payload). */
    clc_verdict vb = record_verdict(*rec), va = record_verdict(rec_alone);
    int same = vb == va && (vb == CLC_VERDICT_PASS || same_deviation(*rec, rec_alone));
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "alone", alone);
    cJSON_AddBoolToObject(ctx, "same", same);
    int pass_batched = vb == CLC_VERDICT_PASS, pass_alone = va == CLC_VERDICT_PASS;
    if (!same && pass_batched && !pass_alone) {
        /* The copy's failure is the probe's: its values, its groups. */
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(*rec, "id");
        if (cJSON_IsString(id))
            cJSON_ReplaceItemInObjectCaseSensitive(rec_alone, "id", cJSON_CreateString(id->valuestring));
        cJSON_AddStringToObject(ctx, "batched", batched);
        cJSON_AddStringToObject(ctx, "shown", "alone");
        cJSON_Delete(*rec);
        *rec = rec_alone;
        rec_alone = NULL;
    } else if (!same) {
        cJSON_AddStringToObject(ctx, "shown", pass_alone ? "batched" : "both");
        cJSON *values = cJSON_GetObjectItemCaseSensitive(rec_alone, "actual");
        if (!pass_alone && values)
            cJSON_AddItemToObject(ctx, "alone_actual", cJSON_Duplicate(values, 1));
        const char *detail = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec_alone, "detail"));
        if (!pass_alone && detail)
            cJSON_AddStringToObject(ctx, "alone_detail", detail);
    }
    cJSON_DeleteItemFromObjectCaseSensitive(*rec, "context");
    cJSON_AddItemToObject(*rec, "context", ctx);
    cJSON_Delete(rec_alone);
}

size_t context_fold_all(const clc_probe_set *set, const size_t *todo, size_t n_orig, size_t n_all, cJSON **recs)
{
    size_t differ = 0;
    for (size_t t = n_orig; recs && t < n_all; t++) {
        size_t c = todo[t];
        const clc_probe *copy = &set->items[c];
        if (!copy->alone)
            continue;
        cJSON **rec = &recs[copy->alone_of];
        cJSON *alone = recs[c];
        recs[c] = NULL;
        context_fold(rec, alone);
        const cJSON *ctx = *rec ? cJSON_GetObjectItemCaseSensitive(*rec, "context") : NULL;
        differ += ctx && cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(ctx, "same"));
    }
    return differ;
}
