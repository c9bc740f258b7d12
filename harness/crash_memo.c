/* Probes that crashed a driver: see crash_memo.h. */
#include "crash_memo.h"

#include <fcntl.h>
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
                        size_t *batch_cap)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t found = 0;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        for (size_t k = 0; line[0] && k < n_todo; k++) {
            size_t i = todo[k];
            if (strcmp(set->items[i].id, line) == 0 && batch_cap[i] != 1) {
                batch_cap[i] = 1;
                found++;
            }
        }
    }
    fclose(f);
    return found;
}

void crash_memo_add(const char *path, const char *probe_id)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    for (char *p = dir + 1; slash && *p; p++) /* mkdir -p of the memo's folder */
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    if (slash)
        mkdir(dir, 0755);
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    char line[600];
    int n = snprintf(line, sizeof line, "%s\n", probe_id);
    if (n > 0 && (size_t)n < sizeof line && write(fd, line, (size_t)n) != n) {
        /* A memo that could not be written only costs speed next time. */
    }
    close(fd);
}
