// A mapper that maps only a member maps only that member: with s.y already
// present, `map(tofrom: s)` must not try to map all of s (libomptarget
// would stop with "explicit extension not allowed"). As with stock
// clang-16, the member holds no reference of its own, so the device's value
// comes back at the end of the region; x and z are not mapped.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 -x c++ %s -o %t && %t | FileCheck %s
// CHECK: partial member: 1 111 3 on device 1
#include <omp.h>
#include <stdio.h>

typedef struct {
  int x, y, z;
} S;
#pragma omp declare mapper(S s) map(tofrom : s.y)

int main(void) {
  S s = {1, 2, 3};
  int on_device = 0;
#pragma omp target enter data map(alloc : s.y)
#pragma omp target map(tofrom : s) map(from : on_device)
  {
    s.y = 111;
    on_device = !omp_is_initial_device();
  }
#pragma omp target exit data map(delete : s.y)
  printf("partial member: %d %d %d on device %d\n", s.x, s.y, s.z, on_device);
  return !(s.x == 1 && s.y == 111 && s.z == 3 && on_device);
}
