// A compile for offloading runs a host job and then a device job on the same
// source. The warning about a host address of a function that is not
// indirect reaching a target region comes from the host job only: once per
// site, not twice. A device job on its own (no host IR: --offload-device-only)
// still warns.
// RUN: %wclang %host-offload -fopenmp-version=51 -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s
// RUN: %wclang %host-offload -fopenmp-version=51 --offload-device-only -c %s \
// RUN:   -o %t.dev.o 2>&1 | FileCheck %s

int plain(int x) { return x; }

int mapped(int n) {
  int (*fp)(int) = plain;
  int r = 0;
#pragma omp target map(to : fp) map(from : r)
  r = fp(n);
  return r;
}

// CHECK: diag-once-per-compile.c:[[#@LINE-7]]:20: warning: the address of 'plain' reaches a target region
// CHECK-NOT: warning:
