// A pointee that a mapper made present is found by a later construct that
// maps it (or part of it) without a mapper: nothing moves, and the kernel
// sees the device's data, not the host's.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env LIBOMPTARGET_INFO=32 %t 2>&1 | FileCheck %s
// CHECK: later map: begin
// CHECK-NOT: Copying data
// CHECK: later map: end
// CHECK: later map: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 100 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 4;
    p[i].d = malloc(4 * sizeof(int));
    for (int j = 0; j < 4; j++)
      p[i].d[j] = 1;
  }
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 4; j++)
      p[i].d[j] = 2; // Device only.
  int *d7 = p[7].d;
  fprintf(stderr, "later map: begin\n");
  fflush(stderr);
  // The device copy holds 2s: 2 + 10 proves the kernel used it.
#pragma omp target map(tofrom : d7[0 : 4])
  d7[0] += 10;
#pragma omp target map(tofrom : d7[1 : 2])
  d7[1] += 10;
  fprintf(stderr, "later map: end\n");
  fflush(stderr);
  int bad = p[7].d[0] != 1; // Still the host's: the pointee stayed mapped.
#pragma omp target exit data map(from : p[0 : N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 4; j++)
      bad += p[i].d[j] != (i == 7 && j < 2 ? 12 : 2);
  fprintf(stderr, "later map: %d wrong\n", bad);
  return bad != 0;
}
