! An INCLUDE'd file that includes, from its own folder, the file with
! `declare target indirect` and one without: the device copy of the
! external subroutine runs through a pointer, at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
include 'Inputs/nested-outer.inc'

program include_nested_indirect
  use nested_counters
  implicit none
  interface
    subroutine s_t(x, y)
      integer, intent(in) :: x
      integer, intent(out) :: y
    end subroutine
  end interface
  procedure(s_t), pointer :: sp
  procedure(s_t) :: nested_add
  integer :: i, y, s

  sp => nested_add
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, 10
    call sp(i, y)
    s = s + y
  end do
  !$omp end target
  host_calls = device_calls
  !$omp target update from(device_calls)
  ! CHECK: sum 1055 device calls 10 host calls 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device calls ', device_calls, &
    ' host calls ', host_calls
end program
