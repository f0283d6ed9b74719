// The deep copy of `target map(tofrom: p[0:N])` through
// `declare mapper(S s) map(s, s.d[0:s.len])` makes the same number of
// device allocations at N = 100, 10000 and 300000: libomptarget's new map
// entries (LIBOMPTARGET_INFO=8, "Creating new map entry") and the runtime's
// one block for the new pointees (OMP_INDIRECT_DEBUG). At 300000 the
// runtime's pointee records, per-pointee arrays and host images are
// mappings of their own that grow by moving their pages (Scratch.c); the
// data still comes back right. Per pointee, it would be N + 3.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env LIBOMPTARGET_INFO=8 OMP_INDIRECT_DEBUG=1 %t 100 2>&1 \
// RUN:   | grep -c -E "Creating new map entry|mapper: 1 device allocation" > %t.100
// RUN: env LIBOMPTARGET_INFO=8 OMP_INDIRECT_DEBUG=1 %t 10000 2>&1 \
// RUN:   | grep -c -E "Creating new map entry|mapper: 1 device allocation" > %t.10000
// RUN: env LIBOMPTARGET_INFO=8 OMP_INDIRECT_DEBUG=1 %t 300000 2>&1 \
// RUN:   | grep -c -E "Creating new map entry|mapper: 1 device allocation" > %t.300000
// RUN: diff %t.100 %t.10000
// RUN: diff %t.100 %t.300000
// RUN: FileCheck %s --check-prefix=AT-MOST-6 < %t.300000
// AT-MOST-6: {{^[1-6]$}}
// RUN: %t 300000 | FileCheck %s
// CHECK: allocations: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = 1 + i % 5;
    p[i].d = malloc(p[i].len * sizeof(double));
    for (int j = 0; j < p[i].len; j++)
      p[i].d[j] = i + j;
  }
  int on_device = 0;
#pragma omp target map(tofrom : p[0 : n]) map(from : on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < n; i++)
      for (int j = 0; j < p[i].len; j++)
        p[i].d[j] = 3 * p[i].d[j] - 1;
  }
  long wrong = !on_device;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p[i].len; j++)
      wrong += p[i].d[j] != 3.0 * (i + j) - 1;
  printf("allocations: %ld wrong\n", wrong);
  for (int i = 0; i < n; i++)
    free(p[i].d);
  free(p);
  return wrong != 0;
}
