/* Reading JSON files (reports, run indexes, baselines): one loader, so every
 * caller names the file and, for a syntax error, the line. */
#include "json_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* No clconform input comes near this (a full run's report with every build
 * log is a few MB); a path that names something endless, such as /dev/zero
 * in a hand-edited run index, stops here instead of filling the memory. */
#define JSON_FILE_MAX ((size_t)512 << 20)

/* Reads a whole file into a NUL-terminated buffer the caller frees. */
char *json_file_read_text(const char *path, FILE *err) {
    char *buf = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err)
            fprintf(err, "%s: %s\n", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISDIR(st.st_mode))) {
        if (err)
            fprintf(err, "%s: not a regular file\n", path);
        fclose(f);
        return NULL;
    }
    size_t cap = 0, len = 0;
    for (;;) {
        if (len > JSON_FILE_MAX) {
            if (err)
                fprintf(err, "%s: larger than %zu MiB: not a clconform file\n", path, JSON_FILE_MAX >> 20);
            goto fail;
        }
        if (len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 65536;
            char *grown = realloc(buf, cap);
            if (!grown) {
                if (err)
                    fprintf(err, "%s: out of memory\n", path);
                goto fail;
            }
            buf = grown;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        if (err)
            fprintf(err, "%s: %s\n", path, strerror(errno));
        goto fail;
    }
    buf[len] = '\0';
    fclose(f);
    return buf;
fail:
    free(buf);
    fclose(f);
    return NULL;
}

/* Parses a JSON file; on a syntax error names the line, since baselines are
 * sometimes edited or truncated by hand or by an interrupted copy. */
cJSON *json_file_load(const char *path, FILE *err) {
    char *text = json_file_read_text(path, err);
    if (!text)
        return NULL;
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithOpts(text, &end, 1);
    if (!doc) {
        int line = 1;
        for (const char *p = text; end && p < end; p++)
            line += (*p == '\n');
        if (err)
            fprintf(err, "%s:%d: not valid JSON\n", path, line);
    }
    free(text);
    return doc;
}
