// A construct's transient host buffers (the per-pointee arrays, the host
// image of the struct array and that of the block of pointees) are lent by
// the thread's mapper stack, idle between expansions, once an item large
// enough to run its mapper function on that stack was expanded
// (runtime/mapper/base/MapperStack.c): a program's first construct then fills
// pages its expansion faulted in instead of fresh ones. OMP_INDIRECT_DEBUG
// prints the bytes lent in each half of a construct that borrowed any. At
// 300,000 structs (4.8 MB, above the 4 MiB at which the stack is used) the
// entering half of each `target map(tofrom: p[0:n])` borrows at least the
// two images (16 + 32 bytes a struct), and the exit at least the block's
// image that comes back; at 1,000 nothing is lent (the expansion ran on
// the caller's stack, and no stack was kept). Values come back right
// through both constructs.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env OMP_INDIRECT_DEBUG=1 %t 300000 2>&1 >%t.out \
// RUN:   | awk '/lent by the mapper stack/ { print (++k % 2 ? "enter" : "exit"), ($3 >= (k % 2 ? 48 : 32) * 300000 ? "lent" : "not lent") }' \
// RUN:   | FileCheck %s --check-prefix=LARGE
// RUN: FileCheck %s < %t.out
// RUN: env OMP_INDIRECT_DEBUG=1 %t 1000 2>&1 >%t.small \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: FileCheck %s < %t.small
// LARGE: enter lent
// LARGE-NEXT: exit lent
// LARGE-NEXT: enter lent
// LARGE-NEXT: exit lent
// LARGE-NOT: lent
// SMALL: omp-indirect: mapper: enter
// SMALL-NOT: lent by the mapper stack
// CHECK: values: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300000;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = 4;
    p[i].d = malloc(4 * sizeof(double));
    for (int j = 0; j < 4; j++)
      p[i].d[j] = i + j;
  }
  for (int k = 0; k < 2; k++) {
#pragma omp target map(tofrom : p[0 : n])
    for (int i = 0; i < n; i++)
      for (int j = 0; j < p[i].len; j++)
        p[i].d[j] = 2 * p[i].d[j] + 1;
  }
  int Wrong = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      Wrong += p[i].d[j] != 4.0 * (i + j) + 3;
  printf("values: %d wrong\n", Wrong);
  return 0;
}
