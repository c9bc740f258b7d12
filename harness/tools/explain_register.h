/* The register entries (the files of expected/, docs/register-format.md) that match one
 * probe id, on every driver a register describes. No OpenCL here. */
#ifndef CLC_EXPLAIN_REGISTER_H
#define CLC_EXPLAIN_REGISTER_H

#include <cjson/cJSON.h>

/* Every entry of every register file in dir whose glob matches id, in file
 * order then line order: {"file", "line", "driver": ["FIELD TEXT"...],
 * "glob", "verdicts": [...], "clause", "reason", "applies"}, applies true
 * for the first match of its file (the one that decides; the others are
 * shadowed). A register that does not parse is listed as {"file", "error"}.
 * Caller deletes. */
cJSON *explain_register_matches(const char *id, const char *dir);

#endif
