/* harness/measure/measure_memo.c: a measurement is remembered per device and driver
 * version and taken back only for the very same probe, marked as cached. */
#include "check.h"
#include "measure_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A measurement probe as the probe loader gives it: what the memo reads. */
static clc_probe measure_probe(char *id, char *measure, char *source, double timeout_s)
{
    clc_probe p;
    memset(&p, 0, sizeof p);
    p.id = id;
    p.measure = measure;
    p.source = source;
    p.timeout_s = timeout_s;
    return p;
}

/* A record of a live measurement with this verdict, as a report holds it
 * (caller deletes). */
static cJSON *verdict_record(const char *verdict)
{
    cJSON *r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", "m.x");
    cJSON_AddStringToObject(r, "kind", "measure");
    cJSON_AddStringToObject(r, "verdict", verdict);
    return r;
}

/* measure_memo_take, the record as its report object (caller deletes). */
static cJSON *take(const cJSON *memo, const clc_probe *p)
{
    clc_record *r = measure_memo_take(memo, p);
    cJSON *json = r ? record_to_json(r) : NULL;
    record_free(r);
    return json;
}

/* measure_memo_store of the record a report object holds. */
static void store(cJSON *memo, const char *path, const clc_probe *p, const cJSON *json)
{
    clc_record r;
    char err[256];
    if (record_from_json(json, &r, err, sizeof err) != 0) {
        CHECK(0, "the test's record reads: %s", err);
        return;
    }
    measure_memo_store(memo, path, p, &r);
    record_clear(&r);
}

