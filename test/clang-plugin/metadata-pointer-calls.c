// The plugin marks a unit whose device code calls through a pointer, the
// same in the host and the device job (!omp_indirect.pointer_calls): a
// target region that calls through a function pointer, directly or in a
// function it calls (here a static one without `declare target`, which
// gets an implicit device copy). A unit whose device code calls only
// direct functions is not marked, even when its host code calls through
// pointers.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm -DHELPER %s -o - \
// RUN:   | FileCheck %s
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm -DDIRECT %s \
// RUN:   -o - | FileCheck %s --check-prefix=DIRECT
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm -DDIRECT %s \
// RUN:   -o - | FileCheck %s --check-prefix=DIRECT
// CHECK: !omp_indirect.pointer_calls = !{}
// DIRECT-NOT: !omp_indirect.pointer_calls

int twice(int x) { return 2 * x; }
static int apply(int (*f)(int), int x) { return f(x); }

int main(void) {
  int (*f)(int) = twice;
  int r = apply(f, 1); // Host code calls through a pointer.
#pragma omp target map(tofrom : r) map(to : f)
  {
#if defined(DIRECT)
    r = twice(r);
#elif defined(HELPER)
    r = apply(f, r);
#else
    r = f(r);
#endif
  }
  return r != 4;
}
