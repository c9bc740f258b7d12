/* How busy the host's cores are right now, for waits that must outlast the
 * scheduler: a bounded wait that says "that work-group is not running" is
 * only as good as its length against the time a runnable thread waits for
 * a core. On the 2-core test bed, PoCL 3.1's resident search with 10 ms
 * waits found 1 group of 2 in 82 of 96 runs beside eight busy processes,
 * and 25 ms waits in 57 of 72 beside sixteen; 25 ms held beside eight, and
 * 50 ms failed 3 of 72 beside sixteen (docs/measurements.md). A
 * device's work-groups may be host threads whatever it reports (Oclgrind
 * says GPU), so the waits of every device grow with the host's load. */
#ifndef CLC_HOST_LOAD_H
#define CLC_HOST_LOAD_H

#include <stddef.h>

/* The "procs_running N" line of a /proc/stat text: N, or -1 without one. */
long host_load_parse_running(const char *stat_text);

/* Runnable threads per online core now (/proc/stat's procs_running over
 * the online CPUs, this thread included), or -1 where that is unknown. */
double host_load_runnable_per_core(void);

/* How much longer than `base_ms` a wait must be with `per_core` runnable
 * threads a core: each may run its slice before a waiting one gets the
 * core (`slice_ms` each), so the wait is stretched to per_core x slice_ms
 * where that is longer than base_ms. 1 when per_core is unknown (< 0). */
double host_load_wait_factor(double per_core, double slice_ms, double base_ms);

#endif
