! C and Fortran in one program: Fortran calls a C function declared
! indirect (omp-indirect-clang) through the host address C returns, made a
! procedure pointer by c_f_procpointer, in a Fortran kernel; C calls a
! Fortran indirect BIND(C) procedure through the c_funloc Fortran passes,
! in a C kernel. Both device counters move, the host ones do not. -O0
! and -O2.
!
! REQUIRES: fortran
! RUN: %wclang %host-offload -fopenmp-version=52 -c %S/Inputs/mixed-c-side.c -o %t.c.o
! RUN: %flang-52 %s %t.c.o -o %t
! RUN: %run %t | FileCheck %s
! RUN: %wclang %host-offload -fopenmp-version=52 -O2 -c %S/Inputs/mixed-c-side.c -o %t.c2.o
! RUN: %flang-52 -O2 %s %t.c2.o -o %t.2
! RUN: %run %t.2 | FileCheck %s
module mixed_m
  use iso_c_binding
  implicit none
  integer(c_int), bind(c, name="c_device_calls") :: c_device_calls
  integer :: f_device_calls = 0
  !$omp declare target enter(f_device_calls, c_device_calls)
  !$omp declare target enter(f_half) indirect
  abstract interface
    integer(c_int) function op_t(x) bind(c)
      import :: c_int
      integer(c_int), value :: x
    end function
  end interface
  interface
    type(c_funptr) function c_get_triple() bind(c)
      import :: c_funptr
    end function
    integer(c_int) function c_sum_through(f, n) bind(c)
      import :: c_funptr, c_int
      type(c_funptr), value :: f
      integer(c_int), value :: n
    end function
  end interface
contains
  integer(c_int) function f_half(x) bind(c, name="f_half")
    integer(c_int), value :: x
    !$omp atomic
    f_device_calls = f_device_calls + 1
    f_half = x / 2
  end function
end module

program mixed_c_and_fortran
  use mixed_m
  implicit none
  procedure(op_t), pointer :: triple
  integer :: i, s, fs, hc, hf
  call c_f_procpointer(c_get_triple(), triple)
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 10
    s = s + triple(i)
  end do
  fs = c_sum_through(c_funloc(f_half), 10)
  hc = c_device_calls
  hf = f_device_calls
  !$omp target update from(c_device_calls, f_device_calls)
  ! CHECK: c through fortran 165 fortran through c 25 device 10 10 host 0 0
  print '(a,i0,a,i0,a,2(1x,i0),a,2(1x,i0))', 'c through fortran ', s, &
    ' fortran through c ', fs, ' device', c_device_calls, f_device_calls, &
    ' host', hc, hf
end program
