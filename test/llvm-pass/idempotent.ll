; The pass is idempotent: running it twice, in one pipeline or in two opt
; processes, gives the same module as running it once (opt reads stdin, so
; that the ModuleID line does not differ). On the device each
; indirect call site gets one translation call (the call through the result
; of the first is not translated again) and the module one entry table and
; one map global; on the host the table, its registration entry
; and the shadows are not emitted twice.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt %loadpass -passes=omp-indirect -S < %t/device.ll > %t/device.once.ll
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S < %t/device.ll > %t/device.twice.ll
; RUN: %opt %loadpass -passes=omp-indirect -S < %t/device.once.ll > %t/device.again.ll
; RUN: diff %t/device.once.ll %t/device.twice.ll
; RUN: diff %t/device.once.ll %t/device.again.ll
; RUN: FileCheck %s --check-prefix=DEV < %t/device.twice.ll
; RUN: %opt %loadpass -passes=omp-indirect -S < %t/host.ll > %t/host.once.ll
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S < %t/host.ll > %t/host.twice.ll
; RUN: %opt %loadpass -passes=omp-indirect -S < %t/host.once.ll > %t/host.again.ll
; RUN: diff %t/host.once.ll %t/host.twice.ll
; RUN: diff %t/host.once.ll %t/host.again.ll
; RUN: FileCheck %s --check-prefix=HOST < %t/host.twice.ll

; DEV-COUNT-1: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = protected {{global|constant}} { %struct.__omp_indirect_fptr_device_header, [1 x
; DEV-NOT:     @__omp_offloading_fptr_entries_{{[0-9a-f]+}} =
; DEV-COUNT-1: @__omp_offloading_fptr_map_p = weak protected global
; DEV-NOT:     @__omp_offloading_fptr_map_p{{[0-9.]*}} =
; Each call is promoted once (CallPromotion.cpp): one compare with @f each.
; DEV-LABEL: define i32 @twice_called(
; DEV-NEXT:    %fptr.device = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; DEV-NEXT:    icmp eq ptr %fptr.device, @f
; DEV-NOT:     icmp eq ptr %fptr.device, @f
; DEV:         %a = call i32 %fptr.device(i32 %x), !omp_indirect.promoted
; DEV:         %fptr.device1 = call ptr @__kmpc_target_translate_fptr(ptr %fp)
; DEV-NEXT:    icmp eq ptr %fptr.device1, @f
; DEV-NOT:     icmp eq ptr %fptr.device1, @f
; DEV:         %b = call i32 %fptr.device1(i32 {{.*}}), !omp_indirect.promoted
; DEV-NOT:     icmp
; DEV:         ret i32
; DEV: declare ptr @__kmpc_target_translate_fptr(ptr)
; DEV-NOT: __kmpc_target_translate_fptr

; HOST-COUNT-1: @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global [1 x
; HOST-NOT:     @__omp_offloading_fptr_entries_{{[0-9a-f]+}} = hidden global
; HOST-COUNT-1: @.omp_offloading.entry.__omp_offloading_fptr_entries_
; HOST-COUNT-1: @__omp_offloading_fptr_map_p = weak hidden global
; HOST-COUNT-1: @.omp_offloading.entry.__omp_offloading_fptr_map_p = weak hidden
; HOST-NOT:     {{^}}@.omp_offloading.entry.
; HOST-LABEL: define i32 @launch(
; HOST-NEXT:    %r = call i32 @__omp_indirect_target_kernel(

;--- device.ll
target triple = "x86_64-pc-linux-gnu"

define i32 @f(i32 %x) {
  ret i32 %x
}

define i32 @twice_called(ptr %fp, i32 %x) {
  %a = call i32 %fp(i32 %x)
  %b = call i32 %fp(i32 %a)
  ret i32 %b
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
