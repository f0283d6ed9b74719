; The late loop pass moves the translation of a loop-invariant pointer to the
; loop's preheader by itself, without LICM: here the translation is not
; `speculatable` (as after LTO linked the lookup's definition in) and sits
; behind the loop's exit test. The loop keeps no compare and no lookup of
; its own. A loop entered from two blocks gets a preheader first. At -O2 from
; a plain indirect call the result is the same.
; RUN: %opt %loadpass -passes=omp-indirect-cache -pass-remarks=omp-indirect \
; RUN:   -S %s 2> %t.remarks | FileCheck %s --implicit-check-not=fptr.last
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt %loadpass -passes='default<O2>' -S %s \
; RUN:   | FileCheck %s --check-prefix=O2 --implicit-check-not=fptr.last

target triple = "x86_64-pc-linux-gnu"

declare ptr @__kmpc_target_translate_fptr(ptr)

; REMARK: remark: <unknown>:0:0: translation of a loop-invariant pointer hoisted out of the loop
; REMARK: remark: <unknown>:0:0: translation of a loop-invariant pointer hoisted out of the loop
; REMARK-NOT: remark

; CHECK-LABEL: define i32 @sum(
; CHECK:       entry:
; CHECK-NEXT:    %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    br label %cond
; CHECK:       body:
; CHECK-NEXT:    %r = call i32 %t(i32 %i)
define i32 @sum(ptr %fp, i32 %n) {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %r = call i32 %t(i32 %i)
  %s.next = add i32 %s, %r
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret i32 %s
}

; CHECK-LABEL: define i32 @two_ways_in(
; CHECK:       cond.preheader:
; CHECK-NEXT:    %i.ph = phi i32
; CHECK-NEXT:    %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    br label %cond
; CHECK:       body:
; CHECK-NEXT:    %r = call i32 %t(i32 %i)
define i32 @two_ways_in(ptr %fp, i32 %n, i1 %skip) {
entry:
  br i1 %skip, label %cond, label %other

other:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ 0, %other ], [ %s.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %r = call i32 %t(i32 %i)
  %s.next = add i32 %s, %r
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret i32 %s
}

; O2-LABEL: define i32 @calls(
; O2:          %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %fp)
; O2-NOT:      __kmpc_target_translate_fptr
; O2:          tail call i32 %fptr.device(i32
; O2-NOT:      __kmpc_target_translate_fptr
; O2:          ret i32
define i32 @calls(ptr %fp, i32 %n) {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %r = call i32 %fp(i32 %i)
  %s.next = add i32 %s, %r
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret i32 %s
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
