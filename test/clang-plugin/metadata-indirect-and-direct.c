// A function that is indirect and also called directly in a target region
// has one device copy: the device IR defines it once, the direct call and
// the entry table both use that definition, and the metadata lists it once.
// test/exec/indirect-and-direct-call.c runs it.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s %entry-vars < %t.ll
// RUN: grep -c '^define .*@add1(' %t.ll | FileCheck %s --check-prefix=ONE

int add1(int x) { return x + 1; }
#pragma omp declare target to(add1) indirect

int run(int (*fp)(int)) {
  int r = 0;
#pragma omp target map(tofrom : r)
  r = fp(10) + add1(20);
  return r;
}

// CHECK:      @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [1 x %[[DEVFPTR]]] }
// CHECK-SAME: { %[[DEVHDR]] { i32 [[#RELATIVE]], i32 1, i64 {{-?[0-9]+}} }, [1 x %[[DEVFPTR]]] [%[[DEVFPTR]] { i32 trunc (i64 sub ({{(i64 sub \()?}}i64 ptrtoint (ptr @add1 to i64), {{.*}}) to i32), i32 {{-?[0-9]+}} }] }
// CHECK:      define hidden i32 @add1(
// CHECK:      define weak_odr protected void @__omp_offloading_{{.*}}_run_l{{[0-9]+}}(
// CHECK:        call ptr @__kmpc_target_translate_fptr(
// CHECK:        call i32 @add1(i32 noundef 20)
// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]]}
// CHECK:      ![[E0]] = !{i32 2, !"add1", i32 0}

// ONE: {{^}}1{{$}}
