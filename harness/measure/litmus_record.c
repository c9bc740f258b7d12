/* The litmus family's record: see litmus_record.h. */
#include "litmus_record.h"

#include <stdio.h>
#include <string.h>

static int read_count(const cJSON *o, const char *name, long *out)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 9e15)
        return -1;
    *out = (long)n->valuedouble;
    return 0;
}

/* A tally as "outcomes" (by label, with "other"), "runs", "concurrent". */
static void tally_to_json(cJSON *o, litmus_test test, const litmus_tally *t, const char *concurrent_key)
{
    char label[48];
    cJSON_AddNumberToObject(o, "weak", (double)litmus_tally_weak(test, t));
    cJSON_AddNumberToObject(o, "runs", (double)t->runs);
    cJSON_AddNumberToObject(o, concurrent_key, (double)t->concurrent);
    cJSON *oc = cJSON_AddObjectToObject(o, "outcomes");
    for (int i = 0; oc && i < litmus_outcome_count(test); i++)
        cJSON_AddNumberToObject(oc, litmus_outcome_label(test, i, label, sizeof label), (double)t->outcomes[i]);
    if (oc)
        cJSON_AddNumberToObject(oc, "other", (double)t->other);
}

static int tally_from_json(const cJSON *o, litmus_test test, litmus_tally *t)
{
    char label[48];
    const cJSON *oc = cJSON_GetObjectItemCaseSensitive(o, "outcomes");
    memset(t, 0, sizeof *t);
    if (read_count(o, "runs", &t->runs) || read_count(o, "concurrent", &t->concurrent) ||
        read_count(oc, "other", &t->other))
        return -1;
    long sum = t->other;
    for (int i = 0; i < litmus_outcome_count(test); i++) {
        if (read_count(oc, litmus_outcome_label(test, i, label, sizeof label), &t->outcomes[i]))
            return -1;
        sum += t->outcomes[i];
    }
    /* Outcomes add up to the runs, and no more ran at once than ran. */
    return sum == t->runs && t->concurrent <= t->runs ? 0 : -1;
}

int litmus_history_read(const cJSON *totals, const litmus_plan *plan, litmus_history *h)
{
    memset(h, 0, sizeof *h);
    if (tally_from_json(totals, plan->test, &h->c.t) || read_count(totals, "launches", &h->c.launches) ||
        read_count(totals, "clconform_runs", &h->clconform_runs) || h->clconform_runs < 1)
        return -1;
    litmus_flavour mf[LITMUS_MAX_MUTANTS];
    int nm = litmus_mutants(plan, mf);
    const cJSON *mj = cJSON_GetObjectItemCaseSensitive(totals, "mutants");
    for (int i = 0; i < nm; i++)
        if (tally_from_json(cJSON_GetObjectItemCaseSensitive(mj, litmus_flavour_name(mf[i])), plan->test,
                            &h->c.m[i]))
            return -1;
    const cJSON *since = cJSON_GetObjectItemCaseSensitive(totals, "since");
    snprintf(h->since, sizeof h->since, "%s", cJSON_IsString(since) ? since->valuestring : "?");
    h->have_env = litmus_env_from_json(cJSON_GetObjectItemCaseSensitive(totals, "environment"), &h->env) == 0;
    return 0;
}

static void tally_add(litmus_tally *a, const litmus_tally *b)
{
    for (int i = 0; i < LITMUS_MAX_OUTCOMES; i++)
        a->outcomes[i] += b->outcomes[i];
    a->other += b->other;
    a->runs += b->runs;
    a->concurrent += b->concurrent;
}

void litmus_counts_add(litmus_counts *a, const litmus_counts *b)
{
    tally_add(&a->t, &b->t);
    for (int i = 0; i < LITMUS_MAX_MUTANTS; i++)
        tally_add(&a->m[i], &b->m[i]);
    a->launches += b->launches;
}

int litmus_counts_killed(const litmus_plan *plan, const litmus_counts *c, int *ran)
{
    litmus_flavour mf[LITMUS_MAX_MUTANTS];
    int nm = litmus_mutants(plan, mf), killed = 0;
    *ran = 0;
    for (int i = 0; i < nm; i++) {
        *ran += c->m[i].runs > 0;
        killed += litmus_tally_weak(plan->test, &c->m[i]) > 0;
    }
    return killed;
}

static void mutants_to_json(cJSON *obj, const litmus_plan *plan, const litmus_counts *c, int as_array)
{
    litmus_flavour mf[LITMUS_MAX_MUTANTS];
    int nm = litmus_mutants(plan, mf);
    if (nm == 0)
        return;
    cJSON *all = as_array ? cJSON_AddArrayToObject(obj, "mutants") : cJSON_AddObjectToObject(obj, "mutants");
    for (int i = 0; all && i < nm; i++) {
        cJSON *m = cJSON_CreateObject();
        if (!m)
            return;
        if (as_array) {
            cJSON_AddStringToObject(m, "flavour", litmus_flavour_name(mf[i]));
            cJSON_AddBoolToObject(m, "killed", litmus_tally_weak(plan->test, &c->m[i]) > 0);
        }
        tally_to_json(m, plan->test, &c->m[i], as_array ? "concurrent_runs" : "concurrent");
        if (as_array)
            cJSON_AddItemToArray(all, m);
        else
            cJSON_AddItemToObject(all, litmus_flavour_name(mf[i]), m);
    }
}

void litmus_record_counts(cJSON *obj, const litmus_plan *plan, const litmus_counts *c)
{
    tally_to_json(obj, plan->test, &c->t, "concurrent_runs");
    mutants_to_json(obj, plan, c, 1);
}

void litmus_record_totals(cJSON *obj, const litmus_plan *plan, const litmus_counts *all, long clconform_runs,
                          const char *since, const litmus_env *env)
{
    cJSON *a = cJSON_AddObjectToObject(obj, "all_runs");
    if (!a)
        return;
    cJSON_AddNumberToObject(a, "clconform_runs", (double)clconform_runs);
    cJSON_AddStringToObject(a, "since", since);
    tally_to_json(a, plan->test, &all->t, "concurrent");
    cJSON_AddNumberToObject(a, "launches", (double)all->launches);
    mutants_to_json(a, plan, all, 0);
    int ran = 0, killed = litmus_counts_killed(plan, all, &ran);
    if (ran > 0) {
        cJSON_AddNumberToObject(a, "mutants_killed", killed);
        cJSON_AddNumberToObject(a, "mutants_run", ran);
    }
    cJSON *e = litmus_env_to_json(env);
    if (e)
        cJSON_AddItemToObject(a, "environment", e);
}
