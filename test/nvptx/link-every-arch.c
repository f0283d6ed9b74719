// A program with indirect calls links for each GPU architecture the device
// runtime is built for (devicertl/CMakeLists.txt), sm_75, sm_80, sm_86, sm_89
// and sm_90, into one executable: the link compiles and links one device
// image per architecture (ptxas, nvlink), and each nvlink resolves
// __kmpc_target_translate_fptr from that architecture's device runtime
// object (link-without-runtime-fails.c). --save-temps keeps the images and
// the device runtime objects (Translate-*) that each link pulled in
// (clang-16 keeps them as .cubin, clang-19 as .o).
// Not here, because the toolchain cannot: sm_70 and older (CUDA 13's ptxas
// dropped them), sm_87 (Debian's clang-16 ships no DeviceRTL for it), sm_90a
// and sm_100 and newer (clang-16 does not know them).
// REQUIRES: nvptx
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && \
// RUN:   %wclang %nvptx-offload --offload-arch=sm_75,sm_80,sm_86,sm_89,sm_90 \
// RUN:   -Wl,--save-temps %s -o prog
// RUN: ls %t.dir | FileCheck %s
// CHECK-DAG: prog.nvptx64.sm_75.img
// CHECK-DAG: Translate-{{.*}}-sm_75.{{cubin|o}}
// CHECK-DAG: prog.nvptx64.sm_80.img
// CHECK-DAG: Translate-{{.*}}-sm_80.{{cubin|o}}
// CHECK-DAG: prog.nvptx64.sm_86.img
// CHECK-DAG: Translate-{{.*}}-sm_86.{{cubin|o}}
// CHECK-DAG: prog.nvptx64.sm_89.img
// CHECK-DAG: Translate-{{.*}}-sm_89.{{cubin|o}}
// CHECK-DAG: prog.nvptx64.sm_90.img
// CHECK-DAG: Translate-{{.*}}-sm_90.{{cubin|o}}
#include <stdio.h>

int dev_calls = 0;
#pragma omp declare target to(dev_calls)

int add1(int x) { dev_calls++; return x + 1; }
#pragma omp declare target to(add1) indirect

int main(void) {
  int (*fp)(int) = add1;
  int r = 0;
#pragma omp target map(from : r)
  r = fp(1);
#pragma omp target update from(dev_calls)
  printf("r = %d, device calls = %d\n", r, dev_calls);
  return !(r == 2 && dev_calls == 1);
}
