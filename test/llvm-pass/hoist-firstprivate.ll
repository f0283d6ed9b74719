; At -O2 the translation of a firstprivate function pointer (a kernel
; argument the target region keeps in a local variable) is hoisted out of
; the loop that calls through it: it runs once, in the loop preheader, and
; the loop calls the translated pointer. Without the pass's attributes
; (memory(none) speculatable nounwind willreturn) LICM keeps it in the loop,
; because the indirect call after it may write memory.
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s
; RUN: %opt %loadpass -passes='default<O2>' -omp-indirect-disable-cache -S %s \
; RUN:   | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @firstprivate(
; CHECK:       body.lr.ph:
; CHECK-NEXT:    %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         br label %body
; CHECK:       body:
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         %r = tail call i32 %fptr.device(i32
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         br i1 %{{c|exitcond.not}}, label %{{body|exit}}, label %{{exit|body}}
define void @firstprivate(ptr %fp, i32 %n, ptr %out) {
entry:
  %fp.addr = alloca ptr, align 8
  store ptr %fp, ptr %fp.addr, align 8
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %f = load ptr, ptr %fp.addr, align 8
  %r = call i32 %f(i32 %i)
  %idx = sext i32 %i to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %r, ptr %slot, align 4
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret void
}

; CHECK: declare ptr @__kmpc_target_translate_fptr(ptr) {{.*}}#[[ATTR:[0-9]+]]
; CHECK: attributes #[[ATTR]] = { {{.*}}nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
