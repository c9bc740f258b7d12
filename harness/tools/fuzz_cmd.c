/* `clconform fuzz`: random UB-free programs (fuzz_gen.c), run on devices by
 * the ordinary suite runner (this binary, started once per batch with
 * --probes on the batch's probe file, so isolation, watchdog and reports are
 * the suite's own), and every program a device gets wrong, rejects, crashes
 * or hangs on written as a probe file under OUT/deviations/DEVICE/. With
 * --self-check the programs run through the host C compiler instead, which
 * checks the generator (docs/fuzz.md). */
#include "fuzz_cmd.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "exe_dir.h"
#include "fuzz_gen.h"
#include "fuzz_triage.h"
#include "json_file.h"
#include "proc.h"
#include "record.h"
#include "report_arrays.h"

#define FUZZ_BATCH 40
#define FUZZ_MAX_DEVICES 16

typedef struct {
    uint64_t seed;
    long count;             /* programs; -1: until minutes run out */
    double minutes;
    const char *out;
    const char *devices[FUZZ_MAX_DEVICES];
    int n_devices;
    int self_check;
    const char *timeout;
    const char *registers;  /* folder of registers for the known deviations; NULL: the default */
    int reduce_max;         /* deviations reduced per device */
} fuzz_opts;

static void usage(FILE *f)
{
    fprintf(f, "usage: clconform fuzz [--seed S] [--count N] [--minutes M] [--out DIR] [--device SEL]...\n"
               "                      [--timeout SECONDS] [--registers DIR] [--reduce-max N] [--self-check]\n"
               "  Generates random OpenCL C programs free of undefined behaviour, with the expected\n"
               "  output computed by the generator, runs them on the devices (every device when no\n"
               "  --device), and writes each program a device gets wrong as a probe file under\n"
               "  OUT/deviations/DEVICE/ (default OUT: fuzz-out). The same seed gives the same programs.\n"
               "  Each deviation is reduced (clconform reduce; at most --reduce-max per device, default 10)\n"
               "  and matched with the fuzz signatures of the register of its device (--registers, default\n"
               "  expected/ beside the binary or here): the summary (also OUT/summary.txt) lists known\n"
               "  deviations under their register entries, and the new ones.\n"
               "  --self-check runs them through the host C compiler ($CC, default cc) instead.\n"
               "  Exit: 0 nothing found or all known, 1 new deviations (or self-check mismatches),\n"
               "  2 usage, 3 infrastructure.\n");
}

static int parse(int argc, char **argv, fuzz_opts *o)
{
    memset(o, 0, sizeof *o);
    o->count = -1;
    o->out = "fuzz-out";
    o->reduce_max = 10;
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        if (!strcmp(a, "--self-check")) {
            o->self_check = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!v) {
            fprintf(stderr, "clconform fuzz: %s: missing value or unknown option\n", a);
            return -1;
        }
        i++;
        errno = 0;
        if (!strcmp(a, "--seed")) {
            o->seed = strtoull(v, &end, 0);
        } else if (!strcmp(a, "--count")) {
            o->count = strtol(v, &end, 10);
            if (o->count < 1)
                end = NULL;
        } else if (!strcmp(a, "--minutes")) {
            o->minutes = strtod(v, &end);
            if (!(o->minutes > 0))
                end = NULL;
        } else if (!strcmp(a, "--reduce-max")) {
            long m = strtol(v, &end, 10);
            o->reduce_max = (int)m;
            if (m < 0 || m > 100000)
                end = NULL;
        } else if (!strcmp(a, "--registers")) {
            o->registers = v;
            continue;
        } else if (!strcmp(a, "--out")) {
            o->out = v;
            continue;
        } else if (!strcmp(a, "--timeout")) {
            o->timeout = v;
            continue;
        } else if (!strcmp(a, "--device")) {
            if (o->n_devices == FUZZ_MAX_DEVICES) {
                fprintf(stderr, "clconform fuzz: at most %d --device\n", FUZZ_MAX_DEVICES);
                return -1;
            }
            o->devices[o->n_devices++] = v;
            continue;
        } else {
            fprintf(stderr, "clconform fuzz: unknown option %s\n", a);
            return -1;
        }
        if (!end || *end || errno) {
            fprintf(stderr, "clconform fuzz: %s '%s': not a valid value\n", a, v);
            return -1;
        }
    }
    if (o->count < 0 && o->minutes <= 0)
        o->count = 100;
    return 0;
}

