! An array of records with an allocatable component, mapped tofrom on one
! kernel through flang's default mapper: values, host descriptors (loc, and
! bounds) as they were, device descriptors holding device addresses, copies
! constant in the number of records, and deallocate works afterwards.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 200 | FileCheck %s
module default_mapper_target_tofrom_m
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program default_mapper_target_tofrom
  use default_mapper_target_tofrom_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:), dev(:)
  integer :: n, i, j, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), dev(n))
  do i = 1, n
    r(i)%s = i
    allocate (r(i)%v(4))
    r(i)%v = i
    host(i) = loc(r(i)%v)
  end do

  !$omp target teams distribute parallel do map(tofrom: r) map(from: dev)
  do i = 1, n
    dev(i) = loc(r(i)%v)
    do j = 1, 4
      r(i)%v(j) = r(i)%v(j) + r(i)%s * j
    end do
  end do

  bad = 0
  do i = 1, n
    do j = 1, 4
      if (r(i)%v(j) /= i + i * j) bad = bad + 1
    end do
    if (r(i)%s /= i) bad = bad + 1
  end do
  ! CHECK: wrong values: 0
  print '(a, i0)', 'wrong values: ', bad
  ! CHECK: host descriptors kept: T
  print '(a, l1)', 'host descriptors kept: ', &
    all([(loc(r(i)%v) == host(i) .and. lbound(r(i)%v, 1) == 1 .and. &
          ubound(r(i)%v, 1) == 4 .and. allocated(r(i)%v), i = 1, n)])
  ! CHECK: device descriptors hold device addresses: T
  print '(a, l1)', 'device descriptors hold device addresses: ', &
    all(dev /= host)
  do i = 1, n
    deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
