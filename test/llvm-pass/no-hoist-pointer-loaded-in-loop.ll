; A pointer loaded inside the loop keeps its translation in the loop body:
; the indirect call may store a new pointer where the next iteration loads
; it (here a variable shared into a `parallel for`, read through the
; outlined function's argument). Its translation keeps the one-entry cache,
; a compare per iteration and a lookup when the pointer changed; it is not
; hoisted. Without LICM, and at -O2 from a plain indirect call.
; RUN: %opt %loadpass -passes='omp-indirect,function(omp-indirect-cache)' -S %s \
; RUN:   | FileCheck %s
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define {{.*}}void @outlined(
; CHECK:         %fptr.last.host = phi ptr
; CHECK:         %fp = load ptr, ptr %fp.shared
; CHECK-NEXT:    %fptr.miss = icmp ne ptr %fp, %fptr.last.host
; CHECK-NEXT:    br i1 %fptr.miss, label %fptr.translate, label %fptr.translated
; CHECK:       fptr.translate:
; CHECK-NEXT:    {{.*}}call ptr @__kmpc_target_translate_fptr(ptr %fp)
define void @outlined(ptr nocapture readonly %fp.shared, ptr %acc, i32 %n) {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %fp = load ptr, ptr %fp.shared, align 8
  %r = call i32 %fp(i32 %i)
  %old = load i32, ptr %acc, align 4
  %new = add i32 %old, %r
  store i32 %new, ptr %acc, align 4
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
