/* The warm-run marker: see warm_marker.h. */
#include "warm_marker.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t fnv(uint64_t h, const char *s)
{
    /* FNV-1a; a NULL field and an empty one differ by the separator. */
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return (h ^ (s ? 0x1f : 0x1e)) * 0x100000001b3ULL;
}

uint64_t warm_marker_hash(const clc_probe_set *set, const size_t *todo, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t k = 0; k < n; k++) {
        const clc_probe *p = &set->items[todo[k]];
        h = fnv(h, p->id);
        h = fnv(h, p->options);
        h = fnv(h, p->prelude);
        h = fnv(h, p->body);
        h = fnv(h, p->source);
    }
    return h;
}

int warm_marker_matches(const char *path, uint64_t h)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[64] = "", want[32];
    int ok = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    snprintf(want, sizeof want, "%016" PRIx64 "\n", h);
    return ok && strcmp(line, want) == 0;
}

void warm_marker_write(const char *path, uint64_t h)
{
    char dir[4096], tmp[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++) /* mkdir -p */
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    mkdir(dir, 0755);
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    int ok = fprintf(f, "%016" PRIx64 "\n", h) > 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0)
        unlink(tmp);
}
