/* The `undefined` probe key: only an impl-defined probe may execute an
 * undefined operation; the loader refuses it elsewhere with FILE:LINE, and
 * whatever becomes of such a probe (crash, timeout, error, rejected build)
 * is recorded as info, the original verdict kept as "outcome". */
#include "check.h"
#include "probe_load.h"
#include "record.h"

#include <stdlib.h>
#include <string.h>

static char *errbuf;
static size_t errlen;

static int load(const char *name, const char *text, clc_probe_set *set)
{
    free(errbuf);
    errbuf = NULL;
    FILE *err = open_memstream(&errbuf, &errlen);
    memset(set, 0, sizeof *set);
    int rc = probe_load_text(name, text, set, err);
    fclose(err);
    return rc;
}

static const char *str(const cJSON *rec, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

static void test_loader(void)
{
    clc_probe_set set;
    int rc = load("u.probe",
                  "[probe u.ok]\nspec = OpenCL C (unified): Out-of-Range Behavior and Saturated Conversions\nkind = impl-defined\nundefined = out of range (C99 6.3.1.4)\n"
                  "out = int[1]\nbody = out[0] = 1;\n",
                  &set);
    CHECK(rc == 0 && set.count == 1 && set.items[0].undefined &&
              strcmp(set.items[0].undefined, "out of range (C99 6.3.1.4)") == 0,
          "impl_defined_probe_keeps_its_undefined_reason");
    probe_set_free(&set);

    rc = load("judged.probe",
              "[probe u.bad]\nspec = s\nkind = run\nout = int[1]\nexpect = 1\nundefined = x\nbody = out[0] = 1;\n",
              &set);
    CHECK(rc == -1 && errbuf && strstr(errbuf, "judged.probe:6: ") && strstr(errbuf, "only for kind impl-defined"),
          "run_probe_with_undefined_rejected_with_file_line");
    probe_set_free(&set);

    rc = load("plain.probe", "[probe u.plain]\nspec = s\nkind = impl-defined\nout = int[1]\nbody = out[0] = 1;\n",
              &set);
    CHECK(rc == 0 && set.count == 1 && set.items[0].undefined == NULL, "probe_without_the_key_has_no_reason");
    probe_set_free(&set);
}

static void test_settle(void)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = "u.p";
    p.file = "u.probe";
    p.clause = "OpenCL C: Out-of-Range Behavior and Saturated Conversions";
    p.kind = CLC_KIND_IMPL_DEFINED;

    const clc_verdict bad[] = {CLC_VERDICT_CRASH, CLC_VERDICT_TIMEOUT, CLC_VERDICT_ERROR, CLC_VERDICT_BUILD_FAIL};
    p.undefined = "out of range";
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        clc_record r;
        record_start(&r, &p);
        record_set_verdict(&r, bad[i], "it died");
        record_settle_undefined(&p, &r);
        cJSON *rec = record_release_json(&r);
        CHECK(strcmp(str(rec, "verdict"), "info") == 0 && strcmp(str(rec, "outcome"), verdict_name(bad[i])) == 0 &&
                  strcmp(str(rec, "undefined"), "out of range") == 0 && strcmp(str(rec, "detail"), "it died") == 0,
              "undefined_probe_%s_recorded_as_info_with_outcome", verdict_name(bad[i]));
        cJSON_Delete(rec);
    }
    clc_record r;
    record_start(&r, &p);
    record_set_verdict(&r, CLC_VERDICT_SKIP, "no fp64");
    record_settle_undefined(&p, &r);
    cJSON *rec = record_release_json(&r);
    CHECK(strcmp(str(rec, "verdict"), "skip") == 0 && !cJSON_GetObjectItemCaseSensitive(rec, "outcome"),
          "undefined_probe_skip_stays_skip");
    cJSON_Delete(rec);

    p.undefined = NULL;
    record_start(&r, &p);
    record_set_verdict(&r, CLC_VERDICT_CRASH, "it died");
    record_settle_undefined(&p, &r);
    rec = record_release_json(&r);
    CHECK(strcmp(str(rec, "verdict"), "crash") == 0, "ordinary_probe_crash_stays_crash");
    cJSON_Delete(rec);
}

int main(void)
{
    test_loader();
    test_settle();
    free(errbuf);
    return check_done();
}
