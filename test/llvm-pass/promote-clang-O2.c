// Through clang at -O2 (device job), call promotion and loop versioning:
//  - a loop calling through a firstprivate (loop-invariant) pointer gets one
//    compare per candidate before the loop, each choosing a copy of the loop
//    with the candidate inlined and vectorized; the original loop, with the
//    indirect call, is the fallback;
//  - a loop calling through a pointer per element keeps the cascade in the
//    loop, with the candidates inlined, on memos of the host addresses, and
//    translates only where every memo missed;
//  - at -O0 the calls are only translated.
// RUN: %wclang %host-offload --offload-device-only -O2 -S -emit-llvm \
// RUN:   -fno-discard-value-names %s -o - | FileCheck %s
// RUN: %wclang %host-offload --offload-device-only -O0 -S -emit-llvm \
// RUN:   %s -o - | FileCheck %s --check-prefix=O0
// RUN: %wclang %host-offload --offload-device-only -O2 -S -emit-llvm \
// RUN:   -mllvm -omp-indirect-disable-loop-versioning %s -o - \
// RUN:   | FileCheck %s --check-prefix=NOVERSION

#pragma omp begin declare target indirect
double fa(double x) { return 2.0 * x + 1.0; }
double fb(double x) { return x * x; }
double fc(double x) { return x - 3.0; }
#pragma omp end declare target

typedef double (*fn_t)(double);
enum { N = 1024 };
double x[N], y[N];
fn_t per[N];

void invariant(fn_t f) {
#pragma omp target teams distribute parallel for firstprivate(f) \
    map(to : x) map(from : y)
  for (int i = 0; i < N; i++)
    y[i] = f(x[i]);
}

void per_element(void) {
#pragma omp target teams distribute parallel for map(to : x, per) \
    map(from : y)
  for (int i = 0; i < N; i++)
    y[i] = per[i](x[i]);
}

// The loop-invariant pointer: translated once, three compares, each before
// its vectorized copy, then the fallback still calling the pointer.
// CHECK:         %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %f)
// CHECK:         %fptr.is.fa = icmp eq ptr %fptr.device, @fa
// CHECK:         fmuladd.v{{[0-9]+}}f64(<{{[0-9]+}} x double>
// CHECK:         %fptr.is.fb = icmp eq ptr %fptr.device, @fb
// CHECK:         fmul <{{[0-9]+}} x double>
// CHECK:         %fptr.is.fc = icmp eq ptr %fptr.device, @fc
// CHECK:         fadd <{{[0-9]+}} x double>
// CHECK-NOT:     {{^}}define
// CHECK:         call double %fptr.device(
// CHECK-NOT:     icmp eq ptr %fptr.device
// CHECK:         ret void
// The pointer per element: the cascade stays in the loop, on memos of the
// host addresses (PromotionMemo.cpp) that start as the candidates
// themselves; the lookup runs only where every memo missed, before the
// fallback call, and fills the memo of the candidate it found.
// CHECK:         define internal void @{{.*}}omp_outlined{{.*}}(
// CHECK-DAG:     %[[MA:fptr.memo[0-9]*]] = phi ptr [ @fa, %{{.*}} ], [ %[[MA2:fptr.memo[0-9]*]], %{{.*}} ]
// CHECK-DAG:     %[[MB:fptr.memo[0-9]*]] = phi ptr [ @fb, %{{.*}} ], [ %{{.*}}, %{{.*}} ]
// CHECK-DAG:     %[[MC:fptr.memo[0-9]*]] = phi ptr [ @fc, %{{.*}} ], [ %{{.*}}, %{{.*}} ]
// CHECK:         %[[FP:[0-9]+]] = load ptr, ptr %arrayidx
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         %[[HA:.*]] = icmp eq ptr %[[FP]], %[[MA]]
// CHECK-NEXT:    icmp eq ptr %[[FP]], %[[MC]]
// CHECK-NEXT:    br i1 %[[HA]], label %[[A:.*]], label
// CHECK:       [[A]]:
// CHECK-NEXT:    call {{.*}}double @llvm.fmuladd.f64(double %{{.*}}, double 2.0
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         icmp eq ptr %[[FP]], %[[MB]]
// CHECK-NOT:     {{^}}define
// CHECK:         %[[T:[0-9]+]] = call ptr @__kmpc_target_translate_fptr(ptr %[[FP]]) {{.*}}!omp_indirect.memo
// CHECK-DAG:     %[[ISA:.*]] = icmp eq ptr %[[T]], @fa
// CHECK-DAG:     %[[MA1:.*]] = select i1 %[[ISA]], ptr %[[FP]], ptr %[[MA]]
// CHECK:         call double %[[T]]({{.*}}!omp_indirect.promoted
// CHECK:         %[[MA2]] = phi ptr {{.*}}[ %[[MA1]],
// CHECK-NOT:     {{^}}define
// CHECK:         ret void

// NOVERSION-NOT: fptr.is
// NOVERSION-NOT: x double>

// O0: call ptr @__kmpc_target_translate_fptr(
// O0-NOT: icmp eq ptr {{.*}}, @f{{a|b|c}}
