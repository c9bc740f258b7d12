/* Unit tests of the ulp measure and judgement (harness/probe/ulp.c,
 * harness/judge/ulp_judge.c), on cases worked by hand from the definition of
 * OpenCL C 1.2 section 7.4: at a power of two the ulp is the gap below it,
 * subnormals share the gap of the smallest normal binade, an infinite
 * result counts as the power of two past the largest finite number; and
 * the special-value rules of 7.5. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "probe.h"
#include "ulp.h"
#include "ulp_judge.h"

static uint64_t fbits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static uint64_t dbits(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static int near(double a, double b) { return fabs(a - b) <= 1e-6 * fmax(1.0, fabs(b)); }

static void test_ulp_of(void)
{
    CHECK(ulp_of(CLC_T_FLOAT, 1.5, 0) == 0x1p-23L, "ulp of 1.5f is 2^-23");
    CHECK(ulp_of(CLC_T_FLOAT, 1.0, 0) == 0x1p-24L, "ulp of exactly 1.0f is the gap below it, 2^-24");
    CHECK(ulp_of(CLC_T_FLOAT, 1.0, -0x1p-60) == 0x1p-24L, "just below 1: 2^-24");
    CHECK(ulp_of(CLC_T_FLOAT, 1.0, 0x1p-60) == 0x1p-23L, "just above 1: 2^-23");
    CHECK(ulp_of(CLC_T_FLOAT, -1.0, 0x1p-60) == 0x1p-24L, "just above -1 (smaller magnitude): 2^-24");
    CHECK(ulp_of(CLC_T_FLOAT, 0, 0) == 0x1p-149L, "ulp of 0 is the smallest subnormal");
    CHECK(ulp_of(CLC_T_FLOAT, 0x1.8p-148, 0) == 0x1p-149L, "a subnormal: 2^-149");
    CHECK(ulp_of(CLC_T_FLOAT, 0x1p-126, 0) == 0x1p-149L, "the smallest normal: 2^-149 on both sides");
    CHECK(ulp_of(CLC_T_FLOAT, 0x1p-125, 0) == 0x1p-149L, "2^-125: the gap below, 2^-149");
    CHECK(ulp_of(CLC_T_FLOAT, FLT_MAX, 0) == 0x1p104L, "FLT_MAX: 2^104");
    CHECK(ulp_of(CLC_T_FLOAT, 4e38, 0) == 0x1p104L, "beyond FLT_MAX: the top gap, 2^104");
    CHECK(ulp_of(CLC_T_DOUBLE, 1.5, 0) == 0x1p-52L, "ulp of 1.5 (double) is 2^-52");
    CHECK(ulp_of(CLC_T_DOUBLE, 1.0, 0) == 0x1p-53L, "ulp of 1.0 (double) is 2^-53");
    CHECK(ulp_of(CLC_T_DOUBLE, 0x1p-1074, 0) == 0x1p-1074L, "double subnormal: 2^-1074");
}

static void test_ulp_error(void)
{
    CHECK(ulp_error(CLC_T_FLOAT, 1.0, 0, fbits(1.0f)) == 0, "exact: 0 ulp");
    CHECK(ulp_error(CLC_T_FLOAT, 1.0, 0, fbits(0x1.000002p0f)) == 2, "next float above exact 1: 2 ulp (7.4 at a power of two)");
    CHECK(ulp_error(CLC_T_FLOAT, 1.0, 0, fbits(0x1.fffffep-1f)) == 1, "next float below 1: 1 ulp");
    CHECK(near(ulp_error(CLC_T_FLOAT, 1.0, 0x1p-60, fbits(0x1.000002p0f)), 1), "above 1 + tiny: about 1 ulp");
    CHECK(near(ulp_error(CLC_T_FLOAT, 1.0 + 0x1p-25, 0, fbits(1.0f)), 0.25), "1 + 2^-25 against 1: 0.25 ulp");
    CHECK(near(ulp_error(CLC_T_FLOAT, 1.5 + 0x1p-24, 0, fbits(1.5f)), 0.5), "a halfway reference: 0.5 ulp");
    CHECK(ulp_error(CLC_T_FLOAT, 0x1.8p-148, 0, fbits(0x1p-148f)) == 1, "subnormals: 3*2^-149 vs 2*2^-149 is 1 ulp");
    CHECK(ulp_error(CLC_T_FLOAT, 0x1p-150, 0, fbits(0.0f)) == 0.5, "half the smallest subnormal vs 0: 0.5 ulp");
    CHECK(ulp_error(CLC_T_FLOAT, FLT_MAX, 0, fbits(INFINITY)) == 1, "inf for FLT_MAX counts as 2^128: 1 ulp");
    CHECK(ulp_error(CLC_T_FLOAT, -(double)FLT_MAX, 0, fbits(-INFINITY)) == 1, "-inf for -FLT_MAX: 1 ulp");
    CHECK(isinf(ulp_error(CLC_T_FLOAT, 1.0, 0, fbits(NAN))), "a NaN for a number: infinitely far");
    CHECK(ulp_error(CLC_T_DOUBLE, 1.0, 0, dbits(0x1.0000000000001p0)) == 2, "double above exact 1: 2 ulp");
    CHECK(near(ulp_error(CLC_T_DOUBLE, 1.5, 0x1p-54, dbits(1.5)), 0.25), "double hi+lo: 0.25 ulp");
    CHECK(near(ulp_error(CLC_T_DOUBLE, 1.5, -0x1p-53, dbits(0x1.8000000000001p0)), 1.5), "double lo below: 1.5 ulp");
    CHECK(ulp_error(CLC_T_DOUBLE, DBL_MAX, 0, dbits(INFINITY)) == 1, "double inf for DBL_MAX: 1 ulp");
}

static clc_ulp_ref parse_ok(const char *tok)
{
    clc_ulp_ref r;
    char err[200];
    int rc = ulp_parse_ref(tok, &r, err, sizeof err);
    CHECK(rc == 0, "parses '%s'", tok);
    return r;
}

static void test_parse_and_judge(void)
{
    char err[200];
    clc_ulp_ref r;
    const char *bad[] = {"", "foo", "1~", "1~2~3", "=1~0x1p-60", "inf~1", "1|2|3|4|5", "nan~1", "1|", NULL};
    for (int i = 0; bad[i]; i++)
        CHECK(ulp_parse_ref(bad[i], &r, err, sizeof err) != 0 && strlen(err) > 0, "rejects '%s' (%s)", bad[i], err);

    double e;
    r = parse_ok("0x1.8p+0");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0x1.800008p0f), &e) && e == 4, "4 ulp away passes a 4-ulp bound");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0x1.80000ap0f), &e) && e == 5, "5 ulp away fails it");
    r = parse_ok("=1");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 16, 0, fbits(0x1.000002p0f), &e), "'=1': exact even under a 16-ulp bound");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 16, 0, fbits(1.0f), &e) && e == 0, "'=1' and 1 passes");
    r = parse_ok("=-0");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0.0f), &e), "a prescribed -0 refuses +0 (7.5.1: signs preserved)");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(-0.0f), &e), "and accepts -0");
    r = parse_ok("-0");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0.0f), &e) && e == 0,
          "a zero nothing prescribes is judged in ulp: +0 for -0 is 0 ulp (fast_normalize of a zero vector)");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0x1p-147f), &e) && e == 4, "4 subnormal steps from it: 4 ulp");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0x1.4p-147f), &e) && e == 5, "5 are beyond a 4-ulp bound");
    r = parse_ok("inf");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(FLT_MAX), &e), "an infinite reference wants inf exactly");
    r = parse_ok("nan");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, 0x7fc00001u, &e), "nan accepts any NaN payload");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, 0xffc00000u, &e), "and a negative NaN");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0.0f), &e), "but no number");
    r = parse_ok("*");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(12.0f), &e), "'*' is not judged");
    r = parse_ok("=inf|0x1.ffffffp+127");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 3, 0, fbits(FLT_MAX), &e) && near(e, 0.5), "past FLT_MAX: FLT_MAX within 0.5 ulp");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 3, 0, fbits(INFINITY), &e), "past FLT_MAX: inf passes too");

    /* 7.5.3: flush to zero */
    r = parse_ok("0x1p-140");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(0.0f), &e) && e == 512, "a subnormal result flushed: 512 ulp on a denormal device");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 1, fbits(-0.0f), &e), "but allowed, either sign, without CL_FP_DENORM");
    r = parse_ok("0x1.000002p-126"); /* FLT_MIN + 1 ulp */
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 2, 1, fbits(0.0f), &e),
          "FLT_MIN + 1 ulp under a 2-ulp bound: FLT_MIN - 2^-149 conforms and is subnormal, so it may flush (CTS agrees)");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 1, 1, fbits(0.0f), &e), "but not under a 1-ulp bound");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 2, 0, fbits(0.0f), &e), "and not on a denormal device");
    r = parse_ok("=0x1p-149");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 1, fbits(0.0f), &e), "an exact subnormal result may be flushed too");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0.0f), &e), "but not on a denormal device");
    r = parse_ok("0x1p-140|ftz:=0");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 1, fbits(-0.0f), &e), "ftz: zero of either sign when the operand was flushed");
    r = parse_ok("=1|ftz:=2");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 4, 0, fbits(2.0f), &e), "ftz: alternatives do not count on a denormal device");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 4, 1, fbits(2.0f), &e), "and count without CL_FP_DENORM");

    /* A 0-ulp zero whose sign no rule fixes (ledger math-zero-sign):
     * nextafter(0, -0) is written -0x0p+0, and either zero passes. */
    r = parse_ok("-0x0p+0");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0.0f), &e) && e == 0, "an open zero's sign: +0 passes at 0 ulp");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(-0.0f), &e), "and -0");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0x1p-149f), &e), "but not the smallest subnormal");
    r = parse_ok("=-0");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0.0f), &e), "a fixed sign (=-0) refuses +0");
    /* nextafter(+0, y > 0) on a device without denormals may be FLT_MIN
     * (ledger math-flush-to-zero): the generator's token for it. */
    r = parse_ok("=0x1p-149|ftz:=0x1p-126");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 1, fbits(0x1p-126f), &e), "nextafter(+0, 1) = FLT_MIN without CL_FP_DENORM");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(0x1p-126f), &e), "but not on a denormal device");

    r = parse_ok("0x1p+0@0x1p-10");
    CHECK(ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(1.0f + 0x1p-11f), &e), "@TOL: within the absolute tolerance passes");
    CHECK(!ulp_element_ok(CLC_T_FLOAT, &r, 0, 0, fbits(1.0f + 0x1p-9f), &e), "@TOL: beyond it fails");
    CHECK(ulp_parse_ref("=1@0x1p-3", &r, err, sizeof err) != 0, "an exact value takes no tolerance");

    clc_expect shown = ulp_ref_display(CLC_T_FLOAT, &(clc_ulp_ref){.n_alts = 1, .hi = {-0.0}});
    CHECK(shown.alts[0] == 0x80000000u, "a -0 reference shows as -0");
    r = parse_ok("0x1.fffffffp-1");
    shown = ulp_ref_display(CLC_T_FLOAT, &r);
    CHECK(shown.alts[0] == fbits(1.0f), "a float reference shows rounded once to float");
}

