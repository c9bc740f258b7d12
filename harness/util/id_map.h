/* A table from strings to pointers, for looking records up by probe id.
 * The cross-device page and the report loader look a probe up for each of
 * 6,000 ids: walking a report's 6,000 records with strcmp each time took
 * 2 of the 3 s the run's own process spent after the devices had ended
 * (three local devices, warm). Keys are not copied: they must
 * outlive the table (they are the documents' own strings). */
#ifndef CLC_ID_MAP_H
#define CLC_ID_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct clc_id_map clc_id_map;

/* An empty table sized for about `expected` keys (it grows past that).
 * NULL when out of memory. */
clc_id_map *id_map_new(size_t expected);

/* Maps key to val unless key is there already (the first one stays, as a
 * front-to-back search would find it). Returns 0, or -1 when out of memory. */
int id_map_put(clc_id_map *m, const char *key, void *val);

/* The value of key, or NULL. */
void *id_map_get(const clc_id_map *m, const char *key);

size_t id_map_count(const clc_id_map *m);

void id_map_free(clc_id_map *m);

/* FNV-1a of a string: the hash of this table, and of the tables that group
 * build logs (build_logs.c) and pooled arrays (report_arrays.c) by text. */
uint64_t id_map_hash(const char *s);

#endif
