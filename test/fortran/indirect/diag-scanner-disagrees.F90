! A directive with INDIRECT that flang reads but the wrapper's text reader
! does not (here behind an #if with a function-like macro, which only
! flang's preprocessor evaluates): the compile stops with an error at the
! first directive with INDIRECT, naming the file and line; it never
! blanks a clause with nothing registered (which would stop the program at
! run time). With the macro spelled out, the same file builds and runs.
!
! REQUIRES: fortran
! RUN: not %flang-52 -c %s -o %t.o 2>&1 | FileCheck %s -DFILE=%s
! RUN: %flang-52 -DPLAIN %s -o %t && %run %t | FileCheck %s --check-prefix=OUT
!
! CHECK: [[FILE]]:[[@LINE+13]]:{{[0-9]+}}: error: flang reads 2 DECLARE TARGET directives in this file where omp-indirect-flang finds 1
! OUT: ok 6
#define ON(x) x
module disagree
  implicit none
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function twice(x)
    integer, value :: x
    !$omp declare target enter(twice) indirect
    twice = 2 * x
  end function
#if defined(PLAIN) || ON(1)
  integer function thrice(x)
    integer, value :: x
#ifndef PLAIN
    !$omp declare target enter(thrice) indirect
#endif
    thrice = 3 * x
  end function
#endif
end module

program diag_scanner_disagrees
  use disagree
  implicit none
  procedure(op_t), pointer :: p
  integer :: r
  p => twice
  !$omp target map(from: r)
  r = p(3)
  !$omp end target
  print '(a,i0)', 'ok ', r
end program
