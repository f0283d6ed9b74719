! dispatch.f90 - a procedure pointer to a `declare target ... indirect`
! function, called in a target loop. With omp-indirect-flang each call
! reaches the device copy of the function (flang-22 alone stops on the
! INDIRECT clause). `device_calls` counts calls made on the device: its
! host copy must stay 0, which also tells a run on the host apart (flang-22
! does not fold omp_is_initial_device() in an x86_64 device image, so the
! example asks the counter instead). `to(twice)` is the spelling flang-22
! takes at its default OpenMP version; `enter(twice)` needs
! -fopenmp-version=52.
!
! USAGE: build-22/bin/omp-indirect-flang -fopenmp \
!          -fopenmp-targets=x86_64-pc-linux-gnu examples/dispatch.f90 -o dispatch-f
module dispatch_ops
  implicit none
  integer :: device_calls = 0
  !$omp declare target to(device_calls)
  !$omp declare target to(twice) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function twice(x)
    integer, value :: x
    !$omp atomic
    device_calls = device_calls + 1
    twice = 2 * x
  end function
end module

program dispatch
  use dispatch_ops
  implicit none
  procedure(op_t), pointer :: fp
  integer :: i, s, host_copy
  fp => twice ! a host address
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 10
    s = s + fp(i)
  end do
  host_copy = device_calls
  !$omp target update from(device_calls)
  print '(a,i0)', 'twice(1) + ... + twice(10) = ', s
  if (host_copy /= 0) then
    print '(a)', 'the target region ran on the host, not on a device: build' &
      // ' with -fopenmp-targets=x86_64-pc-linux-gnu'
    stop 1
  end if
  print '(a,i0,a)', 'calls that ran on the device: ', device_calls, ' of 10'
end program
