! What else flang-22 puts in an x86_64 kernel calls host libomp, which the
! device image links: sections, ordered, workshare, masked, tasks,
! taskgroup, a teams-level reduction and the loop construct. (Left out:
! single with copyprivate, which flang-22's device lowering drops, and
! taskloop in a target region, which runs no iteration even in a host-only
! build; docs/flang.md.) Run on the libomp teams of our entry points
! (devicertl/src/FlangHostOffload.c), each keeps its meaning: the output
! is the same as a host-only build's (flang without -fopenmp-targets), run
! on one thread: with more, the host-only build of flang-22 hangs in the
! teams reduction.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -fopenmp-version=52 %s -o %t.dev
! RUN: %flang-host-only -fopenmp-version=52 %s -o %t.host
! RUN: %t.dev > %t.dev.out
! RUN: env OMP_NUM_THREADS=1 %t.host > %t.host.out
! RUN: diff %t.host.out %t.dev.out
! RUN: FileCheck %s < %t.dev.out

! CHECK: teams reduction: 1 T
! CHECK-NEXT: teams distribute reduction: 100
! CHECK-NEXT: sections: 1 2
! CHECK-NEXT: ordered: 1 2 3 4 5 6 7 8 9 10
! CHECK-NEXT: workshare: 110
! CHECK-NEXT: masked: 1
! CHECK-NEXT: tasks: 3 T
! CHECK-NEXT: teams loop: 100 T
! CHECK-NEXT: parallel loop: 100 T
! CHECK-NEXT: parallel do simd collapse(2): 200 T
program libomp_constructs
  implicit none
  integer, parameter :: n = 100
  integer :: i, j, s, cnt(n), order(10), pos, w(10), masked_runs
  integer :: c2(n, 2), t(3)

  s = 0
!$omp target teams num_teams(1) reduction(+: s) map(tofrom: s)
  s = s + 1
!$omp end target teams
  write (*, '(a, 1x, i0, 1x, l1)') 'teams reduction:', s, s >= 1

  s = 0
!$omp target teams distribute reduction(+: s) map(tofrom: s)
  do i = 1, n
    s = s + 1
  end do
  write (*, '(a, 1x, i0)') 'teams distribute reduction:', s

  w = 0
!$omp target parallel map(tofrom: w)
!$omp sections
!$omp section
  w(1) = 1
!$omp section
  w(2) = 2
!$omp end sections
!$omp end target parallel
  write (*, '(a, 2(1x, i0))') 'sections:', w(1), w(2)

  pos = 0
!$omp target parallel map(tofrom: order, pos)
!$omp do ordered schedule(static, 1)
  do i = 1, 10
!$omp ordered
    pos = pos + 1
    order(pos) = i
!$omp end ordered
  end do
!$omp end target parallel
  write (*, '(a, 10(1x, i0))') 'ordered:', order

  ! num_threads(1): at -O0 flang-22 copies the workshare's temporary back
  ! in a `single` with no barrier after the loop that fills it, so with
  ! more threads the copy reads unfilled elements (docs/flang.md).
  w = 1
!$omp target parallel map(tofrom: w) num_threads(1)
!$omp workshare
  w = w * 11
!$omp end workshare
!$omp end target parallel
  write (*, '(a, 1x, i0)') 'workshare:', sum(w)

  masked_runs = 0
!$omp target parallel map(tofrom: masked_runs)
!$omp masked
  masked_runs = masked_runs + 1
!$omp end masked
!$omp end target parallel
  write (*, '(a, 1x, i0)') 'masked:', masked_runs

  t = 0
!$omp target map(tofrom: t)
!$omp task shared(t)
  t(1) = 1
!$omp end task
!$omp taskwait
!$omp taskgroup
!$omp task shared(t)
  t(2) = 1
!$omp end task
!$omp task shared(t)
  t(3) = 1
!$omp end task
!$omp end taskgroup
!$omp end target
  write (*, '(a, 1x, i0, 1x, l1)') 'tasks:', sum(t), all(t == 1)

  cnt = 0
!$omp target teams loop map(tofrom: cnt)
  do i = 1, n
    cnt(i) = cnt(i) + 1
  end do
  call report('teams loop:', cnt)

!$omp target parallel loop map(tofrom: cnt)
  do i = 1, n
    cnt(i) = cnt(i) + 1
  end do
  call report('parallel loop:', cnt)

  c2 = 0
!$omp target parallel do simd collapse(2) map(tofrom: c2)
  do i = 1, n
    do j = 1, 2
      c2(i, j) = c2(i, j) + 1
    end do
  end do
  write (*, '(a, 1x, i0, 1x, l1)') 'parallel do simd collapse(2):', sum(c2), &
    all(c2 == 1)
contains
  subroutine report(what, c)
    character(*), intent(in) :: what
    integer, intent(inout) :: c(:)
    write (*, '(a, 1x, i0, 1x, l1)') what, sum(c), all(c == 1)
    c = 0
  end subroutine
end program
