/* Cores lent between devices: a token pool shared by every process of a run,
 * in the manner of make's jobserver. A pipe holds one byte per core nobody
 * uses; a device process that wants one more supervisor reads a byte
 * (without waiting) and writes it back when that supervisor ends. Each
 * device always has one supervisor of its own without a token, so a lost
 * token can slow a run but never stop it. The run's process adds a token
 * whenever a device finishes: its core goes to the devices still running. */
#ifndef CLC_JOBSERVER_H
#define CLC_JOBSERVER_H

#include <stddef.h>

typedef struct {
    int rd, wr;  /* the pipe's ends; -1 when there is no pool */
} clc_jobserver;

/* A pool holding `tokens` tokens. Returns 0, or -1 (then js has no pool,
 * and every call below answers "no token"). */
int jobserver_open(clc_jobserver *js, size_t tokens);

/* Takes a token if one is there now. Returns 1 when taken, 0 when not. */
int jobserver_try_take(const clc_jobserver *js);

/* Gives a token (back) to the pool. */
void jobserver_give(const clc_jobserver *js);

void jobserver_close(clc_jobserver *js);

#endif
