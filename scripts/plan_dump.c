/* Prints the batch plan of a probe set (batch_plan.h), one probe a line:
 * segment, id, body bytes, batched (1: run in a batch), kind, judged in ulp
 * (1: heavy in chunk_order.h). BATCH_MAX is the driver's batch_max (256
 * unless given: 128 on a GPU, 16 on rusticl, driver_policy.c). For
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
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: plan_dump PROBES [BATCH_MAX]\n");
        return 2;
    }
    clc_probe_set set = {0};
    if (probe_load_path(argv[1], &set, stderr) != 0)
        return 1;
    size_t *todo = malloc((set.count ? set.count : 1) * sizeof *todo);
    for (size_t i = 0; todo && i < set.count; i++)
        todo[i] = i;
    size_t *seg = todo ? batch_plan_segments(&set, todo, set.count, argc == 3 ? strtoul(argv[2], NULL, 10) : 256) : NULL;
    if (!seg)
        return 1;
    for (size_t i = 0; i < set.count; i++) {
        const clc_probe *p = &set.items[i];
        printf("%zu\t%s\t%zu\t%d\t%d\t%d\n", seg[i], p->id, p->body ? strlen(p->body) : 0,
               batch_plan_runs_batched(p), (int)p->kind, p->has_ulp ? 1 : 0);
    }
    free(seg);
    free(todo);
    return 0;
}
