/* Unit tests of the litmus kill rate (harness/measure/litmus_power.c): the rule of
 * scripts/litmus_power.py on hand-made records. */
#include <stddef.h>

#include "check.h"
#include "litmus_power.h"

static double get(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

/* A judged probe adds its mutants; an information probe that ran
 * concurrently adds itself (killed where its weak outcome showed), one that
 * never did adds nothing; records without totals or of another family are
 * not litmus probes that ran. */
static void test_rule(void)
{
    cJSON *probes = cJSON_Parse(
        "[{\"id\":\"litmus.sb.seq_cst\",\"measure\":{\"weak_forbidden\":true,"
        "  \"all_runs\":{\"weak\":0,\"concurrent\":90,\"mutants_run\":3,\"mutants_killed\":2}}},"
        " {\"id\":\"litmus.mp.acq_rel\",\"measure\":{\"weak_forbidden\":true,"
        "  \"all_runs\":{\"weak\":0,\"concurrent\":0}}},"
        " {\"id\":\"litmus.mp.cl12\",\"measure\":{\"weak_forbidden\":false,"
        "  \"all_runs\":{\"weak\":7,\"concurrent\":50}}},"
        " {\"id\":\"litmus.lb.cl12\",\"measure\":{\"weak_forbidden\":false,"
        "  \"all_runs\":{\"weak\":0,\"concurrent\":50}}},"
        " {\"id\":\"litmus.s.cl12\",\"measure\":{\"weak_forbidden\":false,"
        "  \"all_runs\":{\"weak\":0,\"concurrent\":0}}},"
        " {\"id\":\"litmus.r.fence\",\"verdict\":\"skip\"},"
        " {\"id\":\"iwg.mp\",\"measure\":{\"weak_forbidden\":false,"
        "  \"all_runs\":{\"weak\":1,\"concurrent\":5}}}]");
    cJSON *p = litmus_power_summary(probes);
    CHECK(p && get(p, "mutants_run") == 5 && get(p, "mutants_killed") == 3 && get(p, "probes") == 5,
          "3 mutants + 2 concurrent information probes run, 2 + 1 killed, over 5 probes with totals");
    cJSON_Delete(p);
    cJSON_Delete(probes);
}

static void test_absent_without_litmus(void)
{
    cJSON *probes = cJSON_Parse("[{\"id\":\"conv.x\",\"verdict\":\"pass\"},"
                                "{\"id\":\"litmus.r.fence\",\"verdict\":\"skip\"}]");
    CHECK(litmus_power_summary(probes) == NULL, "no object where no litmus probe has totals");
    CHECK(litmus_power_summary(NULL) == NULL, "no object for no probes");
    cJSON_Delete(probes);
}

int main(void)
{
    test_rule();
    test_absent_without_litmus();
    return check_done();
}
