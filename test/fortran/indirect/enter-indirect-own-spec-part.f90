! `declare target enter(twice) indirect` in the specification part of an
! external function of its own; a procedure pointer to its host copy, taken
! on the host, called in a `teams distribute parallel do` loop reaches the
! device copy (the device counter counts every call, the host counter
! none), at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module enter_own_counters
  integer :: device_calls = 0, host_calls = 0
  !$omp declare target enter(device_calls)
end module

integer function twice(x)
  use enter_own_counters
  implicit none
  integer, value :: x
  !$omp declare target enter(twice) indirect
  !$omp atomic
  device_calls = device_calls + 1
  twice = 2 * x
end function

program enter_own_spec_part
  use enter_own_counters
  implicit none
  interface
    integer function f_t(x)
      integer, value :: x
    end function
  end interface
  procedure(f_t), pointer :: fp
  procedure(f_t) :: twice
  integer, parameter :: n = 1000
  integer :: i, s

  fp => twice
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, n
    s = s + fp(i)
  end do
  ! The host's copy of the counter: a host call would have moved it.
  host_calls = device_calls
  !$omp target update from(device_calls)
  ! CHECK: sum 1001000 device calls 1000 host calls 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device calls ', device_calls, &
    ' host calls ', host_calls
end program
