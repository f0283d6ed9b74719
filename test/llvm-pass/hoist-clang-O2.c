// Through clang at -O2 (device job), the three loop shapes that call
// through a host function pointer translate it once, before the loop: a
// firstprivate pointer, a pointer passed to a declare-target function, and,
// for a pointer reloaded from a mapped array at an invariant index, a
// translation only when the reloaded value changes (a one-entry cache whose
// {last host, last device} pair the loop header carries in phis).
// Promotion (CallPromotion.cpp) is off: it would inline inc at every call
// and leave the translations only on the fallback paths (promote-clang-O2.c).
// RUN: %wclang %host-offload --offload-device-only -O2 -S -emit-llvm \
// RUN:   -fno-discard-value-names -mllvm -omp-indirect-disable-promotion %s -o - \
// RUN:   | FileCheck %s

typedef int (*fn_t)(int);

#pragma omp begin declare target indirect
int inc(int x) { return x + 1; }
#pragma omp end declare target

#pragma omp declare target
int apply(fn_t f, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += f(i);
  return s;
}
#pragma omp end declare target

int main(void) {
  fn_t fp = inc, ops[2] = {inc, inc};
  int n = 100, k = 1, s1 = 0, s2 = 0, s3 = 0;
#pragma omp target firstprivate(fp) map(from : s1)
  for (int i = 0; i < n; i++)
    s1 += fp(i);
#pragma omp target map(to : ops) map(from : s2)
  for (int i = 0; i < n; i++)
    s2 += ops[k](i);
#pragma omp target map(from : s3)
  s3 = apply(fp, n);
  return s1 + s2 + s3 == 0;
}

// Firstprivate: translated before the loop header's phi.
// CHECK-LABEL: define {{.*}}main_l{{[0-9]+}}(
// CHECK:         %[[T1:[a-z.0-9]+]] = tail call ptr @__kmpc_target_translate_fptr(
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         phi i32
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         call i32 %[[T1]](
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         !llvm.loop
// Mapped array, invariant index: the loop compares and translates on change.
// CHECK-LABEL: define {{.*}}main_l{{[0-9]+}}(
// CHECK-DAG:     %fptr.last.host = phi ptr
// CHECK-DAG:     %fptr.last.device = phi ptr
// CHECK:         %fptr.miss = icmp ne ptr %{{.*}}, %fptr.last.host
// CHECK:       fptr.translate:
// CHECK-NEXT:    tail call ptr @__kmpc_target_translate_fptr(
// CHECK:       fptr.translated:
// CHECK-NEXT:    %fptr.cached = phi ptr [ %fptr.last.device,
// CHECK-NEXT:    call i32 %fptr.cached(
// Argument of a declare-target function: translated before the loop.
// CHECK-LABEL: define {{.*}}i32 @apply(
// CHECK:         %[[T3:[a-z.0-9]+]] = tail call ptr @__kmpc_target_translate_fptr(ptr %f)
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         phi i32
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         call i32 %[[T3]](
// CHECK-NOT:     __kmpc_target_translate_fptr
// CHECK:         !llvm.loop
// CHECK-LABEL: define {{.*}}@inc(
