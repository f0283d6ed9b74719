// The host job of an offload compile writes bitcode that the device job and
// the host back end each read again. Its tables are built in that job
// (docs/format.md), so the bitcode leaves out what only built them: the
// entries' metadata, and the indirect functions in `llvm.compiler.used`
// (the plugin marks them `used` so that clang emits them; the table keeps
// them). -save-temps keeps the bitcode; the functions stay defined, in
// both modules, in the tables' order.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && \
// RUN:   %wclang %host-offload -O2 -save-temps -c %s -o %t.o
// RUN: llvm-dis %t.dir/host-bitcode-job-output-host-x86_64-pc-linux-gnu.bc \
// RUN:   -o - | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: llvm-dis %t.dir/host-bitcode-job-output-openmp-x86_64-pc-linux-gnu.bc \
// RUN:   -o - | FileCheck %s --check-prefixes=CHECK,DEV
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ

// CHECK-NOT: !omp_indirect.entries
// CHECK-NOT: @llvm.compiler.used = {{.*}}@{{early|block_fn|local_fn}}
// HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [3 x
// HOST-SAME: ptr @early,
// HOST-SAME: ptr @block_fn,
// HOST-SAME: ptr @local_fn,
// DEV: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected constant
// DEV-SAME: ptr @early to
// DEV-SAME: ptr @block_fn to
// DEV-SAME: ptr @local_fn to
// CHECK-NOT: !omp_indirect.entries
// CHECK-DAG: define {{.*}}i32 @early(
// CHECK-DAG: define {{.*}}i32 @block_fn(
// CHECK-DAG: define internal i32 @local_fn(
// CHECK-NOT: !omp_indirect.entries
// OBJ: T early

// Defined before the directive that makes it indirect: the device job's
// code generator saw it without `declare target`, so the plugin hands it
// over again.
int early(int x) { return x + 1; }

#pragma omp begin declare target indirect
int block_fn(int x) { return x + 2; }
static int local_fn(int x) { return x + 3; }
#pragma omp end declare target

#pragma omp declare target to(early) indirect

int (*pick(int i))(int) { return i == 0 ? early : i == 1 ? block_fn : local_fn; }
