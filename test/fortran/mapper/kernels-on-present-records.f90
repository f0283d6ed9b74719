! `enter data`, ten kernels on the present records, `exit data`: each
! construct's copies constant in the number of records (the copy back of
! the exit included: one copy, not two per record), values right, host
! descriptors exactly as they were (address, bounds, allocation status),
! and deallocate on the host afterwards.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module kernels_on_present_records_m
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
    integer, allocatable :: w(:, :)
  end type
end module

program kernels_on_present_records
  use kernels_on_present_records_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: hv(:), hw(:)
  integer :: n, i, it, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), hv(n), hw(n))
  do i = 1, n
    r(i)%s = 1
    allocate (r(i)%v(-1:2), r(i)%w(2, 0:1))
    r(i)%v = i
    r(i)%w = i
    hv(i) = loc(r(i)%v)
    hw(i) = loc(r(i)%w)
  end do

  !$omp target enter data map(to: r)
  do it = 1, 10
    !$omp target teams distribute parallel do
    do i = 1, n
      r(i)%v = r(i)%v + r(i)%s
      r(i)%w(2, 1) = r(i)%w(2, 1) + 1
    end do
  end do
  !$omp target exit data map(from: r)

  bad = 0
  do i = 1, n
    if (any(r(i)%v /= i + 10)) bad = bad + 1
    if (r(i)%w(2, 1) /= i + 10 .or. r(i)%w(1, 0) /= i) bad = bad + 1
    if (loc(r(i)%v) /= hv(i) .or. loc(r(i)%w) /= hw(i)) bad = bad + 1
    if (lbound(r(i)%v, 1) /= -1 .or. ubound(r(i)%v, 1) /= 2) bad = bad + 1
    if (any(lbound(r(i)%w) /= [1, 0]) .or. any(ubound(r(i)%w) /= [2, 1])) &
      bad = bad + 1
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad
  do i = 1, n
    deallocate (r(i)%v, r(i)%w)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
