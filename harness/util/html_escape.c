/* Escaping of untrusted strings for HTML and XML output: see html_escape.h. */
#include "html_escape.h"

#include <stddef.h>
#include <stdint.h>

#define REPLACEMENT 0xFFFDu

/* Decodes the UTF-8 sequence at s. Returns its length (1 to 4) and sets *cp,
 * or returns 0 when the bytes there are not a valid, shortest-form encoding
 * of a Unicode scalar value (surrogates included: XML forbids them). A NUL
 * terminator inside a sequence fails the continuation-byte test. */
static size_t utf8_decode(const unsigned char *s, uint32_t *cp)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t v, min;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, v = c & 0x1Fu, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3, v = c & 0x0Fu, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, v = c & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

static void utf8_put(FILE *f, uint32_t cp)
{
    if (cp < 0x80) {
        fputc((int)cp, f);
    } else if (cp < 0x800) {
        fputc((int)(0xC0 | (cp >> 6)), f);
        fputc((int)(0x80 | (cp & 0x3F)), f);
    } else if (cp < 0x10000) {
        fputc((int)(0xE0 | (cp >> 12)), f);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), f);
        fputc((int)(0x80 | (cp & 0x3F)), f);
    } else {
        fputc((int)(0xF0 | (cp >> 18)), f);
        fputc((int)(0x80 | ((cp >> 12) & 0x3F)), f);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), f);
        fputc((int)(0x80 | (cp & 0x3F)), f);
    }
}

/* Does code point cp need replacing? */
static int needs_escape(uint32_t cp, int attr)
{
    switch (cp) {
    case '&': case '<': case '>': case '"': case '\'':
        return 1;
    case '\t': case '\n': case '\r':
        return attr;
    default:
        return cp < 0x20 || cp == 0x7F || cp == 0xFFFE || cp == 0xFFFF;
    }
}

/* Writes the replacement of code point cp (one needs_escape accepted). */
static void escape_one(FILE *f, uint32_t cp)
{
    switch (cp) {
    case '&': fputs("&amp;", f); return;
    case '<': fputs("&lt;", f); return;
    case '>': fputs("&gt;", f); return;
    case '"': fputs("&quot;", f); return;
    case '\'': fputs("&#39;", f); return;
    case '\t': case '\n': case '\r':
        fprintf(f, "&#%u;", (unsigned)cp);
        return;
    default:
        break;
    }
    if (cp < 0x20)
        utf8_put(f, 0x2400 + cp);
    else if (cp == 0x7F)
        utf8_put(f, 0x2421);
    else
        utf8_put(f, REPLACEMENT);
}

/* Copies runs of harmless bytes with one fwrite each: build logs can be
 * hundreds of kilobytes. */
static void escape(FILE *f, const char *s, int attr)
{
    const unsigned char *p = (const unsigned char *)s;
    const unsigned char *run = p;

    if (!s)
        return;
    while (*p) {
        uint32_t cp = 0;
        size_t len = utf8_decode(p, &cp);
        if (len > 0 && !needs_escape(cp, attr)) {
            p += len;
            continue;
        }
        fwrite(run, 1, (size_t)(p - run), f);
        if (len == 0) {
            utf8_put(f, REPLACEMENT);
            len = 1;
        } else {
            escape_one(f, cp);
        }
        p += len;
        run = p;
    }
    fwrite(run, 1, (size_t)(p - run), f);
}

void html_escape_write(FILE *f, const char *s)
{
    escape(f, s, 0);
}

void html_escape_write_attr(FILE *f, const char *s)
{
    escape(f, s, 1);
}

void html_url_write(FILE *f, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";

    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        unsigned char c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~') {
            fputc(c, f);
        } else {
            fputc('%', f);
            fputc(hex[c >> 4], f);
            fputc(hex[c & 15], f);
        }
    }
}
