; Entries of kind 3 in !omp_indirect.entries, {3, vtable, order, offset},
; are address points of vtables: each becomes one FPTR entry in its place in
; `order`, whose address is the vtable plus `offset` bytes and whose name is
; "<vtable>+<offset>" (hashed into `reserved` like any name), so that the
; runtime pairs the host and device address points with no change. A
; vtable the module lacks is declared; a kind-3 node without an offset is
; ignored. Host and device alike, except that the device's entries carry
; neither the name nor its hash (on this target, addresses after a header
; whose digest covers the hashes; offsets on x86_64, with the hashes:
; clang-plugin/metadata-indirect-class.cpp). The host's first entry's size
; is the table's length (4: vtable entries count).
; RUN: %opt %loadpass -passes=omp-indirect -S %s \
; RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,DEV
; RUN: sed 's/openmp-device/not-device/' %s \
; RUN:   | %opt %loadpass -passes=omp-indirect -S \
; RUN:   | FileCheck %s %entry-vars --check-prefixes=CHECK,HOST

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"

@_ZTV1B = linkonce_odr unnamed_addr constant { [5 x ptr] } { [5 x ptr] [ptr null, ptr null, ptr @_ZN1B1fEi, ptr null, ptr null] }
@_ZTV1C = linkonce_odr unnamed_addr constant { [6 x ptr], [5 x ptr] } zeroinitializer

; CHECK-DAG: @_ZTV1K = external constant i8
; HOST-DAG: @[[NAMES:.+]] = private unnamed_addr constant [40 x i8] c"_ZN1B1fEi\00_ZTV1B+16\00_ZTV1C+64\00_ZTV1K+16\00"
; HOST: @__omp_offloading_fptr_entries_00c0ffee00c0ffee = hidden global [4 x %[[FPTR]]] [
; HOST-SAME: %[[FPTR]] { ptr @_ZN1B1fEi, ptr @[[NAMES]], i64 4, i32 8, i32 -1999804410 },
; HOST-SAME: %[[FPTR]] { ptr getelementptr (i8, ptr @_ZTV1B, i64 16), ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 10), i64 0, i32 8, i32 271559094 },
; HOST-SAME: %[[FPTR]] { ptr getelementptr (i8, ptr @_ZTV1C, i64 64), ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 20), i64 0, i32 8, i32 {{-?[0-9]+}} },
; HOST-SAME: %[[FPTR]] { ptr getelementptr (i8, ptr @_ZTV1K, i64 16), ptr getelementptr inbounds {{(nuw )?}}(i8, ptr @[[NAMES]], i64 30), i64 0, i32 8, i32 {{-?[0-9]+}} }]
; DEV-NOT: c"_ZTV1B+16\00"
; DEV: @__omp_offloading_fptr_entries_00c0ffee00c0ffee = protected global { %[[DEVHDR]], [4 x ptr] }
; DEV-SAME: { i32 [[#ABSOLUTE]], i32 4, i64 {{-?[0-9]+}} }, [4 x ptr] [
; DEV-SAME: ptr @_ZN1B1fEi,
; DEV-SAME: ptr getelementptr (i8, ptr @_ZTV1B, i64 16),
; DEV-SAME: ptr getelementptr (i8, ptr @_ZTV1C, i64 64),
; DEV-SAME: ptr getelementptr (i8, ptr @_ZTV1K, i64 16)] }

define i32 @_ZN1B1fEi(ptr %this, i32 %x) {
  ret i32 %x
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
!omp_indirect.entries = !{!1, !2, !3, !4, !5}
!omp_indirect.tu = !{!6}
!1 = !{i32 3, !"_ZTV1C", i32 2, i64 64}
!2 = !{i32 2, !"_ZN1B1fEi", i32 0}
!3 = !{i32 3, !"_ZTV1B", i32 1, i64 16}
!4 = !{i32 3, !"_ZTV1K", i32 3, i64 16}
!5 = !{i32 3, !"_ZTV1X", i32 4}
!6 = !{!"00c0ffee00c0ffee"}
