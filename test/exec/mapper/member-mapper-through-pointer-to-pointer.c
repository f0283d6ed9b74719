// A struct without a mapper whose member has one, mapped through a
// pointer-to-pointer section (spp[0][0]): the member's mapper's `to` data
// reaches the device (stock clang-16: 222), and its `from` pointee comes
// back.
// Clang 22 attaches a base pointer (here spp[0]) only when it is mapped
// (ATTACH entries, OpenMP 6.0): 16 and 19 map spp[0] themselves, 22 does
// not, and its kernel would read the host's sp and write the host's y,
// whatever the mapper did (stock clang-22 prints a wrong y too). There the
// program maps spp[0:1] itself (MAP_BASE).
// RUN: %wclang %host-offload -O0 %if map-attach %{-DMAP_BASE%} %s -o %t \
// RUN:   && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %if map-attach %{-DMAP_BASE%} %s -o %t \
// RUN:   && %t | FileCheck %s
// RUN: %wclangxx %host-offload -O2 %if map-attach %{-DMAP_BASE%} -x c++ %s \
// RUN:   -o %t && %t | FileCheck %s
// CHECK: pointer to pointer: a 222 y 333 on device 1
#include <omp.h>
#include <stdio.h>

typedef struct {
  int a;
  int *b;
} C;
#pragma omp declare mapper(C c) map(to : c.a) map(from : c.b[0 : 1])
typedef struct {
  int e;
  C f;
} D;

int main(void) {
  int y = 0, a = -1, on_device = 0;
  D s = {111, {222, &y}};
  D *sp = &s, **spp = &sp;
#ifdef MAP_BASE
#pragma omp target map(to : spp[0 : 1]) map(tofrom : spp[0][0])              \
    map(from : a, on_device)
#else
#pragma omp target map(tofrom : spp[0][0]) map(from : a, on_device)
#endif
  {
    a = spp[0][0].f.a;
    spp[0][0].f.b[0] = 333;
    on_device = !omp_is_initial_device();
  }
  printf("pointer to pointer: a %d y %d on device %d\n", a, y, on_device);
  return !(a == 222 && y == 333 && on_device && s.f.b == &y);
}