static void test_judge_record(void)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = "t";
    p.kind = CLC_KIND_RUN;
    p.out_type = CLC_T_FLOAT;
    p.out_count = 3;
    p.has_ulp = 1;
    p.ulp_bound = 2;
    clc_ulp_ref refs[3];
    refs[0] = parse_ok("0x1.8p+0");
    refs[1] = parse_ok("0x1.8p+1");
    refs[2] = parse_ok("-0");
    p.ulp_ref = refs;
    float in[3] = {1.0f, 2.0f, -0.0f};
    p.n_inputs = 1;
    p.inputs[0] = (clc_input){.name = "x", .type = CLC_T_FLOAT, .count = 3, .data = (unsigned char *)in};
    float out[3] = {0x1.800002p0f, 0x1.800006p1f, -0.0f}; /* 1 ulp; 3 ulp; exact */
    clc_record r;
    record_init(&r);
    clc_verdict v = ulp_judge_output(&r, &p, out, 0);
    cJSON *rec = record_release_json(&r);
    const cJSON *u = cJSON_GetObjectItem(rec, "ulp");
    CHECK(v == CLC_VERDICT_FAIL, "3 ulp against a 2-ulp bound fails");
    CHECK(cJSON_GetObjectItem(u, "max_error")->valuedouble == 3, "largest error 3 ulp recorded");
    CHECK(cJSON_GetObjectItem(u, "beyond")->valuedouble == 1, "one element beyond the bound");
    const cJSON *f0 = cJSON_GetArrayItem(cJSON_GetObjectItem(u, "failures"), 0);
    CHECK(cJSON_GetObjectItem(f0, "index")->valuedouble == 1, "the failing element is [1]");
    CHECK(strstr(cJSON_GetArrayItem(cJSON_GetObjectItem(f0, "inputs"), 0)->valuestring, "0x40000000") != NULL,
          "its input bits are recorded");
    CHECK(strstr(cJSON_GetObjectItem(f0, "actual")->valuestring, "0x40400003") != NULL, "its actual bits too");
    CHECK(cJSON_GetObjectItem(f0, "ulp")->valuedouble == 3, "and its error");
    CHECK(cJSON_GetObjectItem(rec, "first_mismatch")->valuedouble == 1, "first_mismatch for the HTML page");
    cJSON_Delete(rec);

    out[1] = 0x1.800002p1f; /* 1 ulp */
    record_init(&r);
    v = ulp_judge_output(&r, &p, out, 0);
    rec = record_release_json(&r);
    u = cJSON_GetObjectItem(rec, "ulp");
    CHECK(v == CLC_VERDICT_PASS, "within the bound passes");
    CHECK(cJSON_GetObjectItem(u, "max_error")->valuedouble == 1, "a passing probe still records its largest error (1 ulp)");
    CHECK(cJSON_GetObjectItem(rec, "actual") == NULL, "a pass keeps no actual values");
    cJSON_Delete(rec);

    p.kind = CLC_KIND_IMPL_DEFINED;
    out[1] = 100.0f;
    record_init(&r);
    v = ulp_judge_output(&r, &p, out, 0);
    rec = record_release_json(&r);
    CHECK(v == CLC_VERDICT_INFO, "impl-defined (native_): info, never fail");
    CHECK(cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "ulp"), "max_error")->valuedouble > 1000,
          "with its error recorded");
    cJSON_Delete(rec);

    /* half_recip(FLT_MAX), about 0x1p-128 (subnormal), flushed to 0 on a
     * device that reports CL_FP_DENORM (ftz = 0): a fail for a full
     * function, a pass for a half_ one (flush_to_zero = allowed). */
    p.kind = CLC_KIND_RUN;
    p.out_count = 1;
    p.ulp_bound = 8192;
    refs[0] = parse_ok("0x1.000001p-128");
    float flushed = 0.0f;
    record_init(&r);
    v = ulp_judge_output(&r, &p, &flushed, 0);
    rec = record_release_json(&r);
    CHECK(v == CLC_VERDICT_FAIL, "a flushed subnormal result fails on a denormal device");
    cJSON_Delete(rec);
    p.flush_allowed = 1;
    record_init(&r);
    v = ulp_judge_output(&r, &p, &flushed, 0);
    rec = record_release_json(&r);
    CHECK(v == CLC_VERDICT_PASS, "but passes where the probe allows flushing (half_ functions)");
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "ulp"), "flush_to_zero")),
          "and the record says it was judged with flushing");
    cJSON_Delete(rec);
}

int main(void)
{
    test_ulp_of();
    test_ulp_error();
    test_parse_and_judge();
    test_judge_record();
    return check_done();
}