static int mkdirs(const char *path)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

static void program_id(char *buf, size_t len, uint64_t pseed)
{
    snprintf(buf, len, "fuzz.p%016llx", (unsigned long long)pseed);
}

/* The shim beside the binary (harness/kernels/ in a build tree, or
 * ../share/clconform/kernels/ when installed), or in the current folder's
 * harness/kernels/. */
static int shim_path(char *buf, size_t len)
{
    static const char rel[] = "kernels/fuzz_host_shim.h";
    char exe[PATH_MAX / 2];
    if (exe_dir_find(exe, sizeof exe) == 0) {
        const char *const where[] = {"%s/harness/%s", "%s/../share/clconform/%s"};
        for (size_t i = 0; i < 2; i++) {
            snprintf(buf, len, where[i], exe, rel);
            if (access(buf, R_OK) == 0)
                return 0;
        }
    }
    if (realpath("harness/kernels/fuzz_host_shim.h", buf) && access(buf, R_OK) == 0)
        return 0;
    return -1;
}

/* ---- --self-check ------------------------------------------------------------ */

/* Compiles and runs one program on the host; returns 0 when its output is
 * the evaluator's, 1 when it differs (or the sanitizer stopped it), -1 when
 * the compiler could not be run. */
static int host_check(const fuzz_program *p, const char *shim, const char *dir, char *why, size_t why_len)
{
    char src[PATH_MAX], bin[PATH_MAX], cmd[3 * PATH_MAX + 200];
    if (snprintf(src, sizeof src, "%s/check.c", dir) >= (int)sizeof src ||
        snprintf(bin, sizeof bin, "%s/check", dir) >= (int)sizeof bin) {
        snprintf(why, why_len, "output folder name too long");
        return -1;
    }
    FILE *f = fopen(src, "w");
    if (!f || fuzz_write_host_c(f, p, shim) != 0) {
        if (f)
            fclose(f);
        snprintf(why, why_len, "cannot write %s", src);
        return -1;
    }
    fclose(f);
    const char *cc = getenv("CC") ? getenv("CC") : "cc";
    if (snprintf(cmd, sizeof cmd, "%s -std=c11 -O1 -w -fsigned-char -pthread -fsanitize=undefined -fno-sanitize-recover=all -o '%s' '%s' -lm "
                 "2>'%s.log'", cc, bin, src, src) >= (int)sizeof cmd) {
        snprintf(why, why_len, "compiler command too long");
        return -1;
    }
    if (system(cmd) != 0) {
        snprintf(why, why_len, "the host compiler rejected the program (its .log)");
        return 1;
    }
    snprintf(cmd, sizeof cmd, "'%s' 2>'%s.run.log'", bin, src);
    FILE *out = popen(cmd, "r");
    if (!out) {
        snprintf(why, why_len, "cannot run %s", bin);
        return -1;
    }
    size_t i = 0;
    unsigned long v;
    int bad = 0;
    while (fscanf(out, "%lu", &v) == 1) {
        if (i >= p->n_out || v != p->expect[i]) {
            if (!bad)
                snprintf(why, why_len, "out[%zu]: host %lu, evaluator %u", i, v, i < p->n_out ? p->expect[i] : 0);
            bad = 1;
        }
        i++;
    }
    int rc = pclose(out);
    if (!bad && (i != p->n_out || rc != 0)) {
        snprintf(why, why_len, "the host program stopped (its .run.log) after %zu of %zu words", i, p->n_out);
        bad = 1;
    }
    return bad;
}

