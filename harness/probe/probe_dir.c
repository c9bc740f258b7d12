/* See probe_dir.h. */
#include "probe_dir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The real path of the folder holding file, or NULL. The caller frees it. */
static char *folder_of(const char *file)
{
    const char *slash = strrchr(file, '/');
    char *dir = slash ? strndup(file, slash == file ? 1 : (size_t)(slash - file)) : strdup(".");
    char *real = dir ? realpath(dir, NULL) : NULL;
    free(dir);
    return real;
}

/* Can s go between double quotes as it is? No quote, backslash (an escape
 * to some option parsers, literal to others) or control character. */
static int quotable(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\' || c < 0x20 || c == 0x7f)
            return 0;
    }
    return 1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

char *probe_dir_expand(const char *options, const char *probe_file, char *why, size_t len)
{
    const size_t tlen = strlen(PROBE_DIR_TOKEN);
    char *dir = NULL, *out = NULL;
    size_t n = 0;
    FILE *f = NULL;
    if (!strstr(options, "${"))
        return strdup(options);
    f = open_memstream(&out, &n);
    if (!f) {
        snprintf(why, len, "out of memory");
        return NULL;
    }
    for (const char *s = options; *s;) {
        const char *tok = strstr(s, "${");
        if (!tok) {
            fputs(s, f);
            break;
        }
        if (strncmp(tok, PROBE_DIR_TOKEN, tlen) != 0) {
            size_t k = strcspn(tok, " \t}");
            snprintf(why, len, "unknown token '%.*s' (the only one is " PROBE_DIR_TOKEN ")",
                     (int)(k + (tok[k] == '}')), tok);
            goto fail;
        }
        /* The word starts at the token, or at a '"' just before it. */
        int quoted = tok != options && tok[-1] == '"';
        const char *start = quoted ? tok - 1 : tok;
        if (start != options && !is_blank(start[-1])) {
            snprintf(why, len, PROBE_DIR_TOKEN " must begin a word or a double-quoted word "
                     "(write -I " PROBE_DIR_TOKEN "/include)");
            goto fail;
        }
        if (!dir && !(dir = folder_of(probe_file))) {
            snprintf(why, len, "cannot resolve the folder of '%s' for " PROBE_DIR_TOKEN, probe_file);
            goto fail;
        }
        const char *rest = tok + tlen;
        size_t rest_n = quoted ? strcspn(rest, "\"") : strcspn(rest, " \t");
        if (quoted && (rest[rest_n] != '"' || (rest[rest_n + 1] && !is_blank(rest[rest_n + 1])))) {
            snprintf(why, len, "'\"" PROBE_DIR_TOKEN "' needs its closing '\"' at the end of the word");
            goto fail;
        }
        if (memchr(rest, '$', rest_n) || !quotable(dir, strlen(dir)) || !quotable(rest, rest_n)) {
            snprintf(why, len, "'%s%.*s' cannot be passed as one double-quoted word (it holds '\"', '\\', "
                     "'$' or a control character)", dir, (int)rest_n, rest);
            goto fail;
        }
        /* Quoted when written so, or when it must be (a blank in the path). */
        int quote = quoted || strpbrk(dir, " \t") || memchr(rest, ' ', rest_n);
        fprintf(f, "%.*s%s%s%.*s%s", (int)(start - s), s, quote ? "\"" : "", dir, (int)rest_n, rest,
                quote ? "\"" : "");
        s = rest + rest_n + quoted;
    }
    int closed = fclose(f);
    f = NULL;
    if (closed != 0) {
        snprintf(why, len, "out of memory");
        goto fail;
    }
    free(dir);
    return out;
fail:
    if (f)
        fclose(f);
    free(out);
    free(dir);
    return NULL;
}
