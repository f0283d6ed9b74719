! Records with a pointer component (to an array of its own) mapped
! through flang's default mapper; flang maps what the pointer points to
! like an allocatable. Values, host pointers kept, copies constant.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module pointer_components_m
  type :: rec_t
    real(8) :: s
    real(8), pointer :: p(:) => null()
  end type
end module

program pointer_components
  use pointer_components_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: host(:)
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n))
  do i = 1, n
    r(i)%s = i
    allocate (r(i)%p(3))
    r(i)%p = 1
    host(i) = loc(r(i)%p)
  end do

  !$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, n
    r(i)%p = r(i)%p + r(i)%s
  end do

  bad = 0
  do i = 1, n
    if (any(r(i)%p /= i + 1) .or. loc(r(i)%p) /= host(i) .or. &
        .not. associated(r(i)%p)) bad = bad + 1
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad
  do i = 1, n
    deallocate (r(i)%p)
  end do
  deallocate (r)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
