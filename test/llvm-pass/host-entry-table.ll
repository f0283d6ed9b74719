; A host module with !omp_indirect.entries gets the FPTR entry table in
; section omp_offloading_fptr_entries, kept by llvm.used (appended to the
; module's own), in `order`, with host addresses, the names (one global of
; C strings one after another), flags 8 and the name hash,
; and the table's length (3) as the first entry's size;
; a function the unit only declares is listed too. Stock libomptarget sees
; the table only as one ordinary global: a weak entry in clang's section
; (omp_offloading_entries; llvm_offload_entries on LLVM 22) with the size of
; the device's table, 16 + 8N on every target (here 16 + 3*8 = 40: a header
; and 8-byte entries without names, docs/format.md; libomptarget checks the
; device symbol's size), and flags 0. The
; map global gets a weak hidden host shadow (null), registered by its own
; size-8 entry; both entries are kept by llvm.compiler.used. There is no
; __omp_offloading_fptr_map_size: the table block holds its own size.
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,%entry-prefix

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK: %[[FPTR]] = type { ptr, ptr, i64, i32, i32 }
; ENTRY56-NEXT: %struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }
; CHECK-NOT: __omp_indirect_fptr_device_entry

; CHECK-LABEL: @keep = global i32 0
; CHECK-NEXT: @[[NAMES:.+]] = private unnamed_addr constant [17 x i8] c"add1\00ext_fn\00sub1\00", align 1
; CHECK-NEXT: @__omp_offloading_fptr_entries_0123456789abcdef = hidden global [3 x %[[FPTR]]] [
; CHECK-SAME: %[[FPTR]] { ptr @add1, ptr @[[NAMES]], i64 3, i32 8, i32 -25591205 },
; CHECK-SAME: %[[FPTR]] { ptr @ext_fn, ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 5), i64 0, i32 8, i32 717097947 },
; CHECK-SAME: %[[FPTR]] { ptr @sub1, ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 12), i64 0, i32 8, i32 {{-?[0-9]+}} }],
; CHECK-SAME: section "omp_offloading_fptr_entries", align 8{{$}}
; CHECK-NEXT: @llvm.used = appending global [2 x ptr] [ptr @keep, ptr @__omp_offloading_fptr_entries_0123456789abcdef], section "llvm.metadata"

; The table, registered as one ordinary global of 40 bytes.
; CHECK-NEXT: @[[TN:.+]] = private unnamed_addr constant [47 x i8] c"__omp_offloading_fptr_entries_0123456789abcdef\00"
; CHECK-NEXT: @.omp_offloading.entry.__omp_offloading_fptr_entries_0123456789abcdef = weak hidden constant %struct.__tgt_offload_entry
; ENTRY32-SAME: { ptr @__omp_offloading_fptr_entries_0123456789abcdef, ptr @[[TN]], i64 40, i32 0, i32 0 },
; ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 0, ptr @__omp_offloading_fptr_entries_0123456789abcdef, ptr @[[TN]], i64 40, i64 0, ptr null },
; CHECK-SAME: section "[[ENTRIES]]", align 1

; The host shadow of the map global and its entry.
; CHECK-NEXT: @__omp_offloading_fptr_map_p = weak hidden global ptr null, align 8
; CHECK-NEXT: @[[PN:.+]] = private unnamed_addr constant [28 x i8] c"__omp_offloading_fptr_map_p\00"
; CHECK-NEXT: @.omp_offloading.entry.__omp_offloading_fptr_map_p = weak hidden constant %struct.__tgt_offload_entry
; ENTRY32-SAME: { ptr @__omp_offloading_fptr_map_p, ptr @[[PN]], i64 8, i32 0, i32 0 },
; ENTRY56-SAME: { i64 0, i16 1, i16 1, i32 0, ptr @__omp_offloading_fptr_map_p, ptr @[[PN]], i64 8, i64 0, ptr null },
; CHECK-SAME: section "[[ENTRIES]]", align 1

; CHECK-NEXT: @llvm.compiler.used = appending global [2 x ptr] [
; CHECK-SAME: ptr @.omp_offloading.entry.__omp_offloading_fptr_entries_0123456789abcdef,
; CHECK-SAME: ptr @.omp_offloading.entry.__omp_offloading_fptr_map_p],
; CHECK-SAME: section "llvm.metadata"

@keep = global i32 0
@llvm.used = appending global [1 x ptr] [ptr @keep], section "llvm.metadata"

; CHECK-LABEL: define i32 @add1(
define i32 @add1(i32 %x) {
  ret i32 %x
}

; CHECK: declare i32 @ext_fn(i32)
declare i32 @ext_fn(i32)

define i32 @sub1(i32 %x) {
  ret i32 %x
}

!omp_indirect.entries = !{!0, !1, !3}
!omp_indirect.tu = !{!2}
!0 = !{i32 2, !"add1", i32 0}
!1 = !{i32 2, !"ext_fn", i32 1}
!2 = !{!"0123456789abcdef"}
!3 = !{i32 2, !"sub1", i32 2}
