// A strided `target update to` of a pointee that a mapper made present
// moves only the elements the stride names (OpenMP 5.1, 2.14.6): after the
// host changes every element, `update to(s.data[0 : len / 2 : 2])` leaves
// the odd elements on the device as they were. Stock clang-16 and -19 print
// `100 101 102 103 4 5 6 7` here: they drop the stride and move
// data[0:4], on any array section, mapper or not; the check expects
// what OpenMP says. clang's front end lowers the section as contiguous
// (no NON_CONTIG entry reaches the runtime), so this fails with
// omp-indirect too: an expected failure until the front end keeps the
// stride (README, limitations).
// XFAIL: *
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: device: 100 1 102 3 104 5 106 7
#include <stdio.h>

enum { LEN = 8 };
typedef struct {
  int len;
  int *data;
} T;
#pragma omp declare mapper(T v) map(v, v.data[0 : v.len])

int main(void) {
  int h[LEN], saw[LEN];
  for (int i = 0; i < LEN; i++)
    h[i] = i;
  T s = {LEN, h};
#pragma omp target data map(tofrom : s)
  {
    for (int i = 0; i < LEN; i++)
      h[i] = 100 + i;
#pragma omp target update to(s.data[0 : s.len / 2 : 2])
#pragma omp target map(present, alloc : s.data[0 : LEN]) map(from : saw)
    for (int i = 0; i < LEN; i++)
      saw[i] = s.data[i];
  }
  printf("device:");
  for (int i = 0; i < LEN; i++)
    printf(" %d", saw[i]);
  printf("\n");
  return 0;
}
