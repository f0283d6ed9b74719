// A library's target region calls the executable's indirect function through
// the host address the executable passes in. The library has no indirect
// function of its own (libplain) or has some (libind). With and without
// -rdynamic and -Wl,--as-needed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-plain.c -o %t/libplain.so
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -DPLAIN -L%t -Wl,-rpath,%t -lplain -o %t/a
// RUN: %t/a | FileCheck %s
// RUN: %wclang %host-offload -O2 -rdynamic -Wl,--as-needed %s -DPLAIN -L%t -Wl,-rpath,%t -lplain -o %t/b
// RUN: %t/b | FileCheck %s
// RUN: %wclang %host-offload -O0 %s -L%t -Wl,-rpath,%t -lind -o %t/c
// RUN: %t/c | FileCheck %s
// RUN: %wclang %host-offload -O2 -rdynamic %s -L%t -Wl,-rpath,%t -lind -o %t/d
// RUN: %t/d | FileCheck %s
#include <stdio.h>

int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
int twice(int x) {
#pragma omp atomic
  calls++;
  return 2 * x;
}
#pragma omp end declare target

#ifdef PLAIN
int plain_call(int (*Fp)(int), int X);
#define CALL plain_call
#else
int lib_call(int (*Fp)(int), int X);
#define CALL lib_call
#endif

int main(void) {
  int r = CALL(twice, 21);
#pragma omp target update from(calls)
  // CHECK: library region: 42, device calls: 1
  printf("library region: %d, device calls: %d\n", r, calls);
  return !(r == 42 && calls == 1);
}
