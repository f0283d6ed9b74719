// A plain OpenMP offload program, with `declare target` functions and a
// target region but no indirect function: the plugin records no
// omp_indirect metadata and the pass adds no entry table, no map globals,
// no registration entries, and (no indirect call) no translation call, in
// the host or the device IR.
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=DEV \
// RUN:       --implicit-check-not=omp_indirect --implicit-check-not=fptr
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=HOST \
// RUN:       --implicit-check-not=omp_indirect. --implicit-check-not=fptr

int twice(int x) { return 2 * x; }
#pragma omp declare target to(twice)

#pragma omp begin declare target
int counter;
int thrice(int x) { return 3 * x; }
#pragma omp end declare target

int run(int n) {
  int r = 0;
#pragma omp target map(tofrom : r)
  r = twice(n) + thrice(n);
  return r;
}

// DEV-DAG:  define hidden i32 @twice(
// DEV-DAG:  define hidden i32 @thrice(
// DEV-DAG:  define weak_odr protected void @__omp_offloading_{{.*}}_run_l{{[0-9]+}}(

// The host still launches through the runtime's hook (docs/format.md, 4.).
// HOST-LABEL: define dso_local i32 @run(
// HOST:         call i32 @__omp_indirect_target_kernel(
