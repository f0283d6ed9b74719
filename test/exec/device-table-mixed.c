// A declare-target table initialized with &f holds DEVICE addresses in its
// device copy; a call through it must still work (the lookup misses and
// keeps the address) in the same region as calls through host pointers
// passed in. One device-side counter per function proves all four calls ran
// device copies.
// RUN: %compile-run-and-check
#include <stdio.h>

int add1_calls = 0, mul2_calls = 0;
#pragma omp declare target to(add1_calls, mul2_calls)

int add1(int x) { add1_calls++; return x + 1; }
int mul2(int x) { mul2_calls++; return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

int (*dev_tbl[2])(int) = {add1, mul2};
#pragma omp declare target to(dev_tbl)

int main(void) {
  int (*host_tbl[2])(int) = {mul2, add1};
  int r[4] = {0, 0, 0, 0};
#pragma omp target map(to : host_tbl) map(from : r)
  for (int i = 0; i < 2; i++) {
    r[i] = dev_tbl[i](10);
    r[2 + i] = host_tbl[i](10);
  }
#pragma omp target update from(add1_calls, mul2_calls)
  // CHECK: r = 11 20 20 11, device calls: add1 2 mul2 2
  printf("r = %d %d %d %d, device calls: add1 %d mul2 %d\n", r[0], r[1], r[2],
         r[3], add1_calls, mul2_calls);
  return !(r[0] == 11 && r[1] == 20 && r[2] == 20 && r[3] == 11 &&
           add1_calls == 2 && mul2_calls == 2);
}
