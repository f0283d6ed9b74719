; A device module: an indirect invoke is routed through the translation
; function like an indirect call. The translation call goes just before the
; invoke, and the invoke keeps its normal and unwind destinations.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare i32 @__gxx_personality_v0(...)

; CHECK-LABEL: define i32 @invoke_through_pointer(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    %r = invoke i32 %fptr.device(i32 %x)
; CHECK-NEXT:            to label %cont unwind label %lpad
; CHECK-EMPTY:
; CHECK-NEXT:  cont:
; CHECK-NEXT:    ret i32 %r
; CHECK-EMPTY:
; CHECK-NEXT:  lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    resume { ptr, i32 } %lp
define i32 @invoke_through_pointer(ptr %fp, i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 %fp(i32 %x)
          to label %cont unwind label %lpad

cont:
  ret i32 %r

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}

; CHECK: declare ptr @__kmpc_target_translate_fptr(ptr)

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
