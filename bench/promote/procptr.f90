! bench/promote/procptr.f90: a Fortran procedure pointer called in a
! `target teams distribute parallel do`, next to the same loop calling the
! procedure directly, on the host-offload device (bench/promote/run builds
! it with build-22's omp-indirect-flang, with and without promotion). The
! pointer is one of three indirect module procedures, a dummy argument of
! the routine holding the loop. Each case is timed in turns with its
! reference, ROUNDS times (the first argument, default 101), and the medians
! per element print as kernels.c's do:
!   case procptr-N ns-per-element ref-ns-per-element ratio
!
! USAGE: bench/promote/run [build-dir]
module procptr_m
  implicit none
  integer, parameter :: n = 65536
  real(8) :: x(n), y(n)
  !$omp declare target enter(fa, fb, fc) indirect
  abstract interface
    real(8) function op_t(v)
      real(8), value :: v
    end function
  end interface
contains
  real(8) function fa(v)
    real(8), value :: v
    fa = 2d0 * v + 1d0
  end function
  real(8) function fb(v)
    real(8), value :: v
    fb = v * v - v
  end function
  real(8) function fc(v)
    real(8), value :: v
    fc = 0.5d0 * v - 3d0
  end function
  subroutine through_pointer(p)
    procedure(op_t), pointer :: p
    integer :: i
    !$omp target teams distribute parallel do
    do i = 1, n
      y(i) = p(x(i))
    end do
  end subroutine
  subroutine direct(k)
    integer, value :: k
    integer :: i
    select case (k)
    case (1)
      !$omp target teams distribute parallel do
      do i = 1, n
        y(i) = fa(x(i))
      end do
    case (2)
      !$omp target teams distribute parallel do
      do i = 1, n
        y(i) = fb(x(i))
      end do
    case default
      !$omp target teams distribute parallel do
      do i = 1, n
        y(i) = fc(x(i))
      end do
    end select
  end subroutine
  real(8) function median(v, m)
    integer, value :: m
    real(8) :: v(m), t
    integer :: i, j
    do i = 2, m
      t = v(i)
      j = i - 1
      do while (j >= 1)
        if (v(j) <= t) exit
        v(j + 1) = v(j)
        j = j - 1
      end do
      v(j + 1) = t
    end do
    median = v(m / 2 + 1)
  end function
end module

program procptr
  use procptr_m
  use omp_lib
  implicit none
  procedure(op_t), pointer :: p
  integer :: rounds, k, r, i
  real(8), allocatable :: t(:), u(:)
  real(8) :: t0, t1, t2, mt, mu
  character(len=16) :: arg
  rounds = 101
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read (arg, *) rounds
  end if
  allocate (t(rounds), u(rounds))
  do i = 1, n
    x(i) = mod(i, 1000)
  end do
  !$omp target data map(to: x) map(alloc: y)
  do k = 1, 3
    select case (k)
    case (1)
      p => fa
    case (2)
      p => fb
    case default
      p => fc
    end select
    call through_pointer(p)
    call direct(k)
    do r = 1, rounds
      t0 = omp_get_wtime()
      call through_pointer(p)
      t1 = omp_get_wtime()
      call direct(k)
      t2 = omp_get_wtime()
      t(r) = t1 - t0
      u(r) = t2 - t1
    end do
    mt = median(t, rounds) * 1d9 / n
    mu = median(u, rounds) * 1d9 / n
    write (*, '(a, i1, 4x, f8.3, 1x, f8.3, 1x, f6.2, a)') 'case procptr-', k, &
      mt, mu, mt / mu, 'x'
  end do
  !$omp end target data
end program
