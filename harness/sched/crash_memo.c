/* Probes that crashed a driver: see crash_memo.h. */
#include "crash_memo.h"

#include "id_map.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Letters, digits and '.', '-' kept; anything else becomes '_'. */
static void slug(const char *s, char *out, size_t len)
{
    size_t n = 0;
    for (; s && *s && n + 1 < len; s++) {
        char c = *s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-';
        out[n++] = ok ? c : '_';
    }
    out[n] = '\0';
}

int crash_memo_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len)
{
    return crash_memo_device_file(cache_dir, "crashes", ".txt", dev_key, device, buf, len);
}

int crash_memo_lost_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len)
{
    return crash_memo_device_file(cache_dir, "lost", ".txt", dev_key, device, buf, len);
}

int crash_memo_hung_run_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len)
{
    return crash_memo_device_file(cache_dir, "hung-runs", ".txt", dev_key, device, buf, len);
}

int crash_memo_device_file(const char *cache_dir, const char *folder, const char *ext, const char *dev_key,
                           const cJSON *device, char *buf, size_t len)
{
    const char *drv = str(device, "driver_version"), *ver = str(device, "version");
    if (!cache_dir || !dev_key || !drv)
        return -1;
    char a[160], b[160], c[200];
    slug(dev_key, c, sizeof c);
    slug(drv, a, sizeof a);
    slug(ver ? ver : "", b, sizeof b);
    int n = snprintf(buf, len, "%s/%s/%s--%s--%s%s", cache_dir, folder, c, a, b, ext);
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

size_t crash_memo_apply(const char *path, const clc_probe_set *set, const size_t *todo, size_t n_todo,
                        size_t *batch_cap, size_t *batch_leader)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    /* Ids to indices: the memo of a crash-prone driver holds a line per
     * probe of every batch that crashed (hundreds), and a walk of the suite
     * per line cost each supervisor a few million strcmp. Only probes of
     * todo are touched; a leader may be any probe of the set. */
    clc_id_map *all = id_map_new(set->count), *mine = id_map_new(n_todo);
    for (size_t i = 0; all && i < set->count; i++)
        id_map_put(all, set->items[i].id, (void *)(uintptr_t)(i + 1));
    for (size_t k = 0; mine && k < n_todo; k++)
        id_map_put(mine, set->items[todo[k]].id, (void *)(uintptr_t)(todo[k] + 1));
    size_t found = 0;
    char line[1200];
    while (all && mine && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        /* "id" alone is the culprit (cap 1); "id<TAB>cap" a batch-mate;
         * "id<TAB>cap<TAB>leader" one of a part cut after a crash. */
        size_t cap = 1, leader = 0;
        char *tab = strchr(line, '\t');
        if (tab) {
            *tab = '\0';
            char *end;
            unsigned long long v = strtoull(tab + 1, &end, 10);
            if (end == tab + 1 || (*end && *end != '\t') || v == 0)
                continue; /* a damaged line only costs speed: ignored */
            cap = (size_t)v;
            if (*end == '\t')
                leader = (size_t)(uintptr_t)id_map_get(all, end + 1); /* 0: not in this suite */
        }
        size_t i = (size_t)(uintptr_t)id_map_get(mine, line);
        if (i-- == 0 || (batch_cap[i] != 0 && cap >= batch_cap[i]))
            continue;
        batch_cap[i] = cap;
        if (batch_leader)
            batch_leader[i] = leader;
        found++;
    }
    id_map_free(all);
    id_map_free(mine);
    fclose(f);
    return found;
}

/* Opens the memo for appending, its folder made first (mkdir -p). */
static int memo_open(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    for (char *p = dir + 1; slash && *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    if (slash)
        mkdir(dir, 0755);
    return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

/* A memo that could not be written only costs speed next time. */
static void memo_write(int fd, const char *text, size_t len)
{
    if (write(fd, text, len) != (ssize_t)len) {
    }
}

void crash_memo_append(const char *path, const char *text, size_t len)
{
    int fd = memo_open(path);
    if (fd < 0)
        return;
    memo_write(fd, text, len);
    close(fd);
}

void crash_memo_add(const char *path, const char *probe_id)
{
    char line[600];
    int n = snprintf(line, sizeof line, "%s\n", probe_id);
    if (n > 0 && (size_t)n < sizeof line)
        crash_memo_append(path, line, (size_t)n);
}

void crash_memo_add_caps(const char *path, const clc_probe_set *set, const size_t *idx, size_t n, size_t cap,
                         const size_t *leader)
{
    int fd = memo_open(path);
    if (fd < 0)
        return;
    /* One write for the lot (O_APPEND): supervisors of one device share
     * the file. */
    size_t len = 0, size = 0;
    char *buf = NULL;
    for (size_t k = 0; k < n; k++) {
        char line[1200];
        size_t l = leader ? leader[k] : 0;
        int m = l ? snprintf(line, sizeof line, "%s\t%zu\t%s\n", set->items[idx[k]].id, cap, set->items[l - 1].id)
                  : snprintf(line, sizeof line, "%s\t%zu\n", set->items[idx[k]].id, cap);
        if (m <= 0 || (size_t)m >= sizeof line)
            continue;
        if (len + (size_t)m > size) {
            size_t ns = (len + (size_t)m) * 2;
            char *nb = realloc(buf, ns);
            if (!nb)
                break;
            buf = nb;
            size = ns;
        }
        memcpy(buf + len, line, (size_t)m);
        len += (size_t)m;
    }
    if (len)
        memo_write(fd, buf, len);
    free(buf);
    close(fd);
}
