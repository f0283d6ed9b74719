// A function declared indirect on a prototype and defined later in the unit
// (the definition inherits the directive): a host pointer to it reaches the
// device copy, which the device-side counter proves. Also with the
// prototype, the directive and the definition in the order declaration,
// definition, directive on a second declaration.
// RUN: %compile-run-and-check
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x);
#pragma omp declare target to(add1) indirect

int mul2(int x);
int mul2(int x) { dev_calls++; return x * 2; }
int mul2(int x);
#pragma omp declare target to(mul2) indirect

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

int add1(int x) { dev_calls++; return x + 1; }
