/* See measure_names.h. */
#include "measure_names.h"

#include <string.h>

#include "limits_plan.h"
#include "litmus_plan.h"
#include "measure_plan.h"

int measure_known(const char *name)
{
    return (name && strcmp(name, MEASURE_CONTRACT_NAME) == 0) || measure_plan_parse(name, NULL) == 0 ||
           limits_plan_parse(name, NULL) == 0 || litmus_plan_parse(name, NULL) == 0 || measure_options_known(name);
}

int measure_options_known(const char *name)
{
    return name && (strcmp(name, "options_kernel_arg_info") == 0 || strcmp(name, "options_warnings") == 0);
}

int measure_name_is_limit_or_shape(const char *name)
{
    return name && (strncmp(name, "limits_", 7) == 0 || strncmp(name, "shape_", 6) == 0 || measure_options_known(name));
}
