; A host module with a mapper function: the data-mapping calls and the
; mapper's component pushes go to the omp-indirect runtime, which expands
; mappers into one flat list; the kernel launch goes to the launch hook.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect -omp-indirect-disable-mapper-lowering -S %s \
; RUN:   | FileCheck %s --check-prefix=OFF

target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define internal void @.omp_mapper.S.default(
; CHECK-NEXT:    %n = call i64 @__omp_indirect_mapper_num_components(ptr %h)
; CHECK-NEXT:    call void @__omp_indirect_push_mapper_component(ptr %h, ptr %base, ptr %begin, i64 %size, i64 %n, ptr null)
; OFF-LABEL: define internal void @.omp_mapper.S.default(
; OFF-NEXT:    call i64 @__tgt_mapper_num_components(
; OFF-NEXT:    call void @__tgt_push_mapper_component(
define internal void @.omp_mapper.S.default(ptr %h, ptr %base, ptr %begin, i64 %size, i64 %type, ptr %name) {
  %n = call i64 @__tgt_mapper_num_components(ptr %h)
  call void @__tgt_push_mapper_component(ptr %h, ptr %base, ptr %begin, i64 %size, i64 %n, ptr null)
  ret void
}

; CHECK-LABEL: define void @uses(
; CHECK-NEXT:    call void @__omp_indirect_target_data_begin_mapper(
; CHECK-NEXT:    call void @__omp_indirect_target_data_update_mapper(
; CHECK-NEXT:    call void @__omp_indirect_target_data_end_mapper(
; CHECK-NEXT:    call void @__omp_indirect_target_data_begin_nowait_mapper(
; CHECK-NEXT:    call i32 @__omp_indirect_target_kernel(
; OFF-LABEL: define void @uses(
; OFF-NEXT:    call void @__tgt_target_data_begin_mapper(
; OFF-NEXT:    call void @__tgt_target_data_update_mapper(
; OFF-NEXT:    call void @__tgt_target_data_end_mapper(
; OFF-NEXT:    call void @__tgt_target_data_begin_nowait_mapper(
; OFF-NEXT:    call i32 @__omp_indirect_target_kernel(
define void @uses(ptr %b, ptr %p, ptr %s, ptr %t, ptr %m, ptr %args) {
  call void @__tgt_target_data_begin_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr %m)
  call void @__tgt_target_data_update_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr %m)
  call void @__tgt_target_data_end_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr %m)
  call void @__tgt_target_data_begin_nowait_mapper(ptr null, i64 -1, i32 1, ptr %b, ptr %p, ptr %s, ptr %t, ptr null, ptr %m, i32 0, ptr null, i32 0, ptr null)
  %r = call i32 @__tgt_target_kernel(ptr null, i64 -1, i32 0, i32 0, ptr null, ptr %args)
  ret void
}

; CHECK-NOT: declare {{.*}}@__tgt_
; OFF-NOT: declare {{.*}}@__omp_indirect_{{.*}}mapper

declare i64 @__tgt_mapper_num_components(ptr)
declare void @__tgt_push_mapper_component(ptr, ptr, ptr, i64, i64, ptr)
declare void @__tgt_target_data_begin_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @__tgt_target_data_update_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @__tgt_target_data_end_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @__tgt_target_data_begin_nowait_mapper(ptr, i64, i32, ptr, ptr, ptr, ptr, ptr, ptr, i32, ptr, i32, ptr)
declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr)

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp", i32 51}
