! Records whose allocatable components have different lengths, every third
! one not allocated: the kernel sees each record's own size and allocation
! status, values come back, host descriptors stay exactly as they were
! (unallocated ones too), copies constant in the number of records; then
! the same with the records kept present (enter, kernel, exit).
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 999 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 99999 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module ragged_and_unallocated_m
  type :: rec_t
    integer :: k
    real(8), allocatable :: v(:)
  end type
end module

program ragged_and_unallocated
  use ragged_and_unallocated_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:)
  integer, allocatable :: seen(:)
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), seen(n))
  do i = 1, n
    r(i)%k = i
    host(i) = 0
    if (mod(i, 3) /= 0) then
      allocate (r(i)%v(mod(i, 7) + 1))
      r(i)%v = i
      host(i) = loc(r(i)%v)
    end if
  end do

  !$omp target teams distribute parallel do map(tofrom: r) map(from: seen)
  do i = 1, n
    if (allocated(r(i)%v)) then
      seen(i) = size(r(i)%v)
      r(i)%v = r(i)%v + r(i)%k
    else
      seen(i) = -1
    end if
  end do

  bad = 0
  do i = 1, n
    if (mod(i, 3) == 0) then
      if (seen(i) /= -1 .or. allocated(r(i)%v)) bad = bad + 1
    else
      if (seen(i) /= mod(i, 7) + 1 .or. size(r(i)%v) /= mod(i, 7) + 1) &
        bad = bad + 1
      if (any(r(i)%v /= 2 * i) .or. loc(r(i)%v) /= host(i)) bad = bad + 1
    end if
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad

  ! The same records kept present: enter, a kernel, exit.
  !$omp target enter data map(to: r)
  !$omp target teams distribute parallel do map(from: seen)
  do i = 1, n
    seen(i) = -1
    if (allocated(r(i)%v)) then
      seen(i) = size(r(i)%v)
      r(i)%v = r(i)%v + 1
    end if
  end do
  !$omp target exit data map(from: r)
  bad = 0
  do i = 1, n
    if (mod(i, 3) == 0) then
      if (seen(i) /= -1 .or. allocated(r(i)%v)) bad = bad + 1
    else if (any(r(i)%v /= 2 * i + 1) .or. loc(r(i)%v) /= host(i) .or. &
             seen(i) /= size(r(i)%v)) then
      bad = bad + 1
    end if
  end do
  ! CHECK: wrong records kept present: 0
  print '(a, i0)', 'wrong records kept present: ', bad
  do i = 1, n
    if (allocated(r(i)%v)) deallocate (r(i)%v)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
