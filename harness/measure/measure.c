/* Measurements (kind = measure): dispatch by name, and what the supervisor
 * records when one hangs. The names are documented in docs/measurements.md;
 * measure_plan.c parses them, measure_iwg.c runs the inter-work-group family,
 * measure_limits.c the advertised-limits family, measure_litmus.c the
 * memory-model litmus tests, measure_options.c the build options no kernel
 * output shows. */
#include "measure.h"

#include <stdio.h>
#include <string.h>

#include "measure_contract.h"
#include "measure_iwg.h"
#include "measure_limits.h"
#include "measure_litmus.h"
#include "measure_options.h"
#include "measure_plan.h"
#include "record.h"

int measure_is_litmus(const clc_probe *p)
{
    return p->kind == CLC_KIND_MEASURE && p->measure && litmus_plan_parse(p->measure, NULL) == 0;
}

int measure_is_limit_or_shape(const clc_probe *p)
{
    return measure_name_is_limit_or_shape(p->measure);
}

int measure_is_max_alloc(const clc_probe *p)
{
    limits_plan plan;
    return p->measure && limits_plan_parse(p->measure, &plan) == 0 && plan.family == LIMITS_MAX_ALLOC;
}

int measure_wants_device_alone(const clc_probe *p)
{
    if (measure_is_litmus(p) || (p->measure && strcmp(p->measure, MEASURE_CONTRACT_NAME) == 0))
        return 0;
    return !measure_is_limit_or_shape(p) || measure_is_max_alloc(p);
}

int measure_deadlocks(const clc_probe *p)
{
    measure_plan plan;
    return p->measure && measure_plan_parse(p->measure, &plan) == 0 &&
           plan.rule == MEASURE_COUNT_ABOVE_LIMIT_UNBOUNDED;
}

/* The record's "measure" object, fresh: a retried probe must not keep the
 * numbers of an earlier attempt. */
static cJSON *fresh_measure_object(clc_record *rec)
{
    cJSON *obj = cJSON_CreateObject();
    if (obj)
        record_put_last(rec, "measure", obj); /* the record owns obj from here */
    return obj;
}

/* The timed part begins now (clenv.h): for the families that do not tell
 * their building apart from their measuring, all of it is timed. */
static void started(const clc_clenv *env)
{
    if (env->measure_started)
        env->measure_started(env->measure_ctx);
}

void measure_prepare(const clc_probe *p, const clc_clenv *env)
{
    measure_plan plan;
    if (p->kind == CLC_KIND_MEASURE && p->measure && measure_plan_parse(p->measure, &plan) == 0)
        measure_iwg_prepare(&plan, p, env);
}

clc_verdict measure_run(const clc_probe *p, const clc_clenv *env, clc_record *rec)
{
    if (p->measure && strcmp(p->measure, MEASURE_CONTRACT_NAME) == 0) {
        started(env);
        cJSON *cobj = fresh_measure_object(rec);
        if (!cobj)
            return CLC_VERDICT_ERROR;
        cJSON_AddStringToObject(cobj, "name", p->measure);
        return measure_contract_run(env, cobj, rec);
    }
    if (measure_options_known(p->measure)) {
        started(env);
        cJSON *oobj = fresh_measure_object(rec);
        if (!oobj)
            return CLC_VERDICT_ERROR;
        cJSON_AddStringToObject(oobj, "name", p->measure);
        return measure_options_run(p, env, oobj, rec);
    }
    measure_plan plan;
    limits_plan lplan;
    litmus_plan tplan;
    if (litmus_plan_parse(p->measure, &tplan) == 0) {
        /* The family says itself when its timed part begins (after its
         * first launch, which generates code on some drivers). */
        cJSON *tobj = fresh_measure_object(rec);
        if (!tobj) {
            record_set_detail(rec, "out of memory");
            return CLC_VERDICT_ERROR;
        }
        cJSON_AddStringToObject(tobj, "name", p->measure);
        return measure_litmus_run(&tplan, p, env, tobj, rec);
    }
    if (limits_plan_parse(p->measure, &lplan) == 0) {
        started(env);
        cJSON *lobj = fresh_measure_object(rec);
        if (!lobj) {
            record_set_detail(rec, "out of memory");
            return CLC_VERDICT_ERROR;
        }
        cJSON_AddStringToObject(lobj, "name", p->measure);
        return measure_limits_run(&lplan, p, env, lobj, rec);
    }
    if (measure_plan_parse(p->measure, &plan) != 0) {
        record_set_detail(rec, "unknown measurement (the loader should have rejected it)");
        return CLC_VERDICT_ERROR;
    }
    cJSON *obj = fresh_measure_object(rec);
    if (!obj) {
        record_set_detail(rec, "out of memory");
        return CLC_VERDICT_ERROR;
    }
    cJSON_AddStringToObject(obj, "name", p->measure);
    return measure_iwg_run(&plan, p, env, obj, rec);
}

clc_verdict measure_on_timeout(const clc_probe *p, double waited_s, clc_record *rec)
{
    measure_plan plan;
    int known = measure_plan_parse(p->measure, &plan) == 0;
    cJSON *obj = fresh_measure_object(rec);
    char detail[200];

    if (obj) {
        cJSON_AddStringToObject(obj, "name", p->measure ? p->measure : "");
        cJSON_AddNumberToObject(obj, "waited_s", waited_s);
    }
    if (!known || plan.family != MEASURE_IWG_SPIN_FLAG) {
        /* The bounded measurements always end: a hang there is the driver's. */
        if (obj)
            cJSON_AddStringToObject(obj, "outcome", "timeout");
        snprintf(detail, sizeof detail, "measurement did not finish within %.1f s", waited_s);
        record_set_detail(rec, detail);
        return CLC_VERDICT_TIMEOUT;
    }
    /* Nothing of the worker's state reaches this process: record what the
     * name says; the count itself follows from the rule (see the docs). */
    if (obj) {
        cJSON_AddStringToObject(obj, "outcome", "deadlock");
        cJSON_AddStringToObject(obj, "rule", measure_plan_rule_name(plan.rule));
        if (plan.wg_request)
            cJSON_AddNumberToObject(obj, "work_group_size_requested", (double)plan.wg_request);
        else
            cJSON_AddStringToObject(obj, "work_group_size_requested", "max");
    }
    snprintf(detail, sizeof detail, "spin-flag (%s) deadlocked: no progress within %.1f s",
             measure_plan_rule_name(plan.rule), waited_s);
    record_set_detail(rec, detail);
    return CLC_VERDICT_INFO;
}
