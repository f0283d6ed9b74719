; In a loop nest the late loop pass moves each translation out of every loop
; in which its pointer is invariant: a kernel argument's to the outer loop's
; preheader, a pointer chosen once per outer iteration to the inner loop's
; preheader (the end of the outer loop's body). Two translations of one pointer become
; one. Without LICM: the translations are not `speculatable` here.
; RUN: %opt %loadpass -passes=omp-indirect-cache -S %s | FileCheck %s \
; RUN:   --implicit-check-not=fptr.last

target triple = "nvptx64-nvidia-cuda"

declare ptr @__kmpc_target_translate_fptr(ptr)

; CHECK-LABEL: define i32 @grid(
; CHECK:       entry:
; CHECK-NEXT:    %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    br label %outer
; CHECK:       outer:
; CHECK:         %row.fp = load ptr, ptr %slot
; CHECK-NEXT:    %u = call ptr @__kmpc_target_translate_fptr(ptr %row.fp)
; CHECK-NEXT:    br label %inner
; CHECK:       inner:
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         %r = call i32 %t(i32 %j)
; CHECK-NEXT:    %q = call i32 %t(i32 %r)
; CHECK-NEXT:    %v = call i32 %u(i32 %q)
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         ret i32
define i32 @grid(ptr %fp, ptr %rows, i32 %n) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.inner, %outer.latch ]
  %idx = sext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %rows, i64 %idx
  %row.fp = load ptr, ptr %slot, align 8
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %s.in = phi i32 [ %s, %outer ], [ %s.inner, %inner ]
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %r = call i32 %t(i32 %j)
  %t2 = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %q = call i32 %t2(i32 %r)
  %u = call ptr @__kmpc_target_translate_fptr(ptr %row.fp)
  %v = call i32 %u(i32 %q)
  %s.inner = add i32 %s.in, %v
  %j.next = add nsw i32 %j, 1
  %c.in = icmp slt i32 %j.next, %n
  br i1 %c.in, label %inner, label %outer.latch

outer.latch:
  %i.next = add nsw i32 %i, 1
  %c.out = icmp slt i32 %i.next, %n
  br i1 %c.out, label %outer, label %exit

exit:
  ret i32 %s.inner
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
