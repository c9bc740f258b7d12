/* harness/sched/warm_marker.c: a device's run is warm when its last complete run
 * with the same cache ran the same probes, as they are built. */
#include "check.h"
#include "warm_marker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    char dir[] = "/tmp/clc-warm-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    clc_probe items[2];
    memset(items, 0, sizeof items);
    items[0].id = "a.one";
    items[0].body = "out[0] = 1;";
    items[1].id = "b.two";
    items[1].body = "out[0] = 2;";
    clc_probe_set set = {items, 2, 2};
    size_t both[2] = {0, 1}, first[1] = {0};
    uint64_t h = warm_marker_hash(&set, both, 2);
    CHECK(h == warm_marker_hash(&set, both, 2), "same_probes_same_hash");
    CHECK(h != warm_marker_hash(&set, first, 1), "fewer_probes_another_hash");
    items[1].body = "out[0] = 3;";
    uint64_t h2 = warm_marker_hash(&set, both, 2);
    CHECK(h2 != h, "another_body_another_hash");
    items[1].options = "-DX=1";
    CHECK(warm_marker_hash(&set, both, 2) != h2, "other_options_another_hash");
    /* A body moved into the prelude builds another program. */
    clc_probe a = {0}, b = {0};
    a.id = b.id = "x";
    a.body = "s;";
    b.prelude = "s;";
    clc_probe_set sa = {&a, 1, 1}, sb = {&b, 1, 1};
    CHECK(warm_marker_hash(&sa, first, 1) != warm_marker_hash(&sb, first, 1), "same_text_other_field_another_hash");

    char path[4200];
    snprintf(path, sizeof path, "%s/runs/dev.txt", dir);
    CHECK(!warm_marker_matches(path, h), "no_marker_is_cold");
    warm_marker_write(path, h);
    CHECK(warm_marker_matches(path, h), "written_marker_matches");
    CHECK(!warm_marker_matches(path, h2), "marker_of_other_probes_is_cold");
    warm_marker_write(path, h2);
    CHECK(warm_marker_matches(path, h2) && !warm_marker_matches(path, h), "a_later_run_replaces_the_marker");

    unlink(path);
    char sub[4300];
    snprintf(sub, sizeof sub, "%s/runs", dir);
    rmdir(sub);
    rmdir(dir);
    return check_done();
}
