! A shared library (-shared -fPIC) with indirect module procedures, its
! module file used by the executable, compiled apart: the executable's
! kernel calls them through pointers taken in the executable and in the
! library. The library's device counter shows its device copies ran.
! -O0 and -O2.
!
! REQUIRES: fortran
! RUN: rm -rf %t.d && mkdir -p %t.d
! RUN: cd %t.d && %flang-52 -shared -fPIC %S/Inputs/shlib-ops.f90 -o %t.d/libops.so
! RUN: cd %t.d && %flang-52 %s -L%t.d -lops -Wl,-rpath,%t.d -o %t.d/exe
! RUN: %run %t.d/exe | FileCheck %s
! RUN: cd %t.d && %flang-52 -O2 -shared -fPIC %S/Inputs/shlib-ops.f90 -o %t.d/libops.so
! RUN: cd %t.d && %flang-52 -O2 %s -L%t.d -lops -Wl,-rpath,%t.d -o %t.d/exe
! RUN: %run %t.d/exe | FileCheck %s
program shlib_exe_calls_lib
  use shlib_ops
  implicit none
  procedure(op_t), pointer :: pa, pm
  integer :: i, s, h
  pa => lib_add
  call lib_pick(pm)
  s = 0
  !$omp target teams distribute parallel do reduction(+: s) map(tofrom: s)
  do i = 1, 100
    s = s + pa(i) + pm(i)
  end do
  h = dev_lib
  !$omp target update from(dev_lib)
  ! CHECK: sum 41100 device 200 host 0
  print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device ', dev_lib, ' host ', h
end program
