! A procedure of another module in the list of a directive with INDIRECT,
! renamed by `use`, as flang alone accepts the directive: the unit that
! names it registers it (the module that defines it makes it `declare
! target`, so it has a device copy). A pointer to it taken in the naming
! unit and called in a kernel reaches the device copy, at -O0 and -O2; the
! module compiled apart, into its own object.
!
! REQUIRES: fortran
! RUN: rm -rf %t && mkdir -p %t
! RUN: cd %t && %flang-52 -c %S/Inputs/other-module-ops.f90 -o ops.o
! RUN: cd %t && %flang-52 %s ops.o -o prog
! RUN: %run %t/prog | FileCheck %s
! RUN: cd %t && %flang-52 -O2 -c %S/Inputs/other-module-ops.f90 -o ops.o
! RUN: cd %t && %flang-52 -O2 %s ops.o -o prog2
! RUN: %run %t/prog2 | FileCheck %s
module namer
  use other_module_ops, only: quadruple => times_four, op_t, dev_four
  implicit none
  !$omp declare target enter(quadruple) indirect
contains
  integer function run_kernel(n)
    integer, value :: n
    procedure(op_t), pointer :: p
    integer :: i, s
    p => quadruple
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + p(i)
    end do
    run_kernel = s
  end function
end module

program other_module_procedure
  use namer
  implicit none
  integer :: s, h
  s = run_kernel(10)
  h = dev_four
  !$omp target update from(dev_four)
  ! CHECK: sum 220 device 10 host 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device ', dev_four, ' host ', h
end program
