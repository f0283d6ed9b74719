! Dummy procedures: a host procedure (an indirect module procedure, or an
! indirect external one) passed as an actual argument to a procedure that
! runs a kernel with it: called in a `teams distribute parallel do` loop,
! and passed on, in a plain `target` region, to a `declare target`
! procedure that calls its dummy on the device. Each call reaches the
! device copy. -O0 and -O2. The kernels name the dummy through a local
! procedure pointer: flang-22 crashes (a segmentation fault in its
! lowering, stock flang too) on a target region that names a dummy
! procedure itself.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module dummy_m
  implicit none
  integer :: dev_sq = 0, dev_cube = 0
  !$omp declare target enter(dev_sq, dev_cube)
  !$omp declare target enter(square) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function square(x)
    integer, value :: x
    !$omp atomic
    dev_sq = dev_sq + 1
    square = x * x
  end function
  integer function apply_twice(f, x)
    procedure(op_t) :: f
    integer, value :: x
    !$omp declare target enter(apply_twice)
    apply_twice = f(f(x))
  end function
  integer function sum_in_kernel(f, n)
    procedure(op_t) :: f
    integer, value :: n
    integer :: i, s
    procedure(op_t), pointer :: p
    p => f
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + p(i)
    end do
    sum_in_kernel = s
  end function
  integer function nested_in_kernel(f, x)
    procedure(op_t) :: f
    integer, value :: x
    integer :: r
    procedure(op_t), pointer :: p
    p => f
    !$omp target map(from: r)
    r = apply_twice(p, x)
    !$omp end target
    nested_in_kernel = r
  end function
end module

integer function cube(x)
  use dummy_m
  integer, value :: x
  !$omp declare target enter(cube) indirect
  !$omp atomic
  dev_cube = dev_cube + 1
  cube = x * x * x
end function

program dummy_procedure
  use dummy_m
  implicit none
  procedure(op_t) :: cube
  integer :: a, b, c, h(2)
  a = sum_in_kernel(square, 10)
  b = sum_in_kernel(cube, 10)
  c = nested_in_kernel(square, 3)
  h = [dev_sq, dev_cube]
  !$omp target update from(dev_sq, dev_cube)
  ! CHECK: 385 3025 81 device 12 10 host 0 0
  print '(3(i0,1x),a,2(1x,i0),a,2(1x,i0))', a, b, c, 'device', dev_sq, &
    dev_cube, ' host', h
end program
