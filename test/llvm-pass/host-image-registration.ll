; A host unit with offload code (!omp_offload.info) but no indirect function
; gets the hidden host shadow of the table pointer with a hidden entry, and
; the image descriptor in its own comdat, with a constructor and destructor
; tied to it (so the linker keeps one of each per image), which register and
; unregister the descriptor. A device unit gets only the weak protected table
; pointer. Neither gets a size global (the table block holds its size). A unit with neither offload code nor indirect functions gets
; nothing.
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt %loadpass -passes=omp-indirect -S %t/host.ll \
; RUN:   | FileCheck %s %entry-vars --check-prefixes=HOST,%entry-prefix
; RUN: %opt %loadpass -passes=omp-indirect -S %t/device.ll | FileCheck %s --check-prefix=DEV \
; RUN:   --implicit-check-not=omp_indirect_image --implicit-check-not=global_ctors
; RUN: %opt %loadpass -passes=omp-indirect -S %t/none.ll | FileCheck %s --check-prefix=NONE \
; RUN:   --implicit-check-not=fptr --implicit-check-not=omp_indirect

; HOST: $__omp_indirect_image = comdat any
; HOST: @__omp_offloading_fptr_map_p = weak hidden global ptr null, align 8
; HOST: @.omp_offloading.entry.__omp_offloading_fptr_map_p = weak hidden constant %struct.__tgt_offload_entry
; ENTRY32-SAME: { ptr @__omp_offloading_fptr_map_p, ptr @{{.*}}, i64 8, i32 0, i32 0 }
; ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 0, ptr @__omp_offloading_fptr_map_p, ptr @{{.*}}, i64 8, i64 0, ptr null }
; HOST-SAME: , section "[[ENTRIES]]"
; HOST: @__start_omp_offloading_fptr_entries = extern_weak hidden constant i8
; HOST: @__stop_omp_offloading_fptr_entries = extern_weak hidden constant i8
; HOST: @__omp_indirect_image = linkonce_odr hidden constant { i32, i32, ptr, ptr, ptr, ptr, ptr }
; HOST-SAME: { i32 3, i32 0, ptr @__start_omp_offloading_fptr_entries, ptr @__stop_omp_offloading_fptr_entries, ptr @__omp_offloading_fptr_map_p, ptr @__start_[[ENTRIES]], ptr @__stop_[[ENTRIES]] }, comdat, align 8
; HOST: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__omp_indirect_image_ctor, ptr @__omp_indirect_image }]
; HOST: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__omp_indirect_image_dtor, ptr @__omp_indirect_image }]
; HOST-LABEL: define linkonce_odr hidden void @__omp_indirect_image_ctor() {{.*}}comdat($__omp_indirect_image) {
; HOST-NEXT:  entry:
; HOST-NEXT:    call void @__omp_indirect_register_image(ptr @__omp_indirect_image)
; HOST-LABEL: define linkonce_odr hidden void @__omp_indirect_image_dtor() {{.*}}comdat($__omp_indirect_image) {
; HOST-NEXT:  entry:
; HOST-NEXT:    call void @__omp_indirect_unregister_image(ptr @__omp_indirect_image)

; DEV: @__omp_offloading_fptr_map_p = weak protected global ptr null, align 8
; DEV-NOT: __omp_offloading_fptr_map_size

; NONE: define i32 @f(

;--- host.ll
target triple = "x86_64-pc-linux-gnu"
define void @region() {
  ret void
}
!omp_offload.info = !{!0}
!0 = !{i32 0, i32 1, i32 2, !"region", i32 3, i32 0, i32 0}

;--- device.ll
target triple = "x86_64-pc-linux-gnu"
define void @region() {
  ret void
}
!omp_offload.info = !{!0}
!llvm.module.flags = !{!1}
!0 = !{i32 0, i32 1, i32 2, !"region", i32 3, i32 0, i32 0}
!1 = !{i32 7, !"openmp-device", i32 51}

;--- none.ll
target triple = "x86_64-pc-linux-gnu"
define i32 @f(i32 %x) {
  ret i32 %x
}
