/* Command-line parsing: see cli.h. */
#include "cli.h"

#include "arg_num.h"

#include "devsel.h"
#include "shard.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void cli_usage(FILE *out)
{
    fputs(
        "usage: clconform --all-devices | --device SEL... [options]\n"
        "       clconform --list [--json]\n"
        "       clconform merge REPORT.json... --out DIR\n"
        "       clconform repro REPORT.json... [--out DIR] [--filter GLOB]\n"
        "       clconform reduce REPORT.json --filter ID... [--out DIR]\n"
        "       clconform fuzz [--seed S] [--count N] [--minutes M] [--device SEL]... [--self-check]\n"
        "       clconform explain ID[:ELEMENT] | --call 'FUNCTION(VALUE)' [--json]  (no device needed)\n"
        "\n"
        "Runs OpenCL C specification probes on OpenCL devices and writes a JSON and an\n"
        "HTML report per device, plus an index page comparing the devices.\n"
        "\n"
        "Selecting:\n"
        "  --all-devices          every device of every platform\n"
        "  --list                 platforms and devices, with the key each report uses\n"
        "  --json                 with --list: a clinfo-like JSON document on stdout\n"
        "  --device SEL           a device by index P:D, key, or name substring (repeatable)\n"
        "                         (neither: CL_PLATFORM_INDEX, CL_DEVICE_INDEX, CL_DEVICE_TYPE as in the CTS)\n"
        "  --probes PATH          probe file or folder instead of probes/ (repeatable)\n"
        "  --filter GLOB          only probes whose id matches (repeatable; fnmatch syntax)\n"
        "Output:\n"
        "  --out DIR              where reports go (default reports/)\n"
        "  --junit FILE           JUnit XML, one testsuite per device\n"
        "  --trace FILE           the run's timeline in the Chrome trace-event format (Perfetto,\n"
        "                         chrome://tracing): a lane per supervisor and worker\n"
        "  --repro DIR            a standalone reproducer for every failing probe\n"
        "  --reduce               reduce one failing run probe per failure group to a minimal\n"
        "                         probe and reproducer, in OUT/reduced (see clconform reduce)\n"
        "  --quiet                no progress lines\n"
        "Regressions:\n"
        "  --register DIR         the registers of known failures (default: expected/ beside the\n"
        "                         probes); each device is compared with the one whose driver lines\n"
        "                         describe it: failures are known or new\n"
        "  --no-register          compare with no register: every failure is new\n"
        "  --baseline FILE        compare with an earlier report (or run index), or a register of\n"
        "                         expected/ (new failures, new passes): regressions, fixes\n"
        "  --flakes FILE          probe-id globs known to be flaky (not counted as regressions)\n"
        "  --skips FILE           probe-id globs to ignore in the comparison\n"
        "  --fail-on-fix          a fix against the baseline also exits 1 (stale baselines)\n"
        "Running:\n"
        "  --timeout SECONDS      per-probe watchdog while its kernel runs (default 10)\n"
        "  --build-timeout SECONDS  watchdog for one build or one kernel's code generation\n"
        "                         (default 300)\n"
        "  --no-cache             build every program from source, measure everything and run\n"
        "                         every probe again (no binaries, remembered crashes, hangs or\n"
        "                         measurements from earlier runs)\n"
        "  --exhaustive conversions  every float->integer and 32-bit integer->float conversion\n"
        "                         function over all 2^32 inputs, checked on the device (--filter\n"
        "                         selects functions, e.g. 'convert_int_sat*')\n"
        "  --exhaustive-stride N  only every Nth input (default: all where the device is fast\n"
        "                         enough for it, else a stride chosen to take about a minute)\n"
        "  --jobs N               devices run in parallel (default: all of them)\n"
        "  --shard I/N            run the I-th of N slices of the probes (CI_NODE_INDEX and\n"
        "                         CI_NODE_TOTAL also set it); `merge` puts the shards together\n"
        "  --batch N              most probes built in one program (default 256; 128 on a GPU)\n"
        "  --group N              most probes behind one kernel (default: per driver)\n"
        "  --device-jobs N        supervisors per device at once, each with its own worker\n"
        "                         (default: one per device, plus the cores the run lends it as\n"
        "                         other devices finish, at most the CPUs or 16)\n"
        "  --measurements WHEN    when the measurements that need the device to themselves run:\n"
        "                         'last' (default: after every other probe, alone) or 'alongside'\n"
        "                         (from the start, each keeping other kernels off the device while\n"
        "                         the other supervisors build: faster, but builds beside them\n"
        "                         disturb co-residency counts on NVIDIA's driver)\n"
        "  --alone SLICE          which judged probes also run alone, each in a kernel of its own,\n"
        "                         to find results that change with the code around a call:\n"
        "                         'today' (default: a seventh of them, another each day of the\n"
        "                         week), K/N (part K of N), 'all' or 'none'; probes a register\n"
        "                         entry marks `context` always do (CLCONFORM_ALONE sets the\n"
        "                         default)\n"
        "  --build-options STR    appended to every build\n"
        "  --no-isolation         run probes in-process: faster to debug, no watchdog\n"
        "  --help, --version\n"
        "\n"
        "Exit codes:\n"
        "  0  ran, nothing new: every failure is a known one of the register that describes\n"
        "     its device (with --no-register, or on a device no register describes: no failure)\n"
        "  1  something new: a failure the register does not name, a registered failure with\n"
        "     another deviation, a new pass (a fail, build-fail, unexpected-build-ok, timeout,\n"
        "     crash or error verdict where no register applies); with --baseline, a regression\n"
        "     (or a fix, with --fail-on-fix)\n"
        "  2  usage or input error (bad flag, malformed probe file: file and line are named)\n"
        "  3  infrastructure: no OpenCL platform or no device to run on; --out read-only,\n"
        "     full or in use by another run; a report could not be written\n",
        out);
}

