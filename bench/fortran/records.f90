! bench/fortran/records.f90: the constructs a Fortran code with an array of
! records (an allocatable component each) runs, timed one by one, through
! flang's default mapper. Prints one line per construct on stdout,
! "construct <name> <seconds>", and the same name on stderr before the
! construct starts ("begin <name>"), so that libomptarget's "Copying data"
! lines (LIBOMPTARGET_INFO=32, on stderr) can be split per construct.
! Ends with "check ok" or "check WRONG".
!
! USAGE: records N
module bench_recs
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
end module

program records
  use bench_recs
  use omp_lib
  implicit none
  type(rec_t), allocatable :: r(:)
  integer :: n, i, j
  character(len=16) :: arg
  real(8) :: t
  logical :: ok

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n))
  do i = 1, n
    r(i)%s = 1
    allocate (r(i)%v(4))
    r(i)%v = i
  end do

  call begin('target-tofrom', t)
  !$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, n
    do j = 1, 4
      r(i)%v(j) = r(i)%v(j) + r(i)%s
    end do
  end do
  call done('target-tofrom', t)

  call begin('enter-data', t)
  !$omp target enter data map(to: r)
  call done('enter-data', t)

  call begin('kernel-present', t)
  !$omp target teams distribute parallel do
  do i = 1, n
    do j = 1, 4
      r(i)%v(j) = r(i)%v(j) + r(i)%s
    end do
  end do
  call done('kernel-present', t)

  call begin('update-from', t)
  !$omp target update from(r)
  call done('update-from', t)

  r(n / 2)%v = n / 2 + 2 ! What the device holds; update from(r) moved
                         ! the records, not what their components point to.
  call begin('update-one', t)
  !$omp target update to(r(n/2)%v)
  call done('update-one', t)

  call begin('exit-data', t)
  !$omp target exit data map(from: r)
  call done('exit-data', t)

  ok = .true.
  do i = 1, n
    ok = ok .and. all(r(i)%v == i + 2)
  end do
  if (ok) then
    print '(a)', 'check ok'
  else
    print '(a)', 'check WRONG'
  end if
contains
  subroutine begin(name, t)
    character(*), intent(in) :: name
    real(8), intent(out) :: t
    write (0, '(a, a)') 'begin ', name
    flush (0)
    t = omp_get_wtime()
  end subroutine
  subroutine done(name, t)
    character(*), intent(in) :: name
    real(8), intent(in) :: t
    print '(a, a, 1x, f0.6)', 'construct ', name, omp_get_wtime() - t
  end subroutine
end program
