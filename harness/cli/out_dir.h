/* The --out folder: made, checked writable, and held by one run at a time,
 * before any probe runs, so that a read-only or shared folder is a clear
 * message up front instead of reports lost at the end. */
#ifndef CLC_OUT_DIR_H
#define CLC_OUT_DIR_H

#include <stdio.h>

/* Makes dir (and its parents), checks a file can be created in it, and takes
 * an exclusive lock on dir/.clconform.lock, held until the process (and its
 * children) exit. Returns the lock's descriptor, or -1 after printing why to
 * err: "DIR: cannot write here: REASON" or "DIR: in use by another clconform
 * run (pid N); wait for it or use another --out". */
int out_dir_claim(const char *dir, FILE *err);

#endif