static int run_self_check(const fuzz_opts *o, uint64_t first, long count, long *tried, long *bad)
{
    char shim[PATH_MAX], dir[PATH_MAX], why[3 * PATH_MAX];
    if (shim_path(shim, sizeof shim) != 0) {
        fprintf(stderr, "clconform fuzz: harness/kernels/fuzz_host_shim.h not found\n");
        return -1;
    }
    snprintf(dir, sizeof dir, "%s/selfcheck", o->out);
    if (mkdirs(dir) != 0) {
        fprintf(stderr, "clconform fuzz: cannot create %s: %s\n", dir, strerror(errno));
        return -1;
    }
    for (long i = 0; i < count; i++) {
        uint64_t ps = fuzz_program_seed(o->seed, (uint64_t)(first + i));
        fuzz_program p;
        if (fuzz_generate(ps, &p) != 0)
            return -1;
        int r = host_check(&p, shim, dir, why, sizeof why);
        (*tried)++;
        if (r < 0) {
            fuzz_program_free(&p);
            fprintf(stderr, "clconform fuzz: %s\n", why);
            return -1;
        }
        if (r > 0) {
            char id[64], path[PATH_MAX + 80];
            program_id(id, sizeof id, ps);
            snprintf(path, sizeof path, "%s/%s.probe", dir, id);
            FILE *f = fopen(path, "w");
            if (f) {
                fprintf(f, "# clconform fuzz --self-check: the host C compiler disagrees: %s\n", why);
                fuzz_write_probe(f, id, ps, &p);
                fclose(f);
            }
            /* Keep the host program and its logs beside the probe. */
            static const char *const kept[] = {"", ".log", ".run.log"};
            for (size_t k = 0; k < 3; k++) {
                char from[PATH_MAX + 40], to[PATH_MAX + 120];
                snprintf(from, sizeof from, "%s/check.c%s", dir, kept[k]);
                snprintf(to, sizeof to, "%s/%s.c%s", dir, id, kept[k]);
                rename(from, to);
            }
            fprintf(stderr, "clconform fuzz: self-check: %s: %s (%s/%s.c)\n", id, why, dir, id);
            (*bad)++;
        }
        fuzz_program_free(&p);
    }
    return 0;
}

/* ---- devices ------------------------------------------------------------------ */

/* Writes the batch's probe file; returns 0 or -1. */
static int write_batch(const fuzz_opts *o, uint64_t first, long count, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "# clconform fuzz --seed %llu: programs %ld to %ld\n", (unsigned long long)o->seed, (long)first,
            (long)first + count - 1);
    for (long i = 0; i < count; i++) {
        uint64_t ps = fuzz_program_seed(o->seed, (uint64_t)(first + i));
        fuzz_program p;
        char id[64];
        if (fuzz_generate(ps, &p) != 0) {
            fclose(f);
            return -1;
        }
        program_id(id, sizeof id, ps);
        fuzz_write_probe(f, id, ps, &p);
        fuzz_program_free(&p);
    }
    return fclose(f) == 0 ? 0 : -1;
}

/* Runs this binary on the batch file; returns its exit status, or -1. */
static int run_suite(const fuzz_opts *o, const char *probes, const char *reports)
{
    const char *argv[16 + 2 * FUZZ_MAX_DEVICES];
    int n = 0;
    argv[n++] = "/proc/self/exe";
    argv[n++] = "--probes";
    argv[n++] = probes;
    argv[n++] = "--out";
    argv[n++] = reports;
    argv[n++] = "--quiet";
    if (o->timeout) {
        argv[n++] = "--timeout";
        argv[n++] = o->timeout;
    }
    if (o->n_devices == 0)
        argv[n++] = "--all-devices";
    for (int i = 0; i < o->n_devices; i++) {
        argv[n++] = "--device";
        argv[n++] = o->devices[i];
    }
    argv[n] = NULL;
    return proc_run_self(argv, NULL);
}

