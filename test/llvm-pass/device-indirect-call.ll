; A device module: the indirect call is routed through the translation
; function; the direct call and the intrinsic are left alone.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare i32 @callee(i32)
declare void @llvm.assume(i1)

; CHECK-LABEL: define i32 @through_pointer(
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp) #[[CALLATTR:[0-9]+]]
; CHECK-NEXT:    %r = call i32 %fptr.device(i32 %x)
; CHECK-NEXT:    %d = call i32 @callee(i32 %r)
; CHECK-NEXT:    call void @llvm.assume(i1 true)
; CHECK-NEXT:    ret i32 %d
define i32 @through_pointer(ptr %fp, i32 %x) {
  %r = call i32 %fp(i32 %x)
  %d = call i32 @callee(i32 %r)
  call void @llvm.assume(i1 true)
  ret i32 %d
}

; The translation's attributes, on the declaration and on the call, are
; what lets -O2 hoist and merge it (IndirectCalls.cpp says why they hold).
; CHECK: declare ptr @__kmpc_target_translate_fptr(ptr) #[[ATTR:[0-9]+]]
; CHECK-DAG: attributes #[[ATTR]] = { nofree nosync nounwind speculatable willreturn memory(none) }
; CHECK-DAG: attributes #[[CALLATTR]] = { nounwind memory(none) }

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
