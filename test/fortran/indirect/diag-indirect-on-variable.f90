! INDIRECT on a list of variables only, and INDIRECT with an argument that
! is not a constant flang folds, stop the compile with an error naming the
! construct and the source location (the file as flang names it), as the
! clang plugin does for C (a variable beside procedures is a warning:
! ../scanner/link-names.test).
!
! REQUIRES: fortran
! RUN: sed 's/^!A //' %s > %t.var.f90
! RUN: not %flang-52 -c %t.var.f90 -o %t.o 2>&1 | FileCheck %s --check-prefix=VAR -DFILE=%t.var.f90
! RUN: sed 's/^!B //' %s > %t.expr.f90
! RUN: not %flang-52 -c %t.expr.f90 -o %t.o 2>&1 | FileCheck %s --check-prefix=EXPR -DFILE=%t.expr.f90

module diag_vars
  integer :: counter
  logical :: runtime_choice = .true.
!A  !$omp declare target enter(counter) indirect
  ! VAR: [[FILE]]:[[@LINE-1]]:38: error: INDIRECT on a DECLARE TARGET directive whose list names no procedure; INDIRECT applies to procedures only
!B  !$omp declare target enter(f) indirect(runtime_choice)
  ! EXPR: [[FILE]]:[[@LINE-1]]:41: error: the INDIRECT clause's argument is not a constant that flang folds to .true. or .false. ('runtime_choice')
contains
  integer function f(x)
    integer, value :: x
    f = x
  end function
end module
