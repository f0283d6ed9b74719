// A pointee that a mapper made present keeps a reference count that plain
// maps (no mapper) of the same section add to and `release` takes from:
// one `enter data` through the mapper and one of the section make two
// references; the first release leaves it present, the second removes it.
// Mapped again after the host changed, the device sees the new host data.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: enter twice: 1
// CHECK-NEXT: release once: 1
// CHECK-NEXT: release twice: 0
// CHECK-NEXT: mapped again: 1 saw 100 101 102 103 104 105 106 107
// CHECK-NEXT: release: 0
#include <omp.h>
#include <stdio.h>

enum { N = 8 };
int buf2[N];
typedef struct {
  int n;
  int *q;
} T;
#pragma omp declare mapper(T t) map(t.n, t.q[0 : t.n])

int main(void) {
  int dev = omp_get_default_device();
  T t;
  t.n = N;
  t.q = buf2;
  for (int i = 0; i < N; i++)
    buf2[i] = i;
#pragma omp target enter data map(to : t)
#pragma omp target enter data map(to : t.q[0 : N])
  printf("enter twice: %d\n", omp_target_is_present(t.q, dev));
#pragma omp target exit data map(release : t.q[0 : N])
  printf("release once: %d\n", omp_target_is_present(t.q, dev));
#pragma omp target exit data map(release : t.q[0 : N])
  printf("release twice: %d\n", omp_target_is_present(t.q, dev));
  for (int i = 0; i < N; i++)
    buf2[i] = 100 + i;
#pragma omp target enter data map(to : t.q[0 : N])
  int saw[N];
#pragma omp target map(present, alloc : t.q[0 : N]) map(from : saw)
  for (int i = 0; i < N; i++)
    saw[i] = t.q[i];
  printf("mapped again: %d saw", omp_target_is_present(t.q, dev));
  for (int i = 0; i < N; i++)
    printf(" %d", saw[i]);
  printf("\n");
#pragma omp target exit data map(release : t.q[0 : N])
  printf("release: %d\n", omp_target_is_present(t.q, dev));
  return 0;
}
