! An intrinsic procedure passed as an actual argument (`dsqrt`): flang
! passes a wrapper of its own, which no directive can mark and which has
! no device copy, so a kernel calling it through the pointer would stop
! the run. The compile warns instead, naming the intrinsic and the fix, at
! -O0 and -O2; a procedure of the user's own that calls it, INDIRECT, runs
! on the device.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t 2> %t.err
! RUN: FileCheck %s --check-prefix=WARN < %t.err
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2 2> %t.2.err
! RUN: FileCheck %s --check-prefix=WARN < %t.2.err
! RUN: %run %t.2 | FileCheck %s
!
! WARN: warning: omp-indirect-flang: the intrinsic procedure 'sqrt' is passed as a procedure argument; flang passes its own wrapper (fir.sqrt.f64.ref_f64), which has no device copy for pointers, so a kernel that calls it through the pointer stops; pass a procedure of your own that calls 'sqrt' and is `declare target ... indirect`
! CHECK: host 2.0 device 3.0
module integrate
  implicit none
  !$omp declare target enter(my_sqrt) indirect
contains
  real(8) function my_sqrt(x)
    real(8), intent(in) :: x
    my_sqrt = sqrt(x)
  end function
  real(8) function on_host(f, x)
    real(8), external :: f
    real(8), intent(in) :: x
    on_host = f(x)
  end function
  real(8) function on_device(f, x)
    interface
      real(8) function f(y)
        real(8), intent(in) :: y
      end function
    end interface
    real(8), intent(in) :: x
    procedure(f), pointer :: q
    real(8) :: r
    q => f
    !$omp target map(from: r)
    r = q(x)
    !$omp end target
    on_device = r
  end function
end module

program intrinsic_argument
  use integrate
  implicit none
  intrinsic dsqrt
  print '(a,f3.1,a,f3.1)', 'host ', on_host(dsqrt, 4d0), ' device ', &
    on_device(my_sqrt, 9d0)
end program
