! Fixed form (.f): the directive with the c$omp sentinel in column 1, a
! c$omp+ continuation line carrying INDIRECT, and !$omp with
! INDIRECT(.TRUE.); device copies run through pointers. -O0 and -O2.
!
! REQUIRES: fortran
! RUN: %flang-52 %s -o %t
! RUN: %run %t | FileCheck %s
! RUN: %flang-52 -O2 %s -o %t.2
! RUN: %run %t.2 | FileCheck %s
      module fixed_cnt
      integer :: ndev = 0
!$omp declare target enter(ndev)
      end module

      integer function fadd(x)
      use fixed_cnt
      integer, value :: x
c$omp declare target enter(fadd)
c$omp+ indirect
      ndev = ndev + 1
      fadd = x + 10
      end function

      integer function fsub(x)
      use fixed_cnt
      integer, value :: x
!$omp declaretarget enter(fsub) indirect(.TRUE.)
      ndev = ndev + 1
      fsub = x - 10
      end function

      program fixed_form
      use fixed_cnt
      implicit none
      interface
        integer function f_t(x)
        integer, value :: x
        end function
      end interface
      procedure(f_t), pointer :: pa, ps
      procedure(f_t) :: fadd, fsub
      integer :: s, h
      pa => fadd
      ps => fsub
      s = 0
!$omp target map(tofrom: s)
      s = pa(5) + ps(50)
!$omp end target
      h = ndev
!$omp target update from(ndev)
! CHECK: sum 55 device 2 host 0
      print '(a,i0,a,i0,a,i0)', 'sum ', s, ' device ', ndev, ' host ', h
      end program
