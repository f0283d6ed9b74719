// `target exit data map(delete: ...)` through a mapper removes every
// pointee whatever its reference count, and moves nothing back.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: delete: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 400 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 2;
    p[i].d = calloc(2, sizeof(int));
  }
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target
  for (int i = 0; i < N; i++)
    p[i].d[0] = 7;
#pragma omp target exit data map(delete : p[0 : N])
  int bad = omp_target_is_present(p, dev);
  for (int i = 0; i < N; i++)
    bad += omp_target_is_present(p[i].d, dev) || p[i].d[0] != 0;
  // Mapped again: fresh copies of the host's data.
#pragma omp target enter data map(to : p[0 : N])
  int sum = 0;
#pragma omp target map(tofrom : sum)
  for (int i = 0; i < N; i++)
    sum += p[i].d[0];
#pragma omp target exit data map(release : p[0 : N])
  bad += sum != 0;
  printf("delete: %d wrong\n", bad);
  return bad != 0;
}
