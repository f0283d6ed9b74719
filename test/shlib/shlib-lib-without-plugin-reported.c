// A library with target regions built with plain clang-16 (no plugin) is
// named once, at the first table build, in a message that says what cannot
// work; the executable's own calls still reach its device copies. A library
// built with the plugin is not named.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang %host-offload -O2 -fPIC -shared %S/Inputs/lib-plain.c -o %t/libstock.so
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -L%t -Wl,-rpath,%t -lstock -lind -o %t/a
// RUN: %t/a 2>&1 | FileCheck %s --implicit-check-not=libind.so
#include <stdio.h>

int lib_plain(int x);

int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
int twice(int x) { calls++; return 2 * x; }
#pragma omp end declare target

int main(void) {
  int (*f)(int) = twice, r = 0;
#pragma omp target map(from : r)
  r = f(21);
  int p = lib_plain(1) + lib_plain(2);
#pragma omp target update from(calls)
  printf("r=%d plain=%d device calls=%d\n", r, p, calls);
  return !(r == 42 && p == 5 && calls == 1);
}
// CHECK-COUNT-1: omp-indirect: image '{{.*}}/libstock.so' has target regions but was compiled without the omp-indirect plugin
// CHECK: r=42 plain=5 device calls=1
