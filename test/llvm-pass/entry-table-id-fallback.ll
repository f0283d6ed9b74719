; A module with !omp_indirect.entries but no !omp_indirect.tu (hand-written
; IR) names its table after the xxHash64 of its source_filename, in lower-case
; hex: xxHash64("fallback.c") = 0x442334f7c1b1cc2f. The host and the device
; module of one source file so get the same table name.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt %loadpass -passes=omp-indirect -S %t/host.ll \
; RUN:   | FileCheck %s %entry-vars --check-prefix=HOST
; RUN: %opt %loadpass -passes=omp-indirect -S %t/device.ll \
; RUN:   | FileCheck %s %entry-vars --check-prefix=DEV

; HOST: @__omp_offloading_fptr_entries_442334f7c1b1cc2f = hidden global [1 x %[[FPTR]]]
; HOST: @.omp_offloading.entry.__omp_offloading_fptr_entries_442334f7c1b1cc2f = weak hidden constant
; DEV:  @__omp_offloading_fptr_entries_442334f7c1b1cc2f = protected {{global|constant}} { %struct.__omp_indirect_fptr_device_header, [1 x {{%struct.__omp_indirect_fptr_rel_entry|ptr}}] }

;--- host.ll
source_filename = "fallback.c"
target triple = "x86_64-pc-linux-gnu"

define i32 @f(i32 %x) {
  ret i32 %x
}

!omp_indirect.entries = !{!0}
!0 = !{i32 2, !"f", i32 0}

;--- device.ll
source_filename = "fallback.c"
target triple = "x86_64-pc-linux-gnu"

define i32 @f(i32 %x) {
  ret i32 %x
}

!llvm.module.flags = !{!1}
!omp_indirect.entries = !{!0}
!0 = !{i32 2, !"f", i32 0}
!1 = !{i32 7, !"openmp-device", i32 51}
