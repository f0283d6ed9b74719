! Procedure statements spelled as scientific codes spell them: `real(kind =
! wp) function`, `character(len = 8) function`, upper case and blanks
! everywhere, a continuation line in the middle of a type-spec. An earlier
! helper so spelled must not hide the later module procedures, and a
! directive in such a function's own specification part names it. flang's
! own parser gives the structure, so every procedure is registered and its
! device copy runs (device counters), at -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module spellings
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  integer :: dev_f = 0, dev_g = 0, dev_h = 0, dev_k = 0
  !$omp declare target enter(dev_f, dev_g, dev_h, dev_k)
  !$omp declare target enter(later_k) indirect
  abstract interface
    real(kind = wp) function op_t(x)
      import :: wp
      real(kind = wp), value :: x
    end function
  end interface
contains
  character(len = 8) function label()
    label = 'helper'
  end function
  real(kind = wp) function f(x)
    real(kind = wp), value :: x
    !$omp declare target enter(f) indirect
    !$omp atomic
    dev_f = dev_f + 1
    f = x + 1
  end function
  REAL ( KIND = WP ) FUNCTION G ( X )
    REAL ( KIND = WP ), VALUE :: X
    !$OMP DECLARE TARGET ENTER ( G ) INDIRECT
    !$OMP ATOMIC
    DEV_G = DEV_G + 1
    G = 2 * X
  END FUNCTION G
  real(kind &
       = wp) function h(x)
    real(kind = wp), value :: x
    !$omp declare target enter(h) indirect
    !$omp atomic
    dev_h = dev_h + 1
    h = 3 * x
  end function
  pure real(kind = wp) function later_k(x)
    real(kind = wp), value :: x
    later_k = 4 * x
  end function
  real(kind = wp) function run_kernel(p, n)
    procedure(op_t), pointer, intent(in) :: p
    integer, value :: n
    procedure(op_t), pointer :: q
    integer :: i
    real(kind = wp) :: s
    q => p
    s = 0
    !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
    do i = 1, n
      s = s + q(real(i, wp))
    end do
    run_kernel = s
  end function
end module

program type_spec_spellings
  use spellings
  implicit none
  procedure(op_t), pointer :: p
  real(kind = wp) :: r(4)
  integer :: host(4)
  p => f
  r(1) = run_kernel(p, 10)
  p => g
  r(2) = run_kernel(p, 10)
  p => h
  r(3) = run_kernel(p, 10)
  p => later_k
  r(4) = run_kernel(p, 10)
  host = [dev_f, dev_g, dev_h, dev_k]
  !$omp target update from(dev_f, dev_g, dev_h)
  ! CHECK: helper 65 110 165 220 device 10 10 10 host 0 0 0 0
  print '(a,4(1x,i0),a,3(1x,i0),a,4(1x,i0))', trim(label()), nint(r), &
    ' device', dev_f, dev_g, dev_h, ' host', host
end program
