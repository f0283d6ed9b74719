! A kernel that forgets `reduction(+: s)`: on a device that runs every
! parallel region as a team of one thread, its sum was always right and
! the bug stayed hidden until the GPU. On the host-offload device the loop
! now runs on 2 threads that are inside it at the same time, as on a GPU:
! each thread, at its first iteration, waits (up to 20 s) until the other
! has started its own share, so the two shares overlap, and per-thread
! counters show each thread ran half of the iterations. The sum is then a
! data race (a lost update makes it smaller; nothing makes it larger), and
! what the test checks cannot depend on how the race went.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -O0 %s -o %t
! RUN: %t | FileCheck %s
! RUN: %flang-host-offload -O2 %s -o %t2
! RUN: %t2 | FileCheck %s

! CHECK: racy loop ran on threads: 2
! CHECK-NEXT: iterations per thread: 50000 50000
! CHECK-NEXT: both threads inside the loop at once: T
! CHECK-NEXT: racy sum at most the iteration count: T
program racy_sum
  use omp_lib
  implicit none
  integer, parameter :: n = 100000
  integer :: i, s, per(0:1), started(0:1), met(0:1), me, other, seen
  real(8) :: t0

  s = 0; per = 0; started = 0; met = 0
!$omp target parallel do num_threads(2) map(tofrom: s, per, started, met) &
!$omp&   private(me, other, seen, t0)
  do i = 1, n
    me = omp_get_thread_num()
    if (per(me) == 0) then
!$omp atomic write
      started(me) = 1
      other = 1 - me
      t0 = omp_get_wtime()
      do
!$omp atomic read
        seen = started(other)
        if (seen == 1 .or. omp_get_wtime() - t0 > 20) exit
      end do
      met(me) = seen
    end if
    per(me) = per(me) + 1
    s = s + 1 ! the missing reduction
  end do
  write (*, '(a, 1x, i0)') 'racy loop ran on threads:', count(per > 0)
  write (*, '(a, 2(1x, i0))') 'iterations per thread:', per
  write (*, '(a, 1x, l1)') 'both threads inside the loop at once:', all(met == 1)
  write (*, '(a, 1x, l1)') 'racy sum at most the iteration count:', s <= n
end program
