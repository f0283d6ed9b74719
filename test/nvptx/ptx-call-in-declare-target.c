// An indirect call in a `declare target` function, in the PTX of the device
// module: the function passes the pointer to __kmpc_target_translate_fptr
// and calls through the register that holds its result, with no other call
// in between.
// REQUIRES: nvptx
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -S %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx

int add1(int x) { return x + 1; }
#pragma omp declare target to(add1) indirect

#pragma omp declare target
int apply(int (*f)(int), int x) { return f(x); }
#pragma omp end declare target

int main(void) {
  int r = 0;
#pragma omp target map(from : r)
  r = apply(add1, 1);
  return r != 2;
}
// CHECK-LABEL: .func {{.*}}apply(
// CHECK:       {{^ *}}__kmpc_target_translate_fptr,
// CHECK-NEXT:  (
// CHECK-NEXT:  param0
// CHECK-NEXT:  );
// CHECK-NEXT:  ld.param.b64 [[FP:%rd[0-9]+]], [retval0+0];
// CHECK-NOT:   {{^ *call}}
// CHECK:       call (retval0),
// CHECK-NEXT:  [[FP]],
// CHECK:       ret;
