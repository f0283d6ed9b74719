! The directive in a module's specification part naming two module
! procedures, across `!$omp&` continuation lines, in mixed case, with
! INDIRECT(.TRUE.); the pointer is a `save`d module variable assigned in one
! procedure and called in a kernel in another. A third procedure is
! INDIRECT(.FALSE.): called directly in the kernel, it runs its device copy.
! -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module Spec_Ops
  implicit none
  integer :: dev_add = 0, dev_mul = 0, dev_direct = 0
  !$omp declare target enter(dev_add, dev_mul, dev_direct)
  !$OMP Declare Target Enter(Add_One, &
  !$Omp&   mul_two) &
  !$omp&   Indirect(.TRUE.)
  !$omp declare target enter(direct_only) indirect(.false.)
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
  procedure(op_t), pointer, save :: current => null()
contains
  integer function add_one(x)
    integer, value :: x
    !$omp atomic
    dev_add = dev_add + 1
    add_one = x + 1
  end function
  integer function mul_two(x)
    integer, value :: x
    !$omp atomic
    dev_mul = dev_mul + 1
    mul_two = 2 * x
  end function
  integer function direct_only(x)
    integer, value :: x
    !$omp atomic
    dev_direct = dev_direct + 1
    direct_only = x
  end function
  subroutine choose(k)
    integer, value :: k
    if (k == 1) then
      current => add_one
    else
      current => mul_two
    end if
  end subroutine
  integer function run_kernel(n)
    integer, value :: n
    integer :: i, s
    procedure(op_t), pointer :: p
    p => current
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + p(i) + direct_only(0)
    end do
    run_kernel = s
  end function
end module

program module_spec_part
  use spec_ops
  implicit none
  integer :: a, m, h(3)
  call choose(1)
  a = run_kernel(100)
  call choose(2)
  m = run_kernel(100)
  h = [dev_add, dev_mul, dev_direct]
  !$omp target update from(dev_add, dev_mul, dev_direct)
  ! CHECK: add 5150 mul 10100 device 100 100 200 host 0 0 0
  print '(a,i0,a,i0,a,3(1x,i0),a,3(1x,i0))', 'add ', a, ' mul ', m, &
    ' device', dev_add, dev_mul, dev_direct, ' host', h
end program
