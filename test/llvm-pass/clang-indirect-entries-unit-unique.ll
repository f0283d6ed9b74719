; clang-19 and 22 emit an offload entry of their own for each `indirect`
; function, named after the function and its line only, and on the device a global
; of that name holding the device address. The pass appends the unit's
; identifier (!omp_indirect.tu) to the name on both sides, so that one
; source compiled twice, or a header's indirect function in two units, links
; (no "multiple definition") and keeps one entry per unit; host and device
; agree, since both carry the same identifier. A GPU device module has the
; global and !omp_offload.info but no entry. Entries of other kinds
; (kernels, flag 0) keep their names, and a second run renames nothing.
; The inputs spell clang's entries in the layout of LLVM 16 and 19;
; %entry-layout rewrites them into the release's.
; RUN: rm -rf %t && split-file %s %t
; RUN: %entry-layout < %t/host.ll \
; RUN:   | %opt %loadpass -passes=omp-indirect -S -o %t/host.once.ll
; RUN: FileCheck %s %entry-vars --check-prefixes=HOST,HOST-%entry-prefix \
; RUN:   < %t/host.once.ll
; RUN: %opt %loadpass -passes=omp-indirect -S %t/host.once.ll \
; RUN:   | FileCheck %s %entry-vars --check-prefixes=HOST,HOST-%entry-prefix
; RUN: %entry-layout < %t/device.ll \
; RUN:   | %opt %loadpass -passes=omp-indirect -S -o %t/device.once.ll
; RUN: FileCheck %s --check-prefixes=DEV,DEV-%entry-prefix \
; RUN:   < %t/device.once.ll
; RUN: %opt %loadpass -passes=omp-indirect -S %t/device.once.ll \
; RUN:   | FileCheck %s --check-prefixes=DEV,DEV-%entry-prefix
; RUN: %opt %loadpass -passes=omp-indirect -S %t/gpu.ll | FileCheck %s --check-prefix=GPU

; HOST: @.offloading.entry.__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee = weak constant %struct.__tgt_offload_entry
; HOST-ENTRY32-SAME: { ptr @sq, ptr [[NAME:@[.a-z_0-9]+]], i64 8, i32 8, i32 0 }
; HOST-ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 8, ptr @sq, ptr [[NAME:@[.a-z_0-9]+]], i64 8, i64 0, ptr null }
; HOST-SAME: , section "[[ENTRIES]]"
; HOST: @.offloading.entry.__omp_offloading_fe00_1_run_l9 = weak constant %struct.__tgt_offload_entry
; HOST-ENTRY32-SAME: { ptr @.__omp_offloading_fe00_1_run_l9.region_id, ptr @.offloading.entry_name.1, i64 0, i32 0, i32 0 }
; HOST-ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 0, ptr @.__omp_offloading_fe00_1_run_l9.region_id, ptr @.offloading.entry_name.1, i64 0, i64 0, ptr null }
; HOST: [[NAME]] = internal unnamed_addr constant [{{[0-9]+}} x i8] c"__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee\00"
; HOST-NOT: _00c0ffee00c0ffee_00c0ffee00c0ffee

; DEV: @__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee = protected constant ptr @sq
; DEV: @.offloading.entry.__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee = weak constant %struct.__tgt_offload_entry
; DEV-ENTRY32-SAME: { ptr @__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee, ptr [[NAME:@[.a-z_0-9]+]], i64 8, i32 8, i32 0 }
; DEV-ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 8, ptr @__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee, ptr [[NAME:@[.a-z_0-9]+]], i64 8, i64 0, ptr null }
; DEV: [[NAME]] = internal unnamed_addr constant [{{[0-9]+}} x i8] c"__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee\00"
; DEV-NOT: _00c0ffee00c0ffee_00c0ffee00c0ffee

; GPU: @__omp_offloading_fe00_1_sq_l3_00c0ffee00c0ffee = protected addrspace(1) constant ptr @sq

;--- host.ll
target triple = "x86_64-pc-linux-gnu"
%struct.__tgt_offload_entry = type { ptr, ptr, i64, i32, i32 }
@.__omp_offloading_fe00_1_run_l9.region_id = weak constant i8 0
@.offloading.entry_name = internal unnamed_addr constant [30 x i8] c"__omp_offloading_fe00_1_sq_l3\00"
@.offloading.entry.__omp_offloading_fe00_1_sq_l3 = weak constant %struct.__tgt_offload_entry { ptr @sq, ptr @.offloading.entry_name, i64 8, i32 8, i32 0 }, section "omp_offloading_entries", align 1
@.offloading.entry_name.1 = internal unnamed_addr constant [31 x i8] c"__omp_offloading_fe00_1_run_l9\00"
@.offloading.entry.__omp_offloading_fe00_1_run_l9 = weak constant %struct.__tgt_offload_entry { ptr @.__omp_offloading_fe00_1_run_l9.region_id, ptr @.offloading.entry_name.1, i64 0, i32 0, i32 0 }, section "omp_offloading_entries", align 1
define internal i32 @sq(i32 %x) {
  %r = mul i32 %x, %x
  ret i32 %r
}
!omp_offload.info = !{!0, !1}
!omp_indirect.tu = !{!2}
!0 = !{i32 0, i32 65024, i32 1, !"run", i32 9, i32 0, i32 0}
!1 = !{i32 1, !"__omp_offloading_fe00_1_sq_l3", i32 8, i32 1}
!2 = !{!"00c0ffee00c0ffee"}

;--- device.ll
target triple = "x86_64-pc-linux-gnu"
%struct.__tgt_offload_entry = type { ptr, ptr, i64, i32, i32 }
@__omp_offloading_fe00_1_sq_l3 = protected constant ptr @sq
@.offloading.entry_name = internal unnamed_addr constant [30 x i8] c"__omp_offloading_fe00_1_sq_l3\00"
@.offloading.entry.__omp_offloading_fe00_1_sq_l3 = weak constant %struct.__tgt_offload_entry { ptr @__omp_offloading_fe00_1_sq_l3, ptr @.offloading.entry_name, i64 8, i32 8, i32 0 }, section "omp_offloading_entries", align 1
define hidden i32 @sq(i32 %x) {
  %r = mul i32 %x, %x
  ret i32 %r
}
!llvm.module.flags = !{!3}
!omp_offload.info = !{!1}
!omp_indirect.tu = !{!2}
!1 = !{i32 1, !"__omp_offloading_fe00_1_sq_l3", i32 8, i32 1}
!2 = !{!"00c0ffee00c0ffee"}
!3 = !{i32 7, !"openmp-device", i32 51}

;--- gpu.ll
target triple = "nvptx64-nvidia-cuda"
@__omp_offloading_fe00_1_sq_l3 = protected addrspace(1) constant ptr @sq
define hidden i32 @sq(i32 %x) {
  %r = mul i32 %x, %x
  ret i32 %r
}
!llvm.module.flags = !{!3}
!omp_offload.info = !{!1}
!omp_indirect.tu = !{!2}
!1 = !{i32 1, !"__omp_offloading_fe00_1_sq_l3", i32 8, i32 1}
!2 = !{!"00c0ffee00c0ffee"}
!3 = !{i32 7, !"openmp-device", i32 51}
