! The thread count of a Fortran kernel's parallel regions on the
! host-offload device is what libomp gives clang's x86_64 kernels for the
! same clauses and environment (devicertl/src/FlangHostOffload.c forks
! them with __kmpc_fork_call): OMP_NUM_THREADS, num_threads, the if
! clause, thread_limit, and the teams kernels' parallel regions. The same
! program in C (thread-counts-like-c.c) prints the same lines.
!
! REQUIRES: fortran
! RUN: %flang-host-offload -fopenmp-version=51 %s -o %t
! RUN: %wclang %host-offload -fopenmp-version=51 %S/Inputs/thread-counts.c -o %t.c
! RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s --check-prefix=T3
! RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s --check-prefix=T2
! RUN: env OMP_NUM_THREADS=3 %t > %t.f.out
! RUN: env OMP_NUM_THREADS=3 %t.c > %t.c.out
! RUN: diff %t.c.out %t.f.out
! RUN: %flang-host-offload -fopenmp-version=51 -O0 %s -o %t0
! RUN: env OMP_NUM_THREADS=3 %t0 | FileCheck %s --check-prefix=T3

! T3: target parallel: 3
! T3-NEXT: num_threads(4): 4
! T3-NEXT: num_threads(n) n=5: 5
! T3-NEXT: if(.false.): 1
! T3-NEXT: if(n > 1) n=1: 1
! T3-NEXT: thread_limit(2) num_threads(4): 2
! T3-NEXT: teams distribute parallel do num_threads(2): 2
! T3-NEXT: kernel outside parallel: 1
! T2: target parallel: 2
! T2-NEXT: num_threads(4): 4
program thread_counts
  use omp_lib
  implicit none
  integer :: nt, n, i
  logical :: no

  nt = 0
!$omp target parallel map(tofrom: nt)
  if (omp_get_thread_num() == 0) nt = omp_get_num_threads()
!$omp end target parallel
  call show('target parallel:', nt)

!$omp target parallel num_threads(4) map(tofrom: nt)
  if (omp_get_thread_num() == 0) nt = omp_get_num_threads()
!$omp end target parallel
  call show('num_threads(4):', nt)

  n = 5
!$omp target parallel num_threads(n) map(tofrom: nt)
  if (omp_get_thread_num() == 0) nt = omp_get_num_threads()
!$omp end target parallel
  call show('num_threads(n) n=5:', nt)

  no = .false.
!$omp target parallel if(no) map(tofrom: nt)
  nt = omp_get_num_threads()
!$omp end target parallel
  call show('if(.false.):', nt)

  n = 1
!$omp target parallel if(n > 1) map(tofrom: nt)
  nt = omp_get_num_threads()
!$omp end target parallel
  call show('if(n > 1) n=1:', nt)

!$omp target thread_limit(2) map(tofrom: nt)
!$omp parallel num_threads(4)
  if (omp_get_thread_num() == 0) nt = omp_get_num_threads()
!$omp end parallel
!$omp end target
  call show('thread_limit(2) num_threads(4):', nt)

!$omp target teams distribute parallel do num_threads(2) map(tofrom: nt)
  do i = 1, 100
    if (i == 1) nt = omp_get_num_threads()
  end do
  call show('teams distribute parallel do num_threads(2):', nt)

!$omp target map(tofrom: nt)
  nt = omp_get_num_threads()
!$omp end target
  call show('kernel outside parallel:', nt)
contains
  subroutine show(what, v)
    character(*), intent(in) :: what
    integer, intent(in) :: v
    write (*, '(a, 1x, i0)') what, v
  end subroutine
end program
