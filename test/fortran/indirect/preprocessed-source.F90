! A preprocessed source (.F90): macros in the code, #ifdef around one of
! two directives, an `indirect` procedure whose directive is in this file
! and uses a macro for its argument. Device copies run through pointers.
! -O0 and -O2 (at -O2 the macro given after the source, as `-D NAME`);
! also with -cpp on a copy named .f90.
!
! REQUIRES: fortran
! RUN: %flang-52 -DUSE_TRIPLE %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -D USE_TRIPLE -o %t.2
! RUN: %run %t.2 | FileCheck %s
! RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/pp.f90
! RUN: cd %t.d && %flang-52 -cpp -DUSE_TRIPLE pp.f90 -o %t.d/pp
! RUN: %run %t.d/pp | FileCheck %s
#define OFFSET 10
#define INDIRECT_ON .true.
module pp_ops
  implicit none
  integer :: ndev = 0
  !$omp declare target enter(ndev)
#ifdef USE_TRIPLE
  !$omp declare target enter(scaled) indirect(INDIRECT_ON)
#else
  !$omp declare target enter(scaled)
#endif
contains
  integer function scaled(x)
    integer, value :: x
    !$omp atomic
    ndev = ndev + 1
    scaled = 3 * x + OFFSET
  end function
end module

program preprocessed
  use pp_ops
  implicit none
  procedure(scaled), pointer :: p
  integer :: i, s, h
  p => scaled
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 10
    s = s + p(i)
  end do
  h = ndev
  !$omp target update from(ndev)
  ! CHECK: sum 265 device 10 host 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device ', ndev, ' host ', h
end program
