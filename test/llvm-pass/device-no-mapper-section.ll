; A device module keeps its !omp_indirect.mappers as metadata only: the
; mapper records go into the host object alone.
; RUN: %opt %loadpass -passes=omp-indirect -S %s | FileCheck %s

target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: omp_indirect_mappers
; CHECK: !omp_indirect.mappers = !{![[M:[0-9]+]]}
; CHECK: ![[M]] = !{!"default", !"struct V"
; CHECK-NOT: omp_indirect_mappers

define void @f() {
  ret void
}

!llvm.module.flags = !{!2}
!omp_indirect.mappers = !{!0}
!0 = !{!"default", !"struct V", !1}
!1 = !{!"v", !"tofrom"}
!2 = !{i32 7, !"openmp-device", i32 51}
