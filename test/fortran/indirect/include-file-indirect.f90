! `declare target enter(scaled) indirect` in a file brought in by a Fortran
! INCLUDE line: the device copy of the included module procedure runs
! through a pointer, at -O0 and -O2; the include is found beside the source
! and, from a copy of the source elsewhere, through -I; nothing is left
! beside the source.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
! RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/prog.f90
! RUN: cd %t.d && %flang-52 -I %S -c prog.f90 -o prog.o
! RUN: %flang-52 prog.o -o prog && %run ./prog | FileCheck %s
! RUN: ls %t.d | FileCheck %s --check-prefix=LEFT --implicit-check-not=.inc
! LEFT: prog
! LEFT-NEXT: prog.f90
! LEFT-NEXT: prog.o
! LEFT-NOT: {{.}}
include 'Inputs/include-ops.inc'

program include_file_indirect
  use inc_ops
  implicit none
  procedure(scaled), pointer :: p
  integer :: i, s

  p => scaled
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, 10
    s = s + p(i)
  end do
  !$omp end target
  host_calls = device_calls
  !$omp target update from(device_calls)
  ! CHECK: sum 175 device calls 10 host calls 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device calls ', device_calls, &
    ' host calls ', host_calls
end program
