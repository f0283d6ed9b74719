; A host module with !omp_indirect.mappers keeps them in the object: one
; record per unit, `__omp_indirect_mappers_<tu>`, in section
; omp_indirect_mappers, kept by llvm.used. The record is NUL-terminated
; strings: the magic, the unit, the mapper count, then per mapper its
; identifier, type and item count, then each item and its map type
; (docs/format.md). Running the pass again adds nothing.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s
; RUN: %opt %loadpass -passes=omp-indirect,omp-indirect -S %s \
; RUN:   | FileCheck %s --check-prefix=ONCE

target triple = "x86_64-pc-linux-gnu"

; CHECK: @__omp_indirect_mappers_0123456789abcdef = internal constant [{{[0-9]+}} x i8] c"omp_indirect.mappers.v1\000123456789abcdef\002\00default\00struct V\002\00v\00tofrom\00v.x[0:v.n]\00tofrom\00id\00struct W\001\00w.vs[0:w.k]\00alloc\00", section "omp_indirect_mappers", align 1
; CHECK: @llvm.used = appending global [1 x ptr] [ptr @__omp_indirect_mappers_0123456789abcdef]
; ONCE-COUNT-1: section "omp_indirect_mappers"
; ONCE-NOT: section "omp_indirect_mappers"

define void @f() {
  ret void
}

!omp_indirect.mappers = !{!0, !3}
!omp_indirect.tu = !{!5}
!0 = !{!"default", !"struct V", !1, !2}
!1 = !{!"v", !"tofrom"}
!2 = !{!"v.x[0:v.n]", !"tofrom"}
!3 = !{!"id", !"struct W", !4}
!4 = !{!"w.vs[0:w.k]", !"alloc"}
!5 = !{!"0123456789abcdef"}
