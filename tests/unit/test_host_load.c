/* harness/sched/host_load.c: the host's runnable threads a core, and how much a
 * bounded wait must stretch for them. */
#include "check.h"
#include "host_load.h"

#include <math.h>

static void test_parse(void)
{
    const char *stat = "cpu  10 0 5 100 0 0 0 0 0 0\ncpu0 5 0 2 50 0 0 0 0 0 0\n"
                       "intr 12345 0 1 2 3\nctxt 999\nbtime 1700000000\nprocesses 4242\n"
                       "procs_running 7\nprocs_blocked 1\nsoftirq 1 2 3\n";
    CHECK(host_load_parse_running(stat) == 7, "procs_running read from a /proc/stat text");
    CHECK(host_load_parse_running("procs_running 3\n") == 3, "the line first, without anything before");
    CHECK(host_load_parse_running("cpu 1 2 3\nprocs_blocked 2\n") == -1, "no procs_running line: unknown");
    CHECK(host_load_parse_running("procs_running x\n") == -1, "not a number: unknown");
    CHECK(host_load_parse_running("") == -1, "empty text: unknown");
    CHECK(host_load_parse_running("xprocs_running 5\n") == -1, "only at a line's start");
}

static void test_factor(void)
{
    /* 10 ms a runnable thread a core against a 25 ms wait. */
    CHECK(host_load_wait_factor(0.5, 10, 25) == 1, "an idle host: the wait as calibrated");
    CHECK(host_load_wait_factor(2.5, 10, 25) == 1, "2.5 a core: 25 ms, no stretching");
    CHECK(fabs(host_load_wait_factor(9, 10, 25) - 3.6) < 1e-12, "9 a core: 90 ms, 3.6 times");
    CHECK(host_load_wait_factor(-1, 10, 25) == 1, "unknown load: the wait as calibrated");
    CHECK(host_load_wait_factor(9, 10, 0) == 1, "no base wait: no factor");
}

static void test_live(void)
{
    /* This process is running while it reads: at least one runnable
     * thread on the host, and a positive count a core. */
    double per_core = host_load_runnable_per_core();
    CHECK(per_core > 0, "this host's /proc/stat gives a runnable count (%.2f a core)", per_core);
}

int main(void)
{
    test_parse();
    test_factor();
    test_live();
    return check_done();
}
