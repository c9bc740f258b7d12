/* Line-end and byte-order-mark normalisation: see text_norm.h. */
#include "text_norm.h"

#include <string.h>

size_t text_normalize(char *text)
{
    const char *in = text;
    if ((unsigned char)in[0] == 0xef && (unsigned char)in[1] == 0xbb && (unsigned char)in[2] == 0xbf)
        in += 3;
    char *out = text;
    while (*in) {
        if (*in == '\r') {
            *out++ = '\n';
            in += in[1] == '\n' ? 2 : 1;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
    return (size_t)(out - text);
}
