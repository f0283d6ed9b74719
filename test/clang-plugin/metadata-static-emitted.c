// A `static` indirect function whose address is only taken on the host (in
// host code, never in a target region) is still emitted on the device, as
// `define internal`, and appears in the device table, in the same place as
// in the host table; stock clang-16 would not emit it on the device at all,
// and stock clang-19 crashes in the device job.
// Both the case where the definition precedes the directive and the case
// where the directive precedes the definition are covered.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST
// RUN: %if llvm-16 %{ %clang %host-offload -fopenmp-version=51 \
// RUN:   --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=STOCK %}
// RUN: %if llvm-19 %{ not %clang %host-offload -fno-crash-diagnostics \
// RUN:   --offload-device-only -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STOCK-CRASH %}

static int scale(int x) { return x * 3; }
#pragma omp declare target to(scale) indirect

static int shift(int x);
#pragma omp declare target to(shift) indirect
static int shift(int x) { return x << 1; }

int (*host_pick(int i))(int) { return i ? scale : shift; }

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [2 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [2 x %[[FPTR]]]
// CHECK-SAME: [%{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @scale{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @shift{{[ ,]}}{{.*}} }]

// CHECK-DAG: define internal i32 @scale(
// CHECK-DAG: define internal i32 @shift(
// DEV-NOT:   @host_pick
// HOST:      define dso_local ptr @host_pick(

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"scale", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"shift", i32 1}

// STOCK-CRASH: createOffloadEntriesAndInfoMetadata

// STOCK-NOT: @scale
// STOCK-NOT: @shift
// STOCK-NOT: omp_indirect
