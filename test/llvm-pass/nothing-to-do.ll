; Modules with nothing for the pass to do (no !omp_indirect.entries, no
; indirect call, no kernel launch) come out exactly as they went in: the
; same text as a plain round trip through opt, on the host and on the
; device, and none of the names the pass would add.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt %loadpass -passes=omp-indirect -S %t/host.ll -o %t/host.out.ll
; RUN: %opt -S %t/host.ll -o %t/host.ref.ll
; RUN: diff %t/host.ref.ll %t/host.out.ll
; RUN: %opt %loadpass -passes=omp-indirect -S %t/device.ll -o %t/device.out.ll
; RUN: %opt -S %t/device.ll -o %t/device.ref.ll
; RUN: diff %t/device.ref.ll %t/device.out.ll
; RUN: cat %t/host.out.ll %t/device.out.ll | FileCheck %s \
; RUN:   --implicit-check-not=__kmpc_target_translate_fptr \
; RUN:   --implicit-check-not=__omp_offloading_fptr \
; RUN:   --implicit-check-not=__omp_indirect_target_kernel \
; RUN:   --implicit-check-not=__tgt_offload_entry \
; RUN:   --implicit-check-not=.omp_offloading.entry \
; RUN:   --implicit-check-not=omp_offloading_entries \
; RUN:   --implicit-check-not=llvm.used \
; RUN:   --implicit-check-not=llvm.compiler.used \
; RUN:   --implicit-check-not=omp_indirect.

; CHECK-LABEL: source_filename = "{{.*}}host.ll"
; CHECK-LABEL: define i32 @host_fn(
; CHECK-NEXT:    %r = call i32 @helper(i32 %x)
; CHECK-NEXT:    call void @__tgt_register_requires(i64 1)
; CHECK-NEXT:    ret i32 %r
; CHECK-LABEL: source_filename = "{{.*}}device.ll"
; CHECK-LABEL: define i32 @device_fn(
; CHECK-NEXT:    %r = call i32 @helper(i32 %x)
; CHECK-NEXT:    %s = call i32 asm "mov $1, $0", "=r,r"(i32 %r)
; CHECK-NEXT:    ret i32 %s

;--- host.ll
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0

declare i32 @helper(i32)
declare void @__tgt_register_requires(i64)

define i32 @host_fn(i32 %x) {
  %r = call i32 @helper(i32 %x)
  call void @__tgt_register_requires(i64 1)
  ret i32 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp", i32 51}

;--- device.ll
target triple = "x86_64-pc-linux-gnu"

@g = protected global i32 0

declare i32 @helper(i32)

define i32 @device_fn(i32 %x) {
  %r = call i32 @helper(i32 %x)
  %s = call i32 asm "mov $1, $0", "=r,r"(i32 %r)
  ret i32 %s
}

!llvm.module.flags = !{!0, !1}
!0 = !{i32 7, !"openmp", i32 51}
!1 = !{i32 7, !"openmp-device", i32 51}
