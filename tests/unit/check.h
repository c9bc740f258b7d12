/* A tiny test helper: each check prints "ok - NAME" or "not ok - NAME"
 * (TAP-like), and tests/run.sh adds them up into the closing
 * "N passed, N failed" line. Include in exactly one file per test binary. */
#ifndef CLC_CHECK_H
#define CLC_CHECK_H

#include <stdio.h>

static int check_failures;
static int check_count;

/* CHECK(cond, "name %d", i): records one named check. */
#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        check_count++;                                                          \
        if (cond) {                                                             \
            printf("ok - ");                                                    \
        } else {                                                                \
            check_failures++;                                                   \
            printf("not ok - ");                                                \
        }                                                                       \
        printf(__VA_ARGS__);                                                    \
        if (!(cond))                                                            \
            printf("  (%s:%d: %s)", __FILE__, __LINE__, #cond);                 \
        printf("\n");                                                           \
    } while (0)

/* Returns the exit status for main: 0 when every check passed. */
static inline int check_done(void)
{
    fflush(stdout);
    return check_failures ? 1 : 0;
}

#endif
