/* harness/sched/alone_plan.c: the slices of one N cover every probe once,
 * --alone parses what it documents and refuses the rest, and the copies a
 * run adds are the judged batched probes of the slice or of a register's
 * `context` globs, each pointing at its original. */
#include "alone_plan.h"
#include "check.h"
#include "probe_load.h"

#include <stdlib.h>
#include <string.h>

static const char *const SUITE =
    "[defaults]\nspec = OpenCL C (unified): Operators\n\n"
    "[probe a.run.one]\nkind = run\nout = int[1]\nexpect = 1\nbody = out[0] = 1;\n\n"
    "[probe a.run.two]\nkind = run\nout = int[1]\nexpect = 2\nbody = out[0] = 2;\n\n"
    "[probe a.build]\nkind = build-fail\nbody = int x = ;\n\n"
    "[probe a.undefined]\nkind = impl-defined\nout = int[1]\nundefined = shifts past the width\n"
    "body = int s = 40; out[0] = 1 << s;\n\n"
    "[probe a.whole]\nkind = run\nout = int[1]\nexpect = 3\n"
    "source = __kernel void probe(__global int *out) { out[0] = 3; }\n";

/* SUITE into set, and a todo of every probe in order (n of them); NULL
 * when it does not load. */
static size_t *load_suite(clc_probe_set *set, size_t *n)
{
    if (probe_load_text("suite", SUITE, set, stderr) != 0)
        return NULL;
    *n = set->count;
    size_t *todo = malloc(*n * sizeof *todo);
    for (size_t i = 0; todo && i < *n; i++)
        todo[i] = i;
    return todo;
}

int main(void)
{
    clc_alone_slice s;
    CHECK(alone_slice_parse("2/7", &s, stderr) == 0 && s.k == 2 && s.n == 7, "--alone 2/7");
    CHECK(alone_slice_parse("all", &s, stderr) == 0 && s.n == 1, "--alone all is one part of one");
    CHECK(alone_slice_parse("none", &s, stderr) == 0 && s.n == 0, "--alone none is no part");
    FILE *null = fopen("/dev/null", "w");
    CHECK(alone_slice_parse("7/7", &s, null) == -1, "--alone 7/7 refused (K < N)");
    CHECK(alone_slice_parse("1/", &s, null) == -1 && alone_slice_parse("x", &s, null) == -1 &&
              alone_slice_parse("-1/7", &s, null) == -1 && alone_slice_parse("1/0", &s, null) == -1,
          "--alone refuses malformed slices");

    /* 1970-01-08 is day 7: part 0; a day later part 1; the parts of a week
     * cover every id exactly once. */
    CHECK(alone_slice_today(7 * 86400 + 5).k == 0 && alone_slice_today(8 * 86400).k == 1 &&
              alone_slice_today(0).n == ALONE_DAYS,
          "the day's slice is the day number mod %d", ALONE_DAYS);
    int once = 1, spread = 1;
    size_t per_part[ALONE_DAYS] = {0};
    for (int i = 0; i < 7000; i++) {
        char id[32];
        snprintf(id, sizeof id, "fam.probe%d", i);
        int hits = 0;
        for (unsigned k = 0; k < ALONE_DAYS; k++)
            if (alone_in_slice(id, (clc_alone_slice){k, ALONE_DAYS}))
                hits++, per_part[k]++;
        once &= hits == 1;
    }
    for (unsigned k = 0; k < ALONE_DAYS; k++)
        spread &= per_part[k] > 800 && per_part[k] < 1200;
    CHECK(once, "every id is in exactly one part of a week");
    CHECK(spread, "the parts are about a seventh each (%zu .. %zu of 7000)", per_part[0], per_part[ALONE_DAYS - 1]);
    CHECK(alone_in_slice("x", (clc_alone_slice){0, 1}) && !alone_in_slice("x", (clc_alone_slice){0, 0}),
          "all takes every id, none no id");

    clc_probe_set set = {0};
    size_t n, *todo = load_suite(&set, &n); /* CHECK evaluates its condition twice */
    CHECK(todo && set.count == 5, "the test suite loads");
    CHECK(alone_worth_running(&set.items[0]) && !alone_worth_running(&set.items[2]) &&
              !alone_worth_running(&set.items[3]) && !alone_worth_running(&set.items[4]),
          "only judged batched run probes are worth a copy (not build-fail, undefined, whole programs)");
    long added = alone_plan_add(&set, &todo, &n, (clc_alone_slice){0, 1}, NULL, 0, NULL);
    CHECK(added == 2 && n == 7 && set.count == 7, "--alone all copies the two judged probes (added %ld)", added);
    CHECK(!strcmp(set.items[5].id, "a.run.one@alone") && set.items[5].alone && set.items[5].alone_of == 0 &&
              todo[5] == 5 && !strcmp(set.items[6].id, "a.run.two@alone") && set.items[6].alone_of == 1,
          "each copy is ID@alone, marked alone, pointing at its original, at the end of todo");
    CHECK(!strcmp(set.items[5].body, set.items[0].body) && set.items[5].expect && set.items[5].out_count == 1,
          "a copy keeps the original's body and expectations");
    added = alone_plan_add(&set, &todo, &n, (clc_alone_slice){0, 1}, NULL, 0, NULL);
    CHECK(added == 2 && set.count == 9, "a copy is never copied again (only the originals are)");
    probe_set_free(&set);
    free(todo);

    clc_probe_set set2 = {0};
    todo = load_suite(&set2, &n);
    const char *globs[] = {"a.run.t*"};
    added = alone_plan_add(&set2, &todo, &n, (clc_alone_slice){0, 0}, globs, 1, NULL);
    CHECK(added == 1 && !strcmp(set2.items[5].id, "a.run.two@alone"),
          "with no slice, a register's context glob still runs its probes alone");
    probe_set_free(&set2);
    free(todo);

    /* A driver whose kernels hold one probe each, or a budget the body
     * passes: the batched run is alone already, no copy. */
    clc_probe_set set3 = {0};
    todo = load_suite(&set3, &n);
    clc_alone_kernels one = {.group = 1}, small = {.group = 8, .group_bytes = 4}, roomy = {.group = 8, .group_bytes = 4096};
    CHECK(alone_already(&set3.items[0], &one) && alone_already(&set3.items[0], &small) &&
              !alone_already(&set3.items[0], &roomy) && !alone_already(&set3.items[0], NULL),
          "alone already: group 1, or a body over the kernel budget (4 bytes), not under a roomy one");
    added = alone_plan_add(&set3, &todo, &n, (clc_alone_slice){0, 1}, NULL, 0, &one);
    CHECK(added == 0 && n == 5, "one probe a kernel: --alone all adds no copy");
    const char *ctx_glob[] = {"a.run.one"};
    added = alone_plan_add(&set3, &todo, &n, (clc_alone_slice){0, 1}, ctx_glob, 1, &one);
    CHECK(added == 1 && !strcmp(set3.items[5].id, "a.run.one@alone"),
          "a register's context glob gets its copy even where the probe is alone in a dispatch kernel");
    probe_set_free(&set3);
    free(todo);
    fclose(null);
    return check_done();
}