static int collect(const char *out, const char *dir, const char *probes_file, fuzz_devs *list, long *deviations);

int fuzz_collect_reports(const char *out, const char *dir, long *deviations)
{
    return collect(out, dir, NULL, NULL, deviations);
}

/* fuzz_collect_reports, each deviation also added to list (with the batch's
 * report and probe file, for the reducer). */
static int collect(const char *out, const char *dir, const char *probes_file, fuzz_devs *list, long *deviations)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0 || !strncmp(e->d_name, "index", 5))
            continue;
        char path[2 * PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        cJSON *rep = report_load_json(path, stderr);
        const cJSON *dev = rep ? cJSON_GetObjectItemCaseSensitive(rep, "device") : NULL;
        const cJSON *key = dev ? cJSON_GetObjectItemCaseSensitive(dev, "key") : NULL;
        const cJSON *probes = rep ? cJSON_GetObjectItemCaseSensitive(rep, "probes") : NULL;
        const cJSON *rec;
        cJSON_ArrayForEach(rec, probes)
        {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "id"));
            const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "verdict"));
            const char *detail = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "detail"));
            unsigned long long ps;
            clc_verdict verdict = record_verdict(rec);
            if (!id || !v || !cJSON_IsString(key) || verdict == CLC_VERDICT_PASS || verdict == CLC_VERDICT_SKIP ||
                sscanf(id, "fuzz.p%16llx", &ps) != 1)
                continue;
            char ddir[PATH_MAX], file[2 * PATH_MAX];
            snprintf(ddir, sizeof ddir, "%s/deviations/%s", out, key->valuestring);
            snprintf(file, sizeof file, "%s/%s.probe", ddir, id);
            fuzz_program p;
            FILE *f = NULL;
            if (mkdirs(ddir) != 0 || fuzz_generate((uint64_t)ps, &p) != 0)
                continue;
            if ((f = fopen(file, "w"))) {
                fprintf(f, "# clconform fuzz: on %s this program's verdict was %s", key->valuestring, v);
                fprintf(f, "%s%s\n", detail ? ": " : "", "");
                if (detail)
                    fprintf(f, "# %s\n", detail);
                fuzz_write_probe(f, id, (uint64_t)ps, &p);
                fclose(f);
                (*deviations)++;
                fuzz_dev dv;
                memset(&dv, 0, sizeof dv);
                snprintf(dv.id, sizeof dv.id, "%s", id);
                snprintf(dv.key, sizeof dv.key, "%s", key->valuestring);
                snprintf(dv.verdict, sizeof dv.verdict, "%s", v);
                int fits = snprintf(dv.report, sizeof dv.report, "%s", path) < (int)sizeof dv.report &&
                           snprintf(dv.probes, sizeof dv.probes, "%s", probes_file ? probes_file : "") <
                               (int)sizeof dv.probes;
                if (list && (!fits || fuzz_devs_add(list, &dv) != 0))
                    fprintf(stderr, "clconform fuzz: cannot list %s for triage (path too long or out of memory)\n",
                            id);
                printf("clconform fuzz: %s on %s: %s -> %s\n", id, key->valuestring, v, file);
            }
            fuzz_program_free(&p);
        }
        cJSON_Delete(rep);
    }
    closedir(d);
    return 0;
}

/* The registers' folder: --registers, else expected/ beside the binary,
 * else ./expected; NULL when none is there. */
