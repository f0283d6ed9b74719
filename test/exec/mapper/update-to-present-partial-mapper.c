// `target update to(present: s)` through a mapper that maps s.y and the
// pointee s.p[0:2], where only s.y and the pointee are mapped (not all of
// s): the update moves those two and checks only their presence.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: update present: 6 7 8 on device 1
#include <omp.h>
#include <stdio.h>

typedef struct {
  int x, y;
  int *p;
} S;
#pragma omp declare mapper(S s) map(s.y, s.p[0 : 2])

int main(void) {
  int buf[2] = {1, 2};
  S s = {0, 5, buf};
  int *sy = &s.y;
#pragma omp target enter data map(to : s.y, buf[0 : 2])
  s.y = 6;
  buf[0] = 7;
  buf[1] = 8;
#pragma omp target update to(present : s)
  int y = 0, b0 = 0, b1 = 0, on_device = 0;
#pragma omp target map(from : y, b0, b1, on_device)
  {
    y = *sy;
    b0 = buf[0];
    b1 = buf[1];
    on_device = !omp_is_initial_device();
  }
#pragma omp target exit data map(delete : s.y, buf[0 : 2])
  printf("update present: %d %d %d on device %d\n", y, b0, b1, on_device);
  return !(y == 6 && b0 == 7 && b1 == 8 && on_device);
}
