// Two `target enter data` through a mapper and one `target exit data`: the
// second reference keeps every pointee present and on the device (nothing
// comes back yet); the second exit releases them and brings the data back.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: enter twice exit once: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 400 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

static int present(S *p) {
  int k = 0, dev = omp_get_default_device();
  for (int i = 0; i < N; i++)
    k += omp_target_is_present(p[i].d, dev);
  return k;
}

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 2;
    p[i].d = calloc(2, sizeof(int));
  }
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target
  for (int i = 0; i < N; i++)
    p[i].d[1] = i;
#pragma omp target exit data map(from : p[0 : N])
  int bad = present(p) != N;
  for (int i = 0; i < N; i++)
    bad += p[i].d[1] != 0; // Not copied back: a reference is left.
#pragma omp target exit data map(from : p[0 : N])
  bad += present(p) != 0;
  for (int i = 0; i < N; i++)
    bad += p[i].d[1] != i;
  printf("enter twice exit once: %d wrong\n", bad);
  return bad != 0;
}
