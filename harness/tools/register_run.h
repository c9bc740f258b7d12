/* The register in the main command: a run without --baseline compares each
 * device's report with the register of expected/ whose driver lines describe
 * it (docs/register-format.md, "The register in every run"). This module
 * finds and loads the folder and says what a comparison found; main.c runs
 * the comparison (baseline_compare) and its retry. No OpenCL here. */
#ifndef CLC_REGISTER_RUN_H
#define CLC_REGISTER_RUN_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* The registers of dir (an array of register documents, register.h), or of
 * the expected/ folder beside probe_dir (the default probe folder: ./expected
 * in a checkout, PREFIX/share/clconform/expected installed) when dir is
 * NULL. A default folder that does not exist gives an empty array; a named
 * one that does not, or a malformed register, gives NULL after saying why. */
cJSON *register_run_load(const char *dir, const char *probe_dir, FILE *err);

/* The register of regs that describes report, or NULL. */
const cJSON *register_run_for(const cJSON *regs, const cJSON *report);

/* 1 when the comparison cmp (register_compare's) found something new: a new
 * failure or changed deviation ("regressions"), or a new pass ("fixes"). */
int register_run_is_new(const cJSON *cmp);

/* One line: "REGISTER: N new, M known, K newly passing, S stale entries". */
void register_run_summary(const cJSON *cmp, char *buf, size_t len);

#endif
