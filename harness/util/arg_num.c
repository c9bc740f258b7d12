#include "arg_num.h"

#include <stdlib.h>

int arg_seconds(const char *prog, const char *flag, const char *v, double *out, FILE *err)
{
    char *end;
    double d = strtod(v, &end);
    if (end == v || *end || !(d > 0) || d > 1e9) {
        fprintf(err, "%s: %s '%s': expected seconds > 0\n", prog, flag, v);
        return -1;
    }
    *out = d;
    return 0;
}
