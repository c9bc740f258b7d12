/* Durations for people: see human_time.h. */
#include "human_time.h"

#include <math.h>
#include <stdio.h>

const char *human_time_ms(double ms, char *buf, size_t len)
{
    double s = ms / 1e3;
    if (!isfinite(ms) || ms < 0)
        snprintf(buf, len, "?");
    else if (ms == 0)
        snprintf(buf, len, "0 s");
    else if (ms < 1)
        snprintf(buf, len, "%.2f ms", ms);
    else if (ms < 10)
        snprintf(buf, len, "%.1f ms", ms);
    else if (s < 1)
        snprintf(buf, len, "%.3f s", s);
    else if (s < 10)
        snprintf(buf, len, "%.2f s", s);
    else if (s < 99.95)
        snprintf(buf, len, "%.1f s", s);
    else if (s < 3600)
        snprintf(buf, len, "%.0f s", s);
    else if (s < 3600.0 * 1e6)
        snprintf(buf, len, "%d h %02d min", (int)(s / 3600), (int)fmod(s / 60, 60));
    else /* a million hours: a number from a file, not a run; no int holds its hours */
        snprintf(buf, len, "%.3g h", s / 3600);
    return buf;
}
