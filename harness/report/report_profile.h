/* The profile part of a report's run section: where the device's time went
 * (profile.h), the binary cache used, and what the harness itself cost. */
#ifndef CLC_REPORT_PROFILE_H
#define CLC_REPORT_PROFILE_H

#include <cjson/cJSON.h>

#include "supervise.h"

/* Sets run.profile, run.harness_ms, run.cache and run.timeouts_retried in
 * report doc from run (cache_dir NULL: no cache was used). */
void report_set_profile(cJSON *doc, const clc_device_run *run, const char *cache_dir);

#endif
