/* harness/cl/bincache.c: keys that change with every part (and only then),
 * entries that read back byte for byte (binaries with NULs, failures with
 * logs), damaged entries detected and removed, no temporary files left,
 * and concurrent writers of one key never leaving half an entry. */
#include "bincache.h"
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[256];

static int files_in_dir(const char *d, const char *containing)
{
    DIR *dp = opendir(d);
    int n = 0;
    struct dirent *e;
    while (dp && (e = readdir(dp)))
        if (e->d_name[0] != '.' && (!containing || strstr(e->d_name, containing)))
            n++;
    if (dp)
        closedir(dp);
    return n;
}

static void entry_file(const char *key, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s.bin", dir, key);
}

static void test_keys(void)
{
    char a[BINCACHE_KEY_LEN + 1], b[BINCACHE_KEY_LEN + 1];
    bincache_key("dev 1", "-cl-std=CL1.2", "kernel void k(){}", a);
    CHECK(strlen(a) == BINCACHE_KEY_LEN && strspn(a, "0123456789abcdef") == BINCACHE_KEY_LEN,
          "key is %d hex digits", BINCACHE_KEY_LEN);
    bincache_key("dev 1", "-cl-std=CL1.2", "kernel void k(){}", b);
    CHECK(strcmp(a, b) == 0, "same inputs, same key");
    bincache_key("dev 2", "-cl-std=CL1.2", "kernel void k(){}", b);
    CHECK(strcmp(a, b) != 0, "another device or driver version, another key");
    bincache_key("dev 1", "-cl-std=CL2.0", "kernel void k(){}", b);
    CHECK(strcmp(a, b) != 0, "other options, another key");
    bincache_key("dev 1", "-cl-std=CL1.2", "kernel void k(){ }", b);
    CHECK(strcmp(a, b) != 0, "one more blank in the source, another key");
    /* Text moved across the boundary of two parts must not collide. */
    bincache_key("ab", "c", "d", a);
    bincache_key("a", "bc", "d", b);
    CHECK(strcmp(a, b) != 0, "parts are delimited (ab|c vs a|bc)");
}

static void test_roundtrip(void)
{
    char key[BINCACHE_KEY_LEN + 1];
    bincache_key("id", "opts", "src", key);
    unsigned char bin[300];
    for (size_t i = 0; i < sizeof bin; i++)
        bin[i] = (unsigned char)(i * 7); /* NULs and newlines included */
    bincache_entry e = {1, 0, "warning: something\nsecond line", bin, sizeof bin}, got;
    CHECK(bincache_load(dir, key, &got) == 0, "absent entry: 0");
    CHECK(bincache_store(dir, key, &e) == 0, "store a binary");
    CHECK(files_in_dir(dir, ".tmp.") == 0, "no temporary file left behind");
    CHECK(bincache_load(dir, key, &got) == 1, "load it back");
    CHECK(got.built == 1 && got.bin_len == sizeof bin && memcmp(got.bin, bin, sizeof bin) == 0,
          "binary reads back byte for byte");
    CHECK(strcmp(got.log, e.log) == 0, "log reads back");
    bincache_entry_free(&got);

    char key2[BINCACHE_KEY_LEN + 1];
    bincache_key("id", "opts", "bad src", key2);
    bincache_entry f = {0, -11, "<source>:1:1: error: nope", NULL, 0};
    CHECK(bincache_store(dir, key2, &f) == 0, "store a failed build");
    CHECK(bincache_load(dir, key2, &got) == 1 && got.built == 0 && got.err == -11 &&
              strcmp(got.log, f.log) == 0 && got.bin_len == 0,
          "failed build reads back with its code and log");
    bincache_entry_free(&got);

    /* A build that killed its worker: the signal and the stderr tail. */
    char key3[BINCACHE_KEY_LEN + 1];
    bincache_key("id", "opts", "crashing src", key3);
    bincache_entry c = {BINCACHE_CRASHED, 11, "Stack dump:\n0. Program arguments", NULL, 0};
    CHECK(bincache_store(dir, key3, &c) == 0, "store a crashed build");
    CHECK(bincache_load(dir, key3, &got) == 1 && got.built == BINCACHE_CRASHED && got.err == 11 &&
              strcmp(got.log, c.log) == 0 && got.bin_len == 0,
          "crashed build reads back with its signal and stderr");
    bincache_entry_free(&got);

    /* A second store of the same key replaces the first. */
    bin[0] ^= 0xff;
    CHECK(bincache_store(dir, key, &e) == 0 && bincache_load(dir, key, &got) == 1 && got.bin[0] == bin[0],
          "storing again replaces the entry");
    bincache_entry_free(&got);
}

/* Damages the entry of key by fn, then expects load to say -1 and remove it. */
static void expect_corrupt(const char *name, const char *key, long offset, int truncate_to)
{
    char path[512];
    entry_file(key, path, sizeof path);
    if (truncate_to >= 0) {
        CHECK(truncate(path, truncate_to) == 0, "%s: truncate", name);
    } else {
        FILE *f = fopen(path, "r+b");
        CHECK(f != NULL, "%s: open", name);
        if (!f)
            return;
        fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET);
        int c = fgetc(f);
        fseek(f, offset, offset < 0 ? SEEK_END : SEEK_SET);
        fputc(c ^ 0x20, f);
        fclose(f);
    }
    bincache_entry got;
    CHECK(bincache_load(dir, key, &got) == -1, "%s: load says corrupt", name);
    CHECK(access(path, F_OK) != 0, "%s: the damaged entry is removed", name);
}

static void test_corruption(void)
{
    char key[BINCACHE_KEY_LEN + 1];
    bincache_key("id", "opts", "corrupt me", key);
    unsigned char bin[64] = {1, 2, 3};
    bincache_entry e = {1, 0, "log", bin, sizeof bin};
    bincache_store(dir, key, &e);
    expect_corrupt("flipped byte in the binary", key, -5, -1);
    bincache_store(dir, key, &e);
    expect_corrupt("truncated file", key, 0, 60);
    bincache_store(dir, key, &e);
    expect_corrupt("damaged magic line", key, 2, -1);
    bincache_store(dir, key, &e);
    expect_corrupt("empty file", key, 0, 0);

    /* An entry renamed to another key's name is not that key's. */
    char other[BINCACHE_KEY_LEN + 1], from[512], to[512];
    bincache_key("id", "opts", "other", other);
    bincache_store(dir, key, &e);
    entry_file(key, from, sizeof from);
    entry_file(other, to, sizeof to);
    CHECK(rename(from, to) == 0, "rename entry");
    bincache_entry got;
    CHECK(bincache_load(dir, other, &got) == -1, "an entry under the wrong name is rejected");
}

/* Several processes store different binaries under one key at once: every
 * load in between sees a whole entry of one of them, never a mix. */
static void test_concurrent(void)
{
    char key[BINCACHE_KEY_LEN + 1];
    bincache_key("id", "opts", "raced", key);
    enum { WRITERS = 4, ROUNDS = 200, SIZE = 65536 };
    pid_t pids[WRITERS];
    for (int w = 0; w < WRITERS; w++) {
        pids[w] = fork();
        if (pids[w] == 0) {
            unsigned char *bin = malloc(SIZE);
            memset(bin, 'A' + w, SIZE);
            bincache_entry e = {1, 0, "", bin, SIZE};
            for (int r = 0; r < ROUNDS; r++)
                bincache_store(dir, key, &e);
            _exit(0);
        }
    }
    int whole = 1, seen = 0;
    for (int r = 0; r < ROUNDS; r++) {
        bincache_entry got;
        int rc = bincache_load(dir, key, &got);
        if (rc == -1)
            whole = 0;
        if (rc == 1) {
            seen++;
            for (size_t i = 1; i < got.bin_len; i++)
                if (got.bin[i] != got.bin[0])
                    whole = 0;
            if (got.bin_len != SIZE)
                whole = 0;
            bincache_entry_free(&got);
        }
    }
    for (int w = 0; w < WRITERS; w++)
        waitpid(pids[w], NULL, 0);
    CHECK(whole, "concurrent writers: every load saw one whole entry (%d loads found one)", seen);
    bincache_entry got;
    CHECK(bincache_load(dir, key, &got) == 1, "after the race the entry is whole");
    bincache_entry_free(&got);
    CHECK(files_in_dir(dir, ".tmp.") == 0, "no temporary files after the race");
}

static void test_default_dir(void)
{
    char buf[512];
    setenv("XDG_CACHE_HOME", "/x/cache", 1);
    CHECK(bincache_default_dir(buf, sizeof buf) == 0 && strcmp(buf, "/x/cache/clconform") == 0,
          "XDG_CACHE_HOME/clconform");
    unsetenv("XDG_CACHE_HOME");
    setenv("HOME", "/home/u", 1);
    CHECK(bincache_default_dir(buf, sizeof buf) == 0 && strcmp(buf, "/home/u/.cache/clconform") == 0,
          "fallback HOME/.cache/clconform");
    unsetenv("HOME");
    CHECK(bincache_default_dir(buf, sizeof buf) == -1, "neither set: no cache");
}

int main(void)
{
    char tmpl[] = "/tmp/clc-bincache-XXXXXX";
    if (!mkdtemp(tmpl))
        return 1;
    /* A folder that does not exist yet: store creates it. */
    snprintf(dir, sizeof dir, "%s/sub/clconform", tmpl);
    test_keys();
    test_roundtrip();
    test_corruption();
    test_concurrent();
    test_default_dir();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", tmpl);
    return check_done();
}
