/* Register look-up for explain: see explain_register.h. */
#include "explain_register.h"

#include <dirent.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "register.h"

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The register's driver lines, `FIELD TEXT` each. */
static cJSON *driver_lines(const cJSON *reg)
{
    cJSON *out = cJSON_CreateArray();
    const cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(reg, "driver")) {
        char line[512];
        snprintf(line, sizeof line, "%s %s", str_of(d, "field"), str_of(d, "contains"));
        cJSON_AddItemToArray(out, cJSON_CreateString(line));
    }
    return out;
}

/* Appends the entries of one register file matching id. */
static void add_file_matches(cJSON *out, const char *path, const char *id)
{
    FILE *quiet = fopen("/dev/null", "w");
    cJSON *doc = register_load(path, quiet ? quiet : stderr);
    if (quiet)
        fclose(quiet);
    if (!doc) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "file", path);
        cJSON_AddStringToObject(e, "error", "not a register (docs/register-format.md), or unreadable");
        cJSON_AddItemToArray(out, e);
        return;
    }
    const cJSON *reg = cJSON_GetObjectItemCaseSensitive(doc, "register"), *entry;
    int first = 1;
    cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(reg, "entries")) {
        if (fnmatch(str_of(entry, "glob"), id, 0) != 0)
            continue;
        cJSON *e = cJSON_CreateObject();
        cJSON_AddStringToObject(e, "file", path);
        cJSON_AddItemToObject(e, "line", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(entry, "line"), 1));
        cJSON_AddItemToObject(e, "driver", driver_lines(reg));
        cJSON_AddStringToObject(e, "glob", str_of(entry, "glob"));
        cJSON_AddItemToObject(e, "verdicts", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(entry, "verdicts"), 1));
        cJSON_AddStringToObject(e, "clause", str_of(entry, "clause"));
        cJSON_AddStringToObject(e, "reason", str_of(entry, "reason"));
        cJSON_AddBoolToObject(e, "applies", first);
        first = 0;
        cJSON_AddItemToArray(out, e);
    }
    cJSON_Delete(doc);
}

static int visible(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

cJSON *explain_register_matches(const char *id, const char *dir)
{
    cJSON *out = cJSON_CreateArray();
    struct dirent **names = NULL;
    int n = scandir(dir, &names, visible, alphasort);
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (names[i]->d_type == DT_REG || names[i]->d_type == DT_UNKNOWN || names[i]->d_type == DT_LNK)
            add_file_matches(out, path, id);
        free(names[i]);
    }
    free(names);
    return out;
}
