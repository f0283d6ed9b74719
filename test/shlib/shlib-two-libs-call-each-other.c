// Two libraries, each with its own indirect function and target region,
// call each other's function through host addresses: A's region calls B's
// function and B's region calls A's. The executable only passes pointers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -DNAME=a -o %t/liba.so
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -DNAME=b -o %t/libb.so
// RUN: %wclang %host-offload -O2 %s -L%t -Wl,-rpath,%t -la -lb -o %t/a
// RUN: %t/a | FileCheck %s
#include <stdio.h>

int (*a_get_fn(void))(int);
int a_call(int (*Fp)(int), int X);
int a_device_calls(void);
int (*b_get_fn(void))(int);
int b_call(int (*Fp)(int), int X);
int b_device_calls(void);

int main(void) {
  int x = a_call(b_get_fn(), 1); // B's function in A's region.
  int y = b_call(a_get_fn(), 2); // A's function in B's region.
  int y2 = b_call(a_get_fn(), 3);
  int na = a_device_calls(), nb = b_device_calls();
  // CHECK: a(b)=101 b(a)=102,103 device calls a=2 b=1
  printf("a(b)=%d b(a)=%d,%d device calls a=%d b=%d\n", x, y, y2, na, nb);
  return !(x == 101 && y == 102 && y2 == 103 && na == 2 && nb == 1);
}
