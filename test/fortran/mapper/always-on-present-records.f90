! `map(always, ...)` on a kernel over records kept present: libomptarget
! (or Coalesce.c's hull, for many records) copies the records again, their
! descriptors with the host's addresses, and the transfers must put the
! device addresses back (Transfer.c). flang's record entry moves nothing
! itself (its members do), so the runtime does not copy such an item whole
! as it does a C struct array. With the runtime before the fix the kernels
! wrote the host's components, and `exit data` copied the stale device ones
! over them. Few records (each member its own entry) and many (the hull);
! one allocatable component and a scalar, and two with a gap; flang alone
! prints the same. (Copies are not constant here: `always` copies each
! owned pointee again apart, Transfer.c's alwaysImage.)
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 5 | FileCheck %s
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t 100000 | FileCheck %s
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module always_on_present_records_m
  type :: one_t
    real(8) :: s
    real(8), allocatable :: u(:)
  end type
  type :: two_t
    integer :: k
    real(8), allocatable :: v(:), w(:)
  end type
end module

program always_on_present_records
  use always_on_present_records_m
  implicit none
  type(one_t), allocatable :: q(:)
  type(two_t), allocatable :: r(:)
  integer(8), allocatable :: hu(:), hv(:)
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (q(n), r(n), hu(n), hv(n))
  do i = 1, n
    q(i)%s = i
    allocate (q(i)%u(3))
    q(i)%u = 0
    hu(i) = loc(q(i)%u)
    r(i)%k = i
    allocate (r(i)%v(2), r(i)%w(1))
    r(i)%v = 0
    r(i)%w = 0
    hv(i) = loc(r(i)%v)
  end do

  !$omp target enter data map(to: q, r)
  do i = 1, n
    q(i)%s = q(i)%s + 10
    r(i)%k = r(i)%k + 20
  end do
  !$omp target teams distribute parallel do map(always, tofrom: q) &
  !$omp& map(always, to: r)
  do i = 1, n
    q(i)%u = q(i)%u + q(i)%s
    r(i)%v = r(i)%v + r(i)%k
    r(i)%w = r(i)%w - r(i)%k
  end do
  !$omp target exit data map(from: q, r)

  bad = 0
  do i = 1, n
    if (q(i)%s /= i + 10 .or. any(q(i)%u /= i + 10)) bad = bad + 1
    if (r(i)%k /= i + 20 .or. any(r(i)%v /= i + 20) .or. &
        any(r(i)%w /= -(i + 20))) bad = bad + 1
    if (loc(q(i)%u) /= hu(i) .or. loc(r(i)%v) /= hv(i)) bad = bad + 1
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad
end program
