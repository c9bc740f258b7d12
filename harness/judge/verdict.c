#include "verdict.h"

#include <string.h>

static const char *const names[CLC_VERDICT_COUNT] = {
    [CLC_VERDICT_PASS] = "pass",
    [CLC_VERDICT_FAIL] = "fail",
    [CLC_VERDICT_BUILD_FAIL] = "build-fail",
    [CLC_VERDICT_UNEXPECTED_BUILD_OK] = "unexpected-build-ok",
    [CLC_VERDICT_INFO] = "info",
    [CLC_VERDICT_SKIP] = "skip",
    [CLC_VERDICT_TIMEOUT] = "timeout",
    [CLC_VERDICT_CRASH] = "crash",
    [CLC_VERDICT_ERROR] = "error",
};

clc_verdict verdict_parse(const char *name)
{
    for (size_t i = 0; name && i < CLC_VERDICT_COUNT; i++)
        if (strcmp(name, names[i]) == 0)
            return (clc_verdict)i;
    return CLC_VERDICT_UNKNOWN;
}

const char *verdict_name(clc_verdict v)
{
    return (size_t)v < CLC_VERDICT_COUNT ? names[v] : "unknown";
}

int verdict_unexpected(clc_verdict v)
{
    switch (v) {
    case CLC_VERDICT_FAIL:
    case CLC_VERDICT_BUILD_FAIL:
    case CLC_VERDICT_UNEXPECTED_BUILD_OK:
    case CLC_VERDICT_TIMEOUT:
    case CLC_VERDICT_CRASH:
    case CLC_VERDICT_ERROR:
    case CLC_VERDICT_UNKNOWN: return 1;
    case CLC_VERDICT_PASS:
    case CLC_VERDICT_INFO:
    case CLC_VERDICT_SKIP: break;
    }
    return 0;
}
