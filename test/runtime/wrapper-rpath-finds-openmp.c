// A program linked by the wrapper finds libomp, libomptarget and the host
// runtime through its own rpaths, with no LD_LIBRARY_PATH: LLVM 19's
// libraries live in a private prefix that the loader does not search
// (the lit suite sets LD_LIBRARY_PATH for stock clang's programs).
// RUN: %wclang %host-offload %s -o %t
// RUN: env -u LD_LIBRARY_PATH %t | FileCheck %s
// CHECK: r = 42, device calls = 1
#include <stdio.h>

int calls = 0;
#pragma omp declare target to(calls)

int twice(int x) { calls++; return 2 * x; }
#pragma omp declare target to(twice) indirect

int main(void) {
  int (*fp)(int) = twice;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(21);
#pragma omp target update from(calls)
  printf("r = %d, device calls = %d\n", r, calls);
  return 0;
}
