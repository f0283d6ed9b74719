// A library built with the wrapper, and nothing else (no -Bsymbolic, default
// visibility), opened, used, closed and opened again three times after the
// first kernel. It usually lands at the same address each time, where
// libomptarget still pairs its globals with the device image of the first
// load. Each round must reach the device copy of the round's own load, in
// every way a region can get the library's function: an implicitly captured
// pointer (translated at map time), a pointer in map(to:) (translated at the
// call), and the library's own region. The library's device counter, read
// with its own `target update`, must grow by exactly three per round.
// Before the fix, round 2 ran the first load's device copy: the counter the
// program reads gained 0.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -ldl -DLIB=\"%t/libind.so\" -o %t/a
// RUN: %t/a | FileCheck %s
// RUN: %wclang %host-offload -O0 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind0.so
// RUN: %wclang %host-offload -O0 %s -ldl -DLIB=\"%t/libind0.so\" -o %t/b
// RUN: %t/b | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/two-regions.h"

static void *sym(void *Lib, const char *Name) {
  void *S = dlsym(Lib, Name);
  if (!S) {
    printf("dlsym %s: %s\n", Name, dlerror());
    exit(1);
  }
  return S;
}

static int round(int Round) {
  void *Lib = dlopen(LIB, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    printf("dlopen: %s\n", dlerror());
    exit(1);
  }
  fn_t (*GetFn)(void) = (fn_t(*)(void))sym(Lib, "lib_get_fn");
  int (*Call)(fn_t, int) = (int (*)(fn_t, int))sym(Lib, "lib_call");
  int (*DeviceCalls)(void) = (int (*)(void))sym(Lib, "lib_device_calls");
  int Before = DeviceCalls();
  int A = implicit(GetFn(), Round);
  int B = copied(GetFn(), 10 * Round);
  int C = Call(GetFn(), 100 * Round);
  int N = DeviceCalls() - Before;
  printf("round %d: %d %d %d, device calls %d\n", Round, A, B, C, N);
  dlclose(Lib);
  return A == 100 + Round && B == 100 + 10 * Round && C == 100 + 100 * Round &&
         N == 3;
}

int main(void) {
  int Warm = 0;
#pragma omp target map(tofrom : Warm)
  Warm += 1;
  // CHECK: round 1: 101 110 200, device calls 3
  // CHECK-NEXT: round 2: 102 120 300, device calls 3
  // CHECK-NEXT: round 3: 103 130 400, device calls 3
  int Ok = round(1);
  Ok &= round(2);
  Ok &= round(3);
  return !(Ok && Warm == 1);
}
