// `declare target to(f) indirect` (OpenMP 5.1): the plugin records f, and
// only f, as !omp_indirect.entries = !{!{i32 2, !"f", i32 0}} with the unit's
// identifier in !omp_indirect.tu, the same in the host and the device IR; the
// pass then gives both modules an entry table named after that identifier.
// A function in `declare target to(...)` without `indirect` is not recorded.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o %t.dev.ll
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o %t.host.ll
// RUN: FileCheck %s %entry-vars --check-prefixes=CHECK,DEV \
// RUN:   --implicit-check-not='!"not_indirect"' < %t.dev.ll
// RUN: FileCheck %s %entry-vars --check-prefixes=CHECK,HOST \
// RUN:   --implicit-check-not='!"not_indirect"' < %t.host.ll
// RUN: cat %t.dev.ll %t.host.ll | FileCheck %s --check-prefix=SAME-ID

int add1(int x) { return x + 1; }
int not_indirect(int x) { return x; }
#pragma omp declare target to(add1) indirect
#pragma omp declare target to(not_indirect)

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [1 x %[[DEVFPTR]]] }
// DEV-SAME: { %[[DEVHDR]] { i32 [[#RELATIVE]], i32 1, i64 {{-?[0-9]+}} }, [1 x %[[DEVFPTR]]] [%[[DEVFPTR]] { i32 trunc (i64 sub ({{(i64 sub \()?}}i64 ptrtoint (ptr @add1 to i64), {{.*}}@__omp_offloading_fptr_entries_{{[0-9a-f]+}}{{.*}} 16{{.*}}) to i32), i32 {{-?[0-9]+}} }] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [1 x %[[FPTR]]]
// HOST-SAME: [%[[FPTR]] { ptr @add1, ptr @{{.+}}, i64 1, i32 8, i32 {{-?[0-9]+}} }]
// DEV:  define hidden i32 @add1(
// HOST: define dso_local i32 @add1(

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]]}
// CHECK-NEXT: !omp_indirect.tu = !{![[TU:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"add1", i32 0}
// CHECK-DAG:  ![[TU]] = !{!"{{[0-9a-f]+}}"}

// The device's identifier names both tables and the host's metadata.
// SAME-ID:     @__omp_offloading_fptr_entries_[[ID:[0-9a-f]+]] = protected constant
// SAME-ID:     !{!"[[ID]]"}
// SAME-ID:     @__omp_offloading_fptr_entries_[[ID]] = hidden global
// SAME-ID:     !{!"[[ID]]"}
