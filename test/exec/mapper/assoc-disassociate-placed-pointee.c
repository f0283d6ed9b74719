// omp_target_associate_ptr and omp_target_disassociate_ptr on a pointee a
// mapper made present behave as on any mapped section: associating it with
// other device memory fails, disassociating it fails (it was mapped, not
// associated), and both leave the pointee present with its device data.
// Only stdout is checked: libomptarget's messages on stderr may differ.
// RUN: %wclang %host-offload -O0 %s -o %t && %t 2>/dev/null | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t 2>/dev/null | FileCheck %s
// CHECK: associate: fails 1 present 1
// CHECK-NEXT: disassociate: fails 1 present 1
// CHECK-NEXT: exit: present 0 host 10 11 12 13
#include <omp.h>
#include <stdio.h>

enum { LEN = 4 };
typedef struct {
  int len;
  int *d;
} S;
#pragma omp declare mapper(S s) map(s, s.d[0 : s.len])

int main(void) {
  int dev = omp_get_default_device(), h[LEN] = {0, 1, 2, 3};
  S s = {LEN, h};
#pragma omp target enter data map(to : s)
#pragma omp target map(present, alloc : s.d[0 : LEN])
  for (int i = 0; i < LEN; i++)
    s.d[i] += 10; // Device only until the exit.
  void *mem = omp_target_alloc(LEN * sizeof(int), dev);
  int r = omp_target_associate_ptr(h, mem, LEN * sizeof(int), 0, dev);
  printf("associate: fails %d present %d\n", r != 0,
         omp_target_is_present(h, dev));
  r = omp_target_disassociate_ptr(h, dev);
  printf("disassociate: fails %d present %d\n", r != 0,
         omp_target_is_present(h, dev));
#pragma omp target exit data map(from : s)
  printf("exit: present %d host", omp_target_is_present(h, dev));
  for (int i = 0; i < LEN; i++)
    printf(" %d", h[i]);
  printf("\n");
  omp_target_free(mem, dev);
  return 0;
}
