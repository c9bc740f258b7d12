/* harness/judge/context_fold.c: a probe run batched and alone gives one
 * record; a deviation is kept wherever it showed, and the record says where
 * the two runs disagree. */
#include "check.h"
#include "context_fold.h"

#include <string.h>

static cJSON *rec(const char *id, const char *verdict, const char *actual)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", id);
    cJSON_AddStringToObject(r, "kind", "run");
    cJSON_AddStringToObject(r, "verdict", verdict);
    if (actual) {
        /* One element, 1 expected (a NaN-free probe: "-0" and "0" are
         * another value only in a test of the fold). */
        cJSON_AddItemToArray(cJSON_AddArrayToObject(r, "expected"), cJSON_CreateString("1"));
        cJSON *a = cJSON_AddArrayToObject(r, "actual");
        cJSON_AddItemToArray(a, cJSON_CreateString(actual));
    }
    return r;
}

/* context_fold on the records of two report objects (both taken): *r
 * becomes the folded record's object (NULL stays NULL). */
static void fold(cJSON **r, cJSON *alone)
{
    clc_record *tr = NULL, *ta = record_alloc();
    if (record_take_json(alone, ta, NULL, 0) != 0)
        CHECK(0, "the test's copy reads as a record");
    if (*r) {
        tr = record_alloc();
        if (record_take_json(*r, tr, NULL, 0) != 0)
            CHECK(0, "the test's record reads as a record");
    }
    context_fold(&tr, ta);
    *r = tr ? record_release_json(tr) : NULL;
    record_free(tr);
}

static const char *ctx_str(const cJSON *r, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "context"), key));
}

static int ctx_same(const cJSON *r)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "context"), "same"));
}

static const char *actual0(const cJSON *r)
{
    return cJSON_GetStringValue(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r, "actual"), 0));
}

int main(void)
{
    cJSON *r = rec("p", "pass", "1");
    fold(&r, rec("p@alone", "pass", "1"));
    CHECK(ctx_same(r) && !strcmp(ctx_str(r, "alone"), "pass") && !ctx_str(r, "shown"),
          "the same outcome: context says alone pass, same");
    cJSON_Delete(r);

    r = rec("p", "pass", "-0");
    fold(&r, rec("p@alone", "pass", "0"));
    CHECK(ctx_same(r), "two passes are one outcome even with other allowed values");
    cJSON_Delete(r);

    /* An ulp-judged failure: its deviation is its judge's failures. The two
     * runs fail the same element alike and differ in a NaN's sign, which
     * any NaN passes (rusticl's fma). */
    r = rec("p", "fail", "-0");
    cJSON *a = rec("p@alone", "fail", "-0");
    cJSON_AddItemToArray(cJSON_GetObjectItem(r, "actual"), cJSON_CreateString("-nan"));
    cJSON_AddItemToArray(cJSON_GetObjectItem(a, "actual"), cJSON_CreateString("nan"));
    for (int k = 0; k < 2; k++) {
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "expected", "0 (0x00000000)");
        cJSON_AddStringToObject(f, "actual", "-0 (0x80000000)");
        cJSON *fails = cJSON_AddArrayToObject(cJSON_AddObjectToObject(k ? a : r, "ulp"), "failures");
        cJSON_AddItemToArray(fails, f);
    }
    fold(&r, a);
    CHECK(ctx_same(r), "the same failure with other text in a passing element is the same outcome (rusticl's NaN sign)");
    cJSON_Delete(r);

    r = rec("p", "pass", "1");
    fold(&r, rec("p@alone", "fail", "7"));
    CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "verdict")), "fail") &&
              !strcmp(actual0(r), "7") && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "id")), "p"),
          "a failure alone is the probe's failure, under the original's id, with the values alone");
    CHECK(!ctx_same(r) && !strcmp(ctx_str(r, "shown"), "alone") && !strcmp(ctx_str(r, "batched"), "pass"),
          "and the record says it showed alone only, batched it passed");
    cJSON_Delete(r);

    r = rec("p", "fail", "7");
    fold(&r, rec("p@alone", "pass", "1"));
    CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(r, "verdict")), "fail") &&
              !strcmp(actual0(r), "7") && !strcmp(ctx_str(r, "shown"), "batched") && !strcmp(ctx_str(r, "alone"), "pass"),
          "a failure batched only stays, and says alone it passed");
    cJSON_Delete(r);

    r = rec("p", "fail", "7");
    fold(&r, rec("p@alone", "fail", "9"));
    const cJSON *alone_actual =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "context"), "alone_actual");
    CHECK(!ctx_same(r) && !strcmp(ctx_str(r, "shown"), "both") && !strcmp(actual0(r), "7") &&
              !strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(alone_actual, 0)), "9"),
          "other wrong values alone: both shown, the values alone kept beside");
    cJSON_Delete(r);

    r = rec("p", "fail", "7");
    cJSON *crash = rec("p@alone", "crash", NULL);
    cJSON_AddStringToObject(crash, "detail", "the worker died (SIGSEGV)");
    fold(&r, crash);
    CHECK(!ctx_same(r) && !strcmp(ctx_str(r, "alone"), "crash") && !strcmp(ctx_str(r, "shown"), "both") &&
              !strcmp(actual0(r), "7") && !strcmp(ctx_str(r, "alone_detail"), "the worker died (SIGSEGV)"),
          "a crash alone beside a failure batched: the failure stays, the crash and its reason are said");
    cJSON_Delete(r);

    r = NULL;
    fold(&r, rec("p@alone", "pass", "1"));
    CHECK(r == NULL, "no original record (a stopped run): the copy is dropped");
    return check_done();
}