static const char *registers_dir(const fuzz_opts *o, char *buf, size_t len)
{
    if (o->registers)
        return o->registers;
    char exe[PATH_MAX / 2];
    if (exe_dir_find(exe, sizeof exe) == 0) {
        snprintf(buf, len, "%s/expected", exe);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    return access("expected", R_OK) == 0 ? "expected" : NULL;
}

/* Reduces and matches the deviations; prints the summary and writes it to
 * OUT/summary.txt. Returns the exit status. */
static int triage(const fuzz_opts *o, fuzz_devs *devs)
{
    char regs[PATH_MAX], path[PATH_MAX + 32];
    fuzz_triage_opts t = {o->out, registers_dir(o, regs, sizeof regs), o->reduce_max, o->timeout};
    if (!t.registers)
        printf("clconform fuzz: no registers found (--registers): every deviation is new\n");
    long unknown = fuzz_triage(devs, &t, stdout);
    snprintf(path, sizeof path, "%s/summary.txt", o->out);
    FILE *f = fopen(path, "w");
    if (f) {
        fuzz_triage_summary(devs, f);
        fclose(f);
    }
    long known = 0, fresh = 0, hinted = 0, rest = 0;
    for (size_t i = 0; i < devs->n; i++) {
        const fuzz_dev *d = &devs->v[i];
        known += d->entry != NULL;
        fresh += !d->entry && d->reduced[0];
        hinted += !d->entry && !d->reduced[0] && d->hint;
        rest += !d->entry && !d->reduced[0] && !d->hint;
    }
    fuzz_devs_free(devs);
    if (unknown < 0)
        return 3;
    printf("clconform fuzz: %ld known, %ld new, %ld not reduced (%ld of them matching a known entry unreduced); "
           "%s\n", known, fresh, hinted + rest, hinted, path);
    return unknown ? 1 : 0;
}

int fuzz_main(int argc, char **argv)
{
    fuzz_opts o;
    if (parse(argc, argv, &o) != 0) {
        usage(stderr);
        return 2;
    }
    if (mkdirs(o.out) != 0) {
        fprintf(stderr, "clconform fuzz: cannot create %s: %s\n", o.out, strerror(errno));
        return 3;
    }
    double deadline = o.minutes > 0 ? proc_now() + o.minutes * 60 : 0;
    long done = 0, found = 0, batch = 0;
    fuzz_devs devs = {0};
    printf("clconform fuzz: seed %llu%s\n", (unsigned long long)o.seed, o.self_check ? ", self-check" : "");
    while ((o.count < 0 || done < o.count) && (!deadline || proc_now() < deadline)) {
        long n = FUZZ_BATCH;
        if (o.count >= 0 && o.count - done < n)
            n = o.count - done;
        if (o.self_check) {
            long tried = 0;
            if (run_self_check(&o, (uint64_t)done, n, &tried, &found) != 0)
                return 3;
            done += tried;
            continue;
        }
        char probes[PATH_MAX], reports[PATH_MAX];
        snprintf(probes, sizeof probes, "%s/programs/batch-%04ld.probe", o.out, batch);
        snprintf(reports, sizeof reports, "%s/reports/batch-%04ld", o.out, batch);
        if (mkdirs(probes) != 0 || rmdir(probes) != 0 || write_batch(&o, (uint64_t)done, n, probes) != 0) {
            fprintf(stderr, "clconform fuzz: cannot write %s\n", probes);
            return 3;
        }
        int rc = run_suite(&o, probes, reports);
        if (rc != 0 && rc != 1) {
            fprintf(stderr, "clconform fuzz: the run of %s ended with status %d\n", probes, rc);
            return rc == 2 ? 2 : 3;
        }
        if (collect(o.out, reports, probes, &devs, &found) != 0) {
            fprintf(stderr, "clconform fuzz: cannot read %s\n", reports);
            return 3;
        }
        done += n;
        batch++;
    }
    printf("clconform fuzz: %ld programs, %ld %s\n", done, found,
           o.self_check ? "self-check mismatches (generator bugs)" : "deviations");
    if (o.self_check) {
        fuzz_devs_free(&devs);
        return found ? 1 : 0;
    }
    return triage(&o, &devs);
}
