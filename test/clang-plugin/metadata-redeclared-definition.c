// The directive names a redeclaration that follows the definition
// (declaration, definition, declaration, directive): clang attaches the
// attribute to the last declaration only, and its code generator, which
// reads the definition, would emit no device copy. The plugin gives the
// definition the attribute, so the device IR defines the function and the
// table points at it (the program would not link otherwise).
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars
// RUN: %clang %host-offload -fopenmp-version=51 --offload-device-only -S \
// RUN:   -emit-llvm %s -o - | FileCheck %s --check-prefix=STOCK

int mul2(int x);
int mul2(int x) { return x * 2; }
int mul2(int x);
#pragma omp declare target to(mul2) indirect

int (*pick(void))(int) { return mul2; }

// CHECK:      @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [1 x %[[DEVFPTR]]] }
// CHECK-SAME: { %[[DEVHDR]] { i32 [[#RELATIVE]], i32 1, i64 {{-?[0-9]+}} }, [1 x %[[DEVFPTR]]] [%[[DEVFPTR]] { i32 trunc (i64 sub ({{(i64 sub \()?}}i64 ptrtoint (ptr @mul2 to i64), {{.*}}) to i32), i32 {{-?[0-9]+}} }] }
// CHECK:      define hidden i32 @mul2(

// STOCK-NOT: define {{.*}}@mul2(
