/* Where the running clconform binary is: its probes, registers and kernels
 * are found beside it (a build tree) or under ../share/clconform (installed),
 * wherever it is run from. */
#ifndef CLC_EXE_DIR_H
#define CLC_EXE_DIR_H

#include <stddef.h>

/* Writes the folder of the running executable (/proc/self/exe without its
 * last component) into dir. Returns 0, or -1 when the link cannot be read
 * or has no folder (dir is then undefined). */
int exe_dir_find(char *dir, size_t len);

#endif
