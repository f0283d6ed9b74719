// A target region calls a host function that is not declare target at all
// through its host address, on the host-offload device, where that would
// run the host copy: the program stops with one line naming the device, the
// region (its function and line), the function called, the address and the
// image, and why (no device copy), and the code after the call never runs.
// The region runs on the last device, so the number is the device's own.
// The function's name comes from the executable's symbol table, with or
// without -rdynamic; after `strip` (no symbol table, and no dynamic symbol
// without -rdynamic) the line names the executable and the function's
// offset in it, and still the region (its entry section survives strip). An
// indirect function called the same way just before still reaches its
// device copy.
// RUN: %wclang %host-offload -O0 -rdynamic %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,NAME --input-file %t.out
// RUN: %wclang %host-offload -O2 -rdynamic %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,NAME --input-file %t.out
// RUN: %wclang %host-offload -O2 %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,NAME --input-file %t.out
// RUN: strip %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefixes=CHECK,OFFSET --input-file %t.out
#include <omp.h>
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
int yes(int x) { dev_calls++; return x + 1; }
#pragma omp end declare target

int host_only(int x) { return x * 1000; }

int main(void) {
  int (*good)(int) = yes, (*bad)(int) = host_only;
  int d = omp_get_num_devices() - 1, r = 0;
#pragma omp target device(d) map(to : good) map(from : r)
  r = good(1);
#pragma omp target update device(d) from(dev_calls)
  // CHECK: indirect: r = 2, device calls = 1
  printf("indirect: r = %d, device calls = %d\n", r, dev_calls);
  if (r != 2 || dev_calls != 1)
    return 1;
  // CHECK-NEXT: device [[D:[0-9]+]], host_only at [[ADDR:0x[0-9a-f]+]]
  printf("device %d, host_only at %p\n", d, (void *)bad);
  fflush(stdout);
  // NAME-NEXT: omp-indirect: device [[D]]: the target region in main at line [[#@LINE+3]] called host_only ([[ADDR]] in {{.*}}loud-stop-host-function.c.tmp) through a host address: host_only has no device copy (it is not declare target, or was not emitted for the device); stopping
  // OFFSET-NEXT: omp-indirect: device [[D]]: the target region in main at line [[#@LINE+2]] called host address [[ADDR]] (offset 0x{{[0-9a-f]+}} in {{.*}}loud-stop-host-function.c.tmp), which is not declared indirect; stopping
  // CHECK-NOT: after
#pragma omp target device(d) map(to : bad) map(from : r)
  r = bad(2);
  printf("after: r = %d\n", r);
  return 1;
}
