! Two levels of derived types with allocatable components: an array of
! cells, each with an allocatable array of particles, each with an
! allocatable array of values (flang's default mappers, nested). Values,
! host descriptors of both levels, copies constant in the number of cells.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %copies %t 1000 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 100000 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 30 | FileCheck %s
module cells
  type :: particle_t
    integer :: id
    real(8), allocatable :: x(:)
  end type
  type :: cell_t
    real(8) :: weight
    type(particle_t), allocatable :: p(:)
  end type
end module

program nested_derived_types
  use cells
  implicit none
  type(cell_t), allocatable :: c(:)
  integer(8), allocatable :: hp(:), hx(:)
  integer :: n, i, j, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (c(n), hp(n), hx(n))
  do i = 1, n
    c(i)%weight = 2
    allocate (c(i)%p(2))
    do j = 1, 2
      c(i)%p(j)%id = j
      allocate (c(i)%p(j)%x(3))
      c(i)%p(j)%x = i
    end do
    hp(i) = loc(c(i)%p)
    hx(i) = loc(c(i)%p(2)%x)
  end do

  !$omp target teams distribute parallel do map(tofrom: c)
  do i = 1, n
    do j = 1, 2
      c(i)%p(j)%x = c(i)%p(j)%x * c(i)%weight + c(i)%p(j)%id
    end do
  end do

  bad = 0
  do i = 1, n
    do j = 1, 2
      if (any(c(i)%p(j)%x /= 2 * i + j)) bad = bad + 1
    end do
    if (loc(c(i)%p) /= hp(i) .or. loc(c(i)%p(2)%x) /= hx(i)) bad = bad + 1
    if (size(c(i)%p) /= 2 .or. size(c(i)%p(1)%x) /= 3) bad = bad + 1
  end do
  ! CHECK: wrong cells: 0
  print '(a, i0)', 'wrong cells: ', bad
  do i = 1, n
    do j = 1, 2
      deallocate (c(i)%p(j)%x)
    end do
    deallocate (c(i)%p)
  end do
  deallocate (c)
  ! CHECK: deallocated
  print '(a)', 'deallocated'
end program
