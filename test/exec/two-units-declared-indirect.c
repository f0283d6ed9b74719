// A function declared indirect in this unit and defined in another
// (Inputs/two-units-declared-indirect-b.c), whose unit marks it only plain
// `declare target`: this unit's table lists it, since this unit declares it
// indirect and takes its address, and the other unit's device copy is the
// one called, which that unit's device-side counter proves.
// RUN: %wclang %host-offload %s %S/Inputs/two-units-declared-indirect-b.c -o %t && %t | FileCheck %s
#include <stdio.h>

int elsewhere(int x);
#pragma omp declare target to(elsewhere) indirect
int b_device_calls(void);

int main(void) {
  int (*fp)(int) = elsewhere;
  int r = 0;
#pragma omp target map(to : fp) map(from : r)
  r = fp(10);
  int calls = b_device_calls();
  // CHECK: r = 17, device calls in the defining unit = 1
  printf("r = %d, device calls in the defining unit = %d\n", r, calls);
  return !(r == 17 && calls == 1);
}
