/* `clconform fuzz` (docs/fuzz.md): random UB-free programs checked on the
 * devices, or through the host C compiler with --self-check. */
#ifndef CLC_FUZZ_CMD_H
#define CLC_FUZZ_CMD_H

/* argv[0] is "fuzz". Returns the exit status (0 nothing found, 1 deviations
 * or self-check mismatches, 2 usage, 3 infrastructure). */
int fuzz_main(int argc, char **argv);

/* Reads every device report (*.json but index.json) in reports_dir; each
 * record of a fuzz program (id "fuzz.p<16 hex digits>", the program's seed)
 * whose verdict is neither pass nor skip becomes
 * out/deviations/DEVICE-KEY/ID.probe: the program regenerated from its seed,
 * headed by the verdict and detail. Adds their count to *deviations.
 * Returns 0, or -1 when reports_dir cannot be read. */
int fuzz_collect_reports(const char *out, const char *reports_dir, long *deviations);

#endif
