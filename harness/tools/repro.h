/* Standalone reproducers: for a failing probe record, a folder a vendor can
 * build with `cc repro.c -lOpenCL -lm` and run without clconform. */
#ifndef CLC_REPRO_H
#define CLC_REPRO_H

#include <stdio.h>
#include <cjson/cJSON.h>

/* Writes DIR/<device-key>/<probe-id>/ for every probe of report whose
 * verdict is fail, build-fail, unexpected-build-ok, timeout, crash or error:
 * repro.c, kernel.cl, README.txt (identity, spec, options, inputs, expected
 * vs actual, build log). Returns the number of folders written, or -1 after
 * printing "path: reason" to err. */
int repro_write_all(const cJSON *report, const char *dir, FILE *err);

/* As repro_write_all, for the failing probes whose id matches one of the n
 * glob patterns (fnmatch); n == 0 means every failing probe. Records without
 * "source" (a worker that never started), and those of probes that take
 * images, are skipped with one line to err. */
int repro_write_matching(const cJSON *report, const char *dir, const char *const *patterns,
                         size_t n, FILE *err);

/* The `clconform repro REPORT.json... [--out DIR] [--filter GLOB]...`
 * subcommand: argv[0] is the subcommand's name and is ignored (main passes
 * argc - 1, argv + 1). Each file may be a device report or a run index.
 * Returns the exit code: 0 written, 2 usage, input or output error. */
int repro_main(int argc, char **argv);

#endif
