! bench/fortran/flat.f90: the second reference for records.f90's first
! construct, the same bytes per record as ours puts on the device: flang's
! 56-byte record (s and v's 48-byte descriptor) and v(4), 32 bytes, side by
! side in one 88-byte column of a(11, n): a(1, i) is s, a(2:7, i) stands
! for the descriptor (not touched), a(8:11, i) is v. One contiguous array
! mapped tofrom by flang alone, no pointers, no mapper (flang-22 gives
! every derived type a default mapper, even one without allocatable
! components, which maps each member of each record by itself: 3 copies
! each way per record, so an array of an 88-byte type is no reference).
! ours / packed includes the bytes the layout adds (88 a record against
! packed's 40); ours / flat is what the deep copy adds on top of them.
! Prints "construct target-tofrom <seconds>" and "check ok" or
! "check WRONG" (and the marker records.f90 prints on stderr).
!
! USAGE: flat N
program flat
  use omp_lib
  implicit none
  real(8), allocatable :: a(:, :)
  integer :: n, i, j
  character(len=16) :: arg
  real(8) :: t
  logical :: ok

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (a(11, n))
  do i = 1, n
    a(1, i) = 1
    a(2:7, i) = 0
    a(8:11, i) = i
  end do
  write (0, '(a)') 'begin target-tofrom'
  flush (0)
  t = omp_get_wtime()
  !$omp target teams distribute parallel do map(tofrom: a)
  do i = 1, n
    do j = 8, 11
      a(j, i) = a(j, i) + a(1, i)
    end do
  end do
  print '(a, f0.6)', 'construct target-tofrom ', omp_get_wtime() - t
  ok = .true.
  do i = 1, n
    ok = ok .and. all(a(8:11, i) == i + 1)
  end do
  if (ok) then
    print '(a)', 'check ok'
  else
    print '(a)', 'check WRONG'
  end if
end program
