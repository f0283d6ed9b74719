; Call promotion (CallPromotion.cpp): a call through a translated pointer
; becomes compares with each indirect function of its type that the module
; defines, each guarding a direct call, and the indirect call stays as the
; fallback (marked, so that a second run leaves it alone). Functions of
; another type, functions only declared here, and functions that are not
; indirect are no candidates; an optnone (-O0) function is left alone; a
; site with more than K candidates is reported as missed and left alone.
; RUN: %opt %loadpass -passes=omp-indirect -S %s -pass-remarks=omp-indirect \
; RUN:   -pass-remarks-missed=omp-indirect 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK --input-file %t.err
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S %s \
; RUN:   | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -S %s -omp-indirect-promote-max=2 \
; RUN:   -pass-remarks-missed=omp-indirect 2>&1 >/dev/null \
; RUN:   | FileCheck %s --check-prefix=TOOMANY
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   -omp-indirect-disable-promotion | FileCheck %s --check-prefix=OFF
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   -omp-indirect-promote-max=0 | FileCheck %s --check-prefix=OFF

target triple = "x86_64-pc-linux-gnu"

define i32 @a(i32 %x) {
  ret i32 %x
}
define i32 @b(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
; Same body as @b: compared by its own address all the same.
define i32 @b2(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
define i64 @wide(i64 %x) {
  ret i64 %x
}
define i32 @not_indirect(i32 %x) {
  ret i32 %x
}
declare i32 @elsewhere(i32)

; CHECK-LABEL: define i32 @call(
; CHECK:         %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    [[IS_A:%.*]] = icmp eq ptr %fptr.device, @a
; CHECK-NEXT:    br i1 [[IS_A]], label %[[DIRECT_A:.*]], label %[[ELSE_A:.*]]
; CHECK:       [[DIRECT_A]]:
; CHECK-NEXT:    [[RA:%.*]] = call i32 @a(i32 %x)
; CHECK:       [[ELSE_A]]:
; CHECK-NEXT:    [[IS_B:%.*]] = icmp eq ptr %fptr.device, @b
; CHECK:         call i32 @b(i32 %x)
; CHECK:         icmp eq ptr %fptr.device, @b2
; CHECK:         call i32 @b2(i32 %x)
; CHECK:         call i32 %fptr.device(i32 %x), !omp_indirect.promoted
; CHECK-NOT:     icmp eq ptr %fptr.device
; CHECK:         ret i32
; REMARK: remark: <unknown>:0:0: indirect call promoted to direct calls of a, b and b2; any other target goes through the table
; TOOMANY: remark: <unknown>:0:0: indirect call not promoted: 3 indirect functions of its type, more than 2 (-omp-indirect-promote-max); it goes through the table
; OFF-LABEL: define i32 @call(
; OFF-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; OFF-NEXT:    %r = call i32 %fptr.device(i32 %x)
; OFF-NEXT:    ret i32 %r
define i32 @call(ptr %fp, i32 %x) {
  %r = call i32 %fp(i32 %x)
  ret i32 %r
}

; -O0: translated, not promoted.
; CHECK-LABEL: define i32 @at_O0(
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    %r = call i32 %fptr.device(i32 %x)
; CHECK-NEXT:    ret i32 %r
define i32 @at_O0(ptr %fp, i32 %x) noinline optnone {
  %r = call i32 %fp(i32 %x)
  ret i32 %r
}

; No candidate of type i16(i16): translated only.
; CHECK-LABEL: define i16 @no_candidate(
; CHECK-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; CHECK-NEXT:    %r = call i16 %fptr.device(i16 %x)
define i16 @no_candidate(ptr %fp, i16 %x) {
  %r = call i16 %fp(i16 %x)
  ret i16 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
!omp_indirect.entries = !{!1, !2, !3, !4, !5}
!1 = !{i32 2, !"a", i32 0}
!2 = !{i32 2, !"b", i32 1}
!3 = !{i32 2, !"b2", i32 2}
!4 = !{i32 2, !"wide", i32 3}
!5 = !{i32 2, !"elsewhere", i32 4}
