/* Progress of a run, on stderr, for the person or the CI log watching it.
 * On a terminal: one line per device, rewritten in place (probes done of
 * total, failures so far, elapsed time, an estimate of what is left); a
 * finished device's line becomes its summary and stays. Not on a terminal:
 * a plain line per device at most every PROGRESS_PLAIN_PERIOD_S seconds, and
 * the summary line when it ends. Nothing of it enters the reports. The clock
 * is passed in, so the behaviour is testable without waiting. */
#ifndef CLC_PROGRESS_H
#define CLC_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

#define PROGRESS_PLAIN_PERIOD_S 10.0
#define PROGRESS_TTY_PERIOD_S 0.1

typedef struct clc_progress clc_progress;

/* A display for n devices named names[i] (borrowed; they must outlive it),
 * written to out; tty chooses the in-place form. quiet: nothing at all but
 * the summary lines that progress_finish is given (NULL also when quiet). */
clc_progress *progress_new(FILE *out, int tty, int quiet, size_t n, const char *const *names, double now);

/* Device i has done `done` of `total` probes, `fails` of them unexpected. */
void progress_update(clc_progress *p, size_t i, size_t done, size_t total, size_t fails, double now);

/* Device i ended; summary is its one-line result (without newline), or NULL
 * when it ended without one. */
void progress_finish(clc_progress *p, size_t i, const char *summary, double now);

/* Frees it (the lines written stay on the terminal). NULL is fine. */
void progress_free(clc_progress *p);

/* Formats one in-progress line: "KEY: 120/1593 probes, 3 unexpected, 12 s,
 * ~40 s left". Exposed for the tests. Returns buf. */
const char *progress_format(char *buf, size_t len, const char *name, size_t done, size_t total, size_t fails,
                            double elapsed_s);

#endif
