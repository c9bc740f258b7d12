/* harness/sched/batch_plan.c: segments close where a batch must close (options,
 * batch_max, BATCH_BYTES, in either kind of batch) and at SEGMENT_WEIGHT;
 * the chunks (chunk_order.h) begin only at a segment's start, so every
 * division of the run builds the same programs. */
#include "batch_plan.h"
#include "check.h"
#include "chunk_order.h"

#include <stdlib.h>
#include <string.h>

static clc_probe_set set_of(size_t n)
{
    clc_probe_set s;
    memset(&s, 0, sizeof s);
    s.items = calloc(n, sizeof *s.items);
    s.count = n;
    return s;
}

static void set_free(clc_probe_set *s)
{
    for (size_t i = 0; i < s->count; i++)
        free(s->items[i].body), free(s->items[i].source);
    free(s->items);
}

/* A run probe with a body of `bytes` bytes (and build options `opts`). */
static void run_probe(clc_probe *p, size_t bytes, char *opts)
{
    p->kind = CLC_KIND_RUN;
    p->body = malloc(bytes + 1);
    memset(p->body, 'x', bytes);
    p->body[bytes] = '\0';
    p->options = opts;
}

/* 38 probes: 10 batched, 6 built alone (whole programs), 10 batched, 2
 * alone, 10 batched. */
static clc_probe_set batched_and_lone(void)
{
    clc_probe_set s = set_of(38);
    for (size_t i = 0; i < 38; i++) {
        if ((i >= 10 && i < 16) || (i >= 26 && i < 28)) {
            s.items[i].kind = CLC_KIND_RUN;
            s.items[i].source = strdup("kernel void probe(void) {}");
        } else {
            run_probe(&s.items[i], 100, NULL);
        }
    }
    return s;
}

static size_t *todo_all(size_t n)
{
    size_t *t = malloc(n * sizeof *t);
    for (size_t i = 0; i < n; i++)
        t[i] = i;
    return t;
}

/* Segment starts among todo order 0..n: the k where seg changes. */
static size_t starts(const size_t *seg, size_t n, size_t *first_after)
{
    size_t c = 0;
    for (size_t k = 0; k < n; k++)
        if (k == 0 || seg[k] != seg[k - 1]) {
            if (c == 1 && first_after)
                *first_after = k;
            c++;
        }
    return c;
}

