// A program with no indirect function at all: a target region calls a plain
// `declare target` function (not indirect) through its host address. On the
// host-offload device that would run the host copy silently; the device
// code calls through a pointer, so the runtime uploads an empty table that
// still knows the host's code, and the call stops the program with the
// line, which says that the function is declare target but not indirect
// (its device copy exists, the device images define it; no table leads to
// it from a host address) and names the region. The code after the call
// never runs.
// RUN: %wclang %host-offload -O0 -rdynamic -Wno-openmp-target %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --input-file %t.out
// RUN: %wclang %host-offload -O2 -rdynamic -Wno-openmp-target %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s --input-file %t.out
// A program whose device code calls through no pointer uploads nothing:
// RUN: %wclang %host-offload -O2 -DNO_POINTER_CALL %s -o %t.none
// RUN: env OMP_INDIRECT_DEBUG=1 %t.none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: uploaded
// NONE: r = 2, device calls = 1
#include <stdio.h>

#pragma omp begin declare target
int dev_calls = 0;
int plain(int x) { dev_calls++; return x + 1; }
#pragma omp end declare target

int main(void) {
  int (*fp)(int) = plain;
  int r = 0;
#ifdef NO_POINTER_CALL
#pragma omp target map(from : r)
  r = plain(1);
#else
  // CHECK: omp-indirect: device 0: the target region in main at line [[#@LINE+2]] called plain (0x{{[0-9a-f]+}} in {{.*}}) through a host address: plain is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
  // CHECK-NOT: r =
#pragma omp target map(from : r) map(to : fp)
  r = fp(1);
#endif
#pragma omp target update from(dev_calls)
  printf("r = %d, device calls = %d\n", r, dev_calls);
#ifdef NO_POINTER_CALL
  return !(r == 2 && dev_calls == 1);
#else
  return 1; // The call through fp should have stopped the program.
#endif
}
