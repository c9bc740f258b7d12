/* The program-binary cache: what a build produced (a device binary, or the
 * build failure and its log), kept in files keyed by everything that
 * decides the outcome: clconform's version, the platform and device
 * identity with the driver version, the build options and the source. A
 * later run on the same driver loads the binary (clCreateProgramWithBinary)
 * instead of compiling again.
 *
 * This module only keeps files; runner_build.c talks to the driver. Entries
 * are written to a temporary file and renamed into place, so concurrent
 * runs never see half an entry; an entry that fails its checks (length,
 * checksum, key) is removed and reported as corrupt, and the caller builds
 * from source. */
#ifndef CLC_BINCACHE_H
#define CLC_BINCACHE_H

#include <stddef.h>

#define BINCACHE_KEY_LEN 32 /* hex digits */

/* The cache folder: $XDG_CACHE_HOME/clconform, else $HOME/.cache/clconform.
 * Returns 0, or -1 when neither variable is set (no cache then). */
int bincache_default_dir(char *buf, size_t len);

/* The key of a build: 128 bits of two independent 64-bit hashes over
 * identity, options and source, as hex (key must hold BINCACHE_KEY_LEN + 1). */
void bincache_key(const char *identity, const char *options, const char *source, char *key);

/* An entry's "built" for a build that killed the process: a driver's
 * compiler that crashes on a program (rusticl's on 21 folded char probes)
 * crashes on it every time for the same driver, options and source, and
 * each crash costs a worker start (0.6-0.9 s of driver set-up). The
 * supervisor writes such an entry when a lone program's build killed its
 * worker with a signal the worker raised itself; err is the signal number
 * and log what the worker wrote to stderr as it died. */
#define BINCACHE_CRASHED (-1)

typedef struct {
    int built;             /* 1: a binary; 0: the build failed with err; BINCACHE_CRASHED */
    int err;               /* the clBuildProgram code of a failed build; the signal of a crash */
    char *log;             /* build log ("" when none); a crash's stderr tail */
    unsigned char *bin;    /* the binary (built == 1) */
    size_t bin_len;
} bincache_entry;

/* Reads the entry of key from dir. Returns 1 with *e filled (caller frees),
 * 0 when there is none, -1 when there was one that failed its checks (it is
 * removed). */
int bincache_load(const char *dir, const char *key, bincache_entry *e);

/* Writes e as the entry of key, creating dir if needed. Returns 0 or -1. */
int bincache_store(const char *dir, const char *key, const bincache_entry *e);

/* Removes the entry of key (a binary the driver rejected). */
void bincache_remove(const char *dir, const char *key);

void bincache_entry_free(bincache_entry *e);

#endif
