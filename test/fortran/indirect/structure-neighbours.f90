! The neighbours of procedure statements: a `module procedure` interface
! body in the module with its body in a submodule (the directive in the
! `module procedure` body), a procedure only of the submodule, `contains`
! in a derived type, a block data unit between them, an internal procedure
! of the main program. Each is registered under flang's link name and its
! device copy runs, at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module neighbours
  implicit none
  integer :: dev_sep = 0, dev_sub = 0, dev_int = 0
  !$omp declare target enter(dev_sep, dev_sub, dev_int)
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
  type :: holder
    procedure(op_t), pointer, nopass :: op => null()
  contains
    procedure, nopass :: twice => sep_twice
  end type
  interface
    module function sep_twice(x) result(y)
      integer, value :: x
      integer :: y
    end function
    module subroutine pick_sub_only(p)
      procedure(op_t), pointer, intent(out) :: p
    end subroutine
  end interface
contains
  integer function run_kernel(p, n)
    procedure(op_t), pointer, intent(in) :: p
    integer, value :: n
    procedure(op_t), pointer :: q
    integer :: i, s
    q => p
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + q(i)
    end do
    run_kernel = s
  end function
end module

submodule (neighbours) neighbours_impl
  implicit none
contains
  module procedure sep_twice
    !$omp declare target enter(sep_twice) indirect
    !$omp atomic
    dev_sep = dev_sep + 1
    y = 2 * x
  end procedure
  integer function sub_only(x)
    integer, value :: x
    !$omp declare target enter(sub_only) indirect
    !$omp atomic
    dev_sub = dev_sub + 1
    sub_only = 3 * x
  end function
  module subroutine pick_sub_only(p)
    procedure(op_t), pointer, intent(out) :: p
    p => sub_only
  end subroutine
end submodule

block data neighbours_data
  integer :: unused
  common /neighbours_blk/ unused
  data unused /1/
end block data

program structure_neighbours
  use neighbours
  implicit none
  type(holder) :: h
  procedure(op_t), pointer :: p
  integer :: r(3), host(3)
  h%op => sep_twice
  r(1) = run_kernel(h%op, 10)
  call pick_sub_only(p)
  r(2) = run_kernel(p, 10)
  p => internal_four
  r(3) = run_kernel(p, 10)
  host = [dev_sep, dev_sub, dev_int]
  !$omp target update from(dev_sep, dev_sub, dev_int)
  ! CHECK: 110 165 220 device 10 10 10 host 0 0 0 twice 14
  print '(3(1x,i0),a,3(1x,i0),a,3(1x,i0),a,i0)', r, ' device', dev_sep, &
    dev_sub, dev_int, ' host', host, ' twice ', h%twice(7)
contains
  integer function internal_four(x)
    integer, value :: x
    !$omp declare target enter(internal_four) indirect
    !$omp atomic
    dev_int = dev_int + 1
    internal_four = 4 * x
  end function
end program
