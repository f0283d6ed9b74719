! Never a silent host copy: a procedure that is `declare target` without
! INDIRECT (argument 1), INDIRECT(.FALSE.) (2), or not `declare target` at
! all (3), called through a host pointer in a kernel, stops the program with
! the runtime's message, as in C, rather than running its host copy: the
! message names the region (flang's name of the main program, _QQmain, and
! the directive's line), the procedure (its link name), and the case (a
! device copy exists for 1 and 2, none for 3); an INDIRECT one (4) runs its
! device copy. -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: not --crash %run %t 1 2>&1 | FileCheck %s --check-prefixes=STOP,DT -DFN=plain_dt_
! RUN: not --crash %run %t 2 2>&1 | FileCheck %s --check-prefixes=STOP,DT -DFN=false_dt_
! RUN: not --crash %run %t 3 2>&1 | FileCheck %s --check-prefixes=STOP,NONE -DFN=host_only_
! RUN: %run %t 4 | FileCheck %s --check-prefix=RUNS
! RUN: not --crash %run %t.2 1 2>&1 | FileCheck %s --check-prefixes=STOP,DT -DFN=plain_dt_
! RUN: not --crash %run %t.2 2 2>&1 | FileCheck %s --check-prefixes=STOP,DT -DFN=false_dt_
! RUN: not --crash %run %t.2 3 2>&1 | FileCheck %s --check-prefixes=STOP,NONE -DFN=host_only_
! RUN: %run %t.2 4 | FileCheck %s --check-prefix=RUNS

! DT: omp-indirect: device 0: the target region in _QQmain at line [[#@LINE+65]] called [[FN]] (0x{{[0-9a-f]+}} in {{.*}}) through a host address: [[FN]] is declare target but not indirect, so no table leads to its device copy (declare it indirect); stopping
! NONE: omp-indirect: device 0: the target region in _QQmain at line [[#@LINE+64]] called [[FN]] (0x{{[0-9a-f]+}} in {{.*}}) through a host address: [[FN]] has no device copy (it is not declare target, or was not emitted for the device); stopping
! STOP-NOT: calls
! RUNS: calls 10 host 0
module stops_counters
  integer :: device_calls = 0
  !$omp declare target enter(device_calls)
end module

integer function plain_dt(x)
  use stops_counters
  integer, value :: x
  !$omp declare target enter(plain_dt)
  device_calls = device_calls + 1
  plain_dt = x
end function

integer function false_dt(x)
  use stops_counters
  integer, value :: x
  !$omp declare target enter(false_dt) indirect(.false.)
  device_calls = device_calls + 1
  false_dt = x
end function

integer function host_only(x)
  use stops_counters
  integer, value :: x
  device_calls = device_calls + 1
  host_only = x
end function

integer function marked(x)
  use stops_counters
  integer, value :: x
  !$omp declare target enter(marked) indirect
  device_calls = device_calls + 1
  marked = x
end function

program pointer_without_indirect
  use stops_counters
  implicit none
  interface
    integer function f_t(x)
      integer, value :: x
    end function
  end interface
  procedure(f_t) :: plain_dt, false_dt, host_only, marked
  procedure(f_t), pointer :: fp
  character(len=8) :: arg
  integer :: i, s, h

  call get_command_argument(1, arg)
  select case (arg)
  case ('1')
    fp => plain_dt
  case ('2')
    fp => false_dt
  case ('3')
    fp => host_only
  case default
    fp => marked
  end select
  s = 0
  !$omp target map(tofrom: s)
  do i = 1, 10
    s = s + fp(1)
  end do
  !$omp end target
  h = device_calls
  !$omp target update from(device_calls)
  print '(a,i0,a,i0)', 'calls ', device_calls, ' host ', h
end program
