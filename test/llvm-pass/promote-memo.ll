; Memos of promoted translations (PromotionMemo.cpp), run by the pass that
; versions loops. In @records the pointer changes on every iteration: the
; promotion compares become compares of the host pointer with one memo per
; candidate, carried around the loop from the candidates' own addresses, and
; the lookup moves to the fallback, where it fills the memo of the candidate
; it found. In @two_sites one translation serves two promoted calls: each
; fallback gets its own lookup. Left alone: a translation whose result the
; loop also uses on every path (@used_in_head), one that no promotion compare
; tests (@not_promoted), and one outside any loop (@no_loop).
; RUN: %opt %loadpass -passes=omp-indirect-version -S %s \
; RUN:   -pass-remarks=omp-indirect 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --input-file %t.err
; RUN: %opt %loadpass -passes=omp-indirect-version -S %s \
; RUN:   -omp-indirect-disable-memo | FileCheck %s --check-prefix=OFF
; RUN: %opt %loadpass -passes=omp-indirect-version,omp-indirect-version -S %s \
; RUN:   | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare ptr @__kmpc_target_translate_fptr(ptr) nounwind speculatable willreturn memory(none)

define i32 @a(i32 %x) {
  ret i32 %x
}
define i32 @b(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

; CHECK-LABEL: define i32 @records(
; CHECK:       loop:
; CHECK-DAG:     %[[MA:fptr.memo[0-9]*]] = phi ptr [ @a, %entry ], [ %[[MA2:fptr.memo[0-9]*]], %latch ]
; CHECK-DAG:     %[[MB:fptr.memo[0-9]*]] = phi ptr [ @b, %entry ], [ %[[MB2:fptr.memo[0-9]*]], %latch ]
; CHECK:         %fp = load ptr, ptr %slot
; CHECK-NEXT:    %[[HA:.*]] = icmp eq ptr %fp, %[[MA]]
; CHECK-NEXT:    %[[HB:.*]] = icmp eq ptr %fp, %[[MB]]
; CHECK-NEXT:    br i1 %[[HA]], label %call.a, label %else
; CHECK:       else:
; CHECK-NEXT:    br i1 %[[HB]], label %call.b, label %fallback
; CHECK:       fallback:
; CHECK-NEXT:    %[[T:.*]] = call ptr @__kmpc_target_translate_fptr(ptr %fp){{.*}} !omp_indirect.memo
; CHECK-NEXT:    %[[ISA:.*]] = icmp eq ptr %[[T]], @a
; CHECK-NEXT:    %[[NA:.*]] = select i1 %[[ISA]], ptr %fp, ptr %[[MA]]
; CHECK-NEXT:    %[[ISB:.*]] = icmp eq ptr %[[T]], @b
; CHECK-NEXT:    %[[NB:.*]] = select i1 %[[ISB]], ptr %fp, ptr %[[MB]]
; CHECK-NEXT:    %r.ind = call i32 %[[T]](i32 %i)
; CHECK:       latch:
; CHECK-DAG:     %[[MA2]] = phi ptr [ %[[MA]], %call.a ], [ %[[MA]], %call.b ], [ %[[NA]], %fallback ]
; CHECK-DAG:     %[[MB2]] = phi ptr [ %[[MB]], %call.a ], [ %[[MB]], %call.b ], [ %[[NB]], %fallback ]
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         ret i32
; REMARK: remark: <unknown>:0:0: translation of a pointer that changes in the loop memoized for its 2 promoted candidates: a host address met before calls its candidate without a lookup
; OFF-LABEL:   define i32 @records(
; OFF:           %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; OFF-NEXT:      %is.a = icmp eq ptr %t, @a
define i32 @records(ptr %recs, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %slot = getelementptr ptr, ptr %recs, i32 %i
  %fp = load ptr, ptr %slot
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %is.a = icmp eq ptr %t, @a
  br i1 %is.a, label %call.a, label %else
else:
  %is.b = icmp eq ptr %t, @b
  br i1 %is.b, label %call.b, label %fallback
call.a:
  %r.a = call i32 @a(i32 %i)
  br label %latch
call.b:
  %r.b = call i32 @b(i32 %i)
  br label %latch
fallback:
  %r.ind = call i32 %t(i32 %i), !omp_indirect.promoted !0
  br label %latch
latch:
  %r = phi i32 [ %r.a, %call.a ], [ %r.b, %call.b ], [ %r.ind, %fallback ]
  %s.next = add i32 %s, %r
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

; CHECK-LABEL: define i32 @two_sites(
; CHECK:         %[[H1:.*]] = icmp eq ptr %fp, %fptr.memo
; CHECK:         br i1 %[[H1]], label %call.a1, label %fallback1
; CHECK:       fallback1:
; CHECK-NEXT:    %[[T1:.*]] = call ptr @__kmpc_target_translate_fptr(ptr %fp){{.*}} !omp_indirect.memo
; CHECK:         call i32 %[[T1]](i32 %i)
; CHECK:         br i1 %[[H1]], label %call.a2, label %fallback2
; CHECK:       fallback2:
; CHECK-NEXT:    %[[T2:.*]] = call ptr @__kmpc_target_translate_fptr(ptr %fp){{.*}} !omp_indirect.memo
; CHECK:         call i32 %[[T2]](i32 %r1)
; CHECK:         ret i32
define i32 @two_sites(ptr %recs, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join2 ]
  %slot = getelementptr ptr, ptr %recs, i32 %i
  %fp = load ptr, ptr %slot
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %is.a1 = icmp eq ptr %t, @a
  br i1 %is.a1, label %call.a1, label %fallback1
call.a1:
  %r.a1 = call i32 @a(i32 %i)
  br label %join1
fallback1:
  %r.ind1 = call i32 %t(i32 %i), !omp_indirect.promoted !0
  br label %join1
join1:
  %r1 = phi i32 [ %r.a1, %call.a1 ], [ %r.ind1, %fallback1 ]
  %is.a2 = icmp eq ptr %t, @a
  br i1 %is.a2, label %call.a2, label %fallback2
call.a2:
  %r.a2 = call i32 @a(i32 %r1)
  br label %join2
fallback2:
  %r.ind2 = call i32 %t(i32 %r1), !omp_indirect.promoted !0
  br label %join2
join2:
  %r2 = phi i32 [ %r.a2, %call.a2 ], [ %r.ind2, %fallback2 ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %r2
}

; CHECK-LABEL: define void @used_in_head(
; CHECK-NOT:     fptr.memo
; CHECK:         ret void
define void @used_in_head(ptr %recs, ptr %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %slot = getelementptr ptr, ptr %recs, i32 %i
  %fp = load ptr, ptr %slot
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  store ptr %t, ptr %out
  %is.a = icmp eq ptr %t, @a
  br i1 %is.a, label %call.a, label %fallback
call.a:
  call i32 @a(i32 %i)
  br label %latch
fallback:
  call i32 %t(i32 %i), !omp_indirect.promoted !0
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @not_promoted(
; CHECK-NOT:     fptr.memo
; CHECK:         ret void
define void @not_promoted(ptr %recs, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %slot = getelementptr ptr, ptr %recs, i32 %i
  %fp = load ptr, ptr %slot
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  call i32 %t(i32 %i)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define i32 @no_loop(
; CHECK-NOT:     fptr.memo
; CHECK:         ret i32
define i32 @no_loop(ptr %fp) {
entry:
  %t = call ptr @__kmpc_target_translate_fptr(ptr %fp)
  %is.a = icmp eq ptr %t, @a
  br i1 %is.a, label %call.a, label %fallback
call.a:
  %r.a = call i32 @a(i32 1)
  br label %join
fallback:
  %r.ind = call i32 %t(i32 1), !omp_indirect.promoted !0
  br label %join
join:
  %r = phi i32 [ %r.a, %call.a ], [ %r.ind, %fallback ]
  ret i32 %r
}

!0 = !{}
!1 = !{i32 7, !"openmp-device", i32 51}
!llvm.module.flags = !{!1}
