/* Prints the batch plan of a probe set (batch_plan.h), one probe a line in
 * the order the device works in: segment, id, body bytes, batched (1: run in
 * a batch), kind, judged in ulp (1: heavy in chunk_order.h). BATCH_MAX is the
 * driver's batch_max (256 unless given: 128 on a GPU, 16 on rusticl,
 * driver_policy.c); LONE_LAST 1 moves the probes built alone after the
 * batched ones, as a device whose policy says lone_last does. For
 * scripts/replay_claims.py, which replays a cold run's builds under other
 * claim orders; it builds this file against the harness's objects. */
#include "batch_plan.h"
#include "probe.h"
#include "probe_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: plan_dump PROBES [BATCH_MAX [LONE_LAST]]\n");
        return 2;
    }
    clc_probe_set set = {0};
    if (probe_load_path(argv[1], &set, stderr) != 0)
        return 1;
    size_t *todo = malloc((set.count ? set.count : 1) * sizeof *todo);
    for (size_t i = 0; todo && i < set.count; i++)
        todo[i] = i;
    if (todo && argc == 4 && strcmp(argv[3], "1") == 0)
        batch_plan_lone_last(&set, todo, set.count);
    size_t *seg = todo ? batch_plan_segments(&set, todo, set.count, argc >= 3 ? strtoul(argv[2], NULL, 10) : 256) : NULL;
    if (!seg)
        return 1;
    for (size_t k = 0; k < set.count; k++) {
        const clc_probe *p = &set.items[todo[k]];
        printf("%zu\t%s\t%zu\t%d\t%d\t%d\n", seg[todo[k]], p->id, p->body ? strlen(p->body) : 0,
               batch_plan_runs_batched(p), (int)p->kind, p->has_ulp ? 1 : 0);
    }
    free(seg);
    free(todo);
    return 0;
}
