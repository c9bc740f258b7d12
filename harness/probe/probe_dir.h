/* `${PROBE_DIR}` in a probe's build options: the absolute folder of the
 * probe file, so a probe can pass `-I ${PROBE_DIR}/include` for headers
 * shipped beside it. No OpenCL here. */
#ifndef CLC_PROBE_DIR_H
#define CLC_PROBE_DIR_H

#include <stddef.h>

#define PROBE_DIR_TOKEN "${PROBE_DIR}"

/* Expands options for the probe defined in file probe_file. The token must
 * begin a blank-separated word, or a word in double quotes; it is replaced by
 * the real path of probe_file's folder. A word in quotes stays in quotes
 * (the API spec's "-I dir ... dir can optionally be enclosed in double
 * quotes"): `-I "${PROBE_DIR}/include"` -> `-I "/abs/probes/x/include"`; a
 * bare word stays bare unless the path holds a blank, then it is quoted:
 * `-I ${PROBE_DIR}/include` -> `-I /abs/probes/x/include`. Options without
 * "${" come back as a plain copy. Returns a malloc'd string the caller
 * frees, or NULL with a one-line reason in why: an unknown ${...} token, the
 * token inside a word, a quoted word not closed at its end, a folder that
 * cannot be resolved, or a word that cannot be quoted (it holds '"', '\',
 * '$' or a control character). */
char *probe_dir_expand(const char *options, const char *probe_file, char *why, size_t len);

#endif
