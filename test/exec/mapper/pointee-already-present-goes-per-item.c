// A pointee the program mapped itself before (no mapper) is present: the
// mapper's construct leaves it to libomptarget, one mapping of its own with
// its reference count, and moves the others in bulk. The device pointer in
// the struct points at the existing copy, whose device data the kernel sees.
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: env OMP_INDIRECT_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=SPLIT \
// RUN:     -D#ATTACH=%if map-attach %{1%} %else %{0%}
// SPLIT: pointee [{{.*}}) of entry 0 goes per item: libomptarget holds it (the program mapped it)
// SPLIT-NEXT: [[#1+ATTACH]] entries expanded to [[#2+ATTACH]], 99 pointees in bulk, 1 per item
// CHECK: already present: 0 wrong
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 100 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  S *p = malloc(sizeof(S) * N);
  for (int i = 0; i < N; i++) {
    p[i].len = 2;
    p[i].d = malloc(2 * sizeof(int));
    p[i].d[0] = p[i].d[1] = i;
  }
  int *d9 = p[9].d;
#pragma omp target enter data map(to : d9[0 : 2])
#pragma omp target
  d9[0] = -9; // Device only.
#pragma omp target enter data map(to : p[0 : N])
  int seen = 0;
#pragma omp target map(tofrom : seen)
  seen = p[9].d[0];
#pragma omp target exit data map(from : p[0 : N])
  int bad = seen != -9 || p[9].d != d9;
  // The program's own mapping is still there; the others are gone.
  int dev = omp_get_default_device();
  bad += !omp_target_is_present(d9, dev);
  for (int i = 0; i < N; i++)
    bad += i != 9 && (omp_target_is_present(p[i].d, dev) ||
                      p[i].d[0] != i || p[i].d[1] != i);
#pragma omp target exit data map(from : d9[0 : 2])
  bad += d9[0] != -9 || omp_target_is_present(d9, dev);
  printf("already present: %d wrong\n", bad);
  return bad != 0;
}
