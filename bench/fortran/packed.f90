! bench/fortran/packed.f90: the hand-packed equivalent of records.f90's
! first construct, the floor: every record's s in one array and every v in
! one contiguous array, mapped tofrom on one kernel. Prints
! "construct target-tofrom <seconds>" and "check ok" or "check WRONG" (and
! the marker records.f90 prints on stderr).
!
! USAGE: packed N
program packed
  use omp_lib
  implicit none
  real(8), allocatable :: s(:), v(:, :)
  integer :: n, i, j
  character(len=16) :: arg
  real(8) :: t

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (s(n), v(4, n))
  s = 1
  do i = 1, n
    v(:, i) = i
  end do
  write (0, '(a)') 'begin target-tofrom'
  flush (0)
  t = omp_get_wtime()
  !$omp target teams distribute parallel do map(tofrom: s, v)
  do i = 1, n
    do j = 1, 4
      v(j, i) = v(j, i) + s(i)
    end do
  end do
  print '(a, f0.6)', 'construct target-tofrom ', omp_get_wtime() - t
  if (all([(all(v(:, i) == i + 1), i = 1, n)])) then
    print '(a)', 'check ok'
  else
    print '(a)', 'check WRONG'
  end if
end program
