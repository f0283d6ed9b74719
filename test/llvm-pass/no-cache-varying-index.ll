; A pointer loaded at an index that changes every iteration (`ops[i](i)`)
; is most likely a different function each time: its translation stays in
; the loop, on the call's path, with no one-entry cache (which would only
; add a compare to every call).
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s \
; RUN:   --implicit-check-not=fptr.last

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @each_its_own(
; CHECK:         %f = load ptr, ptr %slot
; CHECK-NEXT:    %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %f)
; CHECK-NOT:     {{^ *br }}
; CHECK:         %r = tail call i32 %fptr.device(i32
define void @each_its_own(ptr %ops, i32 %n, ptr %out) {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %idx = sext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %ops, i64 %idx
  %f = load ptr, ptr %slot, align 8
  %r = call i32 %f(i32 %i)
  %dst = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %r, ptr %dst, align 4
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
