! OpenMP 5.1's spelling, `declare target to(scale3) indirect`, on a
! subroutine; the pointer, captured implicitly by a plain `target` region,
! is called there, at -O0 and -O2 (flang-22 cannot lower FIRSTPRIVATE on
! TARGET).
!
! REQUIRES: fortran
! RUN: %flang-host-offload -fopenmp-version=51 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-host-offload -fopenmp-version=51 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module to_counters
  integer :: device_calls = 0, host_calls = 0
  !$omp declare target to(device_calls)
end module

subroutine scale3(x, y)
  use to_counters
  implicit none
  integer, intent(in) :: x
  integer, intent(out) :: y
  !$omp declare target to(scale3) indirect
  device_calls = device_calls + 1
  y = 3 * x
end subroutine

program to_plain_target
  use to_counters
  implicit none
  interface
    subroutine s_t(x, y)
      integer, intent(in) :: x
      integer, intent(out) :: y
    end subroutine
  end interface
  procedure(s_t), pointer :: sp
  procedure(s_t) :: scale3
  integer :: i, y, s

  sp => scale3
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, 10
    call sp(i, y)
    s = s + y
  end do
  !$omp end target
  host_calls = device_calls
  !$omp target update from(device_calls)
  ! CHECK: sum 165 device calls 10 host calls 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device calls ', device_calls, &
    ' host calls ', host_calls
end program
