/* The command line of `clconform` (the run itself; `merge` and `repro` are
 * subcommands with their own parsers). */
#ifndef CLC_CLI_H
#define CLC_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "alone_plan.h"

/* Exit codes (README and --help explain them). */
enum {
    CLC_EXIT_OK = 0,          /* ran, nothing unexpected */
    CLC_EXIT_UNEXPECTED = 1,  /* something new: against the register (or a baseline) a new failure,
                                 a changed deviation or a new pass; without one, any failure */
    CLC_EXIT_USAGE = 2,       /* bad flag, malformed probe file, unreadable input */
    CLC_EXIT_INFRA = 3,       /* no platform/device; --out unusable; a report not written */
};

#define CLC_MAX_LIST 64

typedef struct {
    int all_devices, list, help, version, no_isolation, fail_on_fix, quiet;
    int no_cache;               /* --no-cache: no program-binary cache */
    const char *exhaustive;     /* --exhaustive FAMILY ("conversions"): exhaustive.h instead of probes */
    size_t exhaustive_stride;   /* --exhaustive-stride N: every Nth input (0: chosen per device) */
    int reduce;                  /* --reduce: reduce one failing probe per failure group */
    int json;                    /* --json (with --list) */
    size_t shard_index, shard_total; /* --shard I/N or CI_NODE_INDEX/CI_NODE_TOTAL; 0: whole suite */
    int env_select;              /* no --device: CL_PLATFORM_INDEX/CL_DEVICE_INDEX/CL_DEVICE_TYPE choose */
    const char *devices[CLC_MAX_LIST];
    size_t n_devices;
    const char *probe_paths[CLC_MAX_LIST];
    size_t n_probe_paths;
    const char *filters[CLC_MAX_LIST];
    size_t n_filters;
    const char *out_dir;
    const char *baseline, *flakes, *skips, *junit, *repro_dir, *build_options;
    const char *trace;          /* --trace FILE: the run's timeline (trace.h) */
    const char *register_dir;   /* --register DIR: the registers applied (default: expected/ beside the probes) */
    int no_register;            /* --no-register: every failure counts, none is known */
    double timeout_s, build_timeout_s;
    size_t jobs, batch, group; /* batch 0: the device's own (driver_policy.h batch_max) */
    size_t device_jobs;         /* --device-jobs N: supervisors per device at once (0: CPUs per device) */
    int measurements;           /* --measurements WHEN: CLC_MEASURE_LAST (default) or _ALONGSIDE */
    clc_alone_slice alone;      /* --alone: the judged probes also run alone (default: the day's slice) */
} clc_cli;

/* When the measurements that want a device to themselves run (fanout.c). */
enum { CLC_MEASURE_LAST, CLC_MEASURE_ALONGSIDE };

/* Parses argv into cli (defaults filled). Returns 0, or -1 after printing
 * the problem to err. */
int cli_parse(int argc, char **argv, clc_cli *cli, FILE *err);

/* Prints the --help text. */
void cli_usage(FILE *out);

#endif
