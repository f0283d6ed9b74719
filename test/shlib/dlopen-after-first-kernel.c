// A library opened with dlopen after the first kernel ran becomes callable
// at the next launch: the table is rebuilt and uploaded again, once. The
// executable's region calls the library's function through the host address
// the library hands out. After dlclose and a second dlopen (a fresh image,
// possibly at another address), the same works again, and the executable's
// own function keeps working throughout.
//
// The library is built as is and with -Wl,-Bsymbolic (which docs/runtime.md
// once asked for): the runtime drops libomptarget's pairs for a closed
// library's globals, so both work. The device-side counter of the first
// load's image survives dlclose, so each round checks that its call added
// exactly one.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %wclang %host-offload -O2 -fPIC -shared -Wl,-Bsymbolic %S/Inputs/lib-ind.c -o %t/libind.so
// RUN: %wclang %host-offload -O2 %s -ldl -DLIB=\"%t/libind.so\" -o %t/a
// RUN: %t/a | FileCheck %s
// RUN: %wclang %host-offload -O2 -fPIC -shared %S/Inputs/lib-ind.c -o %t/libplain.so
// RUN: %wclang %host-offload -O2 %s -ldl -DLIB=\"%t/libplain.so\" -o %t/c
// RUN: %t/c | FileCheck %s
// RUN: %wclang %host-offload -O0 %s -ldl -DLIB=\"%t/libind.so\" -o %t/b
// RUN: %t/b | FileCheck %s
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int omp_indirect_upload_count(long long Dev);

int calls = 0;
#pragma omp declare target to(calls)
#pragma omp begin declare target indirect
int twice(int x) {
  calls++;
  return 2 * x;
}
#pragma omp end declare target

static int run(int (*Fp)(int), int X) {
  int R = 0;
#pragma omp target map(from : R)
  R = Fp(X);
  return R;
}

static void *sym(void *Lib, const char *Name) {
  void *S = dlsym(Lib, Name);
  if (!S) {
    printf("dlsym %s: %s\n", Name, dlerror());
    exit(1);
  }
  return S;
}

/* Opens the library, calls its function from our region, closes it. */
static int round(int Round) {
  void *Lib = dlopen(LIB, RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    printf("dlopen: %s\n", dlerror());
    exit(1);
  }
  int (*(*GetFn)(void))(int) = (int (*(*)(void))(int))sym(Lib, "lib_get_fn");
  int (*DeviceCalls)(void) = (int (*)(void))sym(Lib, "lib_device_calls");
  int Before = DeviceCalls();
  int R = run(GetFn(), Round);
  int N = DeviceCalls() - Before;
  int Own = run(twice, Round);
  printf("round %d: lib %d, lib device calls %d, own %d, uploads %d\n", Round,
         R, N, Own, omp_indirect_upload_count(0));
  dlclose(Lib);
  return R == 100 + Round && N == 1 && Own == 2 * Round;
}

int main(void) {
  int First = run(twice, 21);
  // CHECK: first kernel: 42, uploads 1
  printf("first kernel: %d, uploads %d\n", First,
         omp_indirect_upload_count(0));
  // CHECK-NEXT: round 1: lib 101, lib device calls 1, own 2, uploads 2
  int Ok = round(1);
  // CHECK-NEXT: round 2: lib 102, lib device calls 1, own 4, uploads 3
  Ok &= round(2);
  int After = run(twice, 5);
#pragma omp target update from(calls)
  // CHECK-NEXT: after dlclose: 10, own device calls 4
  printf("after dlclose: %d, own device calls %d\n", After, calls);
  return !(Ok && First == 42 && After == 10 && calls == 4);
}
