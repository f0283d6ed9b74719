// The pointee array `vs` goes in bulk, alone in its block; the pointees of
// its elements are NULL and go per item, each entry's pointer inside `vs`,
// so the exit's one libomptarget call lends `vs` for them. The exit counts
// `vs` down to 0 before that call, and the end of the call's last loan
// releases it: its block must stay until the exit has copied `vs` back
// (before, the block was freed during the call: the kernel's writes were
// lost, and the copy back read freed memory, which check-sanitize
// reports). (clang's mapper function computes &v.x[0] of a NULL v.x, which
// UBSan's pointer-overflow check reports; that check is off here.)
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O0 %s -o %t0
// RUN: %t0 | FileCheck %s
// RUN: %wclang %host-offload -fno-sanitize=pointer-overflow -O2 %s -o %t2
// RUN: %t2 | FileCheck %s
// CHECK: n: 10 11 12 13, x: all NULL
#include <stdio.h>

typedef struct {
  int n;
  int *x;
} V;
typedef struct {
  int k;
  V *vs;
} W;
#pragma omp declare mapper(V v) map(v, v.x[0 : v.n])
#pragma omp declare mapper(W w) map(w, w.vs[0 : w.k])

int main(void) {
  V vs[4] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  W w = {4, vs};
#pragma omp target map(tofrom : w)
  for (int j = 0; j < 4; j++)
    w.vs[j].n = 10 + j;
  int null = 1;
  for (int j = 0; j < 4; j++)
    null &= vs[j].x == 0;
  printf("n: %d %d %d %d, x: %s\n", vs[0].n, vs[1].n, vs[2].n, vs[3].n,
         null ? "all NULL" : "not NULL");
  return 0;
}
