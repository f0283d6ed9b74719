// Two named mappers map the two halves of a struct's 2-D arrays: top maps
// rows [0, R/2) of g.a and g.b, bottom rows [R/2, R). Two successive kernels,
// one through each, must each leave nothing of g mapped, so the second maps
// its half afresh. Before, the first kernel left its narrowed range of g
// mapped (libomptarget gave it a reference its exit never took back), and
// the second stopped with "explicit extension not allowed"; stock clang-16
// stops the same way. Both halves come back, and the rows each mapper does
// not map keep their host values.
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: halves: 0 wrong, present after: 0
#include <omp.h>
#include <stdio.h>

enum { R = 8, C = 4 };
typedef struct {
  int a[R][C];
  int b[R][C];
} G;
#pragma omp declare mapper(top : G g) map(g.a[0 : R / 2][0 : C], g.b[0 : R / 2][0 : C])
#pragma omp declare mapper(bottom : G g) map(g.a[R / 2 : R / 2][0 : C], g.b[R / 2 : R / 2][0 : C])

static G g;

int main(void) {
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      g.a[i][j] = g.b[i][j] = -1;
#pragma omp target map(mapper(top), tofrom : g)
  for (int i = 0; i < R / 2; ++i)
    for (int j = 0; j < C; ++j) {
      g.a[i][j] = 1;
      g.b[i][j] = 2;
    }
  int Present = omp_target_is_present(&g.a[0][0], omp_get_default_device());
#pragma omp target map(mapper(bottom), tofrom : g)
  for (int i = R / 2; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      g.a[i][j] = 3;
      g.b[i][j] = 4;
    }
  Present += omp_target_is_present(&g.a[R / 2][0], omp_get_default_device());
  int Bad = 0;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      Bad += g.a[i][j] != (i < R / 2 ? 1 : 3) || g.b[i][j] != (i < R / 2 ? 2 : 4);
  printf("halves: %d wrong, present after: %d\n", Bad, Present);
  return Bad != 0 || Present != 0;
}
