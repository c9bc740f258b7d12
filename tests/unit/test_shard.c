/* harness/tools/shard.c: I/N parsing (and the CI variables), slices that cover
 * every probe exactly once in order, and reassembly of shard reports into
 * one (probes in shard order whatever the argument order, summary counted
 * again, a missing shard makes it incomplete, a repeated one is kept once). */
#include "check.h"
#include "shard.h"

#include <stdlib.h>
#include <string.h>

static const char *ci_index, *ci_total;
static char *fake_getenv(const char *n)
{
    return (char *)(strcmp(n, "CI_NODE_INDEX") == 0 ? ci_index : strcmp(n, "CI_NODE_TOTAL") == 0 ? ci_total : NULL);
}

static cJSON *shard_doc(const char *key, int index, int total, const char *const *ids, int n)
{
    cJSON *d = cJSON_CreateObject();
    cJSON_AddStringToObject(cJSON_AddObjectToObject(d, "device"), "key", key);
    cJSON *run = cJSON_AddObjectToObject(d, "run");
    cJSON_AddBoolToObject(run, "complete", 1);
    cJSON_AddNumberToObject(run, "wall_ms", 100.0 * index);
    cJSON *s = cJSON_AddObjectToObject(run, "shard");
    cJSON_AddNumberToObject(s, "index", index);
    cJSON_AddNumberToObject(s, "total", total);
    cJSON_AddObjectToObject(d, "summary");
    cJSON *probes = cJSON_AddArrayToObject(d, "probes");
    for (int i = 0; i < n; i++) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "id", ids[i]);
        cJSON_AddStringToObject(r, "verdict", i == 0 ? "fail" : "pass");
        cJSON_AddItemToArray(probes, r);
    }
    return d;
}

static int ids_are(const cJSON *doc, const char *want)
{
    char got[256] = "";
    const cJSON *r;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(doc, "probes")) {
        strcat(got, cJSON_GetObjectItem(r, "id")->valuestring);
        strcat(got, " ");
    }
    if (strcmp(got, want) != 0)
        printf("#   ids '%s', wanted '%s'\n", got, want);
    return strcmp(got, want) == 0;
}

int main(void)
{
    size_t i, n;
    FILE *null = fopen("/dev/null", "w");
    CHECK(shard_parse("2/4", &i, &n, null) == 0 && i == 2 && n == 4, "parse_i_of_n");
    CHECK(shard_parse("0/4", &i, &n, null) == -1 && shard_parse("5/4", &i, &n, null) == -1 &&
              shard_parse("2", &i, &n, null) == -1 && shard_parse("2/4x", &i, &n, null) == -1,
          "parse_refuses_out_of_range_and_junk");
    ci_index = "3", ci_total = "5";
    CHECK(shard_from_env(fake_getenv, &i, &n, null) == 1 && i == 3 && n == 5, "ci_node_variables");
    ci_index = NULL;
    CHECK(shard_from_env(fake_getenv, &i, &n, null) == 0, "ci_node_variables_absent");
    ci_index = "0";
    CHECK(shard_from_env(fake_getenv, &i, &n, null) == -1, "ci_node_index_is_1_based");

    int covered = 1;
    for (size_t total = 1; total <= 7; total++)
        for (size_t items = 0; items <= 20; items++) {
            size_t next = 0;
            for (size_t k = 1; k <= total; k++) {
                size_t first, len = shard_slice(items, k, total, &first);
                covered &= first == next;
                next = first + len;
            }
            covered &= next == items;
        }
    CHECK(covered, "slices_cover_every_item_once_in_order");

    const char *a[] = {"p1", "p2"}, *b[] = {"p3", "p4"}, *c[] = {"p5"};
    cJSON *docs[5] = {shard_doc("dev", 3, 3, c, 1), shard_doc("dev", 1, 3, a, 2), shard_doc("other", 1, 1, c, 1),
                      shard_doc("dev", 2, 3, b, 2), shard_doc("dev", 2, 3, b, 2)};
    size_t left = shard_reassemble(docs, 5, null);
    CHECK(left == 2, "three_shards_and_a_repeat_become_one_report_beside_another_device");
    const cJSON *dev = NULL;
    for (size_t k = 0; k < left; k++)
        if (strcmp(cJSON_GetObjectItem(cJSON_GetObjectItem(docs[k], "device"), "key")->valuestring, "dev") == 0)
            dev = docs[k];
    const cJSON *run = dev ? cJSON_GetObjectItem(dev, "run") : NULL;
    CHECK(dev && ids_are(dev, "p1 p2 p3 p4 p5 "), "probes_in_shard_order");
    CHECK(run && cJSON_IsTrue(cJSON_GetObjectItem(run, "complete")) && !cJSON_GetObjectItem(run, "shard") &&
              cJSON_GetArraySize(cJSON_GetObjectItem(run, "shards")) == 3 &&
              cJSON_GetObjectItem(run, "wall_ms")->valuedouble == 300,
          "run_lists_shards_complete_wall_is_the_longest");
    CHECK(dev && cJSON_GetObjectItem(cJSON_GetObjectItem(dev, "summary"), "total")->valueint == 5 &&
              cJSON_GetObjectItem(cJSON_GetObjectItem(dev, "summary"), "fail")->valueint == 3,
          "summary_recounted");
    for (size_t k = 0; k < left; k++)
        cJSON_Delete(docs[k]);

    cJSON *two[2] = {shard_doc("dev", 1, 3, a, 2), shard_doc("dev", 3, 3, c, 1)};
    left = shard_reassemble(two, 2, null);
    run = cJSON_GetObjectItem(two[0], "run");
    CHECK(left == 1 && !cJSON_IsTrue(cJSON_GetObjectItem(run, "complete")) &&
              strstr(cJSON_GetObjectItem(run, "incomplete_reason")->valuestring, "shard(s) 2 of 3 missing"),
          "missing_shard_makes_it_incomplete");
    cJSON_Delete(two[0]);
    fclose(null);
    return check_done();
}
