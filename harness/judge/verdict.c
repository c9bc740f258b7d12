#include "verdict.h"

#include <string.h>

const char *const verdict_names[] = {"pass", "fail", "build-fail", "unexpected-build-ok", "info",
                                     "skip", "timeout", "crash", "error"};
const size_t verdict_count = sizeof verdict_names / sizeof verdict_names[0];

int verdict_is_unexpected(const char *v)
{
    return v && strcmp(v, "pass") != 0 && strcmp(v, "info") != 0 && strcmp(v, "skip") != 0;
}

int verdict_is_known(const char *v)
{
    for (size_t i = 0; v && i < verdict_count; i++)
        if (strcmp(v, verdict_names[i]) == 0)
            return 1;
    return 0;
}