static int take(int argc, char **argv, int *i, const char **val, FILE *err)
{
    if (*i + 1 >= argc) {
        fprintf(err, "clconform: %s needs a value\n", argv[*i]);
        return -1;
    }
    *val = argv[++*i];
    return 0;
}

static int add_list(const char **list, size_t *n, const char *v, const char *flag, FILE *err)
{
    if (*n == CLC_MAX_LIST) {
        fprintf(err, "clconform: too many %s\n", flag);
        return -1;
    }
    list[(*n)++] = v;
    return 0;
}

static int to_seconds(const char *flag, const char *v, double *out, FILE *err)
{
    return arg_seconds("clconform", flag, v, out, err);
}

static int to_when(const char *flag, const char *v, int *out, FILE *err)
{
    static const char *const names[] = {[CLC_MEASURE_LAST] = "last", [CLC_MEASURE_ALONGSIDE] = "alongside"};
    for (int k = 0; k < 2; k++)
        if (!strcmp(v, names[k])) {
            *out = k;
            return 0;
        }
    fprintf(err, "clconform: %s '%s': expected last or alongside\n", flag, v);
    return -1;
}

static int to_count(const char *flag, const char *v, size_t *out, FILE *err)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (*end || n < 1 || n > 1000000) {
        fprintf(err, "clconform: %s '%s': expected a positive integer\n", flag, v);
        return -1;
    }
    *out = (size_t)n;
    return 0;
}

