/* Program-binary cache files: see bincache.h.
 *
 * An entry file is
 *   "clconform-bincache 1\n"
 *   "key <32 hex>\n"
 *   "built <0|1|-1> err <code> log <bytes> bin <bytes> sum <16 hex>\n"
 *   <log bytes><bin bytes>
 * and nothing after. The sum (FNV-1a over log and bin) catches a file that
 * was damaged after it was renamed into place; the key line catches a file
 * copied under the wrong name. */
#include "bincache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "clconform-bincache 1\n"
#define MAX_ENTRY ((size_t)1 << 30) /* larger files are not ours */

int bincache_default_dir(char *buf, size_t len)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && *xdg)
        n = snprintf(buf, len, "%s/clconform", xdg);
    else if (home && *home)
        n = snprintf(buf, len, "%s/.cache/clconform", home);
    else
        return -1;
    return n > 0 && (size_t)n < len ? 0 : -1;
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* A second hash, unrelated to FNV: multiply, rotate, mix per byte. */
static uint64_t mix(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ p[i]) * 0x9e3779b97f4a7c15ull;
        h = (h << 31) | (h >> 33);
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return h;
}

void bincache_key(const char *identity, const char *options, const char *source, char *key)
{
    /* The parts are separated by a NUL and prefixed by their lengths, so
     * moving text from one part to the next changes the key. */
    const char *parts[3] = {identity ? identity : "", options ? options : "", source ? source : ""};
    uint64_t a = 0xcbf29ce484222325ull, b = 0x243f6a8885a308d3ull;
    for (int i = 0; i < 3; i++) {
        uint64_t len = strlen(parts[i]);
        a = fnv1a(a, &len, sizeof len);
        b = mix(b, &len, sizeof len);
        a = fnv1a(a, parts[i], len + 1);
        b = mix(b, parts[i], len + 1);
    }
    snprintf(key, BINCACHE_KEY_LEN + 1, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

static int entry_path(const char *dir, const char *key, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/%s.bin", dir, key);
    return n > 0 && (size_t)n < len ? 0 : -1;
}

static uint64_t entry_sum(const bincache_entry *e)
{
    uint64_t h = fnv1a(0xcbf29ce484222325ull, e->log, strlen(e->log));
    return fnv1a(h, e->bin ? (const void *)e->bin : "", e->bin_len);
}

void bincache_entry_free(bincache_entry *e)
{
    free(e->log);
    free(e->bin);
    memset(e, 0, sizeof *e);
}

void bincache_remove(const char *dir, const char *key)
{
    char path[4096];
    if (entry_path(dir, key, path, sizeof path) == 0)
        unlink(path);
}

/* Parses a whole entry file. Returns 0 with *e filled, -1 when malformed. */
static int parse_entry(const char *key, const unsigned char *data, size_t size, bincache_entry *e)
{
    size_t ml = strlen(MAGIC);
    if (size < ml || memcmp(data, MAGIC, ml) != 0)
        return -1;
    const char *p = (const char *)data + ml, *end = (const char *)data + size;
    /* The two header lines are short: copy them out to parse safely. */
    char head[512];
    size_t hl = 0, lines = 0;
    while (p + hl < end && hl < sizeof head - 1 && lines < 2) {
        head[hl] = p[hl];
        if (p[hl++] == '\n')
            lines++;
    }
    head[hl] = '\0';
    if (lines < 2)
        return -1;
    char file_key[64], sum_hex[32];
    int built, err;
    unsigned long long log_len, bin_len;
    if (sscanf(head, "key %63s\nbuilt %d err %d log %llu bin %llu sum %31s\n", file_key, &built, &err, &log_len,
               &bin_len, sum_hex) != 6)
        return -1;
    if (strcmp(file_key, key) != 0 || built < BINCACHE_CRASHED || built > 1)
        return -1;
    const unsigned char *body = (const unsigned char *)p + hl;
    size_t body_len = (size_t)(end - (const char *)body);
    if (log_len > body_len || bin_len != body_len - log_len || (built == 1 && bin_len == 0) || (built != 1 && bin_len != 0))
        return -1;
    memset(e, 0, sizeof *e);
    e->built = built;
    e->err = err;
    e->log = malloc(log_len + 1);
    e->bin = bin_len ? malloc(bin_len) : NULL;
    if (!e->log || (bin_len && !e->bin)) {
        bincache_entry_free(e);
        return -1;
    }
    memcpy(e->log, body, log_len);
    e->log[log_len] = '\0';
    if (strlen(e->log) != log_len) { /* a NUL inside the log: not what we wrote */
        bincache_entry_free(e);
        return -1;
    }
    if (bin_len)
        memcpy(e->bin, body + log_len, bin_len);
    e->bin_len = bin_len;
    char want[32];
    snprintf(want, sizeof want, "%016llx", (unsigned long long)entry_sum(e));
    if (strcmp(want, sum_hex) != 0) {
        bincache_entry_free(e);
        return -1;
    }
    return 0;
}

int bincache_load(const char *dir, const char *key, bincache_entry *e)
{
    memset(e, 0, sizeof *e);
    char path[4096];
    if (entry_path(dir, key, path, sizeof path) != 0)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    struct stat st;
    unsigned char *data = NULL;
    int rc = -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > MAX_ENTRY)
        goto out;
    size_t size = (size_t)st.st_size, got = 0;
    data = malloc(size ? size : 1);
    if (!data)
        goto out;
    while (got < size) {
        ssize_t n = read(fd, data + got, size - got);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    if (got == size && parse_entry(key, data, size, e) == 0)
        rc = 1;
out:
    close(fd);
    free(data);
    if (rc != 1)
        unlink(path); /* damaged: the next run writes a good one */
    return rc;
}

static int make_dirs(const char *dir)
{
    char buf[4096];
    int n = snprintf(buf, sizeof buf, "%s", dir);
    if (n <= 0 || (size_t)n >= sizeof buf)
        return -1;
    for (char *p = buf + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static int write_all(int fd, const void *data, size_t n)
{
    const unsigned char *p = data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int bincache_store(const char *dir, const char *key, const bincache_entry *e)
{
    char path[4096], tmp[4200];
    if (entry_path(dir, key, path, sizeof path) != 0 || make_dirs(dir) != 0)
        return -1;
    snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return -1;
    const char *log = e->log ? e->log : "";
    bincache_entry view = *e;
    view.log = (char *)log;
    char head[256];
    int hn = snprintf(head, sizeof head, MAGIC "key %s\nbuilt %d err %d log %zu bin %zu sum %016llx\n", key,
                      e->built == BINCACHE_CRASHED ? BINCACHE_CRASHED : e->built ? 1 : 0, e->err, strlen(log), e->bin_len, (unsigned long long)entry_sum(&view));
    int rc = hn > 0 && (size_t)hn < sizeof head && write_all(fd, head, (size_t)hn) == 0 &&
                     write_all(fd, log, strlen(log)) == 0 && write_all(fd, e->bin ? (const void *)e->bin : "", e->bin_len) == 0
                 ? 0
                 : -1;
    if (close(fd) != 0)
        rc = -1;
    if (rc == 0)
        rc = rename(tmp, path) == 0 ? 0 : -1;
    if (rc != 0)
        unlink(tmp);
    return rc;
}
