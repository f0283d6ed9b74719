// A plain OpenMP offload program, with `declare target` functions and a
// target region but no indirect function: the plugin records no
// omp_indirect metadata and the pass adds no entry table and (no indirect
// call) no translation call, in the host or the device IR. It still gets the
// table globals and, on the host, the image registration: its kernels may be
// handed pointers to other images' indirect functions (docs/runtime.md).
// RUN: %wclang %host-offload --offload-device-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=DEV --implicit-check-not=omp_indirect \
// RUN:       --implicit-check-not=fptr_entries --implicit-check-not=target_translate_fptr
// RUN: %wclang %host-offload --offload-host-only -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=HOST --implicit-check-not=omp_indirect. \
// RUN:       --implicit-check-not=fptr_entries

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

// DEV-DAG:  @__omp_offloading_fptr_map_p = weak protected global ptr null

// HOST-DAG: @__omp_offloading_fptr_map_p = weak hidden global ptr null
// HOST-DAG: @__omp_indirect_image = linkonce_odr hidden constant
// HOST-DAG: @llvm.global_ctors = {{.*}} ptr @__omp_indirect_image_ctor, ptr @__omp_indirect_image }]

// The host still launches through the runtime's hook (docs/format.md, 4.).
// HOST-LABEL: define dso_local i32 @run(
// HOST:         call i32 @__omp_indirect_target_kernel(
