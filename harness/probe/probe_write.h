/* Writing a probe back as a .probe file (docs/probe-format.md), such that
 * probe_load reads the same probe: the reducer's output. */
#ifndef CLC_PROBE_WRITE_H
#define CLC_PROBE_WRITE_H

#include <stdio.h>

#include "probe.h"

/* Writes p as one [probe] section. Returns 0, or -1 on a write error. */
int probe_write(FILE *f, const clc_probe *p);

/* A deep copy of p (caller frees with probe_free), or -1 when out of memory. */
int probe_clone(const clc_probe *p, clc_probe *out);

#endif
