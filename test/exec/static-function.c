// Static indirect functions whose address is taken only on the host, one
// named in `declare target to(...) indirect` and one defined inside a
// `begin declare target indirect` block: the device image must keep both and
// the host pointers must reach them, which the device-side counter proves.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

static int add1(int x) { dev_calls++; return x + 1; }
#pragma omp declare target to(add1) indirect

#pragma omp begin declare target indirect
static int mul2(int x) { dev_calls++; return x * 2; }
#pragma omp end declare target

int main(void) {
  int (*fps[2])(int) = {add1, mul2};
  int r[2] = {0, 0};
#pragma omp target map(to : fps) map(from : r)
  for (int i = 0; i < 2; i++)
    r[i] = fps[i](10);
#pragma omp target update from(dev_calls)
  // CHECK: r = 11 20, device calls = 2
  printf("r = %d %d, device calls = %d\n", r[0], r[1], dev_calls);
  return !(r[0] == 11 && r[1] == 20 && dev_calls == 2);
}
