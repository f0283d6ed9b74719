! Reductions, atomic, critical, barrier, single, master and masked in
! Fortran kernels whose parallel regions run 4 threads on the host-offload
! device: each construct gives the same result as with one thread, and
! each line shows how many distinct threads took part (>= 2 where all of
! them should, 1 where one should).
!
! REQUIRES: fortran
! RUN: %flang-host-offload -O2 %s -o %t
! RUN: env OMP_NUM_THREADS=4 %t | FileCheck %s
! RUN: %flang-host-offload -O0 %s -o %t0
! RUN: env OMP_NUM_THREADS=4 %t0 | FileCheck %s

! CHECK: reductions: 500500 1000 1 T T 500500.0 threads 4
! CHECK-NEXT: teams reduction: 500500 threads 4
! CHECK-NEXT: atomic: 40000 threads 4
! CHECK-NEXT: critical: 40000 max inside 1 threads 4
! CHECK-NEXT: barrier: all saw all T threads 4
! CHECK-NEXT: single: 1 then seen by all T
! CHECK-NEXT: master: 1 by thread 0
! CHECK-NEXT: masked filter(2): 1 by thread 2
program sync_constructs
  use omp_lib
  implicit none
  integer, parameter :: n = 1000, nth = 4
  integer :: i, k, isum, imax, imin, atom, crit, inside, most, ones, by
  integer :: seen(0:nth - 1), before(0:nth - 1), flag
  logical :: all_pos, any_big, ok
  real(8) :: s

  isum = 0; imax = -huge(1); imin = huge(1); all_pos = .true.
  any_big = .false.; s = 0; seen = 0
!$omp target parallel do num_threads(nth) reduction(+: isum, s) &
!$omp&   reduction(max: imax) reduction(min: imin) reduction(.and.: all_pos) &
!$omp&   reduction(.or.: any_big) map(tofrom: isum, imax, imin, all_pos, &
!$omp&   any_big, s, seen)
  do i = 1, n
    isum = isum + i
    s = s + i
    imax = max(imax, i)
    imin = min(imin, i)
    all_pos = all_pos .and. i > 0
    any_big = any_big .or. i > 999
    seen(omp_get_thread_num()) = 1
  end do
  write (*, '(a, 3(1x, i0), 2(1x, l1), 1x, f0.1, 1x, a, 1x, i0)') &
    'reductions:', isum, imax, imin, all_pos, any_big, s, 'threads', sum(seen)

  isum = 0; seen = 0
!$omp target teams distribute parallel do num_threads(nth) &
!$omp&   reduction(+: isum) map(tofrom: isum, seen)
  do i = 1, n
    isum = isum + i
    seen(omp_get_thread_num()) = 1
  end do
  write (*, '(a, 1x, i0, 1x, a, 1x, i0)') 'teams reduction:', isum, &
    'threads', sum(seen)

  atom = 0; seen = 0
!$omp target parallel num_threads(nth) map(tofrom: atom, seen)
  seen(omp_get_thread_num()) = 1
  do k = 1, 10000
!$omp atomic update
    atom = atom + 1
  end do
!$omp end target parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, i0)') 'atomic:', atom, 'threads', sum(seen)

  ! Inside the critical section a thread counts who else is inside (an
  ! atomic counter): never more than itself.
  crit = 0; inside = 0; most = 0; seen = 0
!$omp target parallel num_threads(nth) map(tofrom: crit, inside, most, seen)
  seen(omp_get_thread_num()) = 1
  do k = 1, 10000
!$omp critical
!$omp atomic update
    inside = inside + 1
!$omp atomic read
    ones = inside
    most = max(most, ones)
    crit = crit + 1
!$omp atomic update
    inside = inside - 1
!$omp end critical
  end do
!$omp end target parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, i0, 1x, a, 1x, i0)') 'critical:', crit, &
    'max inside', most, 'threads', sum(seen)

  ! Every thread marks itself before the barrier and checks all marks
  ! after it.
  before = 0; seen = 0; flag = 1
!$omp target parallel num_threads(nth) map(tofrom: before, seen, flag) &
!$omp&   private(k, ok)
!$omp atomic write
  before(omp_get_thread_num()) = 1
!$omp barrier
  ok = .true.
  do k = 0, nth - 1
!$omp atomic read
    i = before(k)
    ok = ok .and. i == 1
  end do
  if (.not. ok) then
!$omp atomic write
    flag = 0
  end if
  seen(omp_get_thread_num()) = 1
!$omp end target parallel
  write (*, '(a, 1x, a, 1x, l1, 1x, a, 1x, i0)') 'barrier:', 'all saw all', &
    flag == 1, 'threads', sum(seen)

  ! single runs once; its implicit barrier makes its write seen by all.
  ones = 0; seen = 0
!$omp target parallel num_threads(nth) map(tofrom: ones, seen) private(k)
!$omp single
  ones = ones + 1
!$omp end single
!$omp atomic read
  k = ones
  seen(omp_get_thread_num()) = k
!$omp end target parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, l1)') 'single:', ones, &
    'then seen by all', all(seen == 1)

  ones = 0; by = -1
!$omp target parallel num_threads(nth) map(tofrom: ones, by)
!$omp master
  ones = ones + 1
  by = omp_get_thread_num()
!$omp end master
!$omp end target parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, i0)') 'master:', ones, 'by thread', by

  ones = 0; by = -1
!$omp target parallel num_threads(nth) map(tofrom: ones, by)
!$omp masked filter(2)
  ones = ones + 1
  by = omp_get_thread_num()
!$omp end masked
!$omp end target parallel
  write (*, '(a, 1x, i0, 1x, a, 1x, i0)') 'masked filter(2):', ones, &
    'by thread', by
end program
