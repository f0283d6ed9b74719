! target update of one component of one record, and of a section of it,
! after `enter data map(to: r)` through flang's default mapper: flang copies
! the component's whole descriptor each way, and the host descriptor must
! keep its host address, the device descriptor its device address (loc()
! read on the host and in kernels), with the values moved as asked. Copies
! of each construct constant in the number of records.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 50 | FileCheck %s
module update_one_component_descriptors_m
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program update_one_component_descriptors
  use update_one_component_descriptors_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:), dev(:), again(:)
  integer :: n, i, k
  real(8) :: x
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), dev(n), again(n))
  do i = 1, n
    r(i)%s = i
    allocate (r(i)%v(4))
    r(i)%v = i
    host(i) = loc(r(i)%v)
  end do

  !$omp target enter data map(to: r)
  !$omp target teams distribute parallel do map(from: dev)
  do i = 1, n
    dev(i) = loc(r(i)%v)
    r(i)%v(1) = -i
  end do
  ! CHECK: device addresses: T
  print '(a, l1)', 'device addresses: ', all(dev /= host)

  !$omp target update from(r(7)%v)
  ! CHECK: update from r(7)%v: -7.0 7.0 host address kept: T
  print '(a, 2f5.1, a, l1)', 'update from r(7)%v:', r(7)%v(1:2), &
    ' host address kept: ', loc(r(7)%v) == host(7)
  ! CHECK: other records untouched: 2.0
  print '(a, f4.1)', 'other records untouched: ', r(2)%v(1)

  r(2)%v = 70
  !$omp target update to(r(2)%v)
  ! CHECK: update to r(2)%v, host address kept: T
  print '(a, l1)', 'update to r(2)%v, host address kept: ', &
    loc(r(2)%v) == host(2)
  ! A kernel that reaches r(2) through the array (no map of r(2)%v itself):
  ! it sees the device descriptors as they are.
  k = 2
  !$omp target teams distribute parallel do map(from: again, x)
  do i = 1, n
    again(i) = loc(r(i)%v)
    if (i == k) x = r(k)%v(3)
  end do
  ! CHECK: device addresses kept: T value 70.0
  print '(a, l1, a, f5.1)', 'device addresses kept: ', all(again == dev), &
    ' value', x

  !$omp target
  r(k)%v(1) = 99
  r(k)%v(2) = 98
  !$omp end target
  !$omp target update from(r(2)%v(1:1))
  ! CHECK: section update from: 99.0 70.0 host address kept: T
  print '(a, 2f5.1, a, l1)', 'section update from:', r(2)%v(1:2), &
    ' host address kept: ', loc(r(2)%v) == host(2)

  !$omp target exit data map(from: r)
  ! CHECK: after exit: -1.0 99.0 98.0 host descriptors kept: T
  print '(a, 3f5.1, a, l1)', 'after exit:', r(1)%v(1), r(2)%v(1:2), &
    ' host descriptors kept: ', all([(loc(r(i)%v) == host(i), i = 1, n)])
  do i = 1, n
    deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
