// Direct calls to declare target functions, here indirect ones, stay direct
// calls in the PTX: from the kernel and from a `declare target` function,
// with no __kmpc_target_translate_fptr anywhere in the module.
// REQUIRES: nvptx
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -S %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=NONE

int add1(int x) { return x + 1; }
int mul2(int x) { return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

#pragma omp declare target
int both(int x) { return add1(x) + mul2(x); }
#pragma omp end declare target

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = both(1) + add1(2);
  return r != 6;
}
// NONE-NOT: __kmpc_target_translate_fptr
//
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// CHECK:       {{^ *}}both,
// CHECK:       {{^ *}}add1,
// CHECK-LABEL: .func {{.*}}both(
// CHECK:       {{^ *}}add1,
// CHECK:       {{^ *}}mul2,
// CHECK:       ret;
