! An array of records with an allocatable component, mapped tofrom to a
! kernel through flang's default mapper, built with omp-indirect-flang: the
! runtime expands the mapper and copies the components in bulk. The values
! come back right, every host descriptor still holds its host address and
! bounds, and deallocate works after. Components have different lengths,
! and with "some" every seventh record has none. With every record's
! allocated ("all"), the copies to the device do not grow with the number
! of records (1,000 and 4,000 records make the same number; an unallocated
! component is still one copy of its own). The same program built with
! flang alone at 1,000 records prints the same lines: they are stock's.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: %t 1000 some > %t.some
! RUN: FileCheck %s -DN=1000 < %t.some
! RUN: env LIBOMPTARGET_INFO=32 %t 1000 all > %t.1k 2> %t.1k.info
! RUN: env LIBOMPTARGET_INFO=32 %t 4000 all > %t.4k 2> %t.4k.info
! RUN: FileCheck %s -DN=1000 < %t.1k
! RUN: FileCheck %s -DN=4000 < %t.4k
! RUN: grep -c "from host to device" %t.1k.info > %t.1k.count
! RUN: grep -c "from host to device" %t.4k.info > %t.4k.count
! RUN: diff %t.1k.count %t.4k.count
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: %t.stock 1000 some > %t.stock.out
! RUN: diff %t.stock.out %t.some

! CHECK: records [[N]]
! CHECK-NEXT: values right: T
! CHECK-NEXT: host descriptors unchanged: T
! CHECK-NEXT: allocation status unchanged: T
module recmod
  implicit none
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program deep_copy
  use recmod
  implicit none
  type(rec_t), allocatable :: r(:)
  integer(8), allocatable :: addr(:)
  character(len=16) :: arg
  integer :: n, i, k, gap
  logical :: ok

  call get_command_argument(1, arg)
  read (arg, *) n
  call get_command_argument(2, arg)
  gap = merge(7, n + 1, arg == 'some')
  allocate (r(n), addr(n))
  do i = 1, n
    r(i)%s = 0
    if (mod(i, gap) /= 0) then
      allocate (r(i)%v(1 + mod(i, 5)))
      do k = 1, size(r(i)%v)
        r(i)%v(k) = i * 10 + k
      end do
      addr(i) = loc(r(i)%v)
    end if
  end do

!$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, n
    if (allocated(r(i)%v)) then
      r(i)%s = sum(r(i)%v)
      r(i)%v = r(i)%v * 2
    else
      r(i)%s = -1
    end if
  end do

  ok = .true.
  do i = 1, n
    if (mod(i, gap) == 0) then
      ok = ok .and. r(i)%s == -1
    else
      ok = ok .and. r(i)%s == sum([(i * 10 + k, k = 1, 1 + mod(i, 5))])
      do k = 1, size(r(i)%v)
        ok = ok .and. r(i)%v(k) == 2 * (i * 10 + k)
      end do
    end if
  end do
  write (*, '(a, 1x, i0)') 'records', n
  write (*, '(a, 1x, l1)') 'values right:', ok
  ok = .true.
  do i = 1, n
    if (allocated(r(i)%v)) ok = ok .and. loc(r(i)%v) == addr(i)
  end do
  write (*, '(a, 1x, l1)') 'host descriptors unchanged:', ok
  ok = .true.
  do i = 1, n
    ok = ok .and. (allocated(r(i)%v) .eqv. mod(i, gap) /= 0)
    if (allocated(r(i)%v)) then
      ok = ok .and. lbound(r(i)%v, 1) == 1 .and. &
        ubound(r(i)%v, 1) == 1 + mod(i, 5)
      deallocate (r(i)%v)
    end if
  end do
  write (*, '(a, 1x, l1)') 'allocation status unchanged:', ok
end program
