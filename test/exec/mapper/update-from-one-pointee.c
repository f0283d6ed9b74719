// `target update from` of one pointee (a plain section, no mapper) that a
// mapper mapped: only that pointee's device data comes back.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: update one pointee: 0 wrong
#include <stdio.h>
#include <stdlib.h>

enum { N = 300 };
typedef struct {
  int len;
  long *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 3;
    p[i].d = calloc(3, sizeof(long));
  }
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++)
      p[i].d[j] = 100 * i + j;
  long *d5 = p[5].d;
#pragma omp target update from(d5[0 : 3])
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 3; j++)
      bad += p[i].d[j] != (i == 5 ? 100 * i + j : 0);
#pragma omp target exit data map(release : p[0 : N])
  printf("update one pointee: %d wrong\n", bad);
  return bad != 0;
}
