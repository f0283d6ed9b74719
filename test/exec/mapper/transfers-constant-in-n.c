// The deep copy of `target map(tofrom: p[0:N])` through
// `declare mapper(S s) map(s, s.d[0:s.len])` makes the same number of data
// transfers at N = 100 and N = 10000 (libomptarget prints one "Copying
// data" line per transfer), and at most 12 for the entry, the kernel and
// the exit together. Per pointee, it would be 3N+2.
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: env LIBOMPTARGET_INFO=32 %t 100 2>&1 | grep -c "Copying data" > %t.100
// RUN: env LIBOMPTARGET_INFO=32 %t 10000 2>&1 | grep -c "Copying data" > %t.10000
// RUN: diff %t.100 %t.10000
// RUN: FileCheck %s --check-prefix=AT-MOST-12 < %t.10000
// AT-MOST-12: {{^([0-9]|1[0-2])$}}
// RUN: %t 10000 | FileCheck %s
// CHECK: transfers: 0 wrong
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
  double **orig = malloc(sizeof(double *) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = 3;
    p[i].d = orig[i] = malloc(3 * sizeof(double));
    for (int j = 0; j < 3; j++)
      p[i].d[j] = i + j;
  }
  int on_device = 0;
#pragma omp target map(tofrom : p[0 : n]) map(from : on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < n; i++)
      for (int j = 0; j < p[i].len; j++)
        p[i].d[j] = 2 * p[i].d[j] + 1;
  }
  long bad = !on_device;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 3; j++)
      bad += p[i].d != orig[i] || p[i].d[j] != 2.0 * (i + j) + 1;
  printf("transfers: %ld wrong\n", bad);
  return bad != 0;
}
