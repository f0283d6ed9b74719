// When the host and device compilations of a unit disagree on its indirect
// functions (here a macro passed only to the device job adds one), their
// tables get different names, so the device image lacks the table the host
// registered. libomptarget 16 then refuses to load the image, naming the
// table, before any kernel could call a host address. libomptarget 19 and
// 22 only warn (22: "Failed to load symbol") and map the table's host
// address to itself; the runtime sees that the device has no copy of the
// table and stops the program with its own message. (Its entry-by-entry
// name hash stands behind both.)
// RUN: %wclang %host-offload -Xopenmp-target=x86_64-pc-linux-gnu -DDEVICE_ONLY \
// RUN:   %s -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s --check-prefixes=CHECK,%llvm-prefix
// CHECK: Failed to load {{global '|symbol }}__omp_offloading_fptr_entries_{{[0-9a-f]+}}
// LLVM16: Libomptarget fatal error
// LLVM19: omp-indirect: device 0: image '{{.*}}': indirect function 'twice' has no FPTR table on this device
// LLVM22: omp-indirect: device 0: image '{{.*}}': indirect function 'twice' has no FPTR table on this device
// CHECK-NOT: r =
#include <stdio.h>

int twice(int x) { return 2 * x; }
#pragma omp declare target to(twice) indirect
#ifdef DEVICE_ONLY
int thrice(int x) { return 3 * x; }
#pragma omp declare target to(thrice) indirect
#endif

int main(void) {
  int (*fp)(int) = twice;
  int r = 0;
#pragma omp target map(from : r) device(0)
  r = fp(21);
  printf("r = %d\n", r);
  return 0;
}
