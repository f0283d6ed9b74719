// Nested directives (OpenMP 5.1): a function inside a `begin declare target`
// block and in the list of a `declare target` directive inside that block,
// or inside nested blocks. Clang keeps one attribute per level (the block's,
// level = nesting depth, and the explicit list's, level 4294967295, shown by
// stock clang's AST dump), and for nested blocks the innermost block's
// only; the plugin adds the enclosing blocks' (from the directives it
// recorded). The attribute of the highest level whose directive has an
// `indirect` clause decides, so an inner directive or block without the
// clause leaves the outer `indirect` in force.
// Listed: outer_only (block indirect, inner list without clause), both_true,
// inner_true (block indirect(0), inner indirect), inner_only (plain block,
// inner indirect), nested_outer (indirect block around a plain block),
// nested_inner (plain block around an indirect block), old_form (`declare
// target indirect` ... `end declare target`, the block form without
// `begin`). Not listed: not_inner_false (block indirect, inner
// indirect(0)), not_plain (plain block, inner list without clause),
// not_nested_false (indirect block around an indirect(0) block).
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV --implicit-check-not='!"not_{{.*}}"'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST --implicit-check-not='!"not_{{.*}}"'
// RUN: %clang %host-offload -fopenmp-version=51 --offload-host-only -fsyntax-only \
// RUN:   -Xclang -ast-dump %s | FileCheck %s --check-prefix=AST

#pragma omp begin declare target indirect
int outer_only(int x) { return x + 1; }
#pragma omp declare target to(outer_only)
int both_true(int x) { return x + 2; }
#pragma omp declare target to(both_true) indirect(1)
int not_inner_false(int x) { return x + 3; }
#pragma omp declare target to(not_inner_false) indirect(0)
#pragma omp end declare target

#pragma omp begin declare target indirect(0)
int inner_true(int x) { return x + 4; }
#pragma omp declare target to(inner_true) indirect
#pragma omp end declare target

#pragma omp begin declare target
int inner_only(int x) { return x + 5; }
#pragma omp declare target to(inner_only) indirect
int not_plain(int x) { return x + 6; }
#pragma omp declare target to(not_plain)
#pragma omp end declare target

#pragma omp begin declare target indirect
#pragma omp begin declare target
int nested_outer(int x) { return x + 7; }
#pragma omp end declare target
#pragma omp begin declare target indirect(0)
int not_nested_false(int x) { return x + 8; }
#pragma omp end declare target
#pragma omp end declare target

#pragma omp begin declare target
#pragma omp begin declare target indirect
int nested_inner(int x) { return x + 9; }
#pragma omp end declare target
#pragma omp end declare target

#pragma omp declare target indirect
int old_form(int x) { return x + 10; }
#pragma omp end declare target

// AST-LABEL: FunctionDecl {{.*}} outer_only 'int (int)'
// AST:       OMPDeclareTargetDeclAttr {{.*}} Implicit MT_To DT_Any Indirect 1
// AST:       OMPDeclareTargetDeclAttr {{.*}} Implicit MT_To DT_Any 4294967295
// AST-LABEL: FunctionDecl {{.*}} both_true 'int (int)'
// AST-LABEL: FunctionDecl {{.*}} nested_outer 'int (int)'
// AST:       IntegerLiteral {{.*}} 7
// AST-NEXT:  OMPDeclareTargetDeclAttr {{.*}} Implicit MT_To DT_Any 2
// AST-NEXT:  <<<NULL>>>
// AST-NEXT:  FunctionDecl {{.*}} not_nested_false

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [7 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [7 x %[[FPTR]]]
// CHECK-SAME: { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @outer_only{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @both_true{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @inner_true{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @inner_only{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @nested_outer{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @nested_inner{{[ ,]}}{{.*}} }, %{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @old_form{{[ ,]}}{{.*}} }]

// All are device functions.
// DEV-DAG: define hidden i32 @not_inner_false(
// DEV-DAG: define hidden i32 @not_plain(
// DEV-DAG: define hidden i32 @not_nested_false(

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]], ![[E1:[0-9]+]], ![[E2:[0-9]+]], ![[E3:[0-9]+]], ![[E4:[0-9]+]], ![[E5:[0-9]+]], ![[E6:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"outer_only", i32 0}
// CHECK-DAG:  ![[E1]] = !{i32 2, !"both_true", i32 1}
// CHECK-DAG:  ![[E2]] = !{i32 2, !"inner_true", i32 2}
// CHECK-DAG:  ![[E3]] = !{i32 2, !"inner_only", i32 3}
// CHECK-DAG:  ![[E4]] = !{i32 2, !"nested_outer", i32 4}
// CHECK-DAG:  ![[E5]] = !{i32 2, !"nested_inner", i32 5}
// CHECK-DAG:  ![[E6]] = !{i32 2, !"old_form", i32 6}
