// Two construct entries reach one array of structs through two mappers
// that map different members of its elements: `hq` maps each element's q,
// `hr` each element's r. The array is placed once (the second is the same
// range) and both sets of children get device pointers: those of r, whose
// parent is the repeat, are written into the block's host image, not into
// the device copy that the image's copy then overwrote (before, r kept
// its host pointers on the device, and the kernel's writes through it were
// lost).
// RUN: %wclang %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t2 && %t2 | FileCheck %s
// CHECK: q: 100 101 102 103, r: 200 201 202 203
#include <stdio.h>

enum { N = 4 };
typedef struct {
  int *q;
  int *r;
} E;
#pragma omp declare mapper(qm : E e) map(e, e.q[0 : 1])
#pragma omp declare mapper(rm : E e) map(e, e.r[0 : 1])
typedef struct {
  E *d;
} H;
#pragma omp declare mapper(hq : H h) map(h) map(mapper(qm), tofrom : h.d[0 : N])
#pragma omp declare mapper(hr : H h) map(h) map(mapper(rm), tofrom : h.d[0 : N])

int main(void) {
  int q[N], r[N];
  E e[N];
  for (int i = 0; i < N; i++) {
    q[i] = r[i] = i;
    e[i] = (E){&q[i], &r[i]};
  }
  H h1 = {e}, h2 = {e};
#pragma omp target map(mapper(hq), tofrom : h1) map(mapper(hr), tofrom : h2)
  for (int i = 0; i < N; i++) {
    *h1.d[i].q += 100;
    *h2.d[i].r += 200;
  }
  printf("q: %d %d %d %d, r: %d %d %d %d\n", q[0], q[1], q[2], q[3], r[0], r[1],
         r[2], r[3]);
  return 0;
}
