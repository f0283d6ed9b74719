// ptxas accepts the device code the pass rewrites, for sm_80 and sm_90, at
// -O0 and -O2: every kind of indirect call site (target region, declare
// target function, outlined parallel region), direct calls and the entry
// table. -c assembles relocatable code, so __kmpc_target_translate_fptr and
// the DeviceRTL may stay undefined while syntax and types are checked; the
// links in exec-link-*.test resolve them.
// REQUIRES: nvptx, ptxas
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -S %s -o %t.sm_80.ptx
// RUN: %ptxas -arch=sm_80 -c %t.sm_80.ptx -o %t.sm_80.cubin
// RUN: %wclang %nvptx-offload --offload-arch=sm_90 --offload-device-only \
// RUN:   -S %s -o %t.sm_90.ptx
// RUN: %ptxas -arch=sm_90 -c %t.sm_90.ptx -o %t.sm_90.cubin
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 -O2 --offload-device-only \
// RUN:   -S %s -o %t.sm_80.O2.ptx
// RUN: %ptxas -arch=sm_80 -c %t.sm_80.O2.ptx -o %t.sm_80.O2.cubin
// RUN: %wclang %nvptx-offload --offload-arch=sm_90 -O2 --offload-device-only \
// RUN:   -S %s -o %t.sm_90.O2.ptx
// RUN: %ptxas -arch=sm_90 -c %t.sm_90.O2.ptx -o %t.sm_90.O2.cubin
//
// The PTX really has the rewritten calls and the table (the ptx-*.c tests
// check them in detail).
// RUN: FileCheck %s --input-file %t.sm_80.ptx
// RUN: FileCheck %s --input-file %t.sm_90.O2.ptx
// CHECK: .visible .global .align 8 .u64 __omp_offloading_fptr_entries_
// CHECK: __kmpc_target_translate_fptr,

int add1(int x) { return x + 1; }
int mul2(int x) { return x * 2; }
#pragma omp declare target to(add1, mul2) indirect

typedef int (*fn_t)(int);

#pragma omp declare target
int apply(fn_t f, int x) { return f(x); }
int direct(int x) { return add1(x) + mul2(x); }
#pragma omp end declare target

int main(void) {
  fn_t fps[2] = {add1, mul2};
  int a = 0, b = 0, c = 0, d = 0;
#pragma omp target map(to : fps) map(from : a)
  a = fps[1](1);
#pragma omp target map(to : fps) map(from : b)
  b = apply(fps[0], 2);
#pragma omp target map(to : fps) map(tofrom : c)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      c += fps[0](3);
    }
  }
#pragma omp target map(from : d)
  d = direct(4);
  return !(a == 2 && b == 3 && c == 8 && d == 13);
}
