/* JSON numbers converted to C integers, checked first. A JSON number is a
 * double: converting one that is out of the target's range (9.3e117 to
 * size_t) or not finite is undefined behaviour in C, and one with a fraction
 * would be silently truncated. Every integer read from a report, a run index,
 * a baseline or a worker's message goes through here. */
#ifndef CLC_JSON_NUM_H
#define CLC_JSON_NUM_H

#include <stddef.h>
#include <stdint.h> /* SIZE_MAX, the usual hi of json_num_size */
#include <cjson/cJSON.h>

/* The largest integer every double up to which is exact (2^53): the top of
 * any range a JSON number can be checked against. */
#define JSON_NUM_EXACT_MAX 9007199254740992.0

/* Checks that v is a number holding an integer in [lo, hi] (hi is capped at
 * JSON_NUM_EXACT_MAX). Returns 0 and stores the value in *out; -1 with a
 * reason naming field in why ("out_count: 9.3e+117 is not an integer in
 * [1, 16777216]"; "out_count: missing"; "out_count: not a number"). why may
 * be NULL. */
int json_num_integer(const cJSON *v, const char *field, double lo, double hi, double *out,
                     char *why, size_t len);

/* The same into size_t / int / unsigned, for [lo, hi] of that type. */
int json_num_size(const cJSON *v, const char *field, size_t lo, size_t hi, size_t *out, char *why,
                  size_t len);
int json_num_int(const cJSON *v, const char *field, int lo, int hi, int *out, char *why, size_t len);
int json_num_uint(const cJSON *v, const char *field, unsigned lo, unsigned hi, unsigned *out,
                  char *why, size_t len);

/* An index into count things: json_num_size in [0, count - 1]; with count
 * 0, every value is refused. */
int json_num_index(const cJSON *v, const char *field, size_t count, size_t *out, char *why, size_t len);

/* For fields that are optional or informational: v's integer value when
 * json_num_int would accept it, else dflt. */
int json_num_int_or(const cJSON *v, int lo, int hi, int dflt);

#endif
