// Which function pointers reach a kernel already translated (docs/runtime.md,
// "Map-time translation"). A pointer the region uses without a clause (an
// implicit zero-length array section), and with clang-16 and 19 one in an
// explicit firstprivate too, is passed as a size-0 kernel argument:
// libomptarget looks it up in its mapping table, where the launch hook
// associated the function with its device copy, so it arrives as the device
// address. A pointer in map(to: fp) and one stored in a mapped struct are
// copied as they are and arrive as host addresses; so does a firstprivate
// pointer with clang-22, which passes it by value (map type TARGET_PARAM |
// LITERAL, which libomptarget does not look up). Each region compares
// the pointer it received with the device address of the same function
// (taken in device code), then calls it: every call reaches the device
// copy (the device-side counter), whichever way the pointer arrived, at -O0
// and -O2, and from several host threads at once.
// RUN: %wclang %host-offload -O0 %s -o %t0
// RUN: %t0 | FileCheck %s -DFIRSTPRIVATE=%if llvm-22 %{host%} %else %{device%}
// RUN: %wclang %host-offload -O2 %s -o %t2
// RUN: %t2 | FileCheck %s -DFIRSTPRIVATE=%if llvm-22 %{host%} %else %{device%}
#include <stdio.h>

typedef int (*fn_t)(int);
int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
int add1(int x) {
#pragma omp atomic
  dev_calls++;
  return x + 1;
}
#pragma omp end declare target

struct holder {
  fn_t f;
  int k;
};

int main(void) {
  fn_t fp = add1;
  struct holder h = {add1, 1};
  int arrived[4] = {0}, r[4] = {0};
#pragma omp target map(from : arrived[0:1], r[0:1])
  {
    arrived[0] = fp == add1;
    r[0] = fp(1);
  }
#pragma omp target map(to : fp) map(from : arrived[1:1], r[1:1])
  {
    arrived[1] = fp == add1;
    r[1] = fp(1);
  }
#pragma omp target firstprivate(fp) map(from : arrived[2:1], r[2:1])
  {
    arrived[2] = fp == add1;
    r[2] = fp(1);
  }
#pragma omp target map(to : h) map(from : arrived[3:1], r[3:1])
  {
    arrived[3] = h.f == add1;
    r[3] = h.f(h.k);
  }
  const char *Forms[4] = {"implicit", "map(to)", "firstprivate", "struct member"};
  for (int I = 0; I < 4; I++)
    printf("%s: arrived %s, result %d\n", Forms[I],
           arrived[I] ? "as the device address" : "as the host address", r[I]);
  // Many threads launching with implicitly captured pointers at once.
  int wrong = 0;
#pragma omp parallel for num_threads(8) reduction(+ : wrong)
  for (int T = 0; T < 64; T++) {
    int a = 0, v = 0;
#pragma omp target map(from : a, v)
    {
      a = fp == add1;
      v = fp(T);
    }
    wrong += !a || v != T + 1;
  }
#pragma omp target update from(dev_calls)
  printf("threads: %d wrong; device calls: %d\n", wrong, dev_calls);
  return wrong || dev_calls != 68;
}
// CHECK:      implicit: arrived as the device address, result 2
// CHECK-NEXT: map(to): arrived as the host address, result 2
// CHECK-NEXT: firstprivate: arrived as the [[FIRSTPRIVATE]] address, result 2
// CHECK-NEXT: struct member: arrived as the host address, result 2
// CHECK-NEXT: threads: 0 wrong; device calls: 68