int cli_parse(int argc, char **argv, clc_cli *c, FILE *err)
{
    memset(c, 0, sizeof *c);
    c->out_dir = "reports";
    c->timeout_s = 10;
    c->build_timeout_s = 300;
    c->batch = 0; /* per device: driver_policy.h batch_max */
    c->alone = alone_slice_today(time(NULL));
    /* CLCONFORM_ALONE sets the default, as --alone does (the tests fix it:
     * a run's programs must not change with the day it runs on). */
    const char *alone_env = getenv("CLCONFORM_ALONE");
    if (alone_env && *alone_env && alone_slice_parse(alone_env, &c->alone, err) != 0)
        return -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        int rc = 0;
        if (!strcmp(a, "--all-devices")) c->all_devices = 1;
        else if (!strcmp(a, "--list")) c->list = 1;
        else if (!strcmp(a, "--help") || !strcmp(a, "-h")) c->help = 1;
        else if (!strcmp(a, "--version")) c->version = 1;
        else if (!strcmp(a, "--no-isolation")) c->no_isolation = 1;
        else if (!strcmp(a, "--no-cache")) c->no_cache = 1;
        else if (!strcmp(a, "--fail-on-fix")) c->fail_on_fix = 1;
        else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) c->quiet = 1;
        else if (!strcmp(a, "--reduce")) c->reduce = 1;
        else if (!strcmp(a, "--json")) c->json = 1;
        else if (!strcmp(a, "--shard")) rc = take(argc, argv, &i, &v, err) || shard_parse(v, &c->shard_index, &c->shard_total, err);
        else if (!strcmp(a, "--device")) rc = take(argc, argv, &i, &v, err) || add_list(c->devices, &c->n_devices, v, a, err);
        else if (!strcmp(a, "--probes")) rc = take(argc, argv, &i, &v, err) || add_list(c->probe_paths, &c->n_probe_paths, v, a, err);
        else if (!strcmp(a, "--filter")) rc = take(argc, argv, &i, &v, err) || add_list(c->filters, &c->n_filters, v, a, err);
        else if (!strcmp(a, "--out")) rc = take(argc, argv, &i, &c->out_dir, err);
        else if (!strcmp(a, "--baseline")) rc = take(argc, argv, &i, &c->baseline, err);
        else if (!strcmp(a, "--register")) rc = take(argc, argv, &i, &c->register_dir, err);
        else if (!strcmp(a, "--no-register")) c->no_register = 1;
        else if (!strcmp(a, "--flakes")) rc = take(argc, argv, &i, &c->flakes, err);
        else if (!strcmp(a, "--skips")) rc = take(argc, argv, &i, &c->skips, err);
        else if (!strcmp(a, "--junit")) rc = take(argc, argv, &i, &c->junit, err);
        else if (!strcmp(a, "--trace")) rc = take(argc, argv, &i, &c->trace, err);
        else if (!strcmp(a, "--repro")) rc = take(argc, argv, &i, &c->repro_dir, err);
        else if (!strcmp(a, "--build-options")) rc = take(argc, argv, &i, &c->build_options, err);
        else if (!strcmp(a, "--timeout")) rc = take(argc, argv, &i, &v, err) || to_seconds(a, v, &c->timeout_s, err);
        else if (!strcmp(a, "--build-timeout")) rc = take(argc, argv, &i, &v, err) || to_seconds(a, v, &c->build_timeout_s, err);
        else if (!strcmp(a, "--jobs")) rc = take(argc, argv, &i, &v, err) || to_count(a, v, &c->jobs, err);
        else if (!strcmp(a, "--batch")) rc = take(argc, argv, &i, &v, err) || to_count(a, v, &c->batch, err);
        else if (!strcmp(a, "--group")) rc = take(argc, argv, &i, &v, err) || to_count(a, v, &c->group, err);
        else if (!strcmp(a, "--device-jobs")) rc = take(argc, argv, &i, &v, err) || to_count(a, v, &c->device_jobs, err);
        else if (!strcmp(a, "--alone")) rc = take(argc, argv, &i, &v, err) || alone_slice_parse(v, &c->alone, err);
        else if (!strcmp(a, "--measurements")) rc = take(argc, argv, &i, &v, err) || to_when(a, v, &c->measurements, err);
        else if (!strcmp(a, "--exhaustive")) rc = take(argc, argv, &i, &c->exhaustive, err);
        else if (!strcmp(a, "--exhaustive-stride")) rc = take(argc, argv, &i, &v, err) || to_count(a, v, &c->exhaustive_stride, err);
        else {
            fprintf(err, "clconform: unknown option '%s' (see --help)\n", a);
            return -1;
        }
        if (rc)
            return -1;
    }
    if (!c->shard_total && shard_from_env(getenv, &c->shard_index, &c->shard_total, err) < 0)
        return -1;
    c->env_select = !c->all_devices && c->n_devices == 0 && devsel_env_present();
    if (!c->help && !c->version && !c->list && !c->all_devices && c->n_devices == 0 && !c->env_select) {
        fprintf(err, "clconform: say which devices: --all-devices, or --device SEL (see --list), or "
                     "CL_PLATFORM_INDEX/CL_DEVICE_INDEX/CL_DEVICE_TYPE\n");
        return -1;
    }
    if (c->json && !c->list) {
        fprintf(err, "clconform: --json goes with --list\n");
        return -1;
    }
    if (c->all_devices && c->n_devices) {
        fprintf(err, "clconform: --all-devices and --device exclude each other\n");
        return -1;
    }
    if (c->exhaustive && strcmp(c->exhaustive, "conversions") != 0) {
        fprintf(err, "clconform: --exhaustive '%s': the one exhaustive family is 'conversions'\n", c->exhaustive);
        return -1;
    }
    if (c->exhaustive_stride > 0xffffffffu) {
        fprintf(err, "clconform: --exhaustive-stride: at most 4294967295\n");
        return -1;
    }
    if ((c->register_dir && (c->no_register || c->baseline)) || (c->no_register && c->baseline)) {
        fprintf(err, "clconform: --register, --no-register and --baseline exclude each other\n");
        return -1;
    }
    if ((c->flakes || c->skips || c->fail_on_fix) && !c->baseline) {
        fprintf(err, "clconform: --flakes, --skips and --fail-on-fix go with --baseline\n");
        return -1;
    }
    return 0;
}
