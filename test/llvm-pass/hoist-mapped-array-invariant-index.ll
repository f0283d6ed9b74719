; A function pointer loaded, on every iteration, from a mapped array at a
; loop-invariant index (`ops[k](i)` with `ops` mapped): the load cannot
; leave the loop (the indirect call may write the array), so neither can
; the translation of its result. At -O2 the pass gives that translation a
; one-entry cache carried around the loop in registers, starting as
; {NULL, NULL}: the loop compares the reloaded pointer with the last one
; and translates only when it changed (remark TranslationCached). With
; -omp-indirect-disable-cache the translation stays in the loop, on the
; call's path.
; RUN: %opt %loadpass -passes='default<O2>' -S %s | FileCheck %s
; RUN: %opt %loadpass -passes='default<O2>' -omp-indirect-disable-cache -S %s \
; RUN:   | FileCheck %s --check-prefix=NOCACHE
; RUN: %opt %loadpass -passes='default<O2>' -pass-remarks=omp-indirect \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @mapped_array(
; CHECK:       body:
; CHECK-DAG:     %fptr.last.host = phi ptr {{\[ %f, %fptr.translated \], \[ null, %entry \]|\[ null, %body.preheader \], \[ %f, %fptr.translated \]}}
; CHECK-DAG:     %fptr.last.device = phi ptr {{\[ %fptr.cached, %fptr.translated \], \[ null, %entry \]|\[ null, %body.preheader \], \[ %fptr.cached, %fptr.translated \]}}
; CHECK:         %f = load ptr, ptr %slot
; CHECK-NEXT:    %fptr.miss = icmp ne ptr %f, %fptr.last.host
; CHECK-NEXT:    br i1 %fptr.miss, label %fptr.translate, label %fptr.translated
; CHECK:       fptr.translate:
; CHECK-NEXT:    %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %f)
; CHECK-NEXT:    br label %fptr.translated
; CHECK:       fptr.translated:
; CHECK-NEXT:    %fptr.cached = phi ptr [ %fptr.last.device, %body ], [ %fptr.device, %fptr.translate ]
; CHECK-NOT:     __kmpc_target_translate_fptr
; CHECK:         %r = tail call i32 %fptr.cached(i32

; NOCACHE-LABEL: define void @mapped_array(
; NOCACHE:         %f = load ptr, ptr %slot
; NOCACHE-NEXT:    %fptr.device = tail call ptr @__kmpc_target_translate_fptr(ptr %f)
; NOCACHE-NOT:     {{^ *br }}
; NOCACHE:         %r = tail call i32 %fptr.device(i32

; REMARK: remark: <unknown>:0:0: translation of a pointer reloaded in a loop cached across iterations
define void @mapped_array(ptr %ops, i64 %k, i32 %n, ptr %out) {
entry:
  %slot = getelementptr inbounds ptr, ptr %ops, i64 %k
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %f = load ptr, ptr %slot, align 8
  %r = call i32 %f(i32 %i)
  %idx = sext i32 %i to i64
  %dst = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %r, ptr %dst, align 4
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
