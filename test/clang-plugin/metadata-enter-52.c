// `declare target enter(f) indirect` (OpenMP 5.2, where `enter` replaces
// `to`): f is recorded as with `to`, also with `indirect(EXPR)`; a function
// in `enter(...)` without `indirect` is not.
// RUN: %wclang %host-offload -fopenmp-version=52 --offload-device-only -S \
// RUN:   -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV --implicit-check-not='!"not_indirect"'
// RUN: %wclang %host-offload -fopenmp-version=52 --offload-host-only -S \
// RUN:   -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST --implicit-check-not='!"not_indirect"'

int entered(int x) { return x + 1; }
int entered_expr(int x) { return x + 2; }
int not_indirect(int x) { return x; }
#pragma omp declare target enter(entered) indirect
#pragma omp declare target enter(entered_expr) indirect(sizeof(int) == 4)
#pragma omp declare target enter(not_indirect)

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [2 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [2 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @entered{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @entered_expr{{[ ,]}}{{.*}} }]

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// The module flag shows the compile ran as OpenMP 5.2.
// CHECK-DAG:  !{i32 7, !"openmp", i32 52}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"entered", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"entered_expr", i32 1}
