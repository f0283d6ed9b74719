// `declare target to(f) indirect(EXPR)` (OpenMP 5.1): the plugin evaluates
// the constant expression, here from a macro, from sizeof and from an enum
// constant. A function whose expression is true is recorded; one whose
// expression is false (a false comparison, a macro that expands to 0) is not
// recorded, and gets no table entry, in the host or the device IR.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV \
// RUN:       --implicit-check-not='!"no_sizeof"' --implicit-check-not='ptr @no_sizeof' \
// RUN:       --implicit-check-not='!"no_macro"' --implicit-check-not='ptr @no_macro'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST \
// RUN:       --implicit-check-not='!"no_sizeof"' --implicit-check-not='ptr @no_sizeof' \
// RUN:       --implicit-check-not='!"no_macro"' --implicit-check-not='ptr @no_macro'

#define USE_FAST_PATH 1
#define USE_SLOW_PATH 0
enum { Levels = 3 };

int yes_macro(int x) { return x + 1; }
int yes_sizeof(int x) { return x + 2; }
int yes_enum(int x) { return x + 3; }
int no_sizeof(int x) { return x + 4; }
int no_macro(int x) { return x + 5; }
#pragma omp declare target to(yes_macro) indirect(USE_FAST_PATH)
#pragma omp declare target to(yes_sizeof) indirect(sizeof(int) == 4)
#pragma omp declare target to(yes_enum) indirect(Levels > 2 && USE_FAST_PATH)
#pragma omp declare target to(no_sizeof) indirect(sizeof(int) == 8)
#pragma omp declare target to(no_macro) indirect(USE_SLOW_PATH)

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [3 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [3 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @yes_macro{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @yes_sizeof{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @yes_enum{{[ ,]}}{{.*}} }]

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]], ![[E2:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"yes_macro", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"yes_sizeof", i32 1}
// CHECK-DAG:  ![[E2]] = !{i32 2, !"yes_enum", i32 2}
