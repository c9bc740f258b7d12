/* Prints, as one JSON array, every probe's program as the harness builds it
 * for that probe alone (probe_program_source: the prelude, then
 * `__kernel void NAME(inputs..., out) { body }`, or a `source` probe as it
 * is) and its build options as the harness composes them on a device with
 * OpenCL C 1.2 or later (build_options_compose over "-cl-std=CL1.2").
 * scripts/coverage/coverage.py reads it, so the coverage measured is that of
 * the programs drivers are given, through the harness's own probe loader.
 * Each body probe's kernel is named clc_k<index>, so many join one program. */
#include "build_options.h"
#include "probe.h"
#include "probe_load.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: probe_sources PROBES...\n");
        return 2;
    }
    clc_probe_set set = {0};
    for (int a = 1; a < argc; a++)
        if (probe_load_path(argv[a], &set, stderr) != 0)
            return 1;
    cJSON *all = cJSON_CreateArray();
    for (size_t i = 0; all && i < set.count; i++) {
        const clc_probe *p = &set.items[i];
        if (!p->body && !p->source)
            continue; /* a measurement the harness implements: no program */
        char name[32], options[4096];
        snprintf(name, sizeof name, "clc_k%zu", i);
        char *src = probe_program_source(p, name);
        if (build_options_compose("-cl-std=CL1.2", p->options, options, sizeof options) != 0 || !src) {
            fprintf(stderr, "probe_sources: %s: options too long or out of memory\n", p->id);
            return 1;
        }
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", p->id);
        cJSON_AddStringToObject(o, "kind", probe_kind_name(p->kind));
        cJSON_AddStringToObject(o, "options", options);
        cJSON_AddBoolToObject(o, "alone", p->source != NULL);
        cJSON_AddStringToObject(o, "program", src);
        cJSON_AddItemToArray(all, o);
        free(src);
    }
    char *text = all ? cJSON_PrintUnformatted(all) : NULL;
    if (!text) {
        fprintf(stderr, "probe_sources: out of memory\n");
        return 1;
    }
    puts(text);
    free(text);
    cJSON_Delete(all);
    return 0;
}
