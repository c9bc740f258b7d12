/* harness/cl/devsel.c: the CTS variables pick a device as the CTS does
 * (platform index, then the index among that platform's devices of the
 * type), bad values are refused with the variable named; the --list --json
 * document nests devices, with their keys, under their platforms. */
#include "check.h"
#include "devsel.h"

#include <stdlib.h>
#include <string.h>

static const char *env[3][2];

static char *fake_getenv(const char *name)
{
    for (size_t i = 0; i < 3; i++)
        if (env[i][0] && strcmp(env[i][0], name) == 0)
            return (char *)env[i][1];
    return NULL;
}

static void set_env(const char *p, const char *d, const char *t)
{
    env[0][0] = "CL_PLATFORM_INDEX", env[0][1] = p;
    env[1][0] = "CL_DEVICE_INDEX", env[1][1] = d;
    env[2][0] = "CL_DEVICE_TYPE", env[2][1] = t;
    if (!p)
        env[0][0] = NULL;
    if (!d)
        env[1][0] = NULL;
    if (!t)
        env[2][0] = NULL;
}

static clc_devref dev(int p, int d, const char *key, const char *type)
{
    clc_devref r;
    memset(&r, 0, sizeof r);
    r.pidx = p;
    r.didx = d;
    r.key = (char *)key;
    r.device_name = (char *)key;
    r.type = (char *)type;
    return r;
}

static const char *pick(const clc_devlist *l, const char *p, const char *d, const char *t, char **err_text)
{
    size_t len;
    FILE *err = open_memstream(err_text, &len);
    set_env(p, d, t);
    const clc_devref *r = devsel_from_env(l, fake_getenv, err);
    fclose(err);
    return r ? r->key : NULL;
}

int main(void)
{
    clc_devref items[] = {dev(0, 0, "p0-gpu", "GPU"), dev(1, 0, "p1-cpu", "CPU"), dev(1, 1, "p1-gpu-a", "GPU"),
                          dev(1, 2, "p1-gpu-b", "GPU")};
    clc_devlist l = {items, 4, cJSON_CreateArray(), cJSON_CreateArray(), 0};
    char *e = NULL;
    const char *k;
    k = pick(&l, NULL, NULL, NULL, &e);
    CHECK(k && strcmp(k, "p0-gpu") == 0, "defaults_platform_0_device_0");
    free(e);
    k = pick(&l, "1", NULL, NULL, &e);
    CHECK(k && strcmp(k, "p1-cpu") == 0, "platform_index");
    free(e);
    k = pick(&l, "1", "1", "gpu", &e);
    CHECK(k && strcmp(k, "p1-gpu-b") == 0, "device_index_counts_devices_of_the_type");
    free(e);
    k = pick(&l, "1", "0", "CL_DEVICE_TYPE_GPU", &e);
    CHECK(k && strcmp(k, "p1-gpu-a") == 0, "cl_device_type_prefix_accepted");
    free(e);
    k = pick(&l, "1", "0", "ALL", &e);
    CHECK(k && strcmp(k, "p1-cpu") == 0, "type_all_any_case");
    free(e);
    k = pick(&l, "0", "0", "cpu", &e);
    CHECK(!k && e && strstr(e, "no device 0 of type CPU on platform 0"), "no_such_device_explained");
    free(e);
    k = pick(&l, "x", NULL, NULL, &e);
    CHECK(!k && e && strstr(e, "CL_PLATFORM_INDEX='x'"), "bad_index_names_the_variable");
    free(e);
    k = pick(&l, NULL, NULL, "fpga", &e);
    CHECK(!k && e && strstr(e, "CL_DEVICE_TYPE='fpga'"), "bad_type_names_the_variable");
    free(e);

    cJSON *p0 = cJSON_CreateObject(), *p1 = cJSON_CreateObject();
    cJSON_AddNumberToObject(p0, "index", 0);
    cJSON_AddStringToObject(p0, "name", "Zero");
    cJSON_AddNumberToObject(p0, "devices", 1);
    cJSON_AddNumberToObject(p1, "index", 1);
    cJSON_AddNumberToObject(p1, "devices", 3);
    cJSON_AddItemToArray(l.platforms, p0);
    cJSON_AddItemToArray(l.platforms, p1);
    cJSON *doc = devsel_list_json(&l);
    const cJSON *plats = cJSON_GetObjectItem(doc, "platforms");
    const cJSON *d1 = cJSON_GetObjectItem(cJSON_GetArrayItem(plats, 1), "devices");
    CHECK(cJSON_GetArraySize(plats) == 2 && cJSON_GetArraySize(d1) == 3 &&
              strcmp(cJSON_GetObjectItem(cJSON_GetArrayItem(d1, 2), "key")->valuestring, "p1-gpu-b") == 0 &&
              strcmp(cJSON_GetObjectItem(cJSON_GetArrayItem(d1, 2), "index")->valuestring, "1:2") == 0,
          "list_json_devices_under_their_platform_with_key_and_index");
    char *text = cJSON_PrintUnformatted(doc);
    cJSON *back = cJSON_Parse(text);
    CHECK(back && cJSON_GetObjectItem(back, "schema_version")->valueint == 1, "list_json_parses");
    cJSON_Delete(back);
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(l.platforms);
    cJSON_Delete(l.problems);
    return check_done();
}
