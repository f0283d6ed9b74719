// An indirect call in a `parallel` region inside a target region, in the PTX
// of the device module: the outlined parallel function, not the kernel,
// passes the pointer to __kmpc_target_translate_fptr and calls through the
// register that holds its result, with no other call in between.
// REQUIRES: nvptx
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -S %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx

int add1(int x) { return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r = 0;
#pragma omp target map(tofrom : r)
  {
#pragma omp parallel num_threads(1)
    r = fp(1);
  }
  return r != 2;
}
// The kernel starts the parallel region and translates nothing itself. The
// outlined function is __omp_outlined__ in clang-16, and is named after the
// kernel in clang-19.
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// CHECK-NOT:   __kmpc_target_translate_fptr
// CHECK:       __kmpc_parallel_51,
// CHECK-NOT:   __kmpc_target_translate_fptr
// CHECK-LABEL: .func {{__omp_outlined__|__omp_offloading_.*_omp_outlined}}(
// CHECK:       {{^ *}}__kmpc_target_translate_fptr,
// CHECK-NEXT:  (
// CHECK-NEXT:  param0
// CHECK-NEXT:  );
// CHECK-NEXT:  ld.param.b64 [[FP:%rd[0-9]+]], [retval0+0];
// CHECK-NOT:   {{^ *call}}
// CHECK:       call (retval0),
// CHECK-NEXT:  [[FP]],
// CHECK:       ret;
