// The executable's target region calls the library's indirect function
// through the host address the library hands out; then the library's own
// region calls it too. Both must run the library's device copy, whose
// counter lives in the library's device image. With and without -rdynamic
// and -Wl,--as-needed, at -O0 and -O2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -L%t -Wl,-rpath,%t -lind -o %t/a
// RUN: %t/a | FileCheck %s
// RUN: %wclang %host-offload -O2 -rdynamic %s -L%t -Wl,-rpath,%t -lind -o %t/b
// RUN: %t/b | FileCheck %s
// RUN: %wclang %host-offload -O2 -Wl,--as-needed %s -L%t -Wl,-rpath,%t -lind -o %t/c
// RUN: %t/c | FileCheck %s
// RUN: %wclang %host-offload -O0 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind0.so
// RUN: %wclang %host-offload -O0 -rdynamic -Wl,--as-needed %s -L%t -Wl,-rpath,%t -lind0 -o %t/d
// RUN: %t/d | FileCheck %s
#include <stdio.h>

int (*lib_get_fn(void))(int);
int lib_call(int (*Fp)(int), int X);
int lib_device_calls(void);

int main(void) {
  int (*fp)(int) = lib_get_fn();
  int r = 0;
#pragma omp target map(from : r)
  r = fp(1);
  int s = lib_call(fp, 2);
  int n = lib_device_calls();
  // CHECK: exe region: 101, library region: 102, device calls: 2
  printf("exe region: %d, library region: %d, device calls: %d\n", r, s, n);
  return !(r == 101 && s == 102 && n == 2);
}
