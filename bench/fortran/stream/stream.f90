! bench/fortran/stream/stream.f90: BabelStream's five kernels (copy, mul,
! add, triad, dot) as target regions on the host-offload device, each
! `target teams distribute parallel do simd` on arrays put on the device
! once (target enter data), as BabelStream's OpenMP version writes them.
! stream.c is the same program in C. Prints, for each kernel, the median
! of its times over the repetitions and the bandwidth that gives
! (BabelStream's bytes: 2 arrays moved for copy and mul and dot, 3 for add
! and triad), then the thread count a kernel saw and "check ok" if the
! final arrays and the dot product are what the kernels should give.
!
! USAGE: stream [N [REPS]]     (defaults 2**24 doubles an array, 20 reps)
module stream_kernels
  implicit none
  real(8), parameter :: scalar = 0.4d0
contains
  subroutine copy(a, c, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n), c(n)
    integer :: i
!$omp target teams distribute parallel do simd
    do i = 1, n
      c(i) = a(i)
    end do
  end subroutine
  subroutine mul(b, c, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: b(n), c(n)
    integer :: i
!$omp target teams distribute parallel do simd
    do i = 1, n
      b(i) = scalar * c(i)
    end do
  end subroutine
  subroutine add(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n), b(n), c(n)
    integer :: i
!$omp target teams distribute parallel do simd
    do i = 1, n
      c(i) = a(i) + b(i)
    end do
  end subroutine
  subroutine triad(a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n), b(n), c(n)
    integer :: i
!$omp target teams distribute parallel do simd
    do i = 1, n
      a(i) = b(i) + scalar * c(i)
    end do
  end subroutine
  real(8) function dot(a, b, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n), b(n)
    integer :: i
    real(8) :: s
    s = 0
!$omp target teams distribute parallel do simd reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + a(i) * b(i)
    end do
    dot = s
  end function
end module

program stream
  use omp_lib
  use stream_kernels
  implicit none
  integer :: n, reps, r, k, nthreads
  real(8), allocatable :: a(:), b(:), c(:), t(:, :)
  real(8) :: t0, s, ga, gb, gc, gs, err
  character(32) :: arg
  character(5), parameter :: names(5) = ['copy ', 'mul  ', 'add  ', 'triad', 'dot  ']
  integer, parameter :: arrays(5) = [2, 2, 3, 3, 2]

  n = 2**24; reps = 20
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg); read (arg, *) n
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg); read (arg, *) reps
  end if
  allocate (a(n), b(n), c(n), t(5, reps))
  a = 0.1d0; b = 0.2d0; c = 0.0d0
!$omp target enter data map(to: a, b, c)
  nthreads = 0
!$omp target teams distribute parallel do map(tofrom: nthreads)
  do k = 1, 1
    nthreads = omp_get_num_threads()
  end do
  do r = 1, reps
    t0 = omp_get_wtime(); call copy(a, c, n); t(1, r) = omp_get_wtime() - t0
    t0 = omp_get_wtime(); call mul(b, c, n); t(2, r) = omp_get_wtime() - t0
    t0 = omp_get_wtime(); call add(a, b, c, n); t(3, r) = omp_get_wtime() - t0
    t0 = omp_get_wtime(); call triad(a, b, c, n); t(4, r) = omp_get_wtime() - t0
    t0 = omp_get_wtime(); s = dot(a, b, n); t(5, r) = omp_get_wtime() - t0
  end do
!$omp target exit data map(from: a, b, c)
  do k = 1, 5
    call report(names(k), median(t(k, :)), arrays(k))
  end do
  print '(a, 1x, i0)', 'threads', nthreads
  ! BabelStream's check: the same sequence on scalars.
  ga = 0.1d0; gb = 0.2d0; gc = 0.0d0
  do r = 1, reps
    gc = ga; gb = scalar * gc; gc = ga + gb; ga = gb + scalar * gc
  end do
  gs = ga * gb * n
  err = max(maxval(abs(a - ga)) / ga, maxval(abs(b - gb)) / gb, &
            maxval(abs(c - gc)) / gc, abs(s - gs) / gs)
  if (err < 1d-8) print '(a)', 'check ok'
contains
  real(8) function median(x)
    real(8), intent(in) :: x(:)
    real(8) :: y(size(x)), v
    integer :: i, j
    y = x
    do i = 2, size(y)
      v = y(i); j = i - 1
      do while (j >= 1)
        if (y(j) <= v) exit
        y(j + 1) = y(j); j = j - 1
      end do
      y(j + 1) = v
    end do
    median = y((size(y) + 1) / 2)
  end function
  subroutine report(name, secs, narrays)
    character(*), intent(in) :: name
    real(8), intent(in) :: secs
    integer, intent(in) :: narrays
    print '(a, 1x, a, 1x, es12.5, 1x, f10.3)', 'kernel', trim(name), secs, &
      narrays * 8d0 * n / secs / 1d9
  end subroutine
end program
