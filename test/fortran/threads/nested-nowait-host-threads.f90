! Fortran kernels under real threads on the host-offload device: nested
! parallel regions (with OMP_MAX_ACTIVE_LEVELS=2; libomp's default
! serializes nested regions, in clang's kernels as here, and a kernel
! launched from a host parallel region is nested in it), `target nowait` kernels in
! flight together on libomptarget's hidden helper threads, and 4 host
! threads launching kernels at once, each kernel's reduction, loop and
! barrier acting on its own team. Every count is checked per index.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -O2 %s -o %t
! RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 %t | FileCheck %s
! RUN: %flang-host-offload -O0 %s -o %t0
! RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 %t0 | FileCheck %s
! RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s --check-prefix=SERIAL

! CHECK: nested: outer 2 inner 3 once T
! SERIAL: nested: outer 2 inner 1 once T
! CHECK-NEXT: nowait: 8 kernels, once each T
! CHECK-NEXT: host threads: 4 x 500500 T
! CHECK-NEXT: host threads' kernels had threads: 2 2 2 2
! SERIAL: host threads' kernels had threads: 1 1 1 1
program nested_nowait
  use omp_lib
  implicit none
  integer, parameter :: n = 1000, nk = 8
  integer :: cnt(8, 12), outer, inner, i, j, k, me, acc
  integer :: many(n, nk), per(4), inside(4)

  cnt = 0; outer = 0; inner = 0
!$omp target parallel do map(tofrom: cnt, outer, inner)
  do j = 1, 8
    if (j == 1) outer = omp_get_num_threads()
!$omp parallel do num_threads(3)
    do i = 1, 12
      cnt(j, i) = cnt(j, i) + 1
      if (i == 1 .and. j == 1) inner = omp_get_num_threads()
    end do
  end do
  write (*, '(a, 1x, a, 1x, i0, 1x, a, 1x, i0, 1x, a, 1x, l1)') 'nested:', &
    'outer', outer, 'inner', inner, 'once', all(cnt == 1)

  many = 0
  do k = 1, nk
!$omp target teams distribute parallel do map(tofrom: many(:, k)) nowait
    do i = 1, n
      many(i, k) = many(i, k) + 1
    end do
  end do
!$omp taskwait
  write (*, '(a, 1x, i0, 1x, a, 1x, l1)') 'nowait:', nk, 'kernels, once each', &
    all(many == 1)

  per = 0; inside = 0
!$omp parallel num_threads(4) private(me, acc, i)
  me = omp_get_thread_num() + 1
  acc = 0
!$omp target parallel do num_threads(2) reduction(+: acc) map(tofrom: acc, inside)
  do i = 1, n
    acc = acc + i
    if (i == 1) inside(me) = omp_get_num_threads()
  end do
  per(me) = acc
!$omp end parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, i0, 1x, l1)') 'host threads:', 4, 'x', &
    per(1), all(per == 500500)
  write (*, '(a, 4(1x, i0))') 'host threads'' kernels had threads:', inside
end program
