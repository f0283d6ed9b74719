! Arrays of records whose repetition breaks here and there: the collector
! replays the records' cycle of components (Cycle.h) and must leave the
! item's range lists as the component-by-component path would, whether the
! cycle breaks at a record's first pointee (v not allocated), midway (w not
! allocated), at both, or runs to the array's end. r's records have two
! allocatable components; q's one (u) and a scalar. q replays in every
! construct (where `from` moves, its `from` ranges fold into one run; with
! `to` alone its ranges merge into one member, which ends a record later
! each cycle), r where only `to` moves (its two `from` ranges a record do
! not fold into runs, so the replay leaves them to the usual way): one line
! per construct and array below. The kernels change every record's scalar
! (its `to` and `from` ranges) and the components; values, allocation status
! and host descriptors come back exactly, copies are constant in the number
! of records, the replay took most components where it could
! (OMP_INDIRECT_DEBUG's count), and flang alone prints the same.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY OMP_INDIRECT_DEBUG=1 %t 100000 2> %t.debug | FileCheck %s
! RUN: awk '/on the fast path/ { print $5 == 500001 ? "q" : "r", ($12 >= $5 * 0.8 ? "replayed" : "not replayed") }' %t.debug | FileCheck %s --check-prefix=REPLAY
! REPLAY: r not replayed
! REPLAY-NEXT: q replayed
! REPLAY-NEXT: r replayed
! REPLAY-NEXT: q replayed
! REPLAY-NEXT: r not replayed
! REPLAY-NEXT: q replayed
! REPLAY-NEXT: r not replayed
! REPLAY-NEXT: q replayed
! REPLAY-NOT: replayed
! RUN: %copies %t 999 2>&1 | grep -c 'Copying data' > %t.small
! RUN: %copies %t 99999 2>&1 | grep -c 'Copying data' > %t.large
! RUN: diff %t.small %t.large
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 1000 | FileCheck %s
module records_cycle_breaks_m
  type :: rec_t
    integer :: k
    real(8), allocatable :: v(:)
    real(8), allocatable :: w(:)
  end type
  type :: one_t
    real(8) :: s
    real(8), allocatable :: u(:)
  end type
end module

program records_cycle_breaks
  use records_cycle_breaks_m
  implicit none
  type(rec_t), allocatable :: r(:)
  type(one_t), allocatable :: q(:)
  integer(8), allocatable :: hv(:), hw(:), hu(:)
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), hv(n), hw(n), q(n), hu(n))
  do i = 1, n
    q(i)%s = i
    hu(i) = 0
    if (.not. noV(i)) then
      allocate (q(i)%u(3))
      q(i)%u = 3 * i
      hu(i) = loc(q(i)%u)
    end if
    r(i)%k = i
    hv(i) = 0
    hw(i) = 0
    if (.not. noV(i)) then
      allocate (r(i)%v(mod(i, 5) + 1))
      r(i)%v = i
      hv(i) = loc(r(i)%v)
    end if
    if (.not. noW(i)) then
      allocate (r(i)%w(2))
      r(i)%w = -i
      hw(i) = loc(r(i)%w)
    end if
  end do

  !$omp target teams distribute parallel do map(tofrom: r, q)
  do i = 1, n
    if (allocated(r(i)%v)) r(i)%v = r(i)%v + r(i)%k
    if (allocated(r(i)%w)) r(i)%w = r(i)%w - r(i)%k
    r(i)%k = r(i)%k + 1
    if (allocated(q(i)%u)) q(i)%u = q(i)%u + q(i)%s
    q(i)%s = q(i)%s + 1
  end do
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', check(1, 2, 4, 0)

  ! Kept present: enter, a kernel, exit.
  !$omp target enter data map(to: r, q)
  !$omp target teams distribute parallel do
  do i = 1, n
    if (allocated(r(i)%v)) r(i)%v = r(i)%v + 1
    if (allocated(r(i)%w)) r(i)%w = r(i)%w - 1
    r(i)%k = r(i)%k + 1
    if (allocated(q(i)%u)) q(i)%u = q(i)%u + 1
    q(i)%s = q(i)%s + 1
  end do
  !$omp target exit data map(from: r, q)
  ! CHECK: wrong records kept present: 0
  print '(a, i0)', 'wrong records kept present: ', check(2, 2, 4, 1)

contains
  logical function noV(i)
    integer, intent(in) :: i
    noV = mod(i, 100) == 50 .or. i == n
  end function
  logical function noW(i)
    integer, intent(in) :: i
    noW = mod(i, 77) == 0 .or. mod(i, 100) == 50
  end function
  ! Wrong records, against k = s = i + dk, v = a i + b, w = -v, u = c i + b.
  integer function check(dk, a, c, b)
    integer, intent(in) :: dk, a, c, b
    integer :: i
    check = 0
    do i = 1, n
      if (r(i)%k /= i + dk) check = check + 1
      if (noV(i) .neqv. .not. allocated(r(i)%v)) check = check + 1
      if (noW(i) .neqv. .not. allocated(r(i)%w)) check = check + 1
      if (allocated(r(i)%v)) then
        if (size(r(i)%v) /= mod(i, 5) + 1 .or. loc(r(i)%v) /= hv(i) .or. &
            any(r(i)%v /= a * i + b)) check = check + 1
      end if
      if (allocated(r(i)%w)) then
        if (size(r(i)%w) /= 2 .or. loc(r(i)%w) /= hw(i) .or. &
            any(r(i)%w /= -(a * i + b))) check = check + 1
      end if
      if (q(i)%s /= i + dk) check = check + 1
      if (noV(i) .neqv. .not. allocated(q(i)%u)) check = check + 1
      if (allocated(q(i)%u)) then
        if (size(q(i)%u) /= 3 .or. loc(q(i)%u) /= hu(i) .or. &
            any(q(i)%u /= c * i + b)) check = check + 1
      end if
    end do
  end function
end program
