! Workshared and distributed loops in a Fortran kernel split their
! iterations among the kernel's threads as libomp's static schedule does
! (devicertl/src/FlangLoops.c, and the loops the pass emits around flang's
! outlined body, llvm-pass/src/FlangLoops.cpp): each thread of a team of 3
! or 4 gets one contiguous block, in thread order, sizes differing by at
! most one, and every iteration runs exactly once. Built through the
! wrapper (the pass's loops) at -O0 and -O2, and with flang alone given our
! device archive (the callbacks), which must print the same.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -O2 %s -o %t
! RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
! RUN: %flang-host-offload -O0 %s -o %t0
! RUN: env OMP_NUM_THREADS=3 %t0 | FileCheck %s
! RUN: %flang-stock-offload -O2 %s -o %ts
! RUN: env OMP_NUM_THREADS=3 %ts | FileCheck %s

! CHECK: parallel do: once T threads 3 blocks T
! CHECK-NEXT: teams distribute parallel do: once T threads 3 blocks T
! CHECK-NEXT: parallel do num_threads(4), 10 iterations: once T threads 4 blocks T
! CHECK-NEXT: do in a parallel region, nowait: once T threads 3 blocks T
! CHECK-NEXT: teams distribute: once T threads 1 blocks T
! CHECK-NEXT: parallel do schedule(dynamic): once T threads 3 blocks T
! CHECK-NEXT: parallel do collapse(2): once T threads 3
! CHECK-NEXT: parallel do, 2 iterations on 3 threads: once T threads 2
! CHECK-NEXT: lastprivate: 1000
! CHECK-NEXT: integer(8) loop: 3000000000 T
program loops_split
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: cnt(n), who(n), c2(40, 25), w2(40, 25), i, j, last
  integer(8) :: i8, k8, ks

  cnt = 0; who = -1
!$omp target parallel do map(tofrom: cnt, who)
  do i = 1, n
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  call report('parallel do:', n)

!$omp target teams distribute parallel do map(tofrom: cnt, who)
  do i = 1, n
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  call report('teams distribute parallel do:', n)

!$omp target parallel do num_threads(4) map(tofrom: cnt, who)
  do i = 1, 10
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  call report('parallel do num_threads(4), 10 iterations:', 10)

!$omp target parallel map(tofrom: cnt, who)
!$omp do
  do i = 1, n
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
!$omp end do nowait
!$omp end target parallel
  call report('do in a parallel region, nowait:', n)

!$omp target teams distribute map(tofrom: cnt, who)
  do i = 1, n
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  call report('teams distribute:', n)

  ! flang-22 passes no schedule to the device: dynamic runs as static.
!$omp target parallel do schedule(dynamic) map(tofrom: cnt, who)
  do i = 1, n
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  call report('parallel do schedule(dynamic):', n)

  c2 = 0; w2 = -1
!$omp target parallel do collapse(2) map(tofrom: c2, w2)
  do j = 1, 25
    do i = 1, 40
      c2(i, j) = c2(i, j) + 1
      w2(i, j) = omp_get_thread_num()
    end do
  end do
  write (*, '(a, 1x, a, 1x, l1, 1x, a, 1x, i0)') 'parallel do collapse(2):', &
    'once', all(c2 == 1), 'threads', maxval(w2) + 1

  cnt = 0; who = -1
!$omp target parallel do map(tofrom: cnt, who) num_threads(3)
  do i = 1, 2
    cnt(i) = cnt(i) + 1
    who(i) = omp_get_thread_num()
  end do
  write (*, '(a, 1x, a, 1x, l1, 1x, a, 1x, i0)') &
    'parallel do, 2 iterations on 3 threads:', 'once', &
    all(cnt(1:2) == 1) .and. all(cnt(3:) == 0), 'threads', maxval(who) + 1

  last = 0
!$omp target map(tofrom: last)
!$omp parallel do lastprivate(last)
  do i = 1, n
    last = i
  end do
!$omp end target
  write (*, '(a, 1x, i0)') 'lastprivate:', last

  ks = 0
!$omp target teams distribute parallel do map(tofrom: ks) reduction(+: ks)
  do i8 = 1_8, 3000000000_8, 1000000_8
    ks = ks + 1000000_8
  end do
  write (*, '(a, 1x, i0, 1x, l1)') 'integer(8) loop:', ks, ks == 3000000000_8
contains
  ! Every index 1..m ran once; the threads that ran them, and whether each
  ! thread's iterations are one block, in thread order, of the static size.
  subroutine report(what, m)
    character(*), intent(in) :: what
    integer, intent(in) :: m
    integer :: t, nth, q, r, lo, hi
    logical :: blocks
    nth = maxval(who(1:m)) + 1
    q = m / nth; r = mod(m, nth); blocks = .true.
    do t = 0, nth - 1
      lo = t * q + min(t, r) + 1
      hi = lo + q - 1 + merge(1, 0, t < r)
      blocks = blocks .and. all(who(lo:hi) == t)
    end do
    write (*, '(a, 1x, a, 1x, l1, 1x, a, 1x, i0, 1x, a, 1x, l1)') what, &
      'once', all(cnt(1:m) == 1) .and. all(cnt(m + 1:) == 0), 'threads', &
      nth, 'blocks', blocks
    cnt = 0; who = -1
  end subroutine
end program
