// Indirect functions defined in two translation units (this one and
// Inputs/two-translation-units-b.c): host pointers to functions of both
// units, called in a target region of each unit, reach the device copies.
// Each unit's device-side counter proves it.
// RUN: %wclang %host-offload %s %S/Inputs/two-translation-units-b.c -o %t && %t | FileCheck %s
#include <stdio.h>

int a_calls = 0;
#pragma omp declare target to(a_calls)

int a_add1(int x) { a_calls++; return x + 1; }
int a_mul2(int x) { a_calls++; return x * 2; }
#pragma omp declare target to(a_add1, a_mul2) indirect

// In the other unit.
int b_add3(int x);
int b_mul5(int x);
int b_run(int r[4]);
int b_device_calls(void);

// Calls a_add1, a_mul2, b_add3, b_mul5 on 10 in a region of this unit.
static void a_run(int r[4]) {
  int (*fps[4])(int) = {a_add1, a_mul2, b_add3, b_mul5};
#pragma omp target map(to : fps) map(from : r[0 : 4])
  for (int i = 0; i < 4; i++)
    r[i] = fps[i](10);
}

int main(void) {
  int ra[4] = {0}, rb[4] = {0};
  a_run(ra);
  b_run(rb);
#pragma omp target update from(a_calls)
  int b_calls = b_device_calls();
  int ok = 1;
  for (int i = 0; i < 4; i++)
    ok &= ra[i] == rb[i];
  ok &= ra[0] == 11 && ra[1] == 20 && ra[2] == 13 && ra[3] == 50;
  // CHECK: a region: 11 20 13 50, b region: 11 20 13 50, device calls: a 4 b 4
  printf("a region: %d %d %d %d, b region: %d %d %d %d, device calls: a %d "
         "b %d\n",
         ra[0], ra[1], ra[2], ra[3], rb[0], rb[1], rb[2], rb[3], a_calls,
         b_calls);
  return !(ok && a_calls == 4 && b_calls == 4);
}
