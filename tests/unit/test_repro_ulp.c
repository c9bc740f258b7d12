/* The reproducer of a probe judged in ulp judges in ulp:
 * a real math probe (probes/math-functions/float/acos.probe) is
 * judged by the harness (ulp_judge_output) on a made-up output with a few
 * elements within the bound, a few beyond it, a NaN and a wrong sign; the
 * report record goes through `clconform repro`; the generated repro.c is
 * built with strict warnings and run with --judge on the same output, no
 * device needed. It must give the report's verdict line and exactly its
 * failing elements, and pass an output whose every element is within the
 * bound but not correctly rounded (which an exact comparison would fail). */
#include "check.h"
#include "probe_load.h"
#include "record.h"
#include "repro.h"
#include "ulp_judge.h"

#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 22);
    size_t n = buf ? fread(buf, 1, (1 << 22) - 1, f) : 0;
    (void)n;
    fclose(f);
    return buf;
}

static int write_bytes(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f)
        ok &= fclose(f) == 0;
    return ok;
}

/* Runs the reproducer in dir with --judge on bytes; returns its exit status
 * and leaves its output in dir/judge.out. */
static int judge(const char *dir, const void *out, size_t len)
{
    char path[4200], cmd[8400];
    snprintf(path, sizeof path, "%s/out.bin", dir);
    if (!write_bytes(path, out, len))
        return -1;
    snprintf(cmd, sizeof cmd, "cd '%s' && ./repro.bin --judge out.bin > judge.out 2>&1", dir);
    int rc = system(cmd);
    return rc == -1 ? -1 : (rc >> 8) & 0xff;
}

/* The indices of the "out[N]: expected" lines of text, in order, into idx;
 * returns how many. */
static size_t failing_lines(const char *text, long *idx, size_t max)
{
    size_t n = 0;
    for (const char *p = text; p && (p = strstr(p, "\nout[")) != NULL && n < max; p++) {
        char *end;
        long i = strtol(p + 5, &end, 10);
        if (strncmp(end, "]: expected", 11) == 0)
            idx[n++] = i;
    }
    return n;
}

