; Fortran (a module flang made, source_filename "FIRModule"): what
; omp-indirect-flang's scanner tells the pass through the environment.
;  - The INDIRECT list: the procedures the unit defines are registered; one it does
;    not define is not (another source of the command defines it).
;  - The NAMED list: a procedure of another module the source names is registered in
;    this unit, declared where the module lacks it, host and device alike.
;  - The EXPECT list: a procedure the one source's clause names as its own that the
;    host module does not define is an error at the clause's line.
;  - Device: `associated(p, f)` compares the pointer's device address.
;  - Host: flang's wrapper of an intrinsic passed as an argument gets a
;    warning naming the intrinsic, in a unit that offloads.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: env OMP_INDIRECT_FLANG_INDIRECT=_QMmPf OMP_INDIRECT_FLANG_NAMED=_QMotherPh \
; RUN:   %opt %loadpass -passes=omp-indirect -S %t/host.ll 2> %t/host.err \
; RUN:   | FileCheck %s --check-prefix=HOST
; RUN: FileCheck %s --check-prefix=WARN < %t/host.err
; RUN: env OMP_INDIRECT_FLANG_INDIRECT=_QMmPf OMP_INDIRECT_FLANG_NAMED=_QMotherPh \
; RUN:   %opt %loadpass -passes=omp-indirect -S %t/device.ll \
; RUN:   | FileCheck %s --check-prefix=DEV
; RUN: printf '_QMmPf\t./src/m.f90:4:30\n_QMmPgone\t./src/m.f90:9:32\n' > %t/expect
; RUN: not sh -c 'OMP_INDIRECT_FLANG_EXPECT="$(cat %t/expect)" exec %opt %loadpass -passes=omp-indirect -S %t/host.ll -o /dev/null' 2>&1 \
; RUN:   | FileCheck %s --check-prefix=EXPECT
;
; HOST: @__omp_offloading_fptr_entries_f{{[0-9a-f]+}} = {{.*}}{ ptr @_QMmPf,{{.*}}{ ptr @_QMotherPh,
; HOST: declare {{.*}}@_QMotherPh(
; WARN: warning: omp-indirect-flang: the intrinsic procedure 'sqrt' is passed as a procedure argument; flang passes its own wrapper (fir.sqrt.f64.ref_f64)
; DEV-LABEL: define i1 @assoc(
; DEV: %[[T:.*]] = call ptr @__kmpc_target_translate_fptr(ptr %p)
; DEV: %[[I:.*]] = ptrtoint ptr %[[T]] to i64
; DEV: icmp eq i64 %[[I]], ptrtoint (ptr @_QMmPf to i64)
; DEV: declare {{.*}}@_QMotherPh(
; EXPECT: error: ./src/m.f90:9:32: omp-indirect-flang: the INDIRECT clause here names procedure '_QMmPgone', which flang's module does not define, so it cannot be registered
; EXPECT-NOT: _QMmPf'

;--- host.ll
source_filename = "FIRModule"
target triple = "x86_64-unknown-linux-gnu"

declare void @_QMotherPuse(ptr)
declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr)

define i32 @_QMmPf(i32 %x) {
  ret i32 %x
}

define internal double @fir.sqrt.f64.ref_f64(ptr %x) {
  %v = load double, ptr %x
  %r = call double @llvm.sqrt.f64(double %v)
  ret double %r
}

declare double @llvm.sqrt.f64(double)

define void @_QQmain() {
  call void @_QMotherPuse(ptr @fir.sqrt.f64.ref_f64)
  ret void
}

;--- device.ll
source_filename = "FIRModule"
target triple = "x86_64-unknown-linux-gnu"

define i32 @_QMmPf(i32 %x) {
  ret i32 %x
}

define i1 @assoc(ptr %p) {
  %i = ptrtoint ptr %p to i64
  %c = icmp eq i64 %i, ptrtoint (ptr @_QMmPf to i64)
  ret i1 %c
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 52}
