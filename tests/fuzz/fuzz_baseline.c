/* libFuzzer target: the JSON reader behind --baseline (a device report, or a
 * run index listing reports) and the comparison it feeds: the loaded
 * document compared with itself and with each report it holds. */
#include "fuzz_util.h"
#include "baseline.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fz_write_file("baseline.json", data, size);
    cJSON *doc = baseline_load(path, fz_devnull());
    if (!doc)
        return 0;
    const cJSON *reports = cJSON_GetObjectItemCaseSensitive(doc, "reports");
    const cJSON *rep;
    if (cJSON_IsArray(reports)) {
        cJSON_ArrayForEach(rep, reports) {
            const cJSON *key = cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(rep, "device"), "key");
            const cJSON *found = baseline_find_device(doc, cJSON_IsString(key) ? key->valuestring : "x");
            cJSON_Delete(baseline_compare(rep, found ? found : rep, path, NULL, fz_devnull()));
        }
    } else {
        static const char *const flakes[] = {"*.nan", "bool.*"};
        clc_baseline_opts o = {flakes, 2, flakes + 1, 1};
        cJSON_Delete(baseline_compare(doc, doc, path, &o, fz_devnull()));
    }
    cJSON_Delete(doc);
    return 0;
}
