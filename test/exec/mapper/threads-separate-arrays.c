// Many host threads, each deep-copying its own array through the mapper at
// once: the runtime's table of pointees is shared, and every thread's data
// still comes back right.
// RUN: %wclang %host-offload -O2 %s -o %t && env OMP_NUM_THREADS=8 %t | FileCheck %s
// CHECK: threads: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { T = 8, N = 2000, R = 5 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int bad = 0;
#pragma omp parallel num_threads(T) reduction(+ : bad)
  {
    int t = omp_get_thread_num();
    S *p = malloc(sizeof(S) * N);
    for (int i = 0; i < N; i++) {
      p[i].len = 3;
      p[i].d = calloc(3, sizeof(int));
    }
    for (int r = 0; r < R; r++) {
#pragma omp target map(tofrom : p[0 : N])
      for (int i = 0; i < N; i++)
        p[i].d[i % 3] += t + 1;
#pragma omp target enter data map(to : p[0 : N])
#pragma omp target exit data map(from : p[0 : N])
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < 3; j++)
        bad += p[i].d[j] != (j == i % 3 ? R * (t + 1) : 0);
  }
  printf("threads: %d wrong\n", bad);
  return bad != 0;
}
