/* Splitting a device's probes across CI jobs (--shard I/N, or GitLab's
 * CI_NODE_INDEX/CI_NODE_TOTAL), and putting the shards' reports back
 * together (`clconform merge`). Shard I of N runs the I-th of N contiguous
 * slices of the probes in suite order, so each slice keeps whole families
 * (and their batched builds) together and the shards, concatenated by
 * index, are the suite order again. */
#ifndef CLC_SHARD_H
#define CLC_SHARD_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>

/* Parses "I/N" (1 <= I <= N). Returns 0, or -1 after printing to err. */
int shard_parse(const char *s, size_t *index, size_t *total, FILE *err);

/* From CI_NODE_INDEX (1-based) and CI_NODE_TOTAL when both are set (get
 * is getenv). Returns 1 with the shard, 0 when they are not set, -1 on
 * bad values (printed). */
int shard_from_env(char *(*get)(const char *), size_t *index, size_t *total, FILE *err);

/* The slice [*first, *first + return) of n items that shard index/total runs. */
size_t shard_slice(size_t n, size_t index, size_t total, size_t *first);

/* Puts shards back together: reports of one device key whose run.shard
 * says {index, total} become one report (probes in shard order, summary
 * recomputed, run.shards listing each shard, complete only when every shard
 * is there and complete). docs is rewritten in place; the reports merged
 * away are deleted. Returns the new count. */
size_t shard_reassemble(cJSON **docs, size_t n, FILE *err);

#endif
