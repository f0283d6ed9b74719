// Structs whose pointer is NULL with length 0, among others with data: the
// NULL pointees map nothing and say nothing. Before, each printed
// "Libomptarget error: Call to omp_get_mapped_ptr with nullptr." (334 lines
// here); stock clang prints nothing. (clang's mapper function computes
// &s.d[0] of a NULL s.d, which UBSan's pointer-overflow check reports under
// check-sanitize; that check is off here.)
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O2 %s -o %t && %t 2> %t.err | FileCheck %s
// RUN: count 0 < %t.err
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O0 %s -o %t0 && %t0 2> %t0.err | FileCheck %s
// RUN: count 0 < %t0.err
// CHECK: null pointees: 0 wrong
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  enum { N = 1000 };
  S *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; ++i) {
    p[i].len = i % 3 ? 1 : 0;
    p[i].d = i % 3 ? malloc(sizeof(int)) : NULL;
    if (p[i].d)
      *p[i].d = i;
  }
#pragma omp target map(tofrom : p[0 : N])
  for (int i = 0; i < N; ++i)
    if (p[i].d)
      *p[i].d += 1;
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target update from(p[0 : N])
#pragma omp target exit data map(from : p[0 : N])
  int Bad = 0;
  for (int i = 0; i < N; ++i)
    Bad += p[i].d ? *p[i].d != i + 1 : p[i].len != 0;
  printf("null pointees: %d wrong\n", Bad);
  for (int i = 0; i < N; ++i)
    free(p[i].d);
  free(p);
  return Bad != 0;
}
