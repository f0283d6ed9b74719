; Clang 22 registers the vtable of a class of an indirect block that a
; target region uses (an entry with flag 0x20), and defines that vtable
; with external linkage in every unit that uses the class, on the host and
; the device, even where the key function is in another unit. The pass
; makes such a definition weak_odr, unless the unit's metadata lists the
; vtable (kind 3: the unit of the key function, which keeps its strong
; one). A vtable without such an entry is left alone.
; RUN: rm -rf %t && split-file %s %t
; RUN: %entry-layout < %t/user.ll | %opt %loadpass -passes=omp-indirect -S \
; RUN:   | FileCheck %s --check-prefix=USER
; RUN: %entry-layout < %t/key.ll | %opt %loadpass -passes=omp-indirect -S \
; RUN:   | FileCheck %s --check-prefix=KEY

; USER: @_ZTV1D = weak_odr unnamed_addr constant
; USER: @_ZTV1E = unnamed_addr constant
; KEY: @_ZTV1D = unnamed_addr constant

;--- user.ll
target triple = "x86_64-pc-linux-gnu"
%struct.__tgt_offload_entry = type { ptr, ptr, i64, i32, i32 }
@_ZTV1D = unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @f] }
@_ZTV1E = unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @f] }
@.offloading.entry_name = internal unnamed_addr constant [7 x i8] c"_ZTV1D\00"
@.offloading.entry._ZTV1D = weak constant %struct.__tgt_offload_entry { ptr @_ZTV1D, ptr @.offloading.entry_name, i64 24, i32 32, i32 0 }, section "omp_offloading_entries", align 8
define void @f() {
  ret void
}

;--- key.ll
target triple = "x86_64-pc-linux-gnu"
%struct.__tgt_offload_entry = type { ptr, ptr, i64, i32, i32 }
@_ZTV1D = unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr null, ptr @f] }
@.offloading.entry_name = internal unnamed_addr constant [7 x i8] c"_ZTV1D\00"
@.offloading.entry._ZTV1D = weak constant %struct.__tgt_offload_entry { ptr @_ZTV1D, ptr @.offloading.entry_name, i64 24, i32 32, i32 0 }, section "omp_offloading_entries", align 8
define void @f() {
  ret void
}
!omp_indirect.entries = !{!0}
!omp_indirect.tu = !{!1}
!0 = !{i32 3, !"_ZTV1D", i32 0, i64 16}
!1 = !{!"00c0ffee00c0ffee"}
