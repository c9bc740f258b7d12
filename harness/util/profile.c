/* Phase sums of a device run: see profile.h. */
#include "profile.h"
#include "json_num.h"

#include "proc.h"
#include "trace.h"

#include <string.h>

static const char *const names[PROF_COUNT] = {
    [PROF_BUILD] = "build",
    [PROF_CACHE_LOAD] = "cache_load",
    [PROF_CACHE_STORE] = "cache_store",
    [PROF_CACHE_REJECTED] = "cache_rejected",
    [PROF_CODEGEN] = "codegen",
    [PROF_FIRST_LAUNCH] = "first_launch",
    [PROF_KERNELS] = "kernels",
    [PROF_EXEC] = "exec",
    [PROF_BUFFERS] = "buffers",
    [PROF_RECORD] = "record",
    [PROF_MEASURE] = "measure",
    [PROF_LOST] = "lost",
    [PROF_WORKER_START] = "worker_start",
    [PROF_WORKER_EXIT] = "worker_exit",
    [PROF_REPORT] = "report",
    [PROF_GATE_WAIT] = "gate_wait",
};

const char *profile_phase_name(clc_prof_phase ph)
{
    return ph < PROF_COUNT ? names[ph] : "?";
}

void profile_add(clc_profile *p, clc_prof_phase ph, double ms)
{
    profile_add_detail(p, ph, ms, NULL);
}

/* The phases that run a kernel: the ones the device gate orders. */
static int phase_holds_device(clc_prof_phase ph)
{
    return ph == PROF_CODEGEN || ph == PROF_FIRST_LAUNCH || ph == PROF_EXEC;
}

void profile_add_detail(clc_profile *p, clc_prof_phase ph, double ms, const char *detail)
{
    if (ph >= PROF_COUNT)
        return;
    p->ms[ph] += ms;
    p->count[ph]++;
    /* Every phase is added the moment it ends, so it is also a span of the
     * timeline ending now (--trace). Spans under half a millisecond (a
     * probe's buffers, a record) would only thicken the file; a kernel on
     * the device is drawn however short, since the timeline is where one
     * checks who held the device when (--measurements alongside), and so
     * is a measurement (a spin-flag run takes 0.3 ms once its kernels are
     * built and warm). */
    if ((ms >= 0.5 || phase_holds_device(ph) || ph == PROF_MEASURE) && trace_on()) {
        double now = proc_now();
        trace_span(profile_phase_name(ph), "phase", now - ms / 1e3, now, detail);
    }
}

void profile_merge(clc_profile *p, const clc_profile *q)
{
    for (int i = 0; i < PROF_COUNT; i++) {
        p->ms[i] += q->ms[i];
        p->count[i] += q->count[i];
    }
}

cJSON *profile_to_json(const clc_profile *p)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < PROF_COUNT; i++) {
        cJSON *ph = cJSON_CreateObject();
        /* Microsecond resolution is plenty and keeps reports short. */
        cJSON_AddNumberToObject(ph, "ms", (double)(long long)(p->ms[i] * 1e3 + 0.5) / 1e3);
        cJSON_AddNumberToObject(ph, "count", (double)p->count[i]);
        cJSON_AddItemToObject(o, names[i], ph);
    }
    return o;
}

void profile_add_json(clc_profile *p, const cJSON *o)
{
    for (int i = 0; i < PROF_COUNT; i++) {
        const cJSON *ph = cJSON_GetObjectItemCaseSensitive(o, names[i]);
        const cJSON *ms = cJSON_GetObjectItemCaseSensitive(ph, "ms");
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(ph, "count");
        if (cJSON_IsNumber(ms) && ms->valuedouble >= 0)
            p->ms[i] += ms->valuedouble;
        size_t count;
        if (json_num_size(n, "count", 0, SIZE_MAX, &count, NULL, 0) == 0)
            p->count[i] += count;
    }
}

double profile_total_ms(const clc_profile *p)
{
    double t = 0;
    for (int i = 0; i < PROF_COUNT; i++)
        t += p->ms[i];
    return t;
}
