// `begin declare target indirect ... end declare target` (OpenMP 5.1): every
// function defined or declared inside the block is recorded, also one only
// declared there and defined after the block, and also under `device_type`
// and a true `indirect(EXPR)`. Not recorded: functions after the block, a
// block without `indirect` or with a false `indirect(0)`, and a function
// that a `declare target ... indirect(0)` inside an indirect block turns off
// again (the innermost directive decides).
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV --implicit-check-not='!"not_{{.*}}"'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST --implicit-check-not='!"not_{{.*}}"'

#pragma omp begin declare target indirect
int in_block(int x) { return x + 1; }
int declared_in_block(int x);
int not_turned_off(int x) { return x; }
#pragma omp declare target to(not_turned_off) indirect(0)
#pragma omp end declare target
int declared_in_block(int x) { return x + 2; }
int not_after_block(int x) { return x; }

#pragma omp begin declare target
int not_in_plain_block(int x) { return x; }
#pragma omp end declare target

#pragma omp begin declare target indirect(0)
int not_in_false_block(int x) { return x; }
#pragma omp end declare target

#pragma omp begin declare target device_type(any) indirect(sizeof(long) == 8)
int in_expr_block(int x) { return x + 3; }
#pragma omp end declare target

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [3 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [3 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @in_block{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @declared_in_block{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @in_expr_block{{[ ,]}}{{.*}} }]

// All of them are device functions all the same.
// DEV-DAG: define hidden i32 @not_turned_off(
// DEV-DAG: define hidden i32 @not_in_plain_block(
// DEV-DAG: define hidden i32 @not_in_false_block(

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]], ![[E2:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"in_block", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"declared_in_block", i32 1}
// CHECK-DAG:  ![[E2]] = !{i32 2, !"in_expr_block", i32 2}
