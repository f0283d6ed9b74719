; A host module without mapper functions keeps its data-mapping calls: only
; modules that define mappers route them through the runtime.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define void @uses(
; CHECK-NEXT:    call void @__tgt_target_data_begin_mapper(
; CHECK-NEXT:    call void @__tgt_target_data_end_mapper(
define void @uses(ptr %b, ptr %p, ptr %s, ptr %t) {
  call void @__tgt_target_data_begin_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr null)
  call void @__tgt_target_data_end_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr null)
  ret void
}
; CHECK-NOT: __omp_indirect

declare void @__tgt_target_data_begin_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @__tgt_target_data_end_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr)
