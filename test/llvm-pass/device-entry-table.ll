; A device module with !omp_indirect.entries gets the FPTR entry table:
; one entry per listed function, in `order` (not in the order of the metadata
; nodes), without the name (the host table has it, and no name string is
; emitted), named after !omp_indirect.tu, protected and kept by
; llvm.compiler.used, in no section. On NVPTX (this test) the table is a
; 16-byte header { i32 "FPA1", i32 count, i64 digest of the name hashes }
; and then the functions' addresses, 8 bytes each; x86_64 gets offsets
; (device-entry-table-x86.ll). A `static` (internal) function is referenced
; like any other, and an entry of another kind is ignored. The device also
; gets a weak protected definition of the map global the device runtime
; reads (the pointer to the table block; there is no size global), and no
; libomptarget registration entry.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s %entry-vars
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   | FileCheck %s --check-prefix=NOREG

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: %struct.__omp_indirect_fptr_device_header = type { i32, i32, i64 }
; CHECK-NOT: c"first\00"

; The digest: FNV-1a over the hashes -457273510, 1232622759, -92969313.
; CHECK-LABEL: @__omp_offloading_fptr_entries_00c0ffee00c0ffee = protected global
; CHECK-SAME: { %struct.__omp_indirect_fptr_device_header, [3 x ptr] }
; CHECK-SAME: { %struct.__omp_indirect_fptr_device_header { i32 [[#ABSOLUTE]], i32 3, i64 -6407040454937448397 },
; CHECK-SAME: [3 x ptr] [ptr @first, ptr @static_fn, ptr @_Z5thirdi] },
; CHECK-SAME: align 8{{$}}
; CHECK-NEXT: @llvm.compiler.used = appending global [1 x ptr] [ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee], section "llvm.metadata"
; CHECK-NEXT: @__omp_offloading_fptr_map_p = weak protected global ptr null, align 8
; CHECK-NOT:  __omp_offloading_fptr_map_size

; The device registers nothing with libomptarget and uses no host section.
; NOREG-NOT: section "omp_offloading_entries"
; NOREG-NOT: section "omp_offloading_fptr_entries"
; NOREG-NOT: @llvm.used =

; CHECK-LABEL: define i32 @first(
define i32 @first(i32 %x) {
  ret i32 %x
}

; CHECK-LABEL: define internal i32 @static_fn(
define internal i32 @static_fn(i32 %x) {
  ret i32 %x
}

; CHECK-LABEL: define i32 @_Z5thirdi(
define i32 @_Z5thirdi(i32 %x) {
  ret i32 %x
}

; Not indirect: no entry.
define i32 @other(i32 %x) {
  ret i32 %x
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
!omp_indirect.entries = !{!1, !2, !3, !4}
!omp_indirect.tu = !{!5}
!1 = !{i32 2, !"_Z5thirdi", i32 2}
!2 = !{i32 2, !"first", i32 0}
!3 = !{i32 1, !"other", i32 3}
!4 = !{i32 2, !"static_fn", i32 1}
!5 = !{!"00c0ffee00c0ffee"}
