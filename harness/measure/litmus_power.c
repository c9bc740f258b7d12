/* The litmus family's kill rate from a report's records: see litmus_power.h. */
#include "litmus_power.h"

#include <string.h>

static double number(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

cJSON *litmus_power_summary(const cJSON *probes)
{
    double run = 0, killed = 0, n = 0;
    const cJSON *rec;
    cJSON_ArrayForEach(rec, probes) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "id");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(rec, "measure");
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(m, "all_runs");
        if (!cJSON_IsString(id) || strncmp(id->valuestring, "litmus.", 7) != 0 || !cJSON_IsObject(t))
            continue;
        n++;
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "weak_forbidden"))) {
            run += number(t, "mutants_run");
            killed += number(t, "mutants_killed");
        } else if (number(t, "concurrent") > 0) {
            run += 1;
            killed += number(t, "weak") > 0;
        }
    }
    if (n == 0)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    if (o) {
        cJSON_AddNumberToObject(o, "mutants_run", run);
        cJSON_AddNumberToObject(o, "mutants_killed", killed);
        cJSON_AddNumberToObject(o, "probes", n);
    }
    return o;
}