int main(void)
{
    const char *src = getenv("SRCDIR");
    char path[4400], tmp[] = "/tmp/clc-test-repro-ulp.XXXXXX", dir[4200];
    snprintf(path, sizeof path, "%s/probes/math-functions/float/acos.probe", src ? src : ".");
    clc_probe_set set;
    memset(&set, 0, sizeof set);
    int loaded = probe_load_path(path, &set, stderr);
    CHECK(loaded == 0 && set.count > 0 && set.items[0].has_ulp, "acos_probe_loads_judged_in_ulp");
    if (loaded != 0 || set.count == 0 || !mkdtemp(tmp))
        return check_done() | 1;
    const clc_probe *p = &set.items[0];
    size_t n = p->out_count;
    uint32_t *good = calloc(n, 4), *bad = calloc(n, 4), *close = calloc(n, 4);
    /* The correctly rounded values (what a report shows as expected). */
    for (size_t i = 0; i < n; i++)
        good[i] = (uint32_t)(p->expect[i].n_alts ? p->expect[i].alts[0] : 0);
    /* Within the bound: every finite, nonzero, non-prescribed reference 3
     * ulp off (4 allowed). */
    size_t moved = 0;
    for (size_t i = 0; i < n; i++) {
        const clc_ulp_ref *r = &p->ulp_ref[i];
        close[i] = good[i];
        if (r->n_alts == 1 && !r->exact && !r->is_nan && !r->ftz_only && r->hi[0] != 0 &&
            (good[i] & 0x7f800000u) != 0x7f800000u && (good[i] & 0x7fffffffu) > 0x00800010u) {
            close[i] = good[i] + 3;
            moved++;
        }
    }
    memcpy(bad, close, n * 4);
    size_t wrong[] = {100, 250, 251, 400, 777, 1000};
    bad[wrong[0]] = good[wrong[0]] + 5;    /* 5 ulp: beyond */
    bad[wrong[1]] = good[wrong[1]] + 1000; /* far */
    bad[wrong[2]] = 0x7fc00000u;           /* NaN for a number */
    bad[wrong[3]] = good[wrong[3]] ^ 0x80000000u; /* the sign */
    bad[wrong[4]] = good[wrong[4]] - 6;
    bad[wrong[5]] = 0x7f800000u;           /* inf */
    bad[0] = good[0] ^ 0x80000000u;        /* acos(0) = pi/2: -pi/2 */

    clc_record r;
    record_start(&r, p);
    record_add_repro(&r, p, "-cl-std=CL1.2");
    clc_verdict verdict = ulp_judge_output(&r, p, bad, 0);
    cJSON *rec = record_release_json(&r);
    CHECK(verdict == CLC_VERDICT_FAIL, "the_harness_fails_the_made_up_output");
    cJSON *report = cJSON_Parse("{\"schema_version\":1,\"tool\":{\"name\":\"clconform\",\"version\":\"test\"},"
                                "\"run\":{},\"platform\":{\"name\":\"Test Platform\"},"
                                "\"device\":{\"key\":\"ulp-dev\",\"name\":\"Test Device\",\"index\":\"0:0\"},"
                                "\"probes\":[]}");
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(report, "probes"), rec);
    int written = repro_write_all(report, tmp, stderr);
    CHECK(written == 1, "one_reproducer_written (%d)", written);
    snprintf(dir, sizeof dir, "%s/ulp-dev/%s", tmp, p->id);
    snprintf(path, sizeof path, "%s/repro.c", dir);
    char *c = slurp(path);
    CHECK(c && strstr(c, "static const enum mode MODE = MODE_RUN_ULP;") && strstr(c, "#define REPRO_ULP 1") &&
              strstr(c, "int ulp_element_ok(clc_type t,"),
          "repro_c_judges_in_ulp_with_the_harness_code_embedded");
    free(c);
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "cd '%s' && cc -std=c99 -Wall -Wextra -Werror -o repro.bin repro.c -lOpenCL -lm", dir);
    CHECK(system(cmd) == 0, "ulp_repro_compiles_as_c99_without_warnings");

    int rc = judge(dir, bad, n * 4);
    snprintf(path, sizeof path, "%s/judge.out", dir);
    char *text = slurp(path);
    CHECK(rc == 1, "the_reproducer_fails_the_same_output (exit %d)", rc);
    /* The report's verdict line: "N of M elements beyond B ulp (largest X
     * ulp); first at [F]", word for word. */
    const char *detail = cJSON_GetObjectItemCaseSensitive(rec, "detail")->valuestring;
    char head[160];
    snprintf(head, sizeof head, "FAIL: %.*s", (int)(strstr(detail, ", input") - detail), detail);
    CHECK(text && strstr(text, head), "the_reproducer_gives_the_report_verdict_line: %s", head);
    long idx[64];
    size_t got = failing_lines(text, idx, 64);
    const cJSON *u = cJSON_GetObjectItemCaseSensitive(rec, "ulp");
    const cJSON *fails = cJSON_GetObjectItemCaseSensitive(u, "failures");
    double beyond = cJSON_GetObjectItemCaseSensitive(u, "beyond")->valuedouble;
    int same = got == (size_t)beyond && got >= 4;
    for (size_t i = 0; same && i < got && i < (size_t)cJSON_GetArraySize(fails); i++)
        same = idx[i] == (long)cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(fails, (int)i), "index")->valuedouble;
    CHECK(same, "the_reproducer_lists_exactly_the_report_failing_elements (%zu, report %g)", got, beyond);
    free(text);

    rc = judge(dir, close, n * 4);
    CHECK(rc == 0, "within_the_bound_everywhere_passes (%zu elements 3 ulp off; exit %d)", moved, rc);
    CHECK(moved > 500, "...most elements were moved off the correctly rounded value (%zu)", moved);
    rc = judge(dir, good, n * 4);
    CHECK(rc == 0, "the_correctly_rounded_output_passes (exit %d)", rc);
    rc = judge(dir, good, n * 4 - 1);
    CHECK(rc == 2, "a_short_output_file_is_a_usage_error (exit %d)", rc);

    cJSON_Delete(report);
    free(good);
    free(bad);
    free(close);
    probe_set_free(&set);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", tmp);
    return check_done();
}
