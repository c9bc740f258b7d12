/* The register in the main command: see register_run.h. */
#include "register_run.h"

#include <string.h>
#include <sys/stat.h>

#include "fuzz_known.h"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

cJSON *register_run_load(const char *dir, const char *probe_dir, FILE *err)
{
    char buf[4096];
    if (!dir) {
        const char *slash = strrchr(probe_dir, '/');
        if (slash)
            snprintf(buf, sizeof buf, "%.*s/expected", (int)(slash - probe_dir), probe_dir);
        else
            snprintf(buf, sizeof buf, "expected");
        if (!is_dir(buf))
            return cJSON_CreateArray();
        dir = buf;
    } else if (!is_dir(dir)) {
        fprintf(err, "clconform: --register %s: not a folder of registers\n", dir);
        return NULL;
    }
    return fuzz_known_load(dir, err);
}

const cJSON *register_run_for(const cJSON *regs, const cJSON *report)
{
    return fuzz_known_register_for(regs, report);
}

static int count(const cJSON *cmp, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cmp, key);
    return cJSON_IsArray(v) || cJSON_IsObject(v) ? cJSON_GetArraySize(v) : 0;
}

int register_run_is_new(const cJSON *cmp)
{
    return count(cmp, "regressions") > 0 || count(cmp, "fixes") > 0;
}

void register_run_summary(const cJSON *cmp, char *buf, size_t len)
{
    const char *path = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cmp, "register"));
    int changed = count(cmp, "changed_deviation");
    snprintf(buf, len, "%s: %d new (%d of them a changed deviation), %d known, %d newly passing, %d stale entr%s",
             path ? path : "?", count(cmp, "regressions"), changed, count(cmp, "known"), count(cmp, "fixes"),
             count(cmp, "stale"), count(cmp, "stale") == 1 ? "y" : "ies");
}
