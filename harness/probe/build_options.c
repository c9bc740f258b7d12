/* A probe's build options: see build_options.h. */
#include "build_options.h"

#include <stdio.h>
#include <string.h>

static int is_std_word(const char *w, size_t n)
{
    return n >= 8 && strncmp(w, "-cl-std=", 8) == 0;
}

int build_options_has_std(const char *options)
{
    for (const char *s = options ? options : ""; *s;) {
        while (*s == ' ' || *s == '\t')
            s++;
        size_t n = strcspn(s, " \t");
        if (is_std_word(s, n))
            return 1;
        s += n;
    }
    return 0;
}

int build_options_compose(const char *base, const char *probe_options, char *buf, size_t len)
{
    if (len == 0)
        return -1;
    buf[0] = '\0';
    base = base ? base : "";
    size_t used = 0;
    if (!build_options_has_std(probe_options)) {
        size_t n = strlen(base);
        if (n >= len)
            return -1;
        memcpy(buf, base, n + 1);
        used = n;
    } else {
        /* Base words other than -cl-std=, each kept verbatim. */
        for (const char *s = base; *s;) {
            while (*s == ' ' || *s == '\t')
                s++;
            size_t n = strcspn(s, " \t");
            if (n && !is_std_word(s, n)) {
                int k = snprintf(buf + used, len - used, "%s%.*s", used ? " " : "", (int)n, s);
                if (k < 0 || (size_t)k >= len - used)
                    return -1;
                used += (size_t)k;
            }
            s += n;
        }
    }
    if (probe_options) {
        int k = snprintf(buf + used, len - used, "%s%s", used ? " " : "", probe_options);
        if (k < 0 || (size_t)k >= len - used)
            return -1;
    }
    return 0;
}

int build_options_reads_headers(const char *options)
{
    for (const char *s = options ? options : ""; *s;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (strncmp(s, "-I", 2) == 0)
            return 1;
        while (*s && *s != ' ' && *s != '\t')
            s++;
    }
    return 0;
}
