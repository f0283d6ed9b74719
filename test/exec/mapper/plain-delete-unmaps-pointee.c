// A plain `target exit data map(delete: ...)` (no mapper) that names a
// pointee a mapper made present removes it: afterwards the pointee is not
// present, and a kernel that maps it again sees the host's data, not the
// device's old copy. Exiting the struct through the mapper then removes
// the rest.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// CHECK: enter: pointee 1
// CHECK-NEXT: delete: pointee 0 host 5
// CHECK-NEXT: mapped again: device saw 5
// CHECK-NEXT: exit: struct 0 pointee 0
#include <omp.h>
#include <stdio.h>

int buf[10];
typedef struct {
  int *p;
} S;
#pragma omp declare mapper(S s) map(s.p, s.p[0 : 10])

int main(void) {
  int dev = omp_get_default_device();
  S s;
  s.p = buf;
  buf[3] = 5;
#pragma omp target enter data map(alloc : s)
  printf("enter: pointee %d\n", omp_target_is_present(&s.p[0], dev));
#pragma omp target map(present, alloc : s.p[0 : 10])
  s.p[3] = 99; // Device only: delete moves nothing back.
#pragma omp target exit data map(delete : s.p[0 : 10])
  printf("delete: pointee %d host %d\n", omp_target_is_present(&s.p[0], dev),
         buf[3]);
  int saw = 0, *p = buf;
#pragma omp target map(to : p[0 : 10]) map(from : saw)
  saw = p[3];
  printf("mapped again: device saw %d\n", saw);
#pragma omp target exit data map(delete : s)
  printf("exit: struct %d pointee %d\n", omp_target_is_present(&s, dev),
         omp_target_is_present(&s.p[0], dev));
  return 0;
}
