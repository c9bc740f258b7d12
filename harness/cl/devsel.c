/* CTS environment variables and the JSON device list: see devsel.h. */
#include "devsel.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const env_names[] = {"CL_PLATFORM_INDEX", "CL_DEVICE_INDEX", "CL_DEVICE_TYPE"};

int devsel_env_present(void)
{
    for (size_t i = 0; i < 3; i++)
        if (getenv(env_names[i]))
            return 1;
    return 0;
}

static int parse_index(const char *name, const char *v, int *out, FILE *err)
{
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (v && (!*v || *end || n < 0 || n > 1000000)) {
        fprintf(err, "clconform: %s='%s': expected an index 0, 1, ...\n", name, v);
        return -1;
    }
    *out = (int)n;
    return 0;
}

/* "gpu" and "CL_DEVICE_TYPE_GPU" are the same; returns the type as
 * clconform's device list spells it ("GPU"...), "" for all, or NULL. */
static const char *parse_type(const char *v)
{
    if (!v)
        return "";
    if (strncasecmp(v, "CL_DEVICE_TYPE_", 15) == 0)
        v += 15;
    static const char *const names[][2] = {{"gpu", "GPU"}, {"cpu", "CPU"}, {"accelerator", "ACCELERATOR"},
                                           {"custom", "CUSTOM"}, {"default", ""}, {"all", ""}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(v, names[i][0]) == 0)
            return names[i][1];
    return NULL;
}

const clc_devref *devsel_from_env(const clc_devlist *l, char *(*get)(const char *), FILE *err)
{
    int pidx, didx;
    if (parse_index("CL_PLATFORM_INDEX", get("CL_PLATFORM_INDEX"), &pidx, err) != 0 ||
        parse_index("CL_DEVICE_INDEX", get("CL_DEVICE_INDEX"), &didx, err) != 0)
        return NULL;
    const char *type = parse_type(get("CL_DEVICE_TYPE"));
    if (!type) {
        fprintf(err, "clconform: CL_DEVICE_TYPE='%s': expected gpu, cpu, accelerator, custom, default or all\n",
                get("CL_DEVICE_TYPE"));
        return NULL;
    }
    int seen = 0;
    for (size_t i = 0; i < l->count; i++) {
        const clc_devref *d = &l->items[i];
        if (d->pidx != pidx || (*type && !strstr(d->type, type)))
            continue;
        if (seen++ == didx)
            return d;
    }
    fprintf(err, "clconform: no device %d%s%s on platform %d (CL_PLATFORM_INDEX/CL_DEVICE_INDEX/CL_DEVICE_TYPE; "
                 "%d such device(s) there; see clconform --list)\n",
            didx, *type ? " of type " : "", type, pidx, seen);
    return NULL;
}

cJSON *devsel_list_json(const clc_devlist *l)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddNumberToObject(doc, "schema_version", 1);
    cJSON *plats = cJSON_AddArrayToObject(doc, "platforms");
    const cJSON *p;
    cJSON_ArrayForEach(p, l->platforms) {
        cJSON *po = cJSON_Duplicate(p, 1);
        const cJSON *idx = cJSON_GetObjectItemCaseSensitive(p, "index");
        cJSON_DeleteItemFromObjectCaseSensitive(po, "devices");
        cJSON *devs = cJSON_AddArrayToObject(po, "devices");
        for (size_t i = 0; cJSON_IsNumber(idx) && i < l->count; i++) {
            const clc_devref *d = &l->items[i];
            if (d->pidx != idx->valueint)
                continue;
            cJSON *dj = d->info ? cJSON_Duplicate(d->info, 1) : cJSON_CreateObject();
            char index[32];
            snprintf(index, sizeof index, "%d:%d", d->pidx, d->didx);
            cJSON_DeleteItemFromObjectCaseSensitive(dj, "key");
            cJSON_DeleteItemFromObjectCaseSensitive(dj, "index");
            cJSON_AddStringToObject(dj, "key", d->key);
            cJSON_AddStringToObject(dj, "index", index);
            if (!cJSON_GetObjectItemCaseSensitive(dj, "name"))
                cJSON_AddStringToObject(dj, "name", d->device_name);
            if (!cJSON_GetObjectItemCaseSensitive(dj, "type"))
                cJSON_AddStringToObject(dj, "type", d->type);
            cJSON_AddItemToArray(devs, dj);
        }
        cJSON_AddItemToArray(plats, po);
    }
    cJSON_AddItemToObject(doc, "problems", cJSON_Duplicate(l->problems, 1));
    return doc;
}
