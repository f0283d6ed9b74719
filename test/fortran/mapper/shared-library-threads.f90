! Records whose type and kernel live in a shared library: the library's
! image brings its own default mapper and kernel, the program's image its
! own for a kernel on the same records (each image registers apart with
! libomptarget, and the runtime answers for both). Components of different
! lengths, every seventh one unallocated. Then four host threads, each with
! records of its own, call the library's kernel twice at once. Checked:
! values, host descriptors (loc) as they were, device descriptors holding
! other addresses than the host's, copies constant in the number of
! records, and the same output from flang alone at a small size, at -O0
! and -O2.
!
! REQUIRES: fortran
! RUN: rm -rf %t && split-file %s %t
! RUN: %flang-host-offload -O2 -fPIC -shared %t/lib.f90 -J%t -o %t/libshrecs.so
! RUN: %flang-host-offload -O2 %t/main.f90 -I%t -L%t -lshrecs -Wl,-rpath,%t -o %t/main
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/main 100000 | FileCheck %s
! RUN: %copies %t/main 1000 2>&1 | grep -c 'Copying data' > %t/small
! RUN: %copies %t/main 100000 2>&1 | grep -c 'Copying data' > %t/large
! RUN: diff %t/small %t/large
! RUN: %flang-host-offload -O0 -fPIC -shared %t/lib.f90 -J%t -o %t/libshrecs.so
! RUN: %flang-host-offload -O0 %t/main.f90 -I%t -L%t -lshrecs -Wl,-rpath,%t -o %t/main-O0
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/main-O0 20000 | FileCheck %s
! RUN: mkdir %t/stock
! RUN: %flang-stock-offload -O2 -fPIC -shared %t/lib.f90 -J%t/stock -o %t/stock/libshrecs.so
! RUN: %flang-stock-offload -O2 %t/main.f90 -I%t/stock -L%t/stock -lshrecs -Wl,-rpath,%t/stock -o %t/stock/main
! RUN: env OMP_TARGET_OFFLOAD=MANDATORY %t/stock/main 200 | FileCheck %s

! CHECK: library kernel: bad 0
! CHECK-NEXT: program kernel: bad 0
! CHECK-NEXT: host descriptors: bad 0
! CHECK-NEXT: device descriptors: host addresses 0
! CHECK-NEXT: threads: bad 0

!--- lib.f90
module shrecs
  type :: rec_t
    real(8) :: s
    real(8), allocatable :: v(:)
  end type
contains
  ! v = v + s on the device, for every allocated v.
  subroutine bump(r, n)
    type(rec_t), allocatable :: r(:)
    integer :: n, i, j
    !$omp target teams distribute parallel do map(tofrom: r)
    do i = 1, n
      if (allocated(r(i)%v)) then
        do j = 1, size(r(i)%v)
          r(i)%v(j) = r(i)%v(j) + r(i)%s
        end do
      end if
    end do
  end subroutine
end module

!--- main.f90
program shared_library_threads
  use shrecs
  use omp_lib
  implicit none
  type(rec_t), allocatable :: r(:), q(:)
  integer(8), allocatable :: host(:), dev(:)
  integer :: n, m, i, t, bad, same
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (r(n), host(n), dev(n))
  do i = 1, n
    r(i)%s = 1
    if (mod(i, 7) /= 0) then
      allocate (r(i)%v(mod(i, 5) + 1))
      r(i)%v = i
      host(i) = loc(r(i)%v)
    end if
  end do

  call bump(r, n)
  bad = 0
  do i = 1, n
    if (allocated(r(i)%v)) then
      if (any(r(i)%v /= i + 1)) bad = bad + 1
    end if
  end do
  print '(a, i0)', 'library kernel: bad ', bad

  ! The program's own kernel on the same records: its image's mapper.
  dev = 0
  !$omp target teams distribute parallel do map(tofrom: r) map(tofrom: dev)
  do i = 1, n
    if (allocated(r(i)%v)) then
      r(i)%v(1) = r(i)%v(1) * 2
      dev(i) = loc(r(i)%v)
    end if
  end do
  bad = 0
  same = 0
  do i = 1, n
    if (allocated(r(i)%v)) then
      if (r(i)%v(1) /= 2 * (i + 1)) bad = bad + 1
      if (size(r(i)%v) > 1) then
        if (any(r(i)%v(2:) /= i + 1)) bad = bad + 1
      end if
      if (dev(i) == host(i)) same = same + 1
    else if (dev(i) /= 0) then
      bad = bad + 1
    end if
  end do
  print '(a, i0)', 'program kernel: bad ', bad
  bad = 0
  do i = 1, n
    if (allocated(r(i)%v)) then
      if (loc(r(i)%v) /= host(i) .or. size(r(i)%v) /= mod(i, 5) + 1 .or. &
          lbound(r(i)%v, 1) /= 1) bad = bad + 1
    else if (mod(i, 7) /= 0) then
      bad = bad + 1
    end if
  end do
  print '(a, i0)', 'host descriptors: bad ', bad
  print '(a, i0)', 'device descriptors: host addresses ', same

  ! Four threads, records of their own, the library's kernel twice each.
  m = n / 4
  bad = 0
  !$omp parallel private(q, i, t) reduction(+: bad) num_threads(4)
  t = omp_get_thread_num()
  allocate (q(m))
  do i = 1, m
    q(i)%s = t
    allocate (q(i)%v(3))
    q(i)%v = i
  end do
  call bump(q, m)
  call bump(q, m)
  do i = 1, m
    if (any(q(i)%v /= i + 2 * t)) bad = bad + 1
  end do
  deallocate (q)
  !$omp end parallel
  print '(a, i0)', 'threads: bad ', bad
  deallocate (r)
end program
