/* Probes that crashed a driver, remembered per device and driver version
 * in the cache folder. A probe that kills the compiler inside a batch of 256
 * costs the whole batch: it is rebuilt in smaller groups, each level a new
 * worker (rusticl crashes on 21 folded char/uchar probes on every run). Next
 * run such a probe is built alone from the start. It still runs, and its
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

/* The same naming for another memo of the device: cache_dir/folder/NAME ext. */
int crash_memo_device_file(const char *cache_dir, const char *folder, const char *ext, const char *dev_key,
                           const cJSON *device, char *buf, size_t len);

/* Sets batch_cap[i] = 1 for every probe of todo named in the memo file.
 * Returns how many were found; a missing or unreadable file finds none. */
size_t crash_memo_apply(const char *path, const clc_probe_set *set, const size_t *todo, size_t n_todo,
                        size_t *batch_cap);

/* Adds a probe id to the memo file (appended; a repeated id is harmless). */
void crash_memo_add(const char *path, const char *probe_id);

#endif
