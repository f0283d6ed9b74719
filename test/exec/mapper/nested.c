// Nested mappers: W's mapper maps a member `v` of type V and an array of V
// through a pointer; V has its own default mapper, which deep-copies V.x. All
// data reaches the device and comes back.
// RUN: %compile-run-and-check
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int n;
  double *x;
} V;
typedef struct {
  V v;
  int k;
  V *vs;
} W;
#pragma omp declare mapper(V v) map(tofrom : v, v.x[0 : v.n])
#pragma omp declare mapper(W w) map(tofrom : w, w.v, w.vs[0 : w.k])

static V make(int n, double base) {
  V v = {n, malloc(sizeof(double) * n)};
  for (int i = 0; i < n; i++)
    v.x[i] = base + i;
  return v;
}

int main(void) {
  enum { NW = 200, K = 5, NX = 4 };
  W *w = malloc(sizeof(W) * NW);
  for (int i = 0; i < NW; i++) {
    w[i].v = make(NX, i);
    w[i].k = K;
    w[i].vs = malloc(sizeof(V) * K);
    for (int j = 0; j < K; j++)
      w[i].vs[j] = make(NX, 1000 * j + i);
  }
#pragma omp target map(tofrom : w[0 : NW])
  for (int i = 0; i < NW; i++) {
    for (int m = 0; m < w[i].v.n; m++)
      w[i].v.x[m] *= 2;
    for (int j = 0; j < w[i].k; j++)
      for (int m = 0; m < w[i].vs[j].n; m++)
        w[i].vs[j].x[m] *= 3;
  }
  int bad = 0;
  for (int i = 0; i < NW; i++)
    for (int m = 0; m < NX; m++) {
      bad += w[i].v.x[m] != 2.0 * (i + m);
      for (int j = 0; j < K; j++)
        bad += w[i].vs[j].x[m] != 3.0 * (1000 * j + i + m);
    }
  // CHECK: nested mappers: 0 wrong
  printf("nested mappers: %d wrong\n", bad);
  return bad != 0;
}
