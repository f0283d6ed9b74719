! An explicit `declare mapper` that maps one allocatable component of each
! record (OpenMP 5.2, -fopenmp-version=52): the kernel, an update of one
! record's component each way, and the exit keep host descriptors on the
! host and device descriptors on the device, with copies constant in the
! number of records.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -fopenmp-version=52 %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload -fopenmp-version=52 %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 50 | FileCheck %s
module declare_mapper_component_m
  type :: rec_t
    integer :: id
    real(8), allocatable :: v(:)
  end type
  !$omp declare mapper(rec_t :: x) map(x, x%v)
end module

program declare_mapper_component
  use declare_mapper_component_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:), dev(:)
  integer :: n, i
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), dev(n))
  do i = 1, n
    r(i)%id = i
    allocate (r(i)%v(1 + mod(i, 3)))
    r(i)%v = i
    host(i) = loc(r(i)%v)
  end do

  !$omp target enter data map(to: r)
  !$omp target teams distribute parallel do map(from: dev)
  do i = 1, n
    dev(i) = loc(r(i)%v)
    r(i)%v = r(i)%v * 2 + r(i)%id
  end do
  ! CHECK: device addresses: T
  print '(a, l1)', 'device addresses: ', all(dev /= host)
  !$omp target update from(r(5)%v)
  ! CHECK: r(5)%v: 15.0 15.0 15.0 host address kept: T
  print '(a, 3f5.1, a, l1)', 'r(5)%v:', r(5)%v, ' host address kept: ', &
    loc(r(5)%v) == host(5)
  r(4)%v = -4
  !$omp target update to(r(4)%v)
  !$omp target exit data map(from: r)
  ! CHECK: after exit: 6.0 -4.0 host descriptors kept: T sizes kept: T
  print '(a, 2f5.1, a, l1, a, l1)', 'after exit:', r(2)%v(1), r(4)%v(2), &
    ' host descriptors kept: ', all([(loc(r(i)%v) == host(i), i = 1, n)]), &
    ' sizes kept: ', all([(size(r(i)%v) == 1 + mod(i, 3), i = 1, n)])
  do i = 1, n
    deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
