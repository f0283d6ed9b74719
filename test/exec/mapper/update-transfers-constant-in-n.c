// `target update to/from(p[0:N])` through a mapper moves the pointees in a
// number of transfers that does not grow with N: the same at N = 100 and
// N = 10000, and at most 8 from the first update on (two updates, a kernel
// and a release that moves nothing). The data moves
// both ways, and device pointers stay the device's after `to`.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env OMP_INDIRECT_DEBUG=1 LIBOMPTARGET_INFO=32 %t 100 2>&1 \
// RUN:   | sed -n '/mapper: update/,$p' | grep -c "Copying data" > %t.100
// RUN: env OMP_INDIRECT_DEBUG=1 LIBOMPTARGET_INFO=32 %t 10000 2>&1 \
// RUN:   | sed -n '/mapper: update/,$p' | grep -c "Copying data" > %t.10000
// RUN: diff %t.100 %t.10000
// RUN: FileCheck %s --check-prefix=AT-MOST-8 < %t.10000
// AT-MOST-8: {{^[0-8]$}}
// RUN: %t 10000 | FileCheck %s
// CHECK: update transfers: 0 wrong
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = 2;
    p[i].d = calloc(2, sizeof(int));
  }
#pragma omp target enter data map(to : p[0 : n])
  for (int i = 0; i < n; i++)
    p[i].d[0] = i;
#pragma omp target update to(p[0 : n])
  fflush(stderr);
#pragma omp target
  for (int i = 0; i < n; i++)
    p[i].d[1] = p[i].d[0] + 1;
#pragma omp target update from(p[0 : n])
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += p[i].d[0] != i || p[i].d[1] != i + 1;
#pragma omp target exit data map(release : p[0 : n])
  printf("update transfers: %d wrong\n", bad);
  return bad != 0;
}
