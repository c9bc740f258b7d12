/* harness/judge/claims.c: the table of what each claim is probed by, and which of
 * a device's claims a run exercised with a judged probe. */
#include "check.h"
#include "claims.h"
#include "probe_load.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

static const cJSON *claim(const cJSON *claims, const char *name)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, claims)
        if (strcmp(cJSON_GetObjectItemCaseSensitive(c, "name")->valuestring, name) == 0)
            return c;
    return NULL;
}

static int num(const cJSON *c, const char *key)
{
    return c ? cJSON_GetObjectItemCaseSensitive(c, key)->valueint : -1;
}

static void test_parse_errors(void)
{
    clc_claim_table t;
    FILE *err = tmpfile();
    char bad1[] = "# ok\ncl_khr_fp64\n";
    int rc0 = claims_parse(bad1, "c.txt", &t, err);
    CHECK(rc0 == -1, "a claim without probes/alias/none is refused");
    char bad2[] = "cl_khr_icd none   \n";
    int rc1 = claims_parse(bad2, "c.txt", &t, err);
    CHECK(rc1 == -1, "'none' without a reason is refused");
    char bad3[] = "x probes a.*\nx sometimes b\n";
    int rc2 = claims_parse(bad3, "c.txt", &t, err);
    CHECK(rc2 == -1, "an unknown word after the claim is refused");
    char bad4[] = "announce\n";
    int rc3 = claims_parse(bad4, "c.txt", &t, err);
    CHECK(rc3 == -1, "announce without a glob is refused");
    rewind(err);
    char msg[512] = "";
    size_t n = fread(msg, 1, sizeof msg - 1, err);
    msg[n] = '\0';
    CHECK(strstr(msg, "c.txt:2: a claim needs") != NULL, "the message names file and line: %s", msg);
    CHECK(strstr(msg, "c.txt:2: expected 'probes', 'alias' or 'none', not: sometimes") != NULL,
          "the unknown word is named");
    fclose(err);
}

static clc_probe mk(const char *id, const char *req)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = (char *)id;
    if (req) {
        p.requires = malloc(sizeof *p.requires);
        p.requires[0] = (char *)req;
        p.n_requires = 1;
    }
    return p;
}

static void test_report(void)
{
    char text[] = "announce std.extension-macro.*\n"
                  "cl_khr_global_int32_base_atomics probes atomic.add.*.global\n"
                  "__opencl_c_fp64 alias fp64\n"
                  "cl_khr_icd none the loader's dispatch\n";
    clc_claim_table t;
    int rc = claims_parse(text, "t", &t, stderr); /* CHECK evaluates its condition twice */
    CHECK(rc == 0, "a well-formed table loads");
    CHECK(t.count == 3 && t.n_announce == 1, "three rules and one announce glob");

    clc_probe items[] = {
        mk("atomic.add.int.global", NULL),         /* listed for the 32-bit atomics: pass */
        mk("math.sin.double", "fp64"),             /* alias of __opencl_c_fp64: fail */
        mk("math.cos.double", "fp64"),             /* skipped: not judged */
        mk("std.extension-macro.cl_khr_icd", "cl_khr_icd"), /* announcement only */
        mk("images.read.2d", "images"),            /* info: not judged */
    };
    clc_probe_set set = {items, 5, 5};
    size_t todo[] = {0, 1, 2, 3, 4};
    const char *verdicts[] = {"pass", "fail", "skip", "pass", "info"};
    clc_record *recs[5];
    for (int k = 0; k < 5; k++) {
        recs[k] = record_alloc();
        record_set_verdict(recs[k], verdict_parse(verdicts[k]), NULL);
    }
    cJSON *dev = cJSON_Parse("{\"extensions\":[\"cl_khr_global_int32_base_atomics\",\"cl_khr_icd\","
                             "\"cl_khr_fp64\"],\"capabilities\":[\"fp64\",\"images\",\"__opencl_c_fp64\",\"wg_64\"]}");
    cJSON *claims = claims_report(&t, dev, &set, todo, 5, recs);
    CHECK(cJSON_GetArraySize(claims) == 5, "three extensions, image support and one feature; wg_64 is no claim");
    const cJSON *a = claim(claims, "cl_khr_global_int32_base_atomics");
    CHECK(num(a, "judged") == 1 && num(a, "pass") == 1 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "probed")),
          "a listed probe counts for its claim");
    const cJSON *f = claim(claims, "__opencl_c_fp64");
    CHECK(num(f, "probes") == 2 && num(f, "judged") == 1 && num(f, "pass") == 0, "an alias counts; a skip is not judged");
    const cJSON *d = claim(claims, "cl_khr_fp64");
    CHECK(d && cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(d, "probed")), "no rule, no requiring probe: not probed");
    const cJSON *i = claim(claims, "cl_khr_icd");
    CHECK(num(i, "probes") == 0, "a probe that only checks the announcement never counts");
    CHECK(i && strcmp(cJSON_GetObjectItemCaseSensitive(i, "reason")->valuestring, "the loader's dispatch") == 0,
          "the table's reason is given");
    const cJSON *im = claim(claims, "images");
    CHECK(im && strstr(cJSON_GetObjectItemCaseSensitive(im, "reason")->valuestring, "1 probe(s)") != NULL,
          "a claim whose probes were not judged says so");
    CHECK(strcmp(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(claims, 0), "name")->valuestring,
                 "cl_khr_icd") == 0, "the claims nothing probed come first, in the device's order");
    CHECK(claims_unprobed(claims) == 3, "three claims not probed");
    cJSON *bare = claims_report(NULL, dev, &set, todo, 5, recs);
    CHECK(num(claim(bare, "cl_khr_global_int32_base_atomics"), "judged") == 0, "without a table: requiring probes only");
    cJSON_Delete(bare);
    cJSON_Delete(claims);
    cJSON_Delete(dev);
    for (int k = 0; k < 5; k++) {
        record_free(recs[k]);
        free(items[k].requires);
    }
    claims_free(&t);
}

/* The shipped table loads, and every glob it lists still names a probe of
 * the suite: a renamed family must not leave a claim counted by nothing. */
static void test_shipped_table(void)
{
    const char *src = getenv("SRCDIR");
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/probes/claims.txt", src ? src : ".");
    clc_claim_table t;
    int rc = claims_load(path, &t, stderr);
    CHECK(rc == 0, "%s loads", path);
    snprintf(path, sizeof path, "%s/probes", src ? src : ".");
    clc_probe_set set = {0};
    rc = probe_load_path(path, &set, stderr);
    CHECK(rc == 0 && set.count > 1000, "the suite loads (%zu probes)", set.count);
    int stale = 0;
    for (size_t r = 0; r < t.count; r++)
        for (size_t g = 0; g < t.rules[r].n_globs; g++) {
            size_t i = 0;
            while (i < set.count && fnmatch(t.rules[r].globs[g], set.items[i].id, 0) != 0)
                i++;
            if (i == set.count) {
                printf("# %s: %s matches no probe\n", t.rules[r].name, t.rules[r].globs[g]);
                stale++;
            }
        }
    CHECK(stale == 0, "every glob of the table names at least one probe");
    probe_set_free(&set);
    claims_free(&t);
}

int main(void)
{
    test_parse_errors();
    test_report();
    test_shipped_table();
    return check_done();
}
