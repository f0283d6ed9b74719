; Loop versioning on a promoted pointer (PromotedLoopVersioning.cpp): the
; loop tests a loop-invariant translated pointer against @a and @b on every
; iteration. After the pass, the two compares run once, before the loop, and
; choose one of three copies: in the copy for @a the test for @a is true and
; the one for @b false, in the copy for @b the reverse, and in the original
; loop, the fallback, both are false. The value the loop leaves
; (%s.next.lcssa) comes from whichever copy ran. A compare with a pointer
; that changes in the loop is no reason to version.
; RUN: %opt %loadpass -passes=omp-indirect-version -S %s \
; RUN:   -pass-remarks=omp-indirect 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --input-file %t.err
; RUN: %opt %loadpass -passes=omp-indirect-version -S %s \
; RUN:   -omp-indirect-disable-loop-versioning | FileCheck %s --check-prefix=OFF

target triple = "x86_64-pc-linux-gnu"

declare ptr @__kmpc_target_translate_fptr(ptr) nounwind speculatable willreturn memory(none)

define i32 @a(i32 %x) {
  ret i32 %x
}
define i32 @b(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

; CHECK-LABEL: define i32 @invariant(
; CHECK:         %fptr.is.a = icmp eq ptr %t, @a
; CHECK-NEXT:    br i1 %fptr.is.a, label %loop.ph.a, label %fptr.dispatch
; CHECK:       loop.a:
; CHECK:         br i1 true, label %call.a.a, label %else.a
; CHECK:       else.a:
; CHECK-NEXT:    br i1 false, label %call.b.a, label %fallback.a
; CHECK:       loop.b:
; CHECK:         br i1 false, label %call.a.b, label %else.b
; CHECK:       else.b:
; CHECK-NEXT:    br i1 true, label %call.b.b, label %fallback.b
; CHECK:       fptr.dispatch:
; CHECK-NEXT:    %fptr.is.b = icmp eq ptr %t, @b
; CHECK-NEXT:    br i1 %fptr.is.b, label %loop.ph.b, label %loop.ph
; The fallback: the original loop.
; CHECK:       loop:
; CHECK:         br i1 false, label %call.a, label %else
; CHECK:       else:
; CHECK-NEXT:    br i1 false, label %call.b, label %fallback
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %s.next.lcssa = phi i32
; CHECK-DAG:     [ %s.next.a, %exit.loopexit ]
; CHECK-DAG:     [ %s.next.b, %exit.loopexit1 ]
; CHECK-DAG:     [ %s.next, %exit.loopexit2 ]
; REMARK: remark: <unknown>:0:0: loop versioned on a loop-invariant translated pointer: one copy each for a, b, the table for the rest
; OFF-NOT: fptr.is
define i32 @invariant(ptr %fp, ptr %y, i64 %n) {
entry:
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %is.a = icmp eq ptr %t, @a
  %is.b = icmp eq ptr %t, @b
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %p = getelementptr i32, ptr %y, i64 %i
  %x = load i32, ptr %p
  br i1 %is.a, label %call.a, label %else
call.a:
  %ra = call i32 @a(i32 %x)
  br label %latch
else:
  br i1 %is.b, label %call.b, label %fallback
call.b:
  %rb = call i32 @b(i32 %x)
  br label %latch
fallback:
  %rf = call i32 %t(i32 %x)
  br label %latch
latch:
  %r = phi i32 [ %ra, %call.a ], [ %rb, %call.b ], [ %rf, %fallback ]
  %s.next = add i32 %s, %r
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

; CHECK-LABEL: define void @varying(
; CHECK-NOT:     fptr.is
; CHECK:         ret void
define void @varying(ptr %fps, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %pp = getelementptr ptr, ptr %fps, i64 %i
  %fp = load ptr, ptr %pp
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %is.a = icmp eq ptr %t, @a
  br i1 %is.a, label %call.a, label %fallback
call.a:
  %ra = call i32 @a(i32 0)
  br label %latch
fallback:
  %rf = call i32 %t(i32 0)
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
