// A program built with the plugin but linked without the runtimes (plain
// clang, -fplugin alone) fails to link with one line that says what to add:
// every device module whose calls go through the lookup refers to a symbol
// only the device runtime defines, named for the fix. With the two
// runtimes added the same command links and runs. -O0 and -O2.
// Plain clang builds no sanitized program, so under check-sanitize (whose
// runtime is instrumented) the run could not load it: skipped there.
// UNSUPPORTED: sanitize
// RUN: not %clang %host-offload -fopenmp-version=51 -fplugin=%plugin -O0 %s -o %t 2>&1 | FileCheck %s
// RUN: not %clang %host-offload -fopenmp-version=51 -fplugin=%plugin -O2 %s -o %t 2>&1 | FileCheck %s
// CHECK: {{undefined reference to .|undefined symbol: }}omp-indirect: link with -lomp-indirect-device -lomp-indirect-rt (omp-indirect-clang adds them)
// RUN: %clang %host-offload -fopenmp-version=51 -fplugin=%plugin -O2 %s -L%rtlib -Wl,-rpath,%rtlib -lomp-indirect-rt -lomp-indirect-device -lpthread -o %t
// RUN: %t | FileCheck %s --check-prefix=RUNS
// RUNS: r = 2, device calls = 1
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r = 0;
#pragma omp target map(to : fp) map(from : r)
  r = fp(1);
#pragma omp target update from(dev_calls)
  printf("r = %d, device calls = %d\n", r, dev_calls);
  return !(r == 2 && dev_calls == 1);
}
