// `indirect(EXPR)` where EXPR is a true constant expression built from
// macros, sizeof and `true` (<stdbool.h>): the functions are indirect, and
// host pointers to them reach their device copies, which the device-side
// counter proves.
// RUN: %compile-run-and-check
#include <stdbool.h>
#include <stdio.h>

#define FAST_PATH 1
#define INT_IS_32_BITS (sizeof(int) == 4)

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
int mul2(int x) { dev_calls++; return x * 2; }
int sub3(int x) { dev_calls++; return x - 3; }
#pragma omp declare target to(add1) indirect(FAST_PATH && INT_IS_32_BITS)
#pragma omp declare target to(mul2) indirect(sizeof(long) >= sizeof(int))
#pragma omp declare target to(sub3) indirect(true)

int main(void) {
  int (*fps[3])(int) = {add1, mul2, sub3};
  int r[3] = {0, 0, 0};
#pragma omp target map(to : fps) map(from : r)
  for (int i = 0; i < 3; i++)
    r[i] = fps[i](10);
#pragma omp target update from(dev_calls)
  // CHECK: r = 11 20 7, device calls = 3
  printf("r = %d %d %d, device calls = %d\n", r[0], r[1], r[2], dev_calls);
  return !(r[0] == 11 && r[1] == 20 && r[2] == 7 && dev_calls == 3);
}
