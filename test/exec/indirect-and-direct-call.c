// A function that is indirect and also called directly from a target
// region: both calls run the one device copy (the call through the host
// pointer and the direct call), which the device-side counter proves. The
// IR side (one `define` on the device, the table pointing at it) is
// test/clang-plugin/metadata-indirect-and-direct.c.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r[2] = {0, 0};
#pragma omp target map(to : fp) map(from : r)
  {
    r[0] = fp(10);
    r[1] = add1(20);
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 11 21, device calls = 2
  printf("r = %d %d, device calls = %d\n", r[0], r[1], dev_calls);
  return !(r[0] == 11 && r[1] == 21 && dev_calls == 2);
}
