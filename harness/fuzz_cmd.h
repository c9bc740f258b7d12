/* `clconform fuzz` (docs/fuzz.md): random UB-free programs checked on the
 * devices, or through the host C compiler with --self-check. */
#ifndef CLC_FUZZ_CMD_H
#define CLC_FUZZ_CMD_H

/* argv[0] is "fuzz". Returns the exit status (0 nothing found, 1 deviations
 * or self-check mismatches, 2 usage, 3 infrastructure). */
int fuzz_main(int argc, char **argv);

#endif
