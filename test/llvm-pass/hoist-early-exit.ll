; A loop that can leave before the call (a `break` on a sentinel) still
; translates its loop-invariant pointer once, in the preheader, although the
; call does not run on every iteration: the translation is pure and total
; within a kernel. Without LICM (the translation is not `speculatable`
; here), and at -O2 from a plain indirect call.
; RUN: %opt %loadpass -passes=omp-indirect-cache -S %s | FileCheck %s \
; RUN:   --implicit-check-not=fptr.last
; RUN: %opt %loadpass -passes='default<O2>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2 --implicit-check-not=fptr.last

target triple = "x86_64-pc-linux-gnu"

declare ptr @__kmpc_target_translate_fptr(ptr)

; CHECK-LABEL: define i32 @until_negative(
; CHECK:       entry:
; CHECK-NEXT:    %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    br label %loop
; CHECK:       call:
; CHECK-NEXT:    %r = call i32 %t(i32 %x)
define i32 @until_negative(ptr %fp, ptr %in, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %call ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %call ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %idx
  %x = load i32, ptr %p, align 4
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %exit, label %call

call:
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %r = call i32 %t(i32 %x)
  %s.next = add i32 %s, %r
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %res = phi i32 [ %s, %loop ], [ %s.next, %call ]
  ret i32 %res
}

; O2-LABEL: define i32 @until_negative_plain(
; O2:          %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %fp)
; O2-NOT:      __kmpc_target_translate_fptr
; O2:          call i32 %fptr.device(i32
; O2-NOT:      __kmpc_target_translate_fptr
; O2:          ret i32
define i32 @until_negative_plain(ptr %fp, ptr %in, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %call ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %call ]
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %in, i64 %idx
  %x = load i32, ptr %p, align 4
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %exit, label %call

call:
  %r = call i32 %fp(i32 %x)
  %s.next = add i32 %s, %r
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %res = phi i32 [ %s, %loop ], [ %s.next, %call ]
  ret i32 %res
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
