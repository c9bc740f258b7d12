/* Probes that crashed a driver's compiler, remembered per device and driver
 * version in the cache folder, with the batch caps the crash led to. A probe
 * that kills the compiler inside a batch of 256 costs the whole batch: it is
 * rebuilt in smaller groups, each level a new worker (rusticl crashes on 21
 * folded char/uchar probes on every run). Next run every probe of that batch
 * starts with the cap it ended with, the culprit alone: the next run then
 * forms the very programs this one built, and the binary cache and the
 * driver's own (Mesa's shader cache) hit. Remembering only the culprit made
 * the rest of its batch into new programs, and rusticl's first warm run
 * generated code for them again (142 s). Each probe still runs, and its
 * verdict is still what the driver does this time: the memo decides only
 * how probes are batched, never a verdict. */
#ifndef CLC_CRASH_MEMO_H
#define CLC_CRASH_MEMO_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "probe.h"

/* The memo file of a device in cache_dir: one per device key and driver
 * identity (the device object's driver and device versions). Returns 0, or
 * -1 when there is no cache folder or the identity is unknown. */
int crash_memo_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len);

/* The memo of probes lost to this driver version (lost_memo.h reads and
 * writes it): a build alone that outlived its watchdog, and a run crash of a
 * probe built alone; "lost/" beside "crashes/" (files of earlier versions
 * also hold kernels that hung; they are read the same way). A later run of
 * the same driver version records each such probe's verdict without
 * building it (lost_memo_record; fanout.c before it cuts chunks,
 * supervise.c for a lone supervisor's list). Kernels that hung have a memo
 * of their own (below): they stay in their program. --no-cache (no cache
 * folder) runs them again. A compiler crash has its own memo (above, and
 * bincache.h). */
int crash_memo_lost_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len);

/* The memo of probes whose kernel hung this driver version twice (run
 * alone the second time): "hung-runs/" beside "lost/", the same line
 * format. Unlike a hang in a build, such a probe builds: a later run keeps
 * it in its program, so that every program is the one the run that met
 * the hang kept (runner_build.c keeps a program at its build), and only
 * its launch is left out (the worker records its `timeout`,
 * supervise_remembered_hang). Taken out of its batch, it made that batch a
 * program new to the caches in the next run. */
int crash_memo_hung_run_path(const char *cache_dir, const char *dev_key, const cJSON *device, char *buf, size_t len);

/* The same naming for another memo of the device: cache_dir/folder/NAME ext. */
int crash_memo_device_file(const char *cache_dir, const char *folder, const char *ext, const char *dev_key,
                           const cJSON *device, char *buf, size_t len);

/* Lowers batch_cap[i] to the remembered cap of every probe of todo named in
 * the memo file (a line is "id" for cap 1, "id<TAB>cap", or
 * "id<TAB>cap<TAB>leader"; the smallest cap wins, and with it its leader).
 * With batch_leader (may be NULL), batch_leader[i] becomes the leader's
 * index plus one (0: none): a program holds only probes of one leader
 * (runner.h), so the programs a crash led to are cut where that run cut
 * them, whichever of their probes a worker starts from. Returns how many
 * caps it lowered; a missing or unreadable file lowers none. */
size_t crash_memo_apply(const char *path, const clc_probe_set *set, const size_t *todo, size_t n_todo,
                        size_t *batch_cap, size_t *batch_leader);

/* Appends text to a memo file in one write (O_APPEND: the supervisors of a
 * device share it), its folder made first. A memo that cannot be written
 * only costs speed next time. */
void crash_memo_append(const char *path, const char *text, size_t len);

/* Adds a probe id to the memo file with cap 1 (appended; a repeated id is
 * harmless). */
void crash_memo_add(const char *path, const char *probe_id);

/* Adds the probes idx[0..n) of set with the cap their crashed batch gave
 * them, in one append; with leader (may be NULL), leader[k] is the index
 * of idx[k]'s leader plus one (0: none). */
void crash_memo_add_caps(const char *path, const clc_probe_set *set, const size_t *idx, size_t n, size_t cap,
                         const size_t *leader);

#endif
