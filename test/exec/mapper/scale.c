// Deep copy of N structs through a default mapper, in one target region:
// every s.d[0:s.len] reaches the device, is changed there, and comes back.
// N = 70000 is past 65535, where stock clang-16 and libomptarget overflow
// MEMBER_OF (wrong sums from 32k elements, a crash at 64k). bench/mapper runs
// the same program at 10^4..10^6. Usage: scale N [len].
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: %t 1000 | FileCheck %s
// RUN: %t 70000 3 | FileCheck %s
// The runtime expands the region's three entries (two maps and the implicit
// one for n; clang 22 adds an ATTACH entry for p) into a flat list of those
// for one libomptarget call on entry and one on exit; every pointee moves in
// bulk, in one device allocation, and the exit releases that block whole
// (no other construct looked its pointees up meanwhile).
// RUN: env OMP_INDIRECT_DEBUG=1 %t 70000 3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONECALL \
// RUN:       -D#ATTACH=%if map-attach %{1%} %else %{0%}
// ONECALL: omp-indirect: mapper: enter
// ONECALL-NEXT: omp-indirect: mapper: 70000 pointees staged as they were placed
// ONECALL-NEXT: omp-indirect: mapper: 1 device allocation of {{[0-9]+}} bytes for the new pointees
// ONECALL-NEXT: omp-indirect: mapper: [[#3+ATTACH]] entries expanded to [[#3+ATTACH]], 70000 pointees in bulk, 0 per item
// ONECALL-NEXT: omp-indirect: mapper: kernel
// ONECALL-NEXT: omp-indirect: mapper: exit
// ONECALL-NEXT: omp-indirect: mapper: the block of the entry's 70000 pointees goes whole, none looked up
// ONECALL-NEXT: omp-indirect: mapper: [[#3+ATTACH]] entries expanded to [[#3+ATTACH]], 70000 pointees in bulk, 0 per item
// ONECALL-NOT: omp-indirect: mapper
// CHECK: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000000;
  int len = argc > 2 ? atoi(argv[2]) : 4;
  S *p = malloc(sizeof(S) * n);
  for (int i = 0; i < n; i++) {
    p[i].len = len;
    p[i].d = malloc(sizeof(double) * len);
    for (int j = 0; j < len; j++)
      p[i].d[j] = i + j;
  }
  int on_device = 0;
  double t0 = omp_get_wtime();
#pragma omp target map(tofrom : p[0 : n]) map(from : on_device)
  {
    on_device = !omp_is_initial_device();
    for (int i = 0; i < n; i++)
      for (int j = 0; j < p[i].len; j++)
        p[i].d[j] = 2 * p[i].d[j] + 1;
  }
  double t1 = omp_get_wtime();
  long bad = !on_device;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < len; j++)
      bad += p[i].d[j] != 2.0 * (i + j) + 1;
  printf("n %d len %d time %.6f s: %s (%ld wrong)\n", n, len, t1 - t0,
         bad ? "WRONG" : "ok", bad);
  for (int i = 0; i < n; i++)
    free(p[i].d);
  free(p); /* runtime/valgrind-memcheck-clean.test: no leak of our own. */
  return bad != 0;
}
