/* A probe's build options from the harness's and its own. No OpenCL here. */
#ifndef CLC_BUILD_OPTIONS_H
#define CLC_BUILD_OPTIONS_H

#include <stddef.h>

/* Writes into buf (len bytes, always terminated) the options a probe is built
 * with: base (the harness's, "-cl-std=CL1.2 ..." ) then the probe's own
 * (may be NULL). When the probe names its own -cl-std=, the base's -cl-std=
 * words are left out, so the probe's language version is the only one the
 * compiler sees (a compiler may reject two, or take either). Returns 0, or
 * -1 when the result did not fit (buf then holds a truncated prefix). */
int build_options_compose(const char *base, const char *probe_options, char *buf, size_t len);

/* Does the option string contain a -cl-std= word? */
int build_options_has_std(const char *options);

/* Does the option string name an include folder (a word starting "-I")? The
 * headers such a build reads are not part of its source, so its result must
 * not be cached by source and options alone. */
int build_options_reads_headers(const char *options);

#endif
