// -save-temps splits each job in two and compiles preprocessed files; the
// host and device tables must still get the same name, and the device copies
// must run.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && \
// RUN:   %wclang %host-offload -save-temps %s -o %t && %t | FileCheck %s
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int twice(int x) { dev_calls++; return 2 * x; }
#pragma omp declare target to(twice) indirect

int main(void) {
  int (*fp)(int) = twice;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(21);
#pragma omp target update from(dev_calls)
  // CHECK: r = 42, device calls = 1
  printf("r = %d, device calls = %d\n", r, dev_calls);
  return !(r == 42 && dev_calls == 1);
}
