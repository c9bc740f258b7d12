/* The output side under a hostile environment, without a driver:
 * atomic_file (a failed write leaves the old file whole and no temporary
 * behind; ENOSPC from /dev/full is reported with its reason), out_dir (one
 * run per folder, named by pid) and text_cap (huge build logs cut to head
 * and tail on character boundaries). */
#include "check.h"
#include "atomic_file.h"
#include "out_dir.h"
#include "text_cap.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int count_tmp(const char *dir)
{
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += strstr(e->d_name, ".tmp.") != NULL;
    if (d)
        closedir(d);
    return n;
}

static char *errs;
static size_t errs_len;
static FILE *err_stream(void)
{
    free(errs);
    errs = NULL;
    return open_memstream(&errs, &errs_len);
}

static void test_atomic(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/report.json", dir);
    FILE *e = err_stream();
    int rc = atomic_file_write(path, "{\"old\": 1}\n", 11, e);
    CHECK(rc == 0, "atomic write of a new file");
    char *got = slurp(path);
    CHECK(got && strcmp(got, "{\"old\": 1}\n") == 0, "the file holds exactly what was written");
    CHECK(count_tmp(dir) == 0, "no temporary file after a commit");

    /* A disk that fills mid-write: the temporary file's descriptor now
     * points at /dev/full, which fails every write with ENOSPC. */
    FILE *f = atomic_file_open(path, e);
    int full = open("/dev/full", O_WRONLY);
    CHECK(f && full >= 0, "opened the temporary file and /dev/full");
    if (f && full >= 0) {
        dup2(full, fileno(f));
        close(full);
        for (int i = 0; i < 10000; i++)
            fputs("{\"new\": \"a long line that will not fit\"}\n", f);
        rc = atomic_file_commit(f, path, e);
        CHECK(rc == -1, "commit fails on a full disk");
    }
    fflush(e);
    CHECK(errs && strstr(errs, path) && strstr(errs, "No space left on device"),
          "the message names the file and the reason: %s", errs ? errs : "(none)");
    got = slurp(path);
    CHECK(got && strcmp(got, "{\"old\": 1}\n") == 0, "the old file is untouched after the failed write");
    CHECK(count_tmp(dir) == 0, "the failed write's temporary file is removed");

    char missing[600];
    snprintf(missing, sizeof missing, "%s/no/such/folder/x.json", dir);
    rc = atomic_file_write(missing, "x", 1, e);
    CHECK(rc == -1, "a file in a missing folder is an error");
    fflush(e);
    CHECK(strstr(errs, "no/such/folder/x.json: cannot write here"), "that error names the file");
    fclose(e);
}

static void test_out_dir(const char *dir)
{
    char out[512];
    snprintf(out, sizeof out, "%s/out/nested", dir);
    FILE *e = err_stream();
    int fd = out_dir_claim(out, e);
    CHECK(fd >= 0, "a fresh --out folder (with parents) is claimed");
    int again = out_dir_claim(out, e);
    fflush(e);
    char pid[64];
    snprintf(pid, sizeof pid, "(pid %ld)", (long)getpid());
    CHECK(again == -1, "a second claim of the same folder is refused");
    CHECK(errs && strstr(errs, "in use by another clconform run") && strstr(errs, pid),
          "the refusal names the run holding it: %s", errs ? errs : "(none)");
    close(fd);
    fd = out_dir_claim(out, e);
    CHECK(fd >= 0, "once released, the folder can be claimed again");
    if (fd >= 0)
        close(fd);
    char file[600];
    snprintf(file, sizeof file, "%s/plain-file", dir);
    atomic_file_write(file, "x", 1, e);
    int as_file = out_dir_claim(file, e);
    CHECK(as_file == -1, "a file where the folder should be is refused");
    fclose(e);
}

static void test_text_cap(void)
{
    char *small = strdup("short log");
    char *same = text_cap(small, strlen(small), 4, 5);
    CHECK(same == small && strcmp(same, "short log") == 0, "a log within the cap is returned as is");
    free(same);

    size_t len = 1000;
    char *big = malloc(len + 1);
    for (size_t i = 0; i < len; i++)
        big[i] = (char)('a' + i % 26);
    big[len] = '\0';
    char *cut = text_cap(big, len, 100, 50);
    CHECK(strncmp(cut, "abcdefghij", 10) == 0, "the head is kept");
    CHECK(strstr(cut, "[clconform: 850 bytes of this build log left out]") != NULL,
          "the cut says how much was left out");
    size_t n = strlen(cut);
    CHECK(n < 250 && cut[n - 1] == (char)('a' + (len - 1) % 26), "the tail is kept, the middle is gone (%zu bytes)", n);
    free(cut);

    /* "é" is two bytes: a cut at an odd offset must not split one. */
    len = 400;
    char *utf = malloc(len + 1);
    for (size_t i = 0; i < len; i += 2) {
        utf[i] = (char)0xc3;
        utf[i + 1] = (char)0xa9;
    }
    utf[len] = '\0';
    cut = text_cap(utf, len, 101, 51);
    char *mark = strstr(cut, "\n[clconform:");
    char *end = mark ? strstr(mark, "]\n") : NULL;
    CHECK(mark && (mark - cut) % 2 == 0, "the head ends on a character boundary");
    CHECK(end && (unsigned char)end[2] == 0xc3, "the tail starts on a character boundary");
    free(cut);
}

int main(void)
{
    char dir[] = "/tmp/clc-test-hostile-io.XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    test_atomic(dir);
    test_out_dir(dir);
    test_text_cap();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", dir);
    free(errs);
    return check_done();
}
