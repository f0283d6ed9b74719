; On x86_64 (the host-offload device) a device FPTR table holds offsets:
; after the 16-byte header { i32 "FPR1", i32 count, i64 digest }, each
; entry is { i32 function minus the entry's address, i32 name hash }. The
; table is read-only, and a function of default visibility becomes
; protected (an internal one stays internal, a hidden one hidden), so the
; object's references are PC-relative and a linked image has no dynamic
; relocation in the table: the loader writes none of its pages.
; RUN: %opt %loadpass -passes=omp-indirect -S %s -o %t.ll
; RUN: FileCheck %s %entry-vars < %t.ll
; RUN: llc -relocation-model=pic -filetype=obj %t.ll -o %t.o
; RUN: llvm-readelf -r %t.o | FileCheck %s --check-prefix=OBJ
; RUN: %clang -shared -nostdlib %t.o -o %t.so
; RUN: llvm-readelf -r %t.so | FileCheck %s --check-prefix=SO

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: @__omp_offloading_fptr_entries_00c0ffee00c0ffee = protected constant
; CHECK-SAME: { %[[DEVHDR]], [3 x %[[DEVFPTR]]] }
; (Each entry is the function's address minus the table's minus its place;
; LLVM 22 folds that into a `getelementptr` of the table.)
; CHECK-SAME: { %[[DEVHDR]] { i32 [[#RELATIVE]], i32 3, i64 -6407040454937448397 },
; CHECK-SAME: %[[DEVFPTR]] { i32 trunc (i64 sub ({{i64 sub \(i64 ptrtoint \(ptr @first to i64\), i64 ptrtoint \(ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee to i64\)\), i64 16|i64 ptrtoint \(ptr @first to i64\), i64 ptrtoint \(ptr getelementptr inbounds \(i8, ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee, i64 16\) to i64\)}}) to i32), i32 -457273510 },
; CHECK-SAME: %[[DEVFPTR]] { i32 trunc (i64 sub ({{i64 sub \(i64 ptrtoint \(ptr @static_fn to i64\), i64 ptrtoint \(ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee to i64\)\), i64 24|i64 ptrtoint \(ptr @static_fn to i64\), i64 ptrtoint \(ptr getelementptr inbounds \(i8, ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee, i64 24\) to i64\)}}) to i32), i32 1232622759 },
; CHECK-SAME: %[[DEVFPTR]] { i32 trunc (i64 sub ({{i64 sub \(i64 ptrtoint \(ptr @_Z5thirdi to i64\), i64 ptrtoint \(ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee to i64\)\), i64 32|i64 ptrtoint \(ptr @_Z5thirdi to i64\), i64 ptrtoint \(ptr getelementptr inbounds \(i8, ptr @__omp_offloading_fptr_entries_00c0ffee00c0ffee, i64 32\) to i64\)}}) to i32), i32 -92969313 }] },
; CHECK-SAME: align 8{{$}}
; CHECK-LABEL: define protected i32 @first(
; CHECK-LABEL: define internal i32 @static_fn(
; CHECK-LABEL: define hidden i32 @_Z5thirdi(
; CHECK-LABEL: define i32 @other(

; OBJ:     Relocation section '.rela.rodata'
; OBJ-NEXT: Offset
; OBJ-NEXT: 0000000000000010 {{.*}} R_X86_64_PC32 {{.*}} first + 0
; OBJ-NEXT: 0000000000000018 {{.*}} R_X86_64_PC32 {{.*}} .text + 10
; OBJ-NEXT: 0000000000000020 {{.*}} R_X86_64_PC32 {{.*}} _Z5thirdi + 0
; OBJ-EMPTY:

; SO-NOT: R_X86_64

define i32 @first(i32 %x) {
  ret i32 %x
}

define internal i32 @static_fn(i32 %x) {
  ret i32 %x
}

define hidden i32 @_Z5thirdi(i32 %x) {
  ret i32 %x
}

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
