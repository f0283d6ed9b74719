// `declare target to(f) indirect(0)` and `indirect(false)` (OpenMP 5.1: the
// functions "may not be called with an indirect device invocation"): the
// functions are ordinary `declare target` functions, with a device copy,
// but neither the metadata nor the host or the device entry table lists
// them. What a call through a pointer to one does is in
// docs/indirect-forms.md (test/exec/loud-stop-indirect-false.c shows it on
// the host-offload device).
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV \
// RUN:       --implicit-check-not='!"not_{{.*}}"' --implicit-check-not='entry { ptr @not_' --implicit-check-not='ptrtoint (ptr @not_'
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST \
// RUN:       --implicit-check-not='!"not_{{.*}}"' --implicit-check-not='entry { ptr @not_' --implicit-check-not='ptrtoint (ptr @not_'
#include <stdbool.h>

int not_zero(int x) { return x + 1; }
int not_false(int x) { return x + 2; }
int yes(int x) { return x + 3; }
#pragma omp declare target to(not_zero) indirect(0)
#pragma omp declare target to(not_false) indirect(false)
#pragma omp declare target to(yes) indirect

int (*pick(int i))(int) { return i == 0 ? not_zero : i == 1 ? not_false : yes; }

// DEV:  @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant { %[[DEVHDR]], [1 x %[[DEVFPTR]]] }
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [1 x %[[FPTR]]]
// CHECK-SAME: [%{{[a-z_.]+}} { {{ptr|i32 trunc \(i64 sub \((i64 sub \()?i64 ptrtoint \(ptr}} @yes{{[ ,]}}{{.*}} }]

// Device copies exist all the same.
// DEV-DAG: define hidden i32 @not_zero(
// DEV-DAG: define hidden i32 @not_false(
// DEV-DAG: define hidden i32 @yes(

// CHECK:      !omp_indirect.entries = !{![[E0:[0-9]+]]}
// CHECK-DAG:  ![[E0]] = !{i32 2, !"yes", i32 0}
