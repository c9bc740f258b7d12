/* Replays the inputs kept under tests/fuzz/regress/<target>/ (crashes and
 * broken invariants the fuzzers once found, plus hand-made hostile cases)
 * through the same target code `make fuzz` runs, built here without
 * libFuzzer, so `make check` (and its ASan+UBSan half) keeps them fixed.
 * Each input runs in a child process: a crash or abort is one named
 * "not ok", not the end of the test. */
#include "../fuzz/fuzz_util.h"
#include "check.h"

#include <sys/wait.h>
#include <unistd.h>

#define LLVMFuzzerTestOneInput fuzz_probe_load_one
#include "../fuzz/fuzz_probe_load.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_value_one
#include "../fuzz/fuzz_value.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_patterns_one
#include "../fuzz/fuzz_patterns.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_baseline_one
#include "../fuzz/fuzz_baseline.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_merge_one
#include "../fuzz/fuzz_merge.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_repro_one
#include "../fuzz/fuzz_repro.c"
#undef LLVMFuzzerTestOneInput

typedef int (*target_fn)(const uint8_t *, size_t);

static const struct {
    const char *name;
    target_fn fn;
} targets[] = {
    {"probe_load", fuzz_probe_load_one}, {"value", fuzz_value_one},
    {"patterns", fuzz_patterns_one},     {"baseline", fuzz_baseline_one},
    {"merge", fuzz_merge_one},           {"repro", fuzz_repro_one},
};

/* Runs fn on the file's bytes in a child; 1 when the child exited 0. */
static int replay(target_fn fn, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len + 65536 > cap) {
            cap = cap * 2 + 65536;
            buf = realloc(buf, cap);
            if (!buf)
                abort();
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        /* The merge and repro targets print what they wrote; keep the TAP clean. */
        if (!freopen("/dev/null", "w", stdout))
            _exit(3);
        alarm(60); /* a regression that loops forever ends as a failure, not a hung suite */
        fn(buf, len);
        _exit(0);
    }
    int status = 0;
    int ok = pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
             WEXITSTATUS(status) == 0;
    free(buf);
    return ok;
}

int main(void)
{
    int total = 0;
    fz_scratch(); /* made once here, so the children share it and it is removed */
    for (size_t t = 0; t < sizeof targets / sizeof targets[0]; t++) {
        char dir[256];
        snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", targets[t].name);
        DIR *d = opendir(dir);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.')
                continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            CHECK(replay(targets[t].fn, path), "fuzz regression %s/%s", targets[t].name, e->d_name);
            total++;
        }
        if (d)
            closedir(d);
    }
    CHECK(total > 0, "found the fuzz regression inputs (run from the repository root)");
    fz_rm_path(fz_scratch());
    return check_done();
}
