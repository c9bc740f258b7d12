/* Measurements (kind = measure): numbers recorded about a device, never
 * pass/fail. Each measure probe is self-contained: it may be re-run in a fresh
 * worker after an earlier probe hung, so it carries no state between probes. */
#ifndef CLC_MEASURE_H
#define CLC_MEASURE_H

#include <cjson/cJSON.h>

#include "clenv.h"
#include "measure_names.h"
#include "probe.h"
#include "record.h"
#include "verdict.h"

/* Is p a litmus test (measure_litmus.h)? Those count outcomes under any
 * load and run beside other probes; every other measurement wants the
 * device to itself. */
int measure_is_litmus(const clc_probe *p);

/* Is p a limit or code-shape measurement (limits_*, shape_*)? What they
 * find holds for a device and driver version (measure_memo.c), and on a
 * device whose memory is the host's they need no device to themselves
 * (fanout.c). */
int measure_is_limit_or_shape(const clc_probe *p);

/* Is p a measurement of the largest buffer (limits_max_alloc_*)? On a
 * device with memory of its own, that allocation is the one limit that
 * other work beside it could make fail (fanout.c). */
int measure_is_max_alloc(const clc_probe *p);

/* Does p want the device to itself while it runs (runner.c holds the
 * device gate for it)? The inter-work-group measurements and
 * limits_max_alloc_* do; the litmus tests (more stress is no wrong answer),
 * the other limit and code-shape measurements (nothing of theirs counts
 * co-residency or time) and the OpenCL 3.0 contract (queries only) do not. */
int measure_wants_device_alone(const clc_probe *p);

/* Is p the measurement that deadlocks on purpose (the unbounded spin-flag,
 * measure_plan.h)? Its worker is killed when it does, so it runs last. */
int measure_deadlocks(const clc_probe *p);

/* Runs probe p (kind measure) on env. Adds the "measure" object to rec, and
 * "detail"; on an OpenCL failure calls record_set_cl_error(rec, ...). Returns the
 * verdict to record ("info" or "error"). A measurement that hangs by design
 * is killed by the supervisor's watchdog; it then records it (see
 * measure_on_timeout). */
clc_verdict measure_run(const clc_probe *p, const clc_clenv *env, clc_record *rec);

/* Compiles what measure_run(p) will compile, for nothing but the driver's
 * own caches, while the device is not yet this worker's alone (runner.c:
 * the measurements' worker waits for the device's other chunks to end).
 * The inter-work-group family only: NVIDIA's three builds for its widest
 * work-group size were 0.45 s of the measurements it runs alone. */
void measure_prepare(const clc_probe *p, const clc_clenv *env);

/* Called in the supervisor when probe p (kind measure) hit the watchdog:
 * fills rec's "measure" object to say the kernel did not finish (for a
 * deadlock probe that is the measurement) and returns the verdict to record
 * ("info" when a hang is a legitimate outcome of this measurement, else
 * "timeout"). */
clc_verdict measure_on_timeout(const clc_probe *p, double waited_s, clc_record *rec);

#endif
