// Two pointees that start at one address, the longer first: p[0].d = a with
// length 8 and p[1].d = a with length 4. Both are one device copy of a[0:8];
// the device sees each update. Before, the shorter went in the bulk block
// and the longer per item, and libomptarget stopped with "explicit
// extension not allowed". Stock clang maps both. (The shorter first is an
// error everywhere.)
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: a = 110 111 112 113 14 15 16 17
#include <stdio.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  S p[2] = {{8, a}, {4, a}};
#pragma omp target map(tofrom : p[0 : 2])
  {
    for (int i = 0; i < 8; ++i)
      p[0].d[i] += 10;
    for (int i = 0; i < 4; ++i)
      p[1].d[i] += 100;
  }
  printf("a =");
  for (int i = 0; i < 8; ++i)
    printf(" %d", a[i]);
  printf("\n");
  return !(a[0] == 110 && a[4] == 14);
}
