/* Numbers on a command line: one parser per kind of option value, shared by
 * the run's options (cli.c) and the subcommands (reduce.c). */
#ifndef CLC_ARG_NUM_H
#define CLC_ARG_NUM_H

#include <stdio.h>

/* Seconds > 0 from v, the value of flag; or -1 after "PROG: FLAG 'V':
 * expected seconds > 0" on err. */
int arg_seconds(const char *prog, const char *flag, const char *v, double *out, FILE *err);

#endif
