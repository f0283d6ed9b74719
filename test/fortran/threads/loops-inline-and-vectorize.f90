! The pass (llvm-pass/src/FlangLoops.cpp) emits each of flang's x86_64 loop
! callbacks as the loop around the outlined body, so the body inlines and
! the loop vectorizes: at -O2 no callback call is left in the device
! module, the triad's and the simd dot product's loops are vector loops,
! and the simd loop carries flang's parallel-accesses groups and
! vectorize.enable. At -O0 the loop calls the body directly. With the pass
! switched off the callback stays.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -O2 --offload-device-only -S -emit-llvm %s -o - \
! RUN:   2>/dev/null | FileCheck %s --check-prefix=O2
! RUN: %flang-host-offload -O0 --offload-device-only -S -emit-llvm %s -o - \
! RUN:   2>/dev/null | FileCheck %s --check-prefix=O0
! RUN: %flang-host-offload -O2 -mllvm -omp-indirect-flang-loops=false \
! RUN:   --offload-device-only -S -emit-llvm %s -o - 2>/dev/null \
! RUN:   | FileCheck %s --check-prefix=OFF

! O2-NOT: call {{.*}}@__kmpc_{{[a-z_]*}}static_loop
! O2-LABEL: define {{.*}}@{{.*}}triad{{.*}}omp_par
! O2: call void @__omp_indirect_flang_static_bounds_4u(i32 2,
! O2: fmul contract <{{[0-9]+}} x double>
! O2: fadd contract <{{[0-9]+}} x double>
! O2: store <{{[0-9]+}} x double>
! O2-LABEL: define {{.*}}@{{.*}}dot{{.*}}omp_par
! O2: call void @__omp_indirect_flang_static_bounds_4u(i32 2,
! O2: fmul contract <{{[0-9]+}} x double>
! O2: fadd contract <{{[0-9]+}} x double>
! O2: br {{.*}}label %vector.body, !llvm.loop [[LOOP:![0-9]+]]
! O2: [[LOOP]] = distinct !{[[LOOP]], [[PAR:![0-9]+]],
! O2-NEXT: [[PAR]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}

! O0-LABEL: define {{.*}}@{{.*}}triad{{.*}}omp_par
! O0: call void @__omp_indirect_flang_static_bounds_4u(i32 2, i32 [[N:%.*]], ptr [[LO:%.*]], ptr [[HI:%.*]])
! O0: omp_indirect.loop.header:
! O0-NEXT: [[I:%.*]] = phi i32
! O0-NEXT: icmp ult i32 [[I]]
! O0: omp_indirect.loop.body:
! O0-NEXT: call void @{{.*}}triad{{.*}}omp_par{{[.0-9]*}}(i32 [[I]], ptr

! O0-LABEL: define {{.*}}@{{.*}}dot{{.*}}omp_par
! O0: omp_indirect.loop.body:
! O0: br label %omp_indirect.loop.header, !llvm.loop [[SIMD:![0-9]+]]
! O0: [[SIMD]] = distinct !{[[SIMD]], [[PAR0:![0-9]+]], [[ENABLE:![0-9]+]]}
! O0-DAG: [[PAR0]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
! O0-DAG: [[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}

! OFF: call void @__kmpc_distribute_for_static_loop_4u(
! OFF-NOT: __omp_indirect_flang_static_bounds
subroutine triad(a, b, c, n)
  integer :: n, i
  real(8) :: a(n), b(n), c(n)
!$omp target teams distribute parallel do map(to: b, c) map(from: a)
  do i = 1, n
    a(i) = b(i) + 0.4d0 * c(i)
  end do
end subroutine

subroutine dot(a, b, n, s)
  integer :: n, i
  real(8) :: a(n), b(n), s
  s = 0
!$omp target teams distribute parallel do simd map(to: a, b) reduction(+: s)
  do i = 1, n
    s = s + a(i) * b(i)
  end do
end subroutine
