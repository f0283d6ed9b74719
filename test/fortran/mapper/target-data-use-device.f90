! `target data` around the records (flang's default mapper), with nested
! regions that have use_device_addr of one record's component and
! use_device_ptr of a C pointer to it; kernels in the region find the
! records present; at the end, values and host descriptors are right, with
! copies constant in the number of records. flang-22 itself does not give
! the device address inside such regions on this device (stock prints the
! same: a local copy's address, docs/mapper.md, "Fortran"), so the
! addresses are only checked not to be the host's.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -fopenmp-version=51 %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload -fopenmp-version=51 %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module target_data_use_device_m
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program target_data_use_device
  use target_data_use_device_m
  use iso_c_binding
  implicit none
  type(rec_t), allocatable, target :: r(:)
  real(8), pointer :: vp(:)
  type(c_ptr) :: cp
  integer(8), allocatable :: host(:)
  integer(8) :: inside, byaddr, byptr
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n))
  do i = 1, n
    r(i)%s = i
    allocate (r(i)%v(2))
    r(i)%v = i
    host(i) = loc(r(i)%v)
  end do
  vp => r(3)%v
  cp = c_loc(r(3)%v)

  !$omp target data map(tofrom: r)
  !$omp target map(from: inside)
  inside = loc(r(3)%v)
  !$omp end target
  !$omp target data use_device_addr(vp)
  byaddr = loc(vp)
  !$omp end target data
  !$omp target data use_device_ptr(cp)
  byptr = transfer(cp, byptr)
  !$omp end target data
  !$omp target teams distribute parallel do
  do i = 1, n
    r(i)%v = r(i)%v + r(i)%s
  end do
  !$omp end target data

  ! CHECK: kernel sees a device address: T
  print '(a, l1)', 'kernel sees a device address: ', inside /= host(3)
  ! CHECK: use_device_addr, use_device_ptr: not the host address: T
  print '(a, l1)', 'use_device_addr, use_device_ptr: not the host address: ', &
    byaddr /= host(3) .and. byptr /= host(3)
  bad = 0
  do i = 1, n
    if (any(r(i)%v /= 2 * i) .or. loc(r(i)%v) /= host(i)) bad = bad + 1
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad
  do i = 1, n
    deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
