/* A probe's weight in a kernel's code budget: see group_weight.h. */
#include "group_weight.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TRIPS 64

/* The trip count of the loop whose header starts at h (just after "for"),
 * when it reads `( [type] i = 0; i < N;` with N a decimal literal; else 1. */
static size_t constant_trips(const char *h)
{
    while (*h == ' ')
        h++;
    if (*h != '(')
        return 1;
    const char *semi = strchr(h, ';');
    if (!semi)
        return 1;
    /* The initialiser ends in "= 0". */
    const char *e = semi;
    while (e > h && e[-1] == ' ')
        e--;
    if (e - h < 3 || e[-1] != '0' || isdigit((unsigned char)e[-2]) || isalnum((unsigned char)e[-2]))
        return 1;
    const char *eq = e - 2;
    while (eq > h && *eq == ' ')
        eq--;
    if (*eq != '=')
        return 1;
    /* The condition is "NAME < N" or "NAME <= N". */
    const char *c = semi + 1, *end = strchr(c, ';');
    if (!end)
        return 1;
    const char *lt = memchr(c, '<', (size_t)(end - c));
    if (!lt || lt[1] == '<')
        return 1;
    const char *n = lt + 1 + (lt[1] == '=');
    while (*n == ' ')
        n++;
    if (!isdigit((unsigned char)*n))
        return 1;
    char *after;
    unsigned long v = strtoul(n, &after, 10);
    while (*after == 'u' || *after == 'U' || *after == ' ')
        after++;
    if (after != end)
        return 1;
    v += lt[1] == '=';
    return v < 1 ? 1 : v > MAX_TRIPS ? MAX_TRIPS : (size_t)v;
}

size_t group_weight(const char *body, int unrolled)
{
    if (!body)
        return 0;
    size_t bytes = strlen(body), trips = 1;
    for (const char *f = body; unrolled && (f = strstr(f, "for")) != NULL; f += 3) {
        int word = (f == body || !(isalnum((unsigned char)f[-1]) || f[-1] == '_')) &&
                   !(isalnum((unsigned char)f[3]) || f[3] == '_');
        size_t t = word ? constant_trips(f + 3) : 1;
        if (t > trips)
            trips = t;
    }
    return bytes * trips;
}
