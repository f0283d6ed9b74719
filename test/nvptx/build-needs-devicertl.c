// With a clang that ships no NVPTX device runtime (Debian's clang-22), the
// wrapper stops an NVPTX build, compile or link, with one error naming what
// to pass (clang-22 itself needs the runtime to compile, and says only that
// it found no library); -nogpulib code, like our own device runtime,
// compiles; a device runtime the user names goes to clang (here a missing
// file, which clang reports itself).
// REQUIRES: nvptx-no-devicertl
// RUN: not %wclang %nvptx-offload --offload-arch=sm_80 %s -o %t 2>&1 \
// RUN:   | FileCheck %s
// CHECK: omp-indirect-clang: error: {{.*}}clang has no NVPTX device runtime
// CHECK-SAME: --libomptarget-nvptx-bc-path=FILE
// RUN: not %wclang %nvptx-offload --offload-arch=sm_80 -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s
// RUN: %wclang %nvptx-offload --offload-arch=sm_80 -nogpulib -c %s -o %t.o
// RUN: not %wclang %nvptx-offload --offload-arch=sm_80 %s -o %t \
// RUN:   --libomptarget-nvptx-bc-path=%t.missing.bc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GIVEN
// GIVEN-NOT: omp-indirect-clang: error
// GIVEN: missing.bc
int twice(int X) { return 2 * X; }
#pragma omp declare target to(twice) indirect

int main(void) {
  int (*F)(int) = twice;
  int R = 0;
#pragma omp target map(from : R)
  R = F(21);
  return R != 42;
}
