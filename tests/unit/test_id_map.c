/* harness/util/id_map.c: every key put is found with its value, the first of
 * equal keys stays, absent keys give NULL, and growing keeps them all. */
#include "check.h"
#include "id_map.h"

#include <stdio.h>
#include <string.h>

static void test_many(void)
{
    enum { N = 20000 };
    static char keys[N][24];
    static int vals[N];
    clc_id_map *m = id_map_new(4); /* far too small: it must grow */
    int ok = m != NULL;
    for (int i = 0; ok && i < N; i++) {
        snprintf(keys[i], sizeof keys[i], "probe.%d.x", i);
        vals[i] = i;
        ok = id_map_put(m, keys[i], &vals[i]) == 0;
    }
    CHECK(ok, "twenty_thousand_keys_put");
    CHECK(id_map_count(m) == N, "count_is_the_keys_put");
    int found = 0;
    for (int i = 0; i < N; i++) {
        char copy[24];
        memcpy(copy, keys[i], sizeof copy); /* found by its text, not its address */
        int *v = id_map_get(m, copy);
        found += v && *v == i;
    }
    CHECK(found == N, "each_key_finds_its_own_value (%d of %d)", found, N);
    CHECK(id_map_get(m, "probe.20000.x") == NULL, "an_absent_key_gives_null");
    CHECK(id_map_get(m, "probe.1") == NULL, "a_prefix_of_a_key_is_not_the_key");
    CHECK(id_map_get(m, "") == NULL && id_map_get(m, NULL) == NULL, "empty_and_null_keys_give_null");
    id_map_free(m);
}

static void test_first_stays(void)
{
    int a = 1, b = 2;
    clc_id_map *m = id_map_new(0);
    CHECK(m && id_map_put(m, "dup", &a) == 0 && id_map_put(m, "dup", &b) == 0, "a_repeated_key_is_accepted");
    int *v = id_map_get(m, "dup");
    CHECK(v == &a && id_map_count(m) == 1, "the_first_value_of_a_repeated_key_stays");
    CHECK(id_map_get(NULL, "dup") == NULL && id_map_count(NULL) == 0, "no_table_finds_nothing");
    id_map_free(m);
    id_map_free(NULL);
}

int main(void)
{
    test_many();
    test_first_stays();
    return check_done();
}
