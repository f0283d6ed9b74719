// The `order` of the entries, and so the order of the table, is the order in
// which the indirect functions are first declared in the unit, whatever
// directive form makes them indirect and wherever that directive stands:
// `third` and `first` are declared (prototypes) before anything else, so
// they come first although their directives come last. A function only
// declared and referenced (`referenced`) is listed; one declared indirect
// but neither defined nor referenced (`not_used`) is not. Host and device
// agree. (Since `referenced` is only declared here, the device table holds
// addresses, not offsets: docs/format.md, section 2.)
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV --implicit-check-not='!"not_used"'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST --implicit-check-not='!"not_used"'

int third(int);
int first(int);
int not_used(int);

#pragma omp begin declare target indirect
int block(int x) { return x + 2; }
#pragma omp end declare target

int expr(int x) { return x + 4; }
#pragma omp declare target to(expr) indirect(sizeof(char) == 1)

extern int referenced(int);
int third(int x) { return x + 3; }
int first(int x) { return x + 1; }
#pragma omp declare target to(first) indirect
#pragma omp declare target to(third, referenced, not_used) indirect(1)

int (*pick(int i))(int) { return i ? referenced : first; }

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected global { %[[DEVHDR]], [5 x ptr] }
// DEV-SAME: { %[[DEVHDR]] { i32 [[#ABSOLUTE]], i32 5, i64 {{-?[0-9]+}} },
// DEV-SAME: [5 x ptr] [ptr @third, ptr @first, ptr @block, ptr @expr, ptr @referenced] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [5 x %[[FPTR]]]
// HOST-SAME: [%{{[a-z_.]+}} { ptr @third,
// HOST-SAME:  %{{[a-z_.]+}} { ptr @first,
// HOST-SAME:  %{{[a-z_.]+}} { ptr @block,
// HOST-SAME:  %{{[a-z_.]+}} { ptr @expr,
// HOST-SAME:  %{{[a-z_.]+}} { ptr @referenced,

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]], ![[E2:[0-9]+]], ![[E3:[0-9]+]], ![[E4:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"third", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"first", i32 1}
// CHECK-DAG:  ![[E2]] = !{i32 2, !"block", i32 2}
// CHECK-DAG:  ![[E3]] = !{i32 2, !"expr", i32 3}
// CHECK-DAG:  ![[E4]] = !{i32 2, !"referenced", i32 4, !"i32(i32)"}
