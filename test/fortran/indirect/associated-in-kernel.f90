! `associated(p, f)` in a kernel, for a pointer set on the host, agrees
! with the host: .true. for the procedure it points to, .false. for
! another, at -O0 and -O2 (flang alone answers .false. in the kernel: it
! compares the host address with the device copy's).
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
module assoc_ops
  implicit none
  !$omp declare target enter(inc, dec) indirect
  abstract interface
    integer function op_t(x)
      integer, value :: x
    end function
  end interface
contains
  integer function inc(x)
    integer, value :: x
    inc = x + 1
  end function
  integer function dec(x)
    integer, value :: x
    dec = x - 1
  end function
end module

program associated_in_kernel
  use assoc_ops
  implicit none
  procedure(op_t), pointer :: p
  logical :: host_inc, host_dec, dev_inc, dev_dec
  integer :: r
  p => inc
  host_inc = associated(p, inc)
  host_dec = associated(p, dec)
  !$omp target map(from: dev_inc, dev_dec, r)
  dev_inc = associated(p, inc)
  dev_dec = associated(p, dec)
  r = p(41)
  !$omp end target
  ! CHECK: host T F device T F call 42
  print '(a,2(1x,l1),a,2(1x,l1),a,i0)', 'host', host_inc, host_dec, &
    ' device', dev_inc, dev_dec, ' call ', r
end program
