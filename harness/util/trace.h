/* --trace FILE: a timeline of the run in the Chrome trace-event format
 * (open it in Perfetto or chrome://tracing). Every process of the run
 * (devices, supervisors, workers) appends events, one JSON object a line,
 * to one file opened with O_APPEND before the first fork; a line is written
 * with a single write(), so lines of different processes never interleave.
 * At the end the run's process turns the lines into the JSON array a trace
 * viewer reads. The lanes: one process per device (its key as the name),
 * one thread per supervisor and per worker (their pids). */
#ifndef CLC_TRACE_H
#define CLC_TRACE_H

#include <stdio.h>

/* Starts tracing into the event file `lines_path` (created or truncated).
 * Called once, by the run's process, before any child is started; the file
 * descriptor is the one piece of process state this module keeps, inherited
 * by every child. Returns 0, or -1 (then nothing is traced). */
int trace_start(const char *lines_path);

/* Is a trace being written? */
int trace_on(void);

/* A span [t0, t1] (seconds on proc_now()'s clock) on the calling process's
 * lane: name and category as the viewer shows them; detail may be NULL. */
void trace_span(const char *name, const char *cat, double t0, double t1, const char *detail);

/* In a device's process, first: this process and every child it forks
 * draw their lanes under the device, named `key`. */
void trace_enter_device(const char *key);

/* Names the calling process's lane ("worker", "supervisor: chunk 3"). */
void trace_lane(const char *name);

/* Writes the trace-event JSON document to `out_path` from the event lines,
 * and removes them. Returns 0, or -1 with the reason on err. */
int trace_finish(const char *out_path, const char *lines_path, FILE *err);

#endif
