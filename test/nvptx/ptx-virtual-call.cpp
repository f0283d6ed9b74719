// A virtual call in a target region on a mapped object, in the PTX of the
// device module: the vptr the kernel loads goes to
// __kmpc_target_translate_fptr, and the slot is read through the result.
// At -O2 clang's TBAA tag proves the load a vptr, so where the vptr's lookup
// hit (the result differs from the vptr) the function pointer read from the
// slot is called with no second lookup; only a miss branches to the slot's
// lookup, __omp_indirect_translate_slot, which no pass hoists onto the hit
// path. At -O0 nothing proves it and the second lookup stays. The device vtables are in the module, and
// the FPTR table holds their address points (vtable + 16).
// REQUIRES: nvptx
// RUN: %wclangxx %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -Wno-openmp-mapping -S -O2 %s -o %t.O2.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,O2 --input-file %t.O2.ptx
// RUN: %wclangxx %nvptx-offload --offload-arch=sm_80 --offload-device-only \
// RUN:   -Wno-openmp-mapping -S -O0 %s -o %t.O0.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,O0 --input-file %t.O0.ptx

#pragma omp begin declare target indirect
struct Shape {
  virtual int area(int s) const { return s; }
  virtual ~Shape() {}
};
struct Square : Shape {
  int area(int s) const override { return s * s; }
};
#pragma omp end declare target

int main() {
  Square sq;
  int r = 0;
#pragma omp target map(to : sq) map(from : r)
  {
    const Shape *p = &sq;
    r = p->area(3);
  }
  return r != 9;
}
// CHECK: .weak .global .align 8 .u64 _ZTV5Shape[5] = {0, 0, _ZNK5Shape4areaEi,
// CHECK: .weak .global .align 8 .u64 _ZTV6Square[5] = {0, 0, _ZNK6Square4areaEi,
// CHECK: __omp_offloading_fptr_entries_{{[0-9a-f]+}}[6] = {{{.*}}generic(_ZTV5Shape)+16,{{.*}}generic(_ZTV6Square)+16
//
// CHECK-LABEL: .entry __omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// The vptr, loaded from the object, goes to the lookup.
// CHECK:      ld.{{(global.)?}}u64 [[VPTR:%rd[0-9]+]], [{{%rd[0-9]+}}];
// CHECK-NEXT: { // callseq
// CHECK:      st.param.b64 [param0+0], [[VPTR]];
// CHECK:      __kmpc_target_translate_fptr,
// CHECK:      ld.param.b64 [[DEVVT:%rd[0-9]+]], [retval0+0];
// The slot is read from the device vtable.
// CHECK:      ld.u64 [[SLOT:%rd[0-9]+]], [[[DEVVT]]];
// O2-NEXT:    setp.ne.s64 [[HIT:%p[0-9]+]], [[DEVVT]], [[VPTR]];
// O2-NEXT:    @[[HIT]] bra [[CALL:\$L__BB[0-9_]+]];
// O2-NOT:     __kmpc_target_translate_fptr
// O2:         __omp_indirect_translate_slot
// O2:         [[CALL]]:
// O2-NOT:     __kmpc_target_translate_fptr
// O2:         call (retval0),
// O2-NEXT:    [[SLOT]],
// O0-NEXT:    { // callseq
// O0:         st.param.b64 [param0+0], [[SLOT]];
// O0:         __kmpc_target_translate_fptr,
// O0:         ld.param.b64 [[FN:%rd[0-9]+]], [retval0+0];
// O0:         call (retval0),
// O0-NEXT:    [[FN]],
// CHECK:      ret;
