! Call promotion on Fortran: a procedure pointer in a `target teams
! distribute parallel do` loop, a dummy procedure called the same way, and a
! procedure-pointer component of a mapped derived type. The wrapper
! registers the indirect module procedures, and at -O2 each call is promoted
! to those of its interface (the remark names them). Device-side counters
! prove each call reached the device copy, at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 -Rpass=omp-indirect %s -o %t.2 2>%t.2.remarks
! RUN: %run %t.2 | FileCheck %s
! RUN: FileCheck %s --check-prefix=REMARK --input-file %t.2.remarks
module promote_m
  implicit none
  integer :: dev_calls(3) = 0
  !$omp declare target enter(dev_calls)
  !$omp declare target enter(twice, plus1, cube) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
  type :: holder
    procedure(op_t), pointer, nopass :: op => null()
  end type
contains
  integer function twice(x)
    integer, value :: x
    !$omp atomic
    dev_calls(1) = dev_calls(1) + 1
    twice = 2 * x
  end function
  integer function plus1(x)
    integer, value :: x
    !$omp atomic
    dev_calls(2) = dev_calls(2) + 1
    plus1 = x + 1
  end function
  integer function cube(x)
    integer, value :: x
    !$omp atomic
    dev_calls(3) = dev_calls(3) + 1
    cube = x * x * x
  end function
  integer function run_pointer(p, n)
    procedure(op_t), pointer :: p
    integer, value :: n
    integer :: i, s
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + p(i)
      ! REMARK: promote-procedure-pointers.f90:[[@LINE-1]]:7: remark: indirect call promoted to direct calls of _QMpromote_mPcube, _QMpromote_mPplus1 and _QMpromote_mPtwice; any other target goes through the table
    end do
    run_pointer = s
  end function
  integer function run_dummy(f, n)
    procedure(op_t) :: f
    integer, value :: n
    procedure(op_t), pointer :: p
    p => f
    run_dummy = run_pointer(p, n)
  end function
end module

program promote
  use promote_m
  implicit none
  procedure(op_t), pointer :: p
  type(holder) :: h
  integer :: a, b, c
  p => twice
  a = run_pointer(p, 10)
  b = run_dummy(plus1, 10)
  h%op => cube
  c = 0
  !$omp target map(to: h) map(tofrom: c)
  c = h%op(3)
  ! REMARK: promote-procedure-pointers.f90:[[@LINE-1]]:3: remark: indirect call promoted to direct calls of _QMpromote_mPcube, _QMpromote_mPplus1 and _QMpromote_mPtwice; any other target goes through the table
  !$omp end target
  !$omp target update from(dev_calls)
  ! CHECK: 110 65 27 calls 10 10 1
  print '(3I4, A, 3I3)', a, b, c, ' calls', dev_calls
end program
