// dlopen-dlclose-dlopen.c with 2048 indirect functions in the executable, so
// that every table block takes 64 KiB or more and the host-offload device
// reads it in place (Upload.c): each round's dlopen and dlclose replace the
// block the device reads, and the blocks replaced must stay valid (they are
// never freed). Each round must reach the device copy of the round's own
// load of the library, and every function of the executable its own device
// copy (callAll), after every replacement.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O1 -DMANY_FUNCTIONS=2048 %s -ldl -DLIB=\"%t/libind.so\" -o %t/a
// RUN: env OMP_INDIRECT_DEBUG=1 %t/a 2>&1 | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime/Inputs/many-functions.h"
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
  int All = callAll();
  printf("round %d: %d %d %d, device calls %d, calls %s\n", Round, A, B, C, N,
         All ? "WRONG" : "ok");
  fflush(stdout);
  dlclose(Lib);
  return A == 100 + Round && B == 100 + 10 * Round && C == 100 + 100 * Round &&
         N == 3 && !All;
}

int main(void) {
  printf("first: calls %s\n", callAll() ? "WRONG" : "ok");
  fflush(stdout);
  int Ok = round(1);
  Ok &= round(2);
  Ok &= round(3);
  printf("last: calls %s\n", callAll() ? "WRONG" : "ok");
  return !Ok;
}
// CHECK: uploaded 2048 FPTR entries to 1 image(s) ({{[0-9]+}} page faults; the device reads the host copy)
// CHECK: first: calls ok
// CHECK: uploaded {{[0-9]+}} FPTR entries to 2 image(s) ({{[0-9]+}} page faults; the device reads the host copy)
// CHECK: round 1: 101 110 200, device calls 3, calls ok
// CHECK: round 2: 102 120 300, device calls 3, calls ok
// CHECK: round 3: 103 130 400, device calls 3, calls ok
// CHECK: uploaded 2048 FPTR entries to 1 image(s) ({{[0-9]+}} page faults; the device reads the host copy)
// CHECK: last: calls ok
