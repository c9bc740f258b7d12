/* The time of day as reports and caches write it: UTC, ISO 8601. */
#ifndef CLC_TIMESTAMP_H
#define CLC_TIMESTAMP_H

#include <stddef.h>

/* Current UTC time as "YYYY-MM-DDTHH:MM:SSZ" into buf. */
void timestamp_now_iso(char *buf, size_t len);

#endif
