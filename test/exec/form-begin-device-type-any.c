// The block form with an explicit `device_type(any)`, the only device_type
// OpenMP allows with `indirect`: `begin declare target device_type(any)
// indirect`. Host pointers to the block's functions reach their device
// copies, which the device-side counter proves.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target device_type(any) indirect
int add1(int x) { dev_calls++; return x + 1; }
int mul2(int x) { dev_calls++; return x * 2; }
#pragma omp end declare target

int main(void) {
  int (*fa)(int) = add1, (*fm)(int) = mul2;
  int r[2] = {0, 0};
#pragma omp target map(to : fa, fm) map(from : r)
  {
    r[0] = fa(10);
    r[1] = fm(10);
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 11 20, device calls = 2
  printf("r = %d %d, device calls = %d\n", r[0], r[1], dev_calls);
  return !(r[0] == 11 && r[1] == 20 && dev_calls == 2);
}
