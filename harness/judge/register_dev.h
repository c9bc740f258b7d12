/* A probe's deviation as a register entry names it (docs/register-format.md,
 * "Deviations"); scripts/register_deviation.py computes the same, and the two
 * must agree. Read from a report record alone:
 *   values: the "E -> G" texts of its failing elements (ulp.failures for a
 *           record judged in ulp, else each element whose actual text is
 *           neither its expected text nor one of the expected's '|'
 *           alternatives; '*' never fails), every run of blanks one blank;
 *   kinds:  the deviation classes of its failure groups (the fourth field
 *           of each key of "groups").
 * No OpenCL here. */
#ifndef CLC_REGISTER_DEV_H
#define CLC_REGISTER_DEV_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "record.h"

/* Adds the text after a `deviation` keyword to entry: "E -> G" to its
 * "values" array, "kind CLASS" to its "kinds". -1 with why when the text is
 * neither. */
int register_dev_add(cJSON *entry, const char *text, char *why, size_t len);

/* 1 when entry has a deviation line. */
int register_dev_named(const cJSON *entry);

/* What of rec's deviation the entry does not name, "; "-joined ("kind "
 * before a class), as a malloc'd string; NULL when the entry names it all. */
char *register_dev_changed(const cJSON *entry, const clc_record *rec);

/* rec's deviation values (the "E -> G" texts) and kinds, as new string
 * arrays without repeats (for tests and --propose-like output). */
cJSON *register_dev_values(const clc_record *rec);
cJSON *register_dev_kinds(const clc_record *rec);

#endif
