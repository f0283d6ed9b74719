! `target update from(r)` and `to(r)` of a whole array of records: flang
! moves the records themselves (no mapper: not what their components point
! to), descriptors included. Host descriptors must keep host addresses,
! device descriptors device addresses (loc() on the host and in a kernel),
! with copies constant in the number of records. At 10^5 records this
! program hung twice in libomptarget's `target update` (a mutex, no CPU,
! docs/mapper.md, "Fortran"), so it runs at 10^4 under a time limit.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY timeout 300 %t 10000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies timeout 300 %t 10000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module update_whole_array_descriptors_m
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program update_whole_array_descriptors
  use update_whole_array_descriptors_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:), dev(:), again(:)
  integer :: n, i
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), dev(n), again(n))
  do i = 1, n
    r(i)%s = i
    allocate (r(i)%v(2))
    r(i)%v = i
    host(i) = loc(r(i)%v)
  end do

  !$omp target enter data map(to: r)
  !$omp target teams distribute parallel do map(from: dev)
  do i = 1, n
    dev(i) = loc(r(i)%v)
    r(i)%s = -i
  end do
  !$omp target update from(r)
  ! CHECK: update from: scalars moved: T host descriptors kept: T
  print '(a, l1, a, l1)', 'update from: scalars moved: ', &
    all([(r(i)%s == -i, i = 1, n)]), ' host descriptors kept: ', &
    all([(loc(r(i)%v) == host(i), i = 1, n)])

  r%s = 2
  !$omp target update to(r)
  !$omp target teams distribute parallel do map(from: again)
  do i = 1, n
    again(i) = loc(r(i)%v)
    r(i)%v = r(i)%v * r(i)%s
  end do
  ! CHECK: update to: device descriptors kept: T
  print '(a, l1)', 'update to: device descriptors kept: ', all(again == dev)
  !$omp target exit data map(from: r)
  ! CHECK: after exit: values T host descriptors kept: T
  print '(a, l1, a, l1)', 'after exit: values ', &
    all([(all(r(i)%v == 2 * i), i = 1, n)]), ' host descriptors kept: ', &
    all([(loc(r(i)%v) == host(i), i = 1, n)])
  do i = 1, n
    deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
