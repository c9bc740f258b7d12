/* `clconform merge a.json b.json ... --out DIR`: several device reports (from
 * one machine or a farm) into one probes x devices matrix (HTML and JSON). */
#ifndef CLC_MERGE_H
#define CLC_MERGE_H

/* Entry point of the merge subcommand; argv[0] is "merge". Returns the exit
 * code (0, or 2 for usage and input errors). */
int merge_main(int argc, char **argv);

#endif
