/* The host's load for bounded waits (host_load.h). */
#include "host_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long host_load_parse_running(const char *stat_text)
{
    static const char key[] = "procs_running ";
    for (const char *line = stat_text; line && *line;) {
        if (strncmp(line, key, sizeof key - 1) == 0) {
            char *end;
            long n = strtol(line + sizeof key - 1, &end, 10);
            return end != line + sizeof key - 1 && n >= 0 ? n : -1;
        }
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

double host_load_runnable_per_core(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    FILE *f = fopen("/proc/stat", "r");
    if (!f || cpus < 1) {
        if (f)
            fclose(f);
        return -1;
    }
    /* procs_running sits after the per-CPU lines and the long interrupt
     * line: read line by line, keeping only the one wanted. */
    char line[256];
    long n = -1;
    while (n < 0 && fgets(line, sizeof line, f))
        if (strncmp(line, "procs_running ", 14) == 0)
            n = host_load_parse_running(line);
    fclose(f);
    return n < 0 ? -1 : (double)n / (double)cpus;
}

double host_load_wait_factor(double per_core, double slice_ms, double base_ms)
{
    if (per_core < 0 || base_ms <= 0)
        return 1;
    double want = per_core * slice_ms / base_ms;
    return want > 1 ? want : 1;
}
