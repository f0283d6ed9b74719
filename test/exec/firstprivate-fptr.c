// Function pointers passed as `firstprivate(fa, fm)`: the calls reach the
// device copies, which the device-side counter proves.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
int mul2(int x) { dev_calls++; return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

int main(void) {
  int (*fa)(int) = add1, (*fm)(int) = mul2;
  int r0 = 0, r1 = 0;
#pragma omp target firstprivate(fa, fm) map(from : r0, r1)
  {
    r0 = fa(10);
    r1 = fm(10);
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 11 20, device calls = 2
  printf("r = %d %d, device calls = %d\n", r0, r1, dev_calls);
  return !(r0 == 11 && r1 == 20 && dev_calls == 2);
}
