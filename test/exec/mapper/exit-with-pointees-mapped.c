// A program that maps structs through a mapper, runs a kernel on them and
// returns from main without `target exit data` ends cleanly: exit status 0
// and nothing on stderr, while the pointees are still mapped when the
// runtimes shut down.
// RUN: %wclang %host-offload -O0 %s -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=omp-indirect \
// RUN:   --implicit-check-not=omptarget '--implicit-check-not={{[Ee]rror}}'
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=omp-indirect \
// RUN:   --implicit-check-not=omptarget '--implicit-check-not={{[Ee]rror}}'
// CHECK: device sum 2450
#include <stdio.h>
#include <stdlib.h>

enum { N = 50, LEN = 2 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = LEN;
    p[i].d = calloc(LEN, sizeof(int));
    p[i].d[1] = i;
  }
#pragma omp target enter data map(to : p[0 : N])
  int sum = 0;
#pragma omp target map(tofrom : sum)
  for (int i = 0; i < N; i++)
    sum += p[i].d[1] * 2;
  printf("device sum %d\n", sum);
  return 0; // No exit data: the pointees stay mapped.
}
