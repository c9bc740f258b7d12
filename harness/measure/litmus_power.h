/* The litmus family's power on a device: how many of the allowed-weak
 * kernels it ran showed their weak outcome (the report's
 * "summary.litmus_power", docs/report-schema.md). The rule is
 * scripts/litmus_power.py's, so the report and the script agree. No OpenCL. */
#ifndef CLC_LITMUS_POWER_H
#define CLC_LITMUS_POWER_H

#include <cjson/cJSON.h>

/* {"mutants_run", "mutants_killed", "probes"} over the litmus records of
 * probes (a report's "probes" array) that carry totals
 * ("measure.all_runs"): a judged probe counts its mutants, an information
 * probe whose threads ran concurrently counts its own kernel (its weak
 * outcome is allowed too). NULL when no litmus probe has totals, or out of
 * memory. Caller deletes. */
cJSON *litmus_power_summary(const cJSON *probes);

#endif
