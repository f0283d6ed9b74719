! INDIRECT's argument as a named constant of the module and as a constant
! logical expression (.not., .and., .or.): true ones register the
! procedure (its device copy runs through the pointer); the false one does
! not (called directly in the kernel, its device copy runs). -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module named_ops
  implicit none
  logical, parameter :: by_pointer = .true., never = .false.
  integer :: dev_a = 0, dev_b = 0, dev_c = 0
  !$omp declare target enter(dev_a, dev_b, dev_c)
  !$omp declare target enter(op_a) indirect(by_pointer)
  !$omp declare target enter(op_b) indirect(.not. never .and. (by_pointer .or. never))
  !$omp declare target enter(op_c) indirect(never)
contains
  integer function op_a(x)
    integer, value :: x
    dev_a = dev_a + 1
    op_a = x + 100
  end function
  integer function op_b(x)
    integer, value :: x
    dev_b = dev_b + 1
    op_b = x + 200
  end function
  integer function op_c(x)
    integer, value :: x
    dev_c = dev_c + 1
    op_c = x + 300
  end function
end module

program named_constant
  use named_ops
  implicit none
  procedure(op_a), pointer :: pa, pb
  integer :: s, h(3)
  pa => op_a
  pb => op_b
  s = 0
  !$omp target map(tofrom: s)
  s = pa(1) + pb(2) + op_c(3)
  !$omp end target
  h = [dev_a, dev_b, dev_c]
  !$omp target update from(dev_a, dev_b, dev_c)
  ! CHECK: sum 606 device 1 1 1 host 0 0 0
  print '(a,i0,a,3(1x,i0),a,3(1x,i0))', 'sum ', s, ' device', dev_a, &
    dev_b, dev_c, ' host', h
end program
