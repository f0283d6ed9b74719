! bench/fortran/indirect/run: N calls, in one kernel, through a
! loop-invariant procedure pointer to an indirect procedure; calls.c is the
! same loop in C. N is the first argument; a second argument, local, calls
! through a copy of the pointer local to the kernel instead.
integer function twice(x)
  integer, value :: x
  !$omp declare target enter(twice) indirect
  twice = 2 * x
end function

program calls
  implicit none
  interface
    integer function f_t(x)
      integer, value :: x
    end function
  end interface
  procedure(f_t), pointer :: fp
  procedure(f_t) :: twice
  integer :: i, n, s
  character(len=16) :: arg, mode
  call get_command_argument(1, arg)
  call get_command_argument(2, mode)
  read (arg, *) n
  fp => twice
  s = 0
  if (mode == 'local') then
    !$omp target map(tofrom: s)
    block
      procedure(f_t), pointer :: lp
      integer :: t
      lp => fp
      t = 0
      do i = 1, n
        t = t + lp(iand(i, 7))
      end do
      s = t
    end block
    !$omp end target
  else
    !$omp target map(tofrom: s)
    do i = 1, n
      s = s + fp(iand(i, 7))
    end do
    !$omp end target
  end if
  print '(i0)', s
end program