int main(void)
{
    char dir[] = "/tmp/clc-measmemo-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char path[4200];
    snprintf(path, sizeof path, "%s/measures/dev--drv--ver.json", dir);
    clc_probe p = measure_probe("iwg.resident.wg64", "iwg_resident_wg64",
                                "__kernel void iwg_resident(__global int *c, int t, int r) {}", 20);

    cJSON *memo = measure_memo_load(path);
    cJSON *none = take(memo, &p);
    CHECK(cJSON_IsObject(memo) && none == NULL, "no_file_no_memory");

    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "id", p.id);
    cJSON_AddStringToObject(rec, "kind", "measure");
    cJSON_AddStringToObject(rec, "verdict", "info");
    cJSON_AddStringToObject(rec, "detail", "132 work-groups of 64 resident at once");
    cJSON_AddStringToObject(rec, "file", "probes/old-folder/iwg.probe");
    cJSON_AddNumberToObject(rec, "line", 314);
    cJSON_AddStringToObject(rec, "clause", "3.2");
    store(memo, path, &p, rec);
    cJSON_Delete(memo);

    memo = measure_memo_load(path);
    cJSON *back = take(memo, &p);
    const cJSON *cached = cJSON_GetObjectItemCaseSensitive(back, "cached");
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(back, "detail");
    CHECK(back && cJSON_IsObject(cached) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(cached, "measured_at")),
          "remembered_record_comes_back_marked_cached");
    CHECK(cJSON_IsString(detail) && strstr(detail->valuestring, "132 work-groups") &&
              strstr(detail->valuestring, "remembered"),
          "its_detail_says_it_was_remembered");

    /* The probe moved (new folder, line and citation, the same source): its
     * measurement comes back under where and what it is now. */
    clc_probe moved = p;
    moved.file = "probes/execution-model/iwg.probe";
    moved.line = 318;
    moved.clause = "OpenCL API: Execution Model";
    cJSON *mv = take(memo, &moved);
    const cJSON *mv_file = cJSON_GetObjectItemCaseSensitive(mv, "file");
    const cJSON *mv_clause = cJSON_GetObjectItemCaseSensitive(mv, "clause");
    CHECK(mv && cJSON_IsString(mv_file) && strcmp(mv_file->valuestring, moved.file) == 0 &&
              cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(mv, "line")) == 318 &&
              cJSON_IsString(mv_clause) && strcmp(mv_clause->valuestring, moved.clause) == 0,
          "a_moved_probe_takes_its_measurement_back_with_its_new_file_line_and_clause");
    cJSON_Delete(mv);

    /* The cached copy is never stored again as if measured. */
    store(memo, path, &p, back);
    cJSON *again = take(memo, &p);
    const cJSON *at1 = cJSON_GetObjectItemCaseSensitive(cached, "measured_at");
    const cJSON *at2 = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(again, "cached"), "measured_at");
    CHECK(again && strcmp(at1->valuestring, at2->valuestring) == 0, "a_cached_record_is_not_stored_again");

    clc_probe changed = p;
    changed.source = "__kernel void iwg_resident(__global int *c, int t, int r) { /* new */ }";
    cJSON *stale = take(memo, &changed);
    CHECK(stale == NULL, "a_changed_probe_is_measured_again");

    cJSON *err = verdict_record("error");
    clc_probe other = p;
    other.id = "iwg.resident.wg1";
    store(memo, path, &other, err);
    cJSON *no_err = take(memo, &other);
    CHECK(no_err == NULL, "an_error_is_not_remembered");

    /* An advertised limit that held is remembered; a limit that failed,
     * and a pass of any other family, are measured again. */
    clc_probe lim = measure_probe("limits.max_alloc.at", "limits_max_alloc_at",
                                  "__kernel void limits(__global uchar *b, ulong last) {}", 60);
    cJSON *lim_pass = verdict_record("pass"), *lim_fail = verdict_record("fail"), *iwg_pass = verdict_record("pass");
    store(memo, path, &lim, lim_pass);
    cJSON *lim_memo = measure_memo_load(path);
    cJSON *lim_back = take(lim_memo, &lim);
    const cJSON *lim_v = cJSON_GetObjectItemCaseSensitive(lim_back, "verdict");
    CHECK(lim_back && cJSON_IsString(lim_v) && strcmp(lim_v->valuestring, "pass") == 0 &&
              cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(lim_back, "cached")),
          "a_limit_that_held_is_remembered_as_a_cached_pass");
    clc_probe lim_over = measure_probe("limits.max_alloc.over", "limits_max_alloc_over", "", 60);
    store(memo, path, &lim_over, lim_fail);
    cJSON *lim_failed = take(memo, &lim_over);
    CHECK(lim_failed == NULL, "a_limit_that_failed_is_measured_again");
    clc_probe spin = other;
    spin.id = "iwg.spin_flag.wg64.at_limit";
    store(memo, path, &spin, iwg_pass);
    cJSON *spin_back = take(memo, &spin);
    CHECK(spin_back == NULL, "a_pass_of_another_family_is_measured_again");
    /* A code shape the driver took, and a limit's skip (decided by the
     * device's answers to queries), are remembered too; a skip of another
     * family is not. */
    clc_probe shape = measure_probe("shape.kernels_in_program.300", "shape_kernels_300", "", 60);
    clc_probe skipped = measure_probe("limits.constant_args.over", "limits_constant_args_over", "", 60);
    cJSON *shape_pass = verdict_record("pass"), *lim_skip = verdict_record("skip"), *spin_skip = verdict_record("skip");
    store(memo, path, &shape, shape_pass);
    store(memo, path, &skipped, lim_skip);
    clc_probe spin2 = spin;
    spin2.id = "iwg.spin_flag.wg128.at_limit";
    store(memo, path, &spin2, spin_skip);
    cJSON *settled = measure_memo_load(path);
    cJSON *shape_back = take(settled, &shape), *skip_back = take(settled, &skipped);
    cJSON *spin_skip_back = take(settled, &spin2);
    CHECK(shape_back && skip_back, "a_shape_that_held_and_a_limit_skipped_are_remembered");
    CHECK(spin_skip_back == NULL, "a_skip_of_another_family_is_measured_again");
    cJSON_Delete(shape_pass), cJSON_Delete(lim_skip), cJSON_Delete(spin_skip), cJSON_Delete(settled);
    cJSON_Delete(shape_back), cJSON_Delete(skip_back), cJSON_Delete(spin_skip_back);
    cJSON_Delete(lim_pass), cJSON_Delete(lim_fail), cJSON_Delete(iwg_pass), cJSON_Delete(lim_memo);
    cJSON_Delete(lim_back), cJSON_Delete(lim_failed), cJSON_Delete(spin_back);

    /* Two supervisors of one device, each with the memo it loaded before the
     * other stored: both entries end in the file. */
    cJSON *mine = measure_memo_load(path), *theirs = measure_memo_load(path);
    clc_probe a = p, b = p;
    a.id = "iwg.resident.wg256";
    b.id = "iwg.resident.wgmax";
    store(mine, path, &a, rec);
    store(theirs, path, &b, rec);
    cJSON *both = measure_memo_load(path);
    cJSON *ta = take(both, &a), *tb = take(both, &b), *tp = take(both, &p);
    CHECK(ta && tb && tp, "stores_of_two_supervisors_both_reach_the_file");
    cJSON_Delete(ta), cJSON_Delete(tb), cJSON_Delete(tp), cJSON_Delete(both), cJSON_Delete(mine), cJSON_Delete(theirs);

    /* A litmus probe: never taken back as a record; its "all_runs" are kept
     * as its totals, for this very probe only. */
    clc_probe lit = measure_probe("litmus.mp.acq_rel", "litmus_mp_acq_rel", "__kernel void litmus_mp_acq_rel(void) {}", 10);
    CHECK(measure_memo_litmus_totals(memo, &lit) == NULL, "no_litmus_totals_before_a_run");
    cJSON *lrec = verdict_record("pass");
    cJSON *m = cJSON_AddObjectToObject(lrec, "measure");
    cJSON *all = cJSON_AddObjectToObject(m, "all_runs");
    cJSON_AddNumberToObject(all, "runs", 4000);
    cJSON_AddNumberToObject(all, "clconform_runs", 1);
    store(memo, path, &lit, lrec);
    cJSON *reread = measure_memo_load(path);
    const cJSON *tot = measure_memo_litmus_totals(reread, &lit);
    CHECK(tot && cJSON_GetObjectItemCaseSensitive(tot, "runs")->valuedouble == 4000, "litmus_totals_are_kept");
    cJSON *as_rec = take(reread, &lit);
    CHECK(as_rec == NULL, "a_litmus_probe_is_never_taken_as_a_remembered_record");
    clc_probe lit2 = lit;
    lit2.source = "__kernel void litmus_mp_acq_rel(void) { /* changed */ }";
    CHECK(measure_memo_litmus_totals(reread, &lit2) == NULL, "a_changed_litmus_probe_starts_its_totals_anew");
    cJSON_ReplaceItemInObjectCaseSensitive(lrec, "verdict", cJSON_CreateString("timeout"));
    cJSON_ReplaceItemInObjectCaseSensitive(all, "runs", cJSON_CreateNumber(1));
    store(reread, path, &lit, lrec);
    cJSON *after = measure_memo_load(path);
    tot = measure_memo_litmus_totals(after, &lit);
    CHECK(tot && cJSON_GetObjectItemCaseSensitive(tot, "runs")->valuedouble == 4000,
          "a_litmus_run_that_did_not_finish_leaves_the_totals");
    cJSON_Delete(lrec), cJSON_Delete(reread), cJSON_Delete(after);

    cJSON_Delete(back), cJSON_Delete(again), cJSON_Delete(rec), cJSON_Delete(err), cJSON_Delete(memo);
    unlink(path);
    char lockf[4300];
    snprintf(lockf, sizeof lockf, "%s.lock", path);
    unlink(lockf);
    char sub[4300];
    snprintf(sub, sizeof sub, "%s/measures", dir);
    rmdir(sub);
    rmdir(dir);
    return check_done();
}
