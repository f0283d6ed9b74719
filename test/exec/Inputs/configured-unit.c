// One source built in several configurations: its header (cfg.h, found
// through -Iv1, -Iv2 or -Iv3, or given with -include) names the entry points
// and sets the scale of its static indirect function (same-source-three-
// configs.test).
#ifndef CFG_NAME
#include "cfg.h"
#endif

int CFG_NAME(calls) = 0;
#pragma omp declare target to(CFG_NAME(calls))

#pragma omp begin declare target indirect
static int scale(int x) {
  CFG_NAME(calls)++;
  return CFG_SCALE * x;
}
#pragma omp end declare target

// The host address of this configuration's scale().
int (*CFG_NAME(get_fn)(void))(int) { return scale; }

// How many times this configuration's device copy ran.
int CFG_NAME(device_calls)(void) {
#pragma omp target update from(CFG_NAME(calls))
  return CFG_NAME(calls);
}
