// Pointees that coincide or overlap: structs that point at the same block
// share one device copy (a kernel's write through one is seen through the
// other), and a pointee inside another one's range is left to
// libomptarget, which finds it present inside the first. Every struct's
// device pointer points into the right place.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: env OMP_INDIRECT_DEBUG=1 %t 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: pointee [{{.*}}) of entry 0 goes per item: it overlaps another new pointee of the construct
// SPLIT-NEXT: 2 entries expanded to 3, 3 pointees in bulk, 1 per item
// CHECK: shared and overlapping: 0 wrong
#include <stdio.h>

typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7}, b[2] = {10, 11};
  // p[0] and p[2] share a; p[1] points inside a; p[3] has its own b.
  S p[4] = {{8, a}, {3, a + 2}, {8, a}, {2, b}};
  int bad = 0;
#pragma omp target map(tofrom : p[0 : 4]) map(tofrom : bad)
  {
    p[0].d[0] = 100;           // Seen through p[2].
    bad += p[2].d[0] != 100;
    p[1].d[0] = 200;           // a[2], seen through p[0] and p[2].
    bad += p[0].d[2] != 200 || p[2].d[2] != 200;
    p[3].d[1] += 1;
  }
  bad += a[0] != 100 || a[2] != 200 || b[1] != 12 || p[1].d != a + 2 ||
         p[0].d != a || p[3].d != b;
  printf("shared and overlapping: %d wrong\n", bad);
  return bad != 0;
}
