/* See text_cap.h. A driver can print megabytes of warnings for one program,
 * and every probe of a batch that fails carries the batch's log: uncapped,
 * one chatty build multiplies into a report larger than the memory that
 * writes it (and than the browser that shows it). */
#include "text_cap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves i back to the start of the UTF-8 character it falls in. */
static size_t char_start(const char *s, size_t i)
{
    while (i > 0 && ((unsigned char)s[i] & 0xc0) == 0x80)
        i--;
    return i;
}

char *text_cap(char *s, size_t len, size_t head, size_t tail)
{
    if (!s || len <= head + tail)
        return s;
    size_t h = char_start(s, head);
    size_t t = char_start(s, len - tail);
    char note[96];
    int n = snprintf(note, sizeof note, "\n[clconform: %zu bytes of this build log left out]\n", t - h);
    char *out = malloc(h + (size_t)n + (len - t) + 1);
    if (!out) {
        s[h] = '\0';
        return s;
    }
    memcpy(out, s, h);
    memcpy(out + h, note, (size_t)n);
    memcpy(out + h + (size_t)n, s + t, len - t);
    out[h + (size_t)n + (len - t)] = '\0';
    free(s);
    return out;
}
