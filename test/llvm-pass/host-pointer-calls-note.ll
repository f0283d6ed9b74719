; A host module whose unit's device code calls through a pointer
; (!omp_indirect.pointer_calls, from the plugin) gets a constructor that
; tells the runtime so, once per image (its own comdat), beside the image's
; registration; docs/format.md, section 3b. Without the node, none.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: sed '/pointer_calls/d' %s | %opt %loadpass -passes=omp-indirect -S \
; RUN:   | FileCheck %s --check-prefix=NONE
; Run twice, the pass adds it once.
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S %s \
; RUN:   | FileCheck %s --check-prefix=ONCE

target triple = "x86_64-pc-linux-gnu"

; CHECK: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__omp_indirect_image_ctor, ptr @__omp_indirect_image }, { i32, ptr, ptr } { i32 65535, ptr @__omp_indirect_image_calls_through_pointers_ctor, ptr @__omp_indirect_image_calls_through_pointers_ctor }]
; CHECK-LABEL: define linkonce_odr hidden void @__omp_indirect_image_calls_through_pointers_ctor() #{{[0-9]+}} comdat {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__omp_indirect_image_calls_through_pointers()
; CHECK-NEXT:    ret void
; NONE-NOT: calls_through_pointers
; ONCE-COUNT-1: define linkonce_odr hidden void @__omp_indirect_image_calls_through_pointers_ctor(
; ONCE-NOT: define {{.*}}calls_through_pointers_ctor(

!omp_indirect.pointer_calls = !{}
!omp_offload.info = !{!0}
!0 = !{i32 0, i32 1, i32 2, !"kernel", i32 3, i32 0, i32 0}
