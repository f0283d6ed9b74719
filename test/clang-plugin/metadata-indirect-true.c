// `declare target to(f) indirect(1)` (OpenMP 5.1): an `indirect` clause whose
// argument is true records f exactly as a bare `indirect` does, in the host
// and the device IR. A function listed in the same directive is recorded
// too; a plain `declare target to(...)` function is not.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV --implicit-check-not='!"plain"'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST --implicit-check-not='!"plain"'

int one(int x) { return x + 1; }
int two(int x) { return x + 2; }
int plain(int x) { return x; }
#pragma omp declare target to(one, two) indirect(1)
#pragma omp declare target to(plain)

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [2 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [2 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @one{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @two{{[ ,]}}{{.*}} }]

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"one", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"two", i32 1}
// CHECK-DAG:  ![[TU]] = !{!"{{[0-9a-f]+}}"}
