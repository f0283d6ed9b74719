// After `target enter data` through a mapper every pointee is present on
// the device (omp_target_is_present), though it moved in one packed copy;
// after the matching `target exit data` none is, nor the array.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: present after enter 1001, after exit 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000 };
typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static int present(S *p) {
  int dev = omp_get_default_device(), k = omp_target_is_present(p, dev);
  for (int i = 0; i < N; i++)
    k += omp_target_is_present(p[i].d, dev) &&
         omp_target_is_present(p[i].d + p[i].len - 1, dev);
  return k;
}

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 1 + i % 5;
    p[i].d = calloc(p[i].len, sizeof(double));
  }
#pragma omp target enter data map(to : p[0 : N])
  int after_enter = present(p);
#pragma omp target exit data map(from : p[0 : N])
  int after_exit = present(p);
  printf("present after enter %d, after exit %d\n", after_enter, after_exit);
  return !(after_enter == N + 1 && after_exit == 0);
}
