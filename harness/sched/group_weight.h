/* What a probe weighs in a dispatch kernel's code budget.
 *
 * rusticl (llvmpipe) compiles a kernel in time that grows much faster than
 * its code: 88 shift probes took 67.5 s of code generation 8 to a kernel and
 * 16.0 s one to a kernel; 21 runtime conversion probes 144 s and 9.5 s
 * (cold, on a shared machine). Those bodies are small in bytes but
 * large in what the compiler sees: a loop with a constant trip count is
 * unrolled (`for (size_t i = 0; i < 21; i++) vstore3(...)` is 21 copies),
 * and the conversion probes are dozens of vector statements. The integer
 * functions, whose loops run to a bound known only at run time, gain from
 * sharing a kernel (128 probes: 4.2 s 8 to a kernel, 8.2 s alone). */
#ifndef CLC_GROUP_WEIGHT_H
#define CLC_GROUP_WEIGHT_H

#include <stddef.h>

/* The body's bytes, times the largest constant trip count of its `for`
 * loops (a loop `for (T i = 0; i < N; ...)` with N a decimal literal; at
 * most 64) when unrolled is set. */
size_t group_weight(const char *body, int unrolled);

#endif
