; At -O2 the translation of a function pointer passed as an argument to a
; declare-target function is hoisted out of the loop, even though the call
; through it runs only on some iterations: the translation is declared
; speculatable (it reads only the table, never traps and terminates), so
; LICM may run it where the call might not. The loop calls the translated
; pointer.
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @apply_odd(
; CHECK:         %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %f)
; CHECK:       body:
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         call i32 %fptr.device(i32
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         ret i32
define i32 @apply_odd(ptr %f, i32 %n) {
entry:
  %f.addr = alloca ptr, align 8
  store ptr %f, ptr %f.addr, align 8
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %odd = and i32 %i, 1
  %is.odd = icmp ne i32 %odd, 0
  br i1 %is.odd, label %call, label %latch

call:
  %fp = load ptr, ptr %f.addr, align 8
  %r = call i32 %fp(i32 %i)
  %s.add = add i32 %s, %r
  br label %latch

latch:
  %s.next = phi i32 [ %s, %body ], [ %s.add, %call ]
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret i32 %s
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
