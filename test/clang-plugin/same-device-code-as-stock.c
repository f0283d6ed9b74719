// A program with target regions but no indirect function and no indirect
// call: the plugin changes nothing on the device but the two table globals
// every unit with offload code gets (docs/format.md). Without those lines,
// the device IR compiled with -fplugin is, byte for byte, the IR stock
// clang-16 produces, at -O0 and at -O2 (where the pass also runs from the
// pipeline-start extension point).
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm %s -o %t.stock.ll
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm -fplugin=%plugin %s -o %t.plugin.ll
// RUN: grep -v '^@__omp_offloading_fptr_map_' %t.plugin.ll > %t.plugin.rest.ll
// RUN: diff %t.stock.ll %t.plugin.rest.ll
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm -O2 %s -o %t.stock-O2.ll
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm -O2 -fplugin=%plugin %s -o %t.plugin-O2.ll
// RUN: grep -v '^@__omp_offloading_fptr_map_' %t.plugin-O2.ll > %t.plugin-O2.rest.ll
// RUN: diff %t.stock-O2.ll %t.plugin-O2.rest.ll
//
// The comparison is not vacuous: the pass did run on the device module (it
// reports the direct call it left alone), and the device IR holds the kernels.
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm -fplugin=%plugin -Rpass-missed=omp-indirect %s -o %t.remarks.ll 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RAN
// RUN: FileCheck %s < %t.plugin.ll

#include <stdio.h>

int twice(int x) { return 2 * x; }
#pragma omp declare target to(twice)

int main(void) {
  int a[64], sum = 0;
#pragma omp target teams distribute parallel for map(from : a) reduction(+ : sum)
  for (int i = 0; i < 64; i++) {
    a[i] = twice(i);
    sum += a[i];
  }
  int last = 0;
#pragma omp target map(from : last)
  last = twice(a[63]);
  printf("%d %d\n", sum, last);
  return 0;
}

// RAN: {{.*}}same-device-code-as-stock.c:{{[0-9]+}}:{{[0-9]+}}: remark: direct call to twice needs no translation [-Rpass-missed=omp-indirect]

// CHECK: @__omp_offloading_fptr_map_p = weak protected global ptr null
// CHECK: define hidden i32 @twice(
// CHECK: define weak_odr protected void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// CHECK: define weak_odr protected void @__omp_offloading_{{.*}}_main_l{{[0-9]+}}(
