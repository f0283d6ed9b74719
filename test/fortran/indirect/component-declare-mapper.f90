! Records whose procedure-pointer component holds the host address of an
! indirect module procedure, 10^5 of them with an allocatable component,
! deep-copied by a `declare mapper` of the type that maps the record (and so
! the component's bits) and its allocatable (flang-22 crashes lowering the
! component itself as a map item); a kernel
! calls each record's component: every call reaches a device copy (the
! device counters add up to N, the host ones stay 0). -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t 100000 | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 100000 | FileCheck %s
module comp_declared_m
  implicit none
  integer :: dev_inc = 0, dev_neg = 0
  !$omp declare target enter(dev_inc, dev_neg)
  !$omp declare target enter(inc, neg) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
  type :: rec_t
    integer, allocatable :: v(:)
    procedure(op_t), pointer, nopass :: op => null()
  end type
  !$omp declare mapper(rec_m : rec_t :: x) map(tofrom: x, x%v)
contains
  integer function inc(x)
    integer, value :: x
    !$omp atomic
    dev_inc = dev_inc + 1
    inc = x + 1
  end function
  integer function neg(x)
    integer, value :: x
    !$omp atomic
    dev_neg = dev_neg + 1
    neg = -x
  end function
end module

program component_declare_mapper
  use comp_declared_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer :: n, i, h(2)
  integer(8) :: s
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n))
  do i = 1, n
    allocate (r(i)%v(2))
    r(i)%v = [i, 0]
    if (mod(i, 2) == 0) then
      r(i)%op => inc
    else
      r(i)%op => neg
    end if
  end do
  !$omp target teams distribute parallel do map(mapper(rec_m), tofrom: r)
  do i = 1, n
    r(i)%v(2) = r(i)%op(r(i)%v(1))
  end do
  s = 0
  do i = 1, n
    s = s + r(i)%v(2)
  end do
  h = [dev_inc, dev_neg]
  !$omp target update from(dev_inc, dev_neg)
  ! CHECK: sum 100000 device 50000 50000 host 0 0
  print '(a,i0,a,2(1x,i0),a,2(1x,i0))', 'sum ', s, ' device', dev_inc, &
    dev_neg, ' host', h
end program
