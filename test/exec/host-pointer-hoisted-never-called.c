// A loop that calls a host function without a device copy only under a
// condition that never holds: the compiler hoists the translation of the
// loop-invariant pointer out of the loop (and out of the condition) at -O2,
// so the lookup runs for a call that never happens. On the host-offload
// device the lookup answers such a pointer with a stop stub; only a call of
// the stub stops, so this program runs to the end, and the indirect
// function called in the same loop reaches its device copy. The IR shows
// that at -O2 the translation of `bad` runs, before the loop.
// RUN: %wclang %host-offload -O0 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 %s -o %t && %t | FileCheck %s
// RUN: %wclang %host-offload -O2 -Wno-openmp-target --offload-device-only \
// RUN:   -mllvm -omp-indirect-disable-promotion \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

#pragma omp begin declare target indirect
int yes(int x) { dev_calls++; return x + 1; }
#pragma omp end declare target

int host_only(int x) { return x * 1000; }

int main(void) {
  int (*good)(int) = yes, (*bad)(int) = host_only;
  int never = 0, r = 0;
#pragma omp target map(to : good, bad, never) map(tofrom : r)
  {
    int (*g)(int) = good, (*b)(int) = bad;
    int n = never;
    for (int i = 0; i < 100; i++) {
      if (n)
        r += b(i);
      r += g(i);
    }
  }
#pragma omp target update from(dev_calls)
  // CHECK: r = 5050, device calls = 100
  printf("r = %d, device calls = %d\n", r, dev_calls);
  return !(r == 5050 && dev_calls == 100);
}
// Both translations, the guarded call's included, run in the kernel's entry
// block, before the loop; none is left in it.
// IR-LABEL: define {{.*}}@__omp_offloading_{{.*}}_main_l
// IR-COUNT-2: call ptr @__kmpc_target_translate_fptr(
// IR-NEXT: br label
// IR-NOT: @__kmpc_target_translate_fptr
// IR: {{^}$}}
