; A device module whose calls are all direct, intrinsic or inline asm: the
; pass leaves every call alone and, with no indirect call to rewrite, does
; not even declare __kmpc_target_translate_fptr. A call to a function under
; another signature (as an unprototyped C call gives) and a call to an alias
; name their callee too, so they are direct as well.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   | FileCheck %s --check-prefix=NODECL

target triple = "x86_64-pc-linux-gnu"

declare i32 @callee(i32)
declare void @llvm.assume(i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @aliasee(i32 %x) {
  ret i32 %x
}
@alias = alias i32 (i32), ptr @aliasee

; CHECK-LABEL: define i32 @direct_only(
; CHECK-NEXT:    %a = call i32 @callee(i32 %x)
; CHECK-NEXT:    %b = tail call i32 @callee(i32 %a)
; CHECK-NEXT:    call void @llvm.assume(i1 true)
; CHECK-NEXT:    call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
; CHECK-NEXT:    %c = call i32 asm "mov $1, $0", "=r,r"(i32 %b)
; CHECK-NEXT:    call void asm sideeffect "nop", ""()
; CHECK-NEXT:    %d = call i64 @callee(i64 1, i64 2)
; CHECK-NEXT:    %e = call i32 @alias(i32 %c)
; CHECK-NEXT:    ret i32 %e
define i32 @direct_only(i32 %x, ptr %p) {
  %a = call i32 @callee(i32 %x)
  %b = tail call i32 @callee(i32 %a)
  call void @llvm.assume(i1 true)
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
  %c = call i32 asm "mov $1, $0", "=r,r"(i32 %b)
  call void asm sideeffect "nop", ""()
  %d = call i64 @callee(i64 1, i64 2)
  %e = call i32 @alias(i32 %c)
  ret i32 %e
}

; NODECL-NOT: __kmpc_target_translate_fptr
; NODECL-NOT: %fptr.device

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
