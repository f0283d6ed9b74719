! `declare target ... indirect(INDIRECT_ON)` in a file brought in by
! #include, in an #ifdef branch, its argument a macro of this file: the
! device copy runs through a pointer, at -O0 and -O2; also with -cpp on a
! copy named .f90 that finds the header through -I.
!
! REQUIRES: fortran
! RUN: %flang-52 -DUSE_INDIRECT %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 -DUSE_INDIRECT %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
! RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/pp.f90
! RUN: cd %t.d && %flang-52 -cpp -DUSE_INDIRECT -I%S pp.f90 -o %t.d/pp
! RUN: %run %t.d/pp | FileCheck %s
#define OFFSET 10
#define INDIRECT_ON .true.
#include "Inputs/pp-include.h"

program preprocessed_include
  use ppi_ops
  implicit none
  procedure(tripled), pointer :: p
  integer :: i, s

  p => tripled
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, 10
    s = s + p(i)
  end do
  !$omp end target
  host_calls = device_calls
  !$omp target update from(device_calls)
  ! CHECK: sum 265 device calls 10 host calls 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device calls ', device_calls, &
    ' host calls ', host_calls
end program
