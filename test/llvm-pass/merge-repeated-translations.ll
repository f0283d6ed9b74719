; At -O2 two calls through the same pointer share one translation: the
; translation is memory(none), so EarlyCSE/GVN merge the second into the
; first even though the first indirect call may write memory.
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @twice(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    %a = tail call i32 %fptr.device(i32 %x)
; CHECK-NEXT:    %b = tail call i32 %fptr.device(i32 %a)
; CHECK-NEXT:    ret i32 %b
define i32 @twice(ptr %fp, i32 %x) {
entry:
  %a = call i32 %fp(i32 %x)
  %b = call i32 %fp(i32 %a)
  ret i32 %b
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