int main(void)
{
    /* 300 small probes, one options string: batch_max 256 closes the first
     * segment after 256 probes (their weight, 256 x 612 bytes, is below
     * SEGMENT_WEIGHT). */
    clc_probe_set s = set_of(300);
    for (size_t i = 0; i < 300; i++)
        run_probe(&s.items[i], 100, NULL);
    size_t *todo = todo_all(300), at = 0;
    size_t *seg = batch_plan_segments(&s, todo, 300, 256);
    CHECK(seg && starts(seg, 300, &at) == 2 && at == 256, "batch_max_closes_the_segment_at_256 (%zu)", at);
    CHECK(seg && seg[0] == 1 && seg[299] == 2, "segments_numbered_from_1");
    free(seg);
    /* --batch 1: a segment per probe. */
    seg = batch_plan_segments(&s, todo, 300, 1);
    CHECK(seg && starts(seg, 300, NULL) == 300, "batch_1_a_segment_per_probe");
    free(seg);
    /* Options change at probe 10: a new segment there, and again at 20. */
    for (size_t i = 10; i < 20; i++)
        s.items[i].options = "-DX=1";
    seg = batch_plan_segments(&s, todo, 300, 256);
    CHECK(seg && seg[9] == 1 && seg[10] == 2 && seg[19] == 2 && seg[20] == 3, "options_change_closes_the_segment");
    free(seg);
    free(todo);
    set_free(&s);

    /* Bodies of 40 KB: three fit in BATCH_BYTES (128 KB), the fourth begins
     * the next program. */
    s = set_of(8);
    for (size_t i = 0; i < 8; i++)
        run_probe(&s.items[i], 40 * 1024, NULL);
    todo = todo_all(8);
    seg = batch_plan_segments(&s, todo, 8, 256);
    CHECK(seg && seg[2] == 1 && seg[3] == 2 && seg[6] == 3, "batch_bytes_close_the_segment");
    free(seg);
    free(todo);
    set_free(&s);

    /* Probes built alone (whole programs, no body) batch with nothing: a
     * long run of them is a segment a probe, so any supervisor may take
     * any of them. */
    s = set_of(1000);
    for (size_t i = 0; i < 1000; i++) {
        s.items[i].kind = CLC_KIND_RUN;
        s.items[i].source = strdup("kernel void probe(void) {}");
    }
    todo = todo_all(1000);
    seg = batch_plan_segments(&s, todo, 1000, 256);
    CHECK(seg && starts(seg, 1000, &at) == 1000 && at == 1, "a_long_run_of_alone_probes_is_a_segment_each (%zu)",
          seg ? starts(seg, 1000, NULL) : 0);
    free(seg);
    free(todo);
    set_free(&s);

    /* In a run of ALONE_RUN_SEGMENT or more probes built alone, each probe
     * is a segment of its own between the batched probes (so that the run
     * spreads over the supervisors without cutting a batch); a shorter run
     * stays with its batch (batched_and_lone). */
    s = batched_and_lone();
    todo = todo_all(38);
    seg = batch_plan_segments(&s, todo, 38, 256);
    CHECK(seg && seg[9] == 1 && seg[10] == 2 && seg[11] == 3 && seg[15] == 7 && seg[16] == 8 && seg[26] == 8 &&
              seg[27] == 8 && seg[37] == 8,
          "each_probe_of_a_run_built_alone_is_a_segment (%zu %zu %zu %zu %zu)", seg ? seg[10] : 0,
          seg ? seg[11] : 0, seg ? seg[15] : 0, seg ? seg[16] : 0, seg ? seg[37] : 0);
    free(seg);
    free(todo);
    set_free(&s);

    /* Lone probes last (a suite-order device): the 8 built alone of
     * batched_and_lone moved after the 30 batched, each part in its order;
     * then every lone probe is a segment of its own and the batched ones
     * are one segment, as if the lone ones were never between them. */
    s = batched_and_lone();
    todo = todo_all(38);
    batch_plan_lone_last(&s, todo, 38);
    int ordered = 1;
    for (size_t k = 1; k < 38; k++)
        if (k != 30 && todo[k] <= todo[k - 1])
            ordered = 0;
    CHECK(ordered && todo[0] == 0 && todo[9] == 9 && todo[10] == 16 && todo[29] == 37 && todo[30] == 10 &&
              todo[35] == 15 && todo[36] == 26 && todo[37] == 27,
          "lone_probes_move_after_the_batched_in_order (%zu %zu %zu)", todo[10], todo[30], todo[37]);
    seg = batch_plan_segments(&s, todo, 38, 256);
    CHECK(seg && seg[0] == 1 && seg[9] == 1 && seg[16] == 1 && seg[37] == 1 && seg[10] == 2 && seg[15] == 7 &&
              seg[26] == 8 && seg[27] == 9,
          "after_the_batched_each_lone_probe_is_a_segment (%zu %zu %zu %zu)", seg ? seg[37] : 0,
          seg ? seg[10] : 0, seg ? seg[26] : 0, seg ? seg[27] : 0);
    free(seg);
    free(todo);
    set_free(&s);

    /* A suite-like mix: the chunks, in either claim order, begin at a
     * segment start each and cover every probe once. */
    size_t n = 5000;
    s = set_of(n);
    for (size_t i = 0; i < n; i++)
        run_probe(&s.items[i], (i >= 1500 && i < 2300) ? 3300 : 400, (i / 700) % 2 ? "-DY" : NULL);
    todo = todo_all(n);
    seg = batch_plan_segments(&s, todo, n, 256);
    size_t *pos = malloc(n * sizeof *pos);
    unsigned char *cut_ok = malloc(n), *seen = calloc(n, 1);
    for (size_t k = 0; seg && k < n; k++)
        cut_ok[k] = k == 0 || seg[k] != seg[k - 1];
    for (int by_count = 0; seg && by_count < 2; by_count++) {
        size_t nc, *sz = chunk_order(cut_ok, NULL, NULL, n, by_count, pos, &nc), p = 0;
        int aligned = sz != NULL;
        memset(seen, 0, n);
        for (size_t c = 0; sz && c < nc; c++) {
            if (!cut_ok[pos[p]] || (p + sz[c] < n && !cut_ok[pos[p + sz[c]]]))
                aligned = 0;
            for (size_t j = 0; j < sz[c]; j++)
                aligned = aligned && !seen[pos[p + j]]++;
            p += sz[c];
        }
        CHECK(aligned && p == n && nc > 1, "chunks_begin_at_segment_starts_%s (%zu chunks)",
              by_count ? "by_count" : "in_suite_order", nc);
        free(sz);
    }
    free(pos);
    free(seen);
    free(cut_ok);
    free(seg);
    free(todo);
    set_free(&s);
    return check_done();
}
