// `indirect(0)` and `indirect(false)` register nothing: such a function has a
// device copy for direct calls, but a host pointer to it misses the table.
// On the host-offload device a call through that pointer would run the host
// copy, so the program stops there with one line naming the region, the
// function, and the case: declare target, but not indirect. An `indirect` function called the same way first
// still reaches its device copy, which the device-side counter proves.
// CALL picks the function: not_zero (`indirect(0)`, the default) or
// not_false (`indirect(false)`).
// RUN: %wclang %host-offload -O0 -rdynamic -DCALL=not_zero %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s -DFN=not_zero --input-file %t.out
// RUN: %wclang %host-offload -O2 -rdynamic -DCALL=not_false %s -o %t
// RUN: not --crash %t > %t.out 2>&1
// RUN: FileCheck %s -DFN=not_false --input-file %t.out
#include <stdbool.h>
#include <stdio.h>

#ifndef CALL
#define CALL not_zero
#endif

int calls = 0;
#pragma omp declare target to(calls)

int not_zero(int x) { calls++; return x + 1; }
int not_false(int x) { calls++; return x + 2; }
int yes(int x) { calls += 100; return x + 3; }
#pragma omp declare target to(not_zero) indirect(0)
#pragma omp declare target to(not_false) indirect(false)
#pragma omp declare target to(yes) indirect

int main(void) {
  int (*good)(int) = yes, (*bad)(int) = CALL;
  int r = 0;
#pragma omp target map(to : good) map(from : r)
  r = good(10);
#pragma omp target update from(calls)
  // CHECK: indirect: r = 13, device copy calls = 100
  printf("indirect: r = %d, device copy calls = %d\n", r, calls);
  if (r != 13 || calls != 100)
    return 1;
  fflush(stdout);
  // CHECK-NEXT: omp-indirect: device 0: the target region in main at line [[#@LINE+2]] called [[FN]] (0x{{[0-9a-f]+}} in {{.*}}) through a host address: [[FN]] is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
  // CHECK-NOT: after
#pragma omp target map(to : bad) map(from : r)
  r = bad(10);
  printf("after: r = %d\n", r);
  return 1;
}
