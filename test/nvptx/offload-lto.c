// With -foffload-lto, clang-linker-wrapper links the device bitcode of the
// program with LLVM's DeviceRTL and compiles the result to PTX at link time.
// The rewritten call, the entry table and the table pointer survive that
// link's internalization, the link still resolves the device runtime, and
// ptxas accepts the linked PTX (-c: the device runtime comes in as a cubin
// at the nvlink step, after this PTX).
// REQUIRES: nvptx, ptxas
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && \
// RUN:   %wclang %nvptx-offload --offload-arch=sm_80 -foffload-lto \
// RUN:   -Wl,--save-temps %s -o prog
// RUN: FileCheck %s --input-file %t.dir/prog.nvptx64-nvidia-cuda.sm_80.s
// RUN: FileCheck %s --input-file %t.dir/prog.nvptx64-nvidia-cuda.sm_80.s \
// RUN:   --check-prefix=GLOBALS
// RUN: %ptxas -arch=sm_80 -c %t.dir/prog.nvptx64-nvidia-cuda.sm_80.s \
// RUN:   -o %t.cubin

int add1(int x) { return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(1);
  return r != 2;
}
// GLOBALS-DAG: .visible .global .align 8 .u64 __omp_offloading_fptr_entries_{{[0-9a-f]+}}[3] = {{{[0-9]+}}, {{[0-9]+}}, add1}
// GLOBALS-DAG: .weak .global .align 8 .u64 __omp_offloading_fptr_map_p;
// The DeviceRTL is linked in.
// GLOBALS-DAG: .func {{.*}}__kmpc_target_init(

// CHECK-LABEL: .entry __omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// CHECK:       {{^ *}}__kmpc_target_translate_fptr,
// CHECK-NEXT:  (
// CHECK-NEXT:  param0
// CHECK-NEXT:  );
// CHECK-NEXT:  ld.param.b64 [[FP:%rd[0-9]+]], [retval0+0];
// CHECK-NOT:   {{^ *call}}
// CHECK:       call (retval0),
// CHECK-NEXT:  [[FP]],
