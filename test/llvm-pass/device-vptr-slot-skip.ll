; The function pointer read from a slot of a translated vtable is a device
; address and needs no lookup of its own, where the pass can prove that the
; translated load is a vptr (clang's "vtable pointer" TBAA tag, -O1 and
; up; !invariant.group, -fstrict-vtable-pointers; or an llvm.type.test of
; it: whole-program vtables, CFI) and the vptr's lookup hit. Where it missed
; (the lookup returned the vptr: a class whose vtable is not registered, or
; an object built on the device), the slot is looked up, through
; __omp_indirect_translate_slot, which the pass defines and which is not
; speculatable, so no later pass hoists it onto the hit path. Each such call
; is reported as remark SlotLookupSkipped, which says both; never "no lookup
; needed". -omp-indirect-disable-slot-lookup-skip keeps the second lookup
; unconditional; -omp-indirect-disable-vptr-translation translates no vptr
; (and so proves nothing: every call is looked up).
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -pass-remarks=omp-indirect \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt %loadpass -passes=omp-indirect \
; RUN:   -omp-indirect-disable-slot-lookup-skip -S %s \
; RUN:   | FileCheck %s --check-prefix=NOSKIP
; RUN: %opt %loadpass -passes=omp-indirect \
; RUN:   -omp-indirect-disable-vptr-translation -S %s \
; RUN:   | FileCheck %s --check-prefix=NOVPTR
; Run twice, the pass adds nothing.
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S %s \
; RUN:   | FileCheck %s --check-prefix=TWICE
; REMARK-COUNT-3: remark: {{.*}}virtual call: the slot of a translated vtable is called without a lookup; where the vtable lookup missed (a class without a registered vtable), the slot is looked up
; REMARK-NOT: no lookup needed
; TWICE-COUNT-3: call ptr @__omp_indirect_translate_slot(
; TWICE-NOT: call ptr @__omp_indirect_translate_slot(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @tbaa_vptr(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj, align 8, !tbaa
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %vfn = getelementptr inbounds ptr, ptr %vtable.device, i64 1
; CHECK-NEXT:    %fn = load ptr, ptr %vfn, align 8
; CHECK-NEXT:    %vtable.miss = icmp eq ptr %vtable.device, %vtable
; CHECK-NEXT:    br i1 %vtable.miss, label %[[MISS:[0-9]+]], label %[[CALL:[0-9]+]]
; CHECK:       [[MISS]]:
; CHECK-NEXT:    %fptr.device = call ptr @__omp_indirect_translate_slot(ptr %fn)
; CHECK-NEXT:    br label %[[CALL]]
; CHECK:       [[CALL]]:
; CHECK-NEXT:    %vfn.device = phi ptr [ %fn, %0 ], [ %fptr.device, %[[MISS]] ]
; CHECK-NEXT:    %r = call i32 %vfn.device(ptr %obj, i32 %x)
; NOSKIP-LABEL: define i32 @tbaa_vptr(
; NOSKIP:         %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
; NOSKIP-NEXT:    %r = call i32 %fptr.device(ptr %obj, i32 %x)
; NOVPTR-LABEL: define i32 @tbaa_vptr(
; NOVPTR-NEXT:    %vtable = load ptr, ptr %obj, align 8, !tbaa
; NOVPTR-NEXT:    %vfn = getelementptr inbounds ptr, ptr %vtable, i64 1
; NOVPTR-NEXT:    %fn = load ptr, ptr %vfn, align 8
; NOVPTR-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
define i32 @tbaa_vptr(ptr %obj, i32 %x) {
  %vtable = load ptr, ptr %obj, align 8, !tbaa !1
  %vfn = getelementptr inbounds ptr, ptr %vtable, i64 1
  %fn = load ptr, ptr %vfn, align 8
  %r = call i32 %fn(ptr %obj, i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @invariant_group_vptr(
; CHECK-NEXT:    %vtable = load ptr, ptr %obj, align 8, !invariant.group
; CHECK-NEXT:    %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %fn = load ptr, ptr %vtable.device, align 8
; CHECK-NEXT:    %vtable.miss = icmp eq ptr %vtable.device, %vtable
; CHECK:         %fptr.device = call ptr @__omp_indirect_translate_slot(ptr %fn)
; CHECK:         %vfn.device = phi ptr [ %fn, %0 ], [ %fptr.device, %{{[0-9]+}} ]
; CHECK-NEXT:    %r = call i32 %vfn.device(ptr %obj)
define i32 @invariant_group_vptr(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8, !invariant.group !4
  %fn = load ptr, ptr %vtable, align 8
  %r = call i32 %fn(ptr %obj)
  ret i32 %r
}

; CHECK-LABEL: define i32 @type_test_vptr(
; CHECK:         %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK-NEXT:    %ok = call i1 @llvm.type.test(ptr %vtable.device, metadata !"_ZTS1S")
; CHECK:         %vtable.miss = icmp eq ptr %vtable.device, %vtable
; CHECK:         %fptr.device = call ptr @__omp_indirect_translate_slot(ptr %fn)
; CHECK:         %r = call i32 %vfn.device(ptr %obj)
define i32 @type_test_vptr(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8
  %ok = call i1 @llvm.type.test(ptr %vtable, metadata !"_ZTS1S")
  call void @llvm.assume(i1 %ok)
  %fn = load ptr, ptr %vtable, align 8
  %r = call i32 %fn(ptr %obj)
  ret i32 %r
}

; Not a vptr by any proof (an ordinary pointer tag): looked up again.
; CHECK-LABEL: define i32 @other_tbaa(
; CHECK:         %vtable.device = call ptr @__kmpc_target_translate_fptr(ptr %vtable)
; CHECK:         %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fn)
; CHECK-NEXT:    %r = call i32 %fptr.device(ptr %obj)
define i32 @other_tbaa(ptr %obj) {
  %vtable = load ptr, ptr %obj, align 8, !tbaa !5
  %fn = load ptr, ptr %vtable, align 8
  %r = call i32 %fn(ptr %obj)
  ret i32 %r
}

; The slot's lookup: hidden, never inlined, not speculatable.
; CHECK-LABEL: define linkonce_odr hidden ptr @__omp_indirect_translate_slot(ptr %0)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %1 = call ptr @__kmpc_target_translate_fptr(ptr %0)
; CHECK-NEXT:    ret ptr %1
; CHECK:       attributes #[[#]] = { noinline nounwind willreturn memory(none) }

declare i1 @llvm.type.test(ptr, metadata)
declare void @llvm.assume(i1)

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
!1 = !{!2, !2, i64 0}
!2 = !{!"vtable pointer", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
!4 = !{}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !3, i64 0}
