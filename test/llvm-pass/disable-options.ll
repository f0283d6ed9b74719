; Each hidden option switches off its own sub-transformation and leaves the
; others on:
;  -omp-indirect-disable-call-rewrite: device indirect calls stay as they are;
;  -omp-indirect-disable-fptr-table: no entry table, no map global, no
;   registration entries, on the device or on the host;
;  -omp-indirect-disable-launch-hook: host launches keep __tgt_target_kernel;
;  -omp-indirect-disable-promotion: a translated call is not promoted to
;   direct calls (CallPromotion.cpp).
; RUN: rm -rf %t && split-file %s %t
;
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-call-rewrite \
; RUN:   -S %t/device.ll | FileCheck %s --check-prefix=NOCALL \
; RUN:   --implicit-check-not=__kmpc_target_translate_fptr
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-fptr-table \
; RUN:   -omp-indirect-disable-image-registration \
; RUN:   -S %t/device.ll | FileCheck %s --check-prefix=NOTABLE-DEV \
; RUN:   --implicit-check-not=__omp_offloading_fptr
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-fptr-table \
; RUN:   -omp-indirect-disable-image-registration \
; RUN:   -S %t/host.ll | FileCheck %s --check-prefix=NOTABLE-HOST \
; RUN:   --implicit-check-not=__omp_offloading_fptr \
; RUN:   --implicit-check-not=omp_offloading_entries
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-launch-hook \
; RUN:   -S %t/host.ll | FileCheck %s --check-prefix=NOHOOK \
; RUN:   --implicit-check-not=__omp_indirect_target_kernel
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-promotion \
; RUN:   -S %t/device.ll | FileCheck %s --check-prefix=NOPROMOTE
;
; Without options all four happen (the checks above can fail).
; RUN: %opt %loadpass -passes=omp-indirect -S %t/device.ll \
; RUN:   | FileCheck %s --check-prefix=ALL-DEV
; RUN: %opt %loadpass -passes=omp-indirect -S %t/host.ll \
; RUN:   | FileCheck %s --check-prefix=ALL-HOST

; NOCALL: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected {{global|constant}} { %struct.__omp_indirect_fptr_device_header, [1 x
; NOCALL: @__omp_offloading_fptr_map_p = weak protected global
; NOCALL-LABEL: define i32 @call_through(
; NOCALL-NEXT:    %r = call i32 %fp(i32 %x)
; NOCALL-NEXT:    ret i32 %r

; NOTABLE-DEV-LABEL: define i32 @call_through(
; NOTABLE-DEV-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; NOTABLE-DEV:         %r = call i32 %fptr.device(i32 %x)

; NOPROMOTE-LABEL: define i32 @call_through(
; NOPROMOTE-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; NOPROMOTE-NEXT:    %r = call i32 %fptr.device(i32 %x)
; NOPROMOTE-NEXT:    ret i32 %r

; NOTABLE-HOST-LABEL: define i32 @launch(
; NOTABLE-HOST-NEXT:    %r = call i32 @__omp_indirect_target_kernel(

; NOHOOK: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [1 x
; NOHOOK-SAME: section "omp_offloading_fptr_entries"
; NOHOOK: @.omp_offloading.entry.__omp_offloading_fptr_entries_
; NOHOOK-LABEL: define i32 @launch(
; NOHOOK-NEXT:    %r = call i32 @__tgt_target_kernel(

; ALL-DEV: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected {{global|constant}} { %struct.__omp_indirect_fptr_device_header, [1 x
; ALL-DEV-LABEL: define i32 @call_through(
; ALL-DEV-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; ALL-DEV-NEXT:    icmp eq ptr %fptr.device, @f

; ALL-HOST: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [1 x
; ALL-HOST-LABEL: define i32 @launch(
; ALL-HOST-NEXT:    %r = call i32 @__omp_indirect_target_kernel(

;--- device.ll
target triple = "x86_64-pc-linux-gnu"

define i32 @f(i32 %x) {
  ret i32 %x
}

define i32 @call_through(ptr %fp, i32 %x) {
  %r = call i32 %fp(i32 %x)
  ret i32 %r
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
!omp_indirect.entries = !{!1}
!1 = !{i32 2, !"f", i32 0}

;--- host.ll
target triple = "x86_64-pc-linux-gnu"

@region = weak constant i8 0

declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr)

define i32 @f(i32 %x) {
  ret i32 %x
}

define i32 @launch(ptr %args) {
  %r = call i32 @__tgt_target_kernel(ptr null, i64 -1, i32 -1, i32 0, ptr @region, ptr %args)
  ret i32 %r
}

!omp_indirect.entries = !{!1}
!1 = !{i32 2, !"f", i32 0}
