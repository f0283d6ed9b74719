! A million records with an allocatable component, mapped through flang's
! default mapper with the default 8 MiB stack: flang's mapper function
! takes stack per record (a copy of each descriptor), about 48 MiB here,
! so the runtime runs it on a stack of its own (runtime/mapper/
! MapperStack.c). OMP_INDIRECT_MAPPER_STACK_MIN=1 takes that way at 1,000
! records too.
!
! REQUIRES: fortran
! RUN: %flang-host-offload %s -o %t
! RUN: sh -c 'ulimit -s 8192 && exec env OMP_TARGET_OFFLOAD=MANDATORY %t 1000000' | FileCheck %s
! RUN: env OMP_INDIRECT_MAPPER_STACK_MIN=1 OMP_TARGET_OFFLOAD=MANDATORY %t 1000 | FileCheck %s
! RUN: %flang-stock-offload %s -o %t.stock
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t.stock 100 | FileCheck %s
module million_records_default_stack_m
  type :: rec_t
    real(8), allocatable :: v(:)
  end type
end module

program million_records_default_stack
  use million_records_default_stack_m
  implicit none
  type(rec_t), allocatable :: r(:)
  integer :: n, i, bad
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n))
  do i = 1, n
    allocate (r(i)%v(1))
    r(i)%v = i
  end do
  !$omp target teams distribute parallel do map(tofrom: r)
  do i = 1, n
    r(i)%v(1) = r(i)%v(1) + 1
  end do
  bad = count([(r(i)%v(1) /= i + 1, i = 1, n)])
  ! CHECK: wrong records: 0
  print '(a, i0)', 'wrong records: ', bad
end program
